import { createHash, randomBytes } from 'node:crypto';
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

/** The hex SHA-256 of an internal token: what the services checking it are given (docs/decisions/0003-internal-calls.md). */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Fresh secrets for the given names, each `NAME_SHA256` being the hash of `NAME`'s value rather than a secret of its own. */
export function freshSecrets(names: Iterable<string>, fresh: () => string): Record<string, string> {
  const all = [...names];
  const values: Record<string, string> = Object.fromEntries(all.filter((n) => !n.endsWith('_SHA256')).map((n) => [n, fresh()]));
  for (const name of all.filter((n) => n.endsWith('_SHA256'))) values[name] = tokenHash(values[name.slice(0, -'_SHA256'.length)] ?? fresh());
  return values;
}
