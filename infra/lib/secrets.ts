import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface StackSecrets {
  POSTGRES_PASSWORD: string;
  SESSION_SECRET: string;
  INTERNAL_TOKEN: string;
  ENCRYPTION_KEY: string;
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Strong secrets generated once per data folder, so a local stack never runs on a well-known default. */
export function loadSecrets(dir: string): StackSecrets {
  const file = path.join(dir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
  const secrets: StackSecrets = {
    POSTGRES_PASSWORD: random(24),
    SESSION_SECRET: random(48),
    INTERNAL_TOKEN: random(48),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
