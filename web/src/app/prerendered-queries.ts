import type { DocumentSummary, Template } from '@prd/proto';
import { contentApi } from '../shared/api/content-api';
import type { AppStore } from './store';

/**
 * Query results a page was prerendered with (web/scripts/prerender-pages.ts): the template catalogue for
 * everyone, and what a visitor without a session is known to have (no documents). The page carries them
 * as JSON, so the client's first render has the same data as the markup it hydrates.
 */
export interface PrerenderedQueries {
  getTemplates?: readonly Template[];
  getDocuments?: readonly DocumentSummary[];
}

/** The id of the page's `<script type="application/json">`: data, which the gateway's script policy does not block. */
export const PRERENDERED_QUERIES_ID = 'prerendered-queries';

/** Puts the results in the store's cache as if they had been fetched, before the first render. */
export function seedQueries(store: AppStore, queries: PrerenderedQueries): void {
  const { getTemplates, getDocuments } = queries;
  store.dispatch(
    contentApi.util.upsertQueryEntries([
      ...(getTemplates ? [{ endpointName: 'getTemplates' as const, arg: undefined, value: [...getTemplates] }] : []),
      ...(getDocuments ? [{ endpointName: 'getDocuments' as const, arg: undefined, value: [...getDocuments] }] : []),
    ]),
  );
}

/**
 * Fetches the seeded results again once the page has hydrated: the build's catalogue may differ from the
 * database's, and a visitor may have signed in elsewhere since. An unchanged answer re-renders nothing.
 */
export function revalidateQueries(store: AppStore, queries: PrerenderedQueries): void {
  const again = { subscribe: false, forceRefetch: true };
  if (queries.getTemplates) void store.dispatch(contentApi.endpoints.getTemplates.initiate(undefined, again));
  if (queries.getDocuments) void store.dispatch(contentApi.endpoints.getDocuments.initiate(undefined, again));
}

/** The JSON for the page, safe inside a `<script>` element (no `</script>` can end it early). */
export function serializeQueries(queries: PrerenderedQueries): string {
  return JSON.stringify(queries).replaceAll('<', '\\u003c');
}

/** The results the page was prerendered with, if it was. */
export function readPrerenderedQueries(): PrerenderedQueries | undefined {
  const element = document.getElementById(PRERENDERED_QUERIES_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PrerenderedQueries) : undefined;
}
