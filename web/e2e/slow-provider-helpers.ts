import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { pageOrigin } from './chat-helpers';
import { unique } from './helpers';

/**
 * The slow test provider (infra/test/slow-provider.ts) that answers users who store an API key: the stack's OPENAI_BASE_URL, from
 * its state file. Without it (a stack not started by `npm test` or `infra/cli.ts start`) a test cannot hold the AI's answer.
 */
function slowProvider(): string | undefined {
  if (!process.env.STACK_STATE) return undefined;
  const state = JSON.parse(readFileSync(process.env.STACK_STATE, 'utf8')) as { serviceEnv: Record<string, string> };
  return state.serviceEnv.OPENAI_BASE_URL?.replace(/\/v1\/?$/, '');
}
export const provider = slowProvider();
export const needsProvider = 'needs the test stack’s slow provider (STACK_STATE, set by `npm test`)';

/** Signs `page`'s user up to be answered by the slow provider: any stored key does. */
export async function useSlowProvider(page: Page): Promise<void> {
  const response = await page.request.post('/api/settings/api-key', { data: { apiKey: `sk-e2e-slow-${unique('')}` }, headers: pageOrigin });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Lets the edits held by `[hold:<key>]` go on (`release`), or holds the next one again (`hold`). */
export async function holdControl(page: Page, action: 'release' | 'hold', key: string): Promise<void> {
  const response = await page.request.post(`${provider}/${action}/${key}`);
  expect(response.status()).toBe(204);
}
