import { z } from 'zod';

/** Icon names of SPEC §2; anything else shows a generic document icon. */
export const TEMPLATE_ICONS = [
  'sparkles', 'bar-chart', 'bar-chart-2', 'user', 'file-text', 'rocket', 'map', 'code', 'target',
  'message-square-text', 'check-square', 'lock', 'refresh-ccw', 'users', 'check-circle', 'clipboard',
  'alert-circle', 'shield', 'cpu', 'dollar-sign', 'trending-up',
] as const;

export const templateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  content: z.string(),
  icon: z.string(),
  isDefault: z.boolean(),
});
export type Template = z.infer<typeof templateSchema>;
