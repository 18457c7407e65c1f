import { z } from 'zod';
import { idParamsSchema } from './params.js';

/** Icon names of docs/product.md §2; anything else shows a generic document icon. */
export const TEMPLATE_ICONS = [
  'sparkles',
  'bar-chart',
  'bar-chart-2',
  'user',
  'file-text',
  'rocket',
  'map',
  'code',
  'target',
  'message-square-text',
  'check-square',
  'lock',
  'refresh-ccw',
  'users',
  'check-circle',
  'clipboard',
  'alert-circle',
  'shield',
  'cpu',
  'dollar-sign',
  'trending-up',
] as const;
export type TemplateIcon = (typeof TEMPLATE_ICONS)[number];

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

export const TEMPLATE_NOT_FOUND = 'Template not found';
export const templateParamsSchema = idParamsSchema('Template id must be a number');

/**
 * How a template's markdown is laid out, which the document flow relies on: the content is a
 * sequence of `## ` sections; each section's body is guidance for the writer only (italic lines
 * `_..._` and blockquote lines `> ...`), to be replaced by the writer's own text.
 */
export const TEMPLATE_SECTION_PREFIX = '## ';
