import { z } from 'zod';
import { DEFAULT_PROJECT_NAME, DEFAULT_PROJECT_STATUS } from './constants.js';
import { idParamsSchema } from './params.js';
import { PROJECT_STATUSES } from './project-statuses.js';
import { ownerSchema, ROLES } from './sharing.js';
import { workspaceIdField } from './workspaces.js';

export { PROJECT_STATUSES, type ProjectStatus } from './project-statuses.js';

export const PROJECT_NAME_MAX = 200;
export const PROJECT_DESCRIPTION_MAX = 5_000;

export const PROJECT_NOT_FOUND = 'Project not found';

/** Projects are for registered users only (docs/product.md §6): guests and visitors get 403 ACCOUNT_REQUIRED with these texts. */
export const PROJECTS_ACCOUNT_REQUIRED = {
  message: 'Registration required',
  description: 'Sign up to create and manage projects',
} as const;

/** A project as the API answers it (docs/product.md §3). Dates are ISO strings. */
export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.string(),
  /** The workspace it belongs to (docs/decisions/0037-workspaces.md); null: its owner's Personal space. */
  workspaceId: z.number().int().nullable(),
  /** The caller's role on the project (docs/decisions/0012-sharing-and-roles.md). */
  role: z.enum(ROLES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectDto = z.infer<typeof projectSchema>;

/** One row of `GET /api/projects?scope=shared`: a project someone shared with the caller. */
export const sharedProjectSchema = projectSchema.extend({ owner: ownerSchema });
export type SharedProjectDto = z.infer<typeof sharedProjectSchema>;

const BODY_OBJECT = { error: 'The request body must be a JSON object' };

/** docs/product.md §5: a blank name becomes 'Untitled Project'. */
const projectName = z
  .string({ error: 'Project name must be text' })
  .trim()
  .max(PROJECT_NAME_MAX, `Project name must be at most ${PROJECT_NAME_MAX} characters`)
  .transform((s) => s || DEFAULT_PROJECT_NAME);
/** docs/product.md §5: a blank description becomes ''. */
const projectDescription = z
  .string({ error: 'Project description must be text' })
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, `Project description must be at most ${PROJECT_DESCRIPTION_MAX} characters`);
const projectStatus = z.enum(PROJECT_STATUSES, { error: 'Project status must be in-progress or completed' });

/** `POST /api/projects`. Unknown fields (a `userId` among them) are dropped. */
export const createProjectSchema = z.object(
  {
    name: projectName
      .nullable()
      .optional()
      .transform((v) => v ?? DEFAULT_PROJECT_NAME),
    description: projectDescription
      .nullable()
      .optional()
      .transform((v) => v ?? ''),
    status: projectStatus.default(DEFAULT_PROJECT_STATUS),
    workspaceId: workspaceIdField.nullable().optional(),
  },
  BODY_OBJECT,
);
export type CreateProject = z.infer<typeof createProjectSchema>;

/** `PATCH /api/projects/:id`. */
export const updateProjectSchema = z
  .object(
    {
      name: projectName
        .nullable()
        .optional()
        .transform((v) => (v === null ? DEFAULT_PROJECT_NAME : v)),
      description: projectDescription
        .nullable()
        .optional()
        .transform((v) => (v === null ? '' : v)),
      status: projectStatus.optional(),
      /** Moves the project and its documents ("Move to…", null: Personal); its owner or a workspace admin only. */
      workspaceId: workspaceIdField.nullable().optional(),
    },
    BODY_OBJECT,
  )
  .refine((b) => b.name !== undefined || b.description !== undefined || b.status !== undefined || b.workspaceId !== undefined, {
    message: 'Nothing to update: send a name, description, status or workspaceId',
  });
export type UpdateProject = z.infer<typeof updateProjectSchema>;

export const projectParamsSchema = idParamsSchema('Project id must be a number');

/**
 * `GET /api/projects/{id}/documents` is paged: `limit` (1 to 100, 100 by default, so a project of up
 * to 100 documents comes whole as SPEC's list) and `offset`; the answer's `X-Total-Count` header holds
 * the number of the project's documents.
 */
export const PROJECT_DOCUMENTS_PAGE_MAX = 100;
const pageNumber = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be a whole number` })
    .regex(/^\d{1,10}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);
export const projectDocumentsQuerySchema = z.object({
  limit: pageNumber('limit', 1, PROJECT_DOCUMENTS_PAGE_MAX)
    .optional()
    .transform((v) => v ?? PROJECT_DOCUMENTS_PAGE_MAX),
  offset: pageNumber('offset', 0, 1_000_000_000)
    .optional()
    .transform((v) => v ?? 0),
});
export type ProjectDocumentsQuery = z.infer<typeof projectDocumentsQuerySchema>;
