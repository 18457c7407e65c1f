import { z } from 'zod';
import { idNumber, idParamsSchema } from './params.js';

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
  /** The catalogue's (`builtin`), the caller's own (`personal`) or a workspace's (docs/decisions/0038-custom-templates.md). */
  source: z.enum(['builtin', 'personal', 'workspace']),
  workspaceId: z.number().int().nullable(),
});
export type Template = z.infer<typeof templateSchema>;
export type TemplateSource = Template['source'];

export const TEMPLATE_NOT_FOUND = 'Template not found';
export const BUILTIN_TEMPLATE_READ_ONLY = 'Built-in templates cannot be changed';
export const TEMPLATE_AUTHOR_ONLY = "Only the template's author or a workspace admin can do this";
export const TEMPLATES_ACCOUNT_REQUIRED = { message: 'Registration required', description: 'Sign up to save templates of your own' } as const;
export const TEMPLATE_NAME_MAX = 200;
export const TEMPLATE_DESCRIPTION_MAX = 1_000;
export const TEMPLATE_CATEGORY_MAX = 100;
/** What a saved template may hold: as much as a document. */
export const TEMPLATE_CONTENT_MAX = 2_000_000;
/** The icon of templates users save. */
export const CUSTOM_TEMPLATE_ICON = 'file-text';

const BODY_OBJECT = { error: 'The request body must be a JSON object' };
const text = (field: string, max: number, required: boolean) => {
  const base = z
    .string({ error: (issue) => (issue.input === undefined ? `Template ${field} is required` : `Template ${field} must be text`) })
    .trim()
    .max(max, `Template ${field} must be at most ${max} characters`);
  return required ? base.min(1, `Template ${field} is required`) : base;
};
const templateFields = {
  name: text('name', TEMPLATE_NAME_MAX, true),
  description: text('description', TEMPLATE_DESCRIPTION_MAX, false),
  category: text('category', TEMPLATE_CATEGORY_MAX, false),
  content: z
    .string({ error: (issue) => (issue.input === undefined ? 'Template content is required' : 'Template content must be text') })
    .max(TEMPLATE_CONTENT_MAX, `Template content must be at most ${TEMPLATE_CONTENT_MAX} characters`)
    .refine((s) => s.trim().length > 0, 'Template content is required'),
};

/** `POST /api/templates`: the caller's own template, or with `workspaceId` their team's. */
export const createTemplateSchema = z.object(
  {
    ...templateFields,
    description: templateFields.description.default(''),
    category: templateFields.category.default('Custom'),
    workspaceId: idNumber('Workspace id must be a number').nullable().optional(),
  },
  BODY_OBJECT,
);
export type CreateTemplate = z.infer<typeof createTemplateSchema>;

/** `PATCH /api/templates/:id`. */
export const updateTemplateSchema = z
  .object(
    {
      name: templateFields.name.optional(),
      description: templateFields.description.optional(),
      category: templateFields.category.optional(),
      content: templateFields.content.optional(),
    },
    BODY_OBJECT,
  )
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update: send a name, description, category or content' });
export type UpdateTemplate = z.infer<typeof updateTemplateSchema>;
export const templateParamsSchema = idParamsSchema('Template id must be a number');

/**
 * How a template's markdown is laid out, which the document flow relies on: the content is a
 * sequence of `## ` sections; each section's body is guidance for the writer only (italic lines
 * `_..._` and blockquote lines `> ...`), to be replaced by the writer's own text.
 */
export const TEMPLATE_SECTION_PREFIX = '## ';
