import supertest, { type Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';

/** What `browserRequest(url)` answers: supertest's request builders. */
export interface BrowserRequest {
  get(path: string): Test;
  head(path: string): Test;
  options(path: string): Test;
  post(path: string): Test;
  put(path: string): Test;
  patch(path: string): Test;
  delete(path: string): Test;
}

/**
 * supertest as a browser calls a service: every state-changing request carries the service's own
 * `Origin`, as browsers send it (docs/decisions/0009-security.md). A test about origins sets its own header over it.
 */
export function browserRequest(url: string): BrowserRequest {
  const base = supertest(url);
  const origin = new URL(url).origin;
  return {
    get: (path) => base.get(path),
    head: (path) => base.head(path),
    options: (path) => base.options(path),
    post: (path) => base.post(path).set('Origin', origin),
    put: (path) => base.put(path).set('Origin', origin),
    patch: (path) => base.patch(path).set('Origin', origin),
    delete: (path) => base.delete(path).set('Origin', origin),
  };
}

/** A cookie-keeping supertest agent that sends the service's own Origin, as a browser tab would. */
browserRequest.agent = (url: string): TestAgent<Test> => supertest.agent(url).set('Origin', new URL(url).origin);
