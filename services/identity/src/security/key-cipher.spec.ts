import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { KeyCipher } from './key-cipher.js';

describe('KeyCipher (AES-256-GCM)', () => {
  const cipher = new KeyCipher(randomBytes(32));
  const KEY = 'sk-live-abcdefghijklmnopqrstuvwxyz';

  it('round-trips a key without the plaintext in the stored value', () => {
    const stored = cipher.encrypt(KEY, 7);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(KEY);
    expect(cipher.decrypt(stored, 7)).toBe(KEY);
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.encrypt(KEY, 7)).not.toBe(cipher.encrypt(KEY, 7));
  });

  it("refuses another owner's ciphertext, a tampered one, and another server key", () => {
    const stored = cipher.encrypt(KEY, 7);
    expect(() => cipher.decrypt(stored, 8)).toThrow();
    const [v, iv, tag, data] = stored.split(':') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64')].join(':'), 7)).toThrow();
    expect(() => new KeyCipher(randomBytes(32)).decrypt(stored, 7)).toThrow();
    expect(() => cipher.decrypt('garbage', 7)).toThrow('Unrecognised encrypted value');
  });

  it('demands a 32-byte key', () => {
    expect(() => new KeyCipher(randomBytes(16))).toThrow('32 bytes');
  });
});
