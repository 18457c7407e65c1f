import { z } from 'zod';
import { baseConfigSchema } from '@prd/kit';

export const configSchema = baseConfigSchema;
export type Config = z.infer<typeof configSchema>;
