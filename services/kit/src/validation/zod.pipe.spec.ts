import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { containsNul, NUL_CHARACTER_MESSAGE, ZodPipe } from './zod.pipe.js';

describe('ZodPipe', () => {
  const pipe = new ZodPipe(z.object({ title: z.string(), tags: z.array(z.string()).optional() }));

  it('passes a valid value through the schema', () => {
    expect(pipe.transform({ title: 'A title', extra: 1 })).toEqual({ title: 'A title' });
  });

  it('refuses text holding a NUL character with a 400, wherever it hides', () => {
    for (const value of [{ title: 'a\u0000b' }, { title: 'a', tags: ['ok', '\u0000'] }, { title: 'a', ['k\u0000']: 1 }]) {
      let thrown: unknown;
      try {
        pipe.transform(value);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', message: NUL_CHARACTER_MESSAGE } });
    }
  });

  it('walks deeply nested input without exhausting the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(true);
    expect(containsNul({ a: [1, true, null, { b: 'clean' }] })).toBe(false);
  });
});
