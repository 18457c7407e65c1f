import { readFileSync } from 'node:fs';
import { expect, type Page } from './fixtures';
import { pageOrigin } from './chat-helpers';
import { unique } from './helpers';

/**
 * The slow test provider (infra/test/slow-provider.ts) that answers users who store an API key: the stack's OPENAI_BASE_URL, from
 * its state file. Only `npm test` starts it; a test that needs it fails saying so, rather than being skipped.
 */
function slowProvider(): string {
  const state = process.env.STACK_STATE ? (JSON.parse(readFileSync(process.env.STACK_STATE, 'utf8')) as { serviceEnv: Record<string, string> }) : null;
  const base = state?.serviceEnv.OPENAI_BASE_URL?.replace(/\/v1\/?$/, '');
  if (!base) throw new Error('this test needs the test stack’s slow provider: run it through `npm test` (STACK_STATE names that stack)');
  return base;
}

/** Signs `page`'s user up to be answered by the slow provider: any stored key does. */
export async function useSlowProvider(page: Page): Promise<void> {
  slowProvider();
  const response = await page.request.post('/api/settings/api-key', { data: { apiKey: `sk-e2e-slow-${unique('')}` }, headers: pageOrigin });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Lets the edits held by `[hold:<key>]` go on (`release`), or holds the next one again (`hold`). */
export async function holdControl(page: Page, action: 'release' | 'hold', key: string): Promise<void> {
  const response = await page.request.post(`${slowProvider()}/${action}/${key}`);
  expect(response.status()).toBe(204);
}
