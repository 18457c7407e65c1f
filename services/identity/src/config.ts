import { baseConfigSchema } from '@prd/kit';

export const configSchema = baseConfigSchema;
export type Config = typeof configSchema._output;
