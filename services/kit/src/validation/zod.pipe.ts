import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Validates a body, query or param with a proto schema; failures become 400 via the error filter. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.infer<S> {
    return this.schema.parse(value);
  }
}
