import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt (docs/decisions/0009-security.md) at OWASP's current figure: N = 2^17, r = 8, p = 1, which needs 128 MiB and a few
 * hundred milliseconds per hash. The cost is log2(N), configured as PASSWORD_SCRYPT_LOG_N; hashes made
 * at another cost are re-made at the next log-in (`needsRehash`).
 */
export const DEFAULT_SCRYPT_LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** Stored hashes are ours, but a corrupt one must not ask for gigabytes. */
const MAX_LOG_N = 20;

interface Params {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node refuses anything above maxmem (32 MiB by default).
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64: the parameters travel with the hash. */
export async function hashPassword(password: string, logN = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const params = { N: 2 ** logN, r: R, p: P };
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string): { params: Params; salt: Buffer; expected: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** MAX_LOG_N || (N & (N - 1)) !== 0) return null;
  const expected = Buffer.from(parts[5]!, 'base64');
  if (expected.length !== KEY_LENGTH) return null;
  return { params: { N, r, p }, salt: Buffer.from(parts[4]!, 'base64'), expected };
}

/** True when `password` matches `stored`; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.expected);
}

/** True when a (verified) hash was made with other parameters than today's: re-hash it while the password is at hand. */
export function needsRehash(stored: string, logN = DEFAULT_SCRYPT_LOG_N): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N !== 2 ** logN || parsed.params.r !== R || parsed.params.p !== P;
}
