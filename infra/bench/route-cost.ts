import type { StackState } from '../lib/stack.ts';
import { createDocument, type BenchUser } from './api.ts';
import { cpuCost, type CostFigures } from './cost.ts';
import { largeMarkdown } from './large-document.ts';

/** The document the routes work on: about the 20 kB the capacity model assumes per document (docs/capacity.md). */
const DOCUMENT_BYTES = 20_000;

export interface RouteCostSettings {
  /** Requests of each route, `concurrency` at a time. */
  requests: number;
  concurrency: number;
}

/** A main route, as the browser calls it; `n` numbers the request, for a body that differs each time. */
interface Route {
  name: string;
  call: (base: string, user: BenchUser, documentId: number, n: number) => Promise<Response>;
  /** Fewer of these: a Word export takes tens of milliseconds where the others take one. */
  share?: number;
  /** One at a time where the product allows no more per user (an export in progress refuses the next). */
  oneAtATime?: boolean;
}

const json = (base: string, user: BenchUser, method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', Cookie: user.cookie, Origin: base },
  body: JSON.stringify(body),
});

export const MAIN_ROUTES: Route[] = [
  { name: 'GET /api/documents/:id', call: (base, user, id) => fetch(`${base}/api/documents/${id}`, { headers: { Cookie: user.cookie } }) },
  {
    name: 'PATCH /api/documents/:id (a save: a new revision)',
    call: (base, user, id, n) => fetch(`${base}/api/documents/${id}`, json(base, user, 'PATCH', { content: `${largeMarkdown(DOCUMENT_BYTES)}\nEdit ${n}.\n` })),
  },
  {
    name: 'POST /api/documents/:id/comments',
    call: (base, user, id, n) => fetch(`${base}/api/documents/${id}/comments`, json(base, user, 'POST', { content: `Comment ${n}: is this measurable?` })),
  },
  { name: 'GET /api/documents/:id/comments', call: (base, user, id) => fetch(`${base}/api/documents/${id}/comments`, { headers: { Cookie: user.cookie } }) },
  {
    name: 'GET /api/documents/:id/export/docx',
    call: (base, user, id) => fetch(`${base}/api/documents/${id}/export/docx`, { headers: { Cookie: user.cookie } }),
    share: 0.1,
    oneAtATime: true,
  },
];

/**
 * Product CPU per request of one main route (infra/bench/cost.ts) on a document of its own: `requests`
 * calls, `concurrency` at a time, each answer read whole; a non-2xx answer counts as a failure.
 */
export async function routeCost(base: string, state: StackState, user: BenchUser, route: Route, settings: RouteCostSettings): Promise<CostFigures> {
  const { id } = await createDocument(base, user, `Route cost: ${route.name}`, largeMarkdown(DOCUMENT_BYTES));
  const total = Math.max(1, Math.round(settings.requests * (route.share ?? 1)));
  return cpuCost(state, async () => {
    let next = 0;
    let failures = 0;
    const worker = async () => {
      while (next < total) {
        const res = await route.call(base, user, id, next++);
        await res.arrayBuffer();
        if (res.status < 200 || res.status > 299) failures++;
      }
    };
    await Promise.all(Array.from({ length: route.oneAtATime ? 1 : settings.concurrency }, worker));
    return { requests: total - failures, failures };
  });
}
