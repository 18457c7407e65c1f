import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { openDocumentAhead } from '../features/document-editor/document-page-ahead';
import { AppProviders } from './app-providers';
import { documentIdOf } from './landing-pages';
import { readPrerenderedQueries, revalidateQueries, seedQueries, type PrerenderedQueries } from './prerendered-queries';
import { AppRouter } from './router';
import { store } from './store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render into');

/** Once hydrated, asks the server for what the page was prerendered with, in case that changed since. */
function RevalidatePrerendered({ queries }: { queries: PrerenderedQueries }) {
  useEffect(() => revalidateQueries(store, queries), [queries]);
  return null;
}

const prerendered = container.hasAttribute('data-prerendered');
const queries = prerendered ? readPrerenderedQueries() : undefined;
if (queries) seedQueries(store, queries);
const openedDocument = documentIdOf(window.location.pathname);
if (openedDocument !== null) void openDocumentAhead(store.dispatch, openedDocument);

const app = (
  <StrictMode>
    <AppProviders>
      <AppRouter />
      {queries && <RevalidatePrerendered queries={queries} />}
    </AppProviders>
  </StrictMode>
);

// The gateway serves the most visited pages prerendered (web/scripts/prerender-pages.ts): take that markup
// over, from the same data it was rendered with. As a transition the hydration yields to the browser every
// few milliseconds, so a tap or a scroll on the page already painted is not held up by one long task.
if (prerendered) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
