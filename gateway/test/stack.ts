import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StackState } from '@prd/infra/lib/stack.ts';
import type { StackSecrets } from '@prd/infra/lib/secrets.ts';

/** The running stack that `npm test` started for these suites (GATEWAY_URL, STACK_STATE). */
export function runningStack(): { url: string; state: StackState; secrets: StackSecrets } {
  const url = process.env.GATEWAY_URL;
  const file = process.env.STACK_STATE;
  if (!url || !file) throw new Error('GATEWAY_URL and STACK_STATE are not set: these suites run inside `npm test`, after the stack is up');
  const state = JSON.parse(readFileSync(file, 'utf8')) as StackState;
  const secrets = JSON.parse(readFileSync(path.join(state.dir, 'secrets.json'), 'utf8')) as StackSecrets;
  return { url, state, secrets };
}
