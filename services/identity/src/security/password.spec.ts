import { describe, expect, it } from '@jest/globals';
import { hashPassword, needsRehash, verifyPassword } from './password.js';

describe('password hashing (scrypt)', () => {
  it('hashes at N = 2^17 by default, and verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('correct horse');
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horsf', hash)).resolves.toBe(false);
  });

  it('still verifies a hash made at an older cost, and says it needs re-making', async () => {
    const old = await hashPassword('correct horse', 15);
    expect(old).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(verifyPassword('correct horse', old)).resolves.toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, 15)).toBe(false);
    expect(needsRehash(await hashPassword('x', 14), 14)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same', 14), hashPassword('same', 14)]);
    expect(a).not.toBe(b);
  });

  it('never matches a malformed hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$c2FsdA==$aGFzaA==', 'bcrypt$1$2$3$4$5', 'scrypt$16384$8$1$c2FsdA==$c2hvcnQ=']) {
      await expect(verifyPassword('anything', stored)).resolves.toBe(false);
    }
  });
});
