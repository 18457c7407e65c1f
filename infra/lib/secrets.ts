import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface StackSecrets {
  POSTGRES_PASSWORD: string;
  SESSION_SECRET: string;
  /** docs/decisions/0003-internal-calls.md: one internal token per calling process. */
  INTERNAL_TOKEN_CONTENT: string;
  INTERNAL_TOKEN_CHAT: string;
  INTERNAL_TOKEN_CHAT_WORKER: string;
  INTERNAL_TOKEN_EXPORT: string;
  INTERNAL_TOKEN_IDENTITY: string;
  ENCRYPTION_KEY: string;
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Strong secrets generated once per data folder, so a local stack never runs on a well-known default. */
export function loadSecrets(dir: string): StackSecrets {
  const file = path.join(dir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<StackSecrets> & { INTERNAL_TOKEN?: string }) : {};
  const fresh: StackSecrets = {
    POSTGRES_PASSWORD: random(24),
    SESSION_SECRET: random(48),
    INTERNAL_TOKEN_CONTENT: random(48),
    INTERNAL_TOKEN_CHAT: random(48),
    INTERNAL_TOKEN_CHAT_WORKER: random(48),
    INTERNAL_TOKEN_EXPORT: random(48),
    INTERNAL_TOKEN_IDENTITY: random(48),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  // A data folder from before the per-caller tokens keeps its other secrets and gains the tokens.
  const { INTERNAL_TOKEN: _shared, ...kept } = stored;
  const secrets: StackSecrets = { ...fresh, ...kept };
  if (Object.keys(kept).length === Object.keys(fresh).length && _shared === undefined) return secrets;
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
