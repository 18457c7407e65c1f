import { z } from 'zod';

/** The largest id PostgreSQL's `integer` holds; a bigger number can name no row. */
export const MAX_ID = 2_147_483_647;

/**
 * A positive integer id given as a path or query string ("12"). Anything else ("abc", "1.5",
 * "-3", "", an id beyond MAX_ID) fails with `message`, so a bad id is a 400, never a 500.
 */
export const idString = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((n) => n <= MAX_ID, message);

/** A positive integer id inside a JSON body. */
export const idNumber = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** Route params `{ id }`. */
export const idParamsSchema = (message: string) => z.object({ id: idString(message) });
