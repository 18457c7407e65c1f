import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { badRequest } from '../errors/app-error.js';

export const NUL_CHARACTER_MESSAGE = 'Text must not contain NUL characters';

/** Whether any string (or key) inside `value` holds U+0000, which PostgreSQL text cannot store. Iterative: input may nest deeply. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      pending.push(...(item as unknown[]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Validates a body, query or param with a proto schema; failures become 400 via the error filter. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(readonly schema: S) {}
  transform(value: unknown): z.infer<S> {
    if (containsNul(value)) throw badRequest(NUL_CHARACTER_MESSAGE);
    return this.schema.parse(value);
  }
}
