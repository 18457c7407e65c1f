import { z } from 'zod';
import { idNumber, idParamsSchema, idString } from './params.js';
import { ownerSchema, ROLES } from './sharing.js';
import { workspaceIdField } from './workspaces.js';

/** Who made the change a revision was stored before: the user's save, an AI edit, a document flow, or a restore. */
export const REVISION_SOURCES = ['user', 'ai', 'flow', 'restore'] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];

/** Bounds on what a document may hold (characters). */
export const DOCUMENT_TITLE_MAX = 500;
export const DOCUMENT_CONTENT_MAX = 2_000_000;
/** How many of a document's most recent revisions `GET /api/documents/:id/revisions` lists. */
export const REVISIONS_LIST_LIMIT = 100;
/**
 * A user's consecutive saves of a document within this many milliseconds of the first one's revision
 * are one revision (the content before the first), so typing does not store a revision per save.
 */
export const REVISION_COALESCE_MS = 5 * 60_000;
/**
 * The most revisions of users' saves a document keeps; past it the oldest are deleted. Revisions made
 * before an AI edit, a document flow or a restore are never deleted.
 */
export const REVISIONS_MAX_PER_DOCUMENT = 100;

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const REVISION_NOT_FOUND = 'Revision not found';
/** docs/decisions/0035-edits-merge.md: a write whose `If-Match` (or MCP `expectedVersion`) is not the document's version. */
export const VERSION_CONFLICT_MESSAGE = 'The document changed since you read it; read it again';
export const REVISION_NAME_MAX = 100;

/** A document as the API answers it (docs/product.md §3), with the caller's role on it (docs/decisions/0012-sharing-and-roles.md). Dates are ISO strings. */
export const documentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  projectId: z.number().int().nullable(),
  /** The workspace it belongs to (docs/decisions/0037-workspaces.md); null: its owner's Personal space. */
  workspaceId: z.number().int().nullable(),
  role: z.enum(ROLES),
  /** Changes with every change of title or content (live edits included); also the `ETag` of `GET /api/documents/:id`, for `If-Match`. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentDto = z.infer<typeof documentSchema>;

/** One row of `GET /api/documents` (newest first): no content, no role (they are all the caller's own). */
export const documentSummarySchema = documentSchema.omit({ content: true, role: true, version: true });
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** One row of `GET /api/documents?scope=shared`: a document someone shared with the caller. */
export const sharedDocumentSummarySchema = documentSummarySchema.extend({ role: z.enum(ROLES), owner: ownerSchema });
export type SharedDocumentSummary = z.infer<typeof sharedDocumentSummarySchema>;

/** The most documents project chat's context holds: the project's most recently updated ones. */
export const PROJECT_CONTEXT_DOCUMENTS = 100;

/** A project with its documents' text: the context of project chat. */
export const projectContextSchema = z.object({
  project: z.object({ id: z.number().int(), name: z.string(), description: z.string(), status: z.string() }),
  /** The user's role on the project. */
  role: z.enum(ROLES),
  documents: z.array(z.object({ id: z.number().int(), title: z.string(), content: z.string() })),
});
export type ProjectContext = z.infer<typeof projectContextSchema>;

const BODY_OBJECT = { error: 'The request body must be a JSON object' };

export const documentTitle = z
  .string({ error: (issue) => (issue.input === undefined ? 'Document title is required' : 'Document title must be text') })
  .trim()
  .min(1, 'Document title is required')
  .max(DOCUMENT_TITLE_MAX, `Document title must be at most ${DOCUMENT_TITLE_MAX} characters`);

const contentTooLong = `Document content must be at most ${DOCUMENT_CONTENT_MAX} characters`;
const documentContent = z
  .string({ error: (issue) => (issue.input === undefined ? 'No content to upload' : 'Document content must be text') })
  .max(DOCUMENT_CONTENT_MAX, contentTooLong);
/** docs/product.md §5: creating a document needs content ('No content to upload'). */
const requiredContent = documentContent.refine((s) => s.trim().length > 0, 'No content to upload');

const projectIdField = idNumber('Project id must be a number');

/** `POST /api/documents`. Unknown fields (a `userId` among them) are dropped: the owner is always the acting user. */
export const createDocumentSchema = z.object(
  { title: documentTitle, content: requiredContent, projectId: projectIdField.nullable().optional(), workspaceId: workspaceIdField.nullable().optional() },
  BODY_OBJECT,
);
export type CreateDocument = z.infer<typeof createDocumentSchema>;

/** `PATCH /api/documents/:id`: `projectId` attaches the document to a project, `null` detaches it; `workspaceId` moves it ("Move to…", null: Personal). */
export const updateDocumentSchema = z
  .object(
    {
      title: documentTitle.optional(),
      content: documentContent.optional(),
      projectId: projectIdField.nullable().optional(),
      workspaceId: workspaceIdField.nullable().optional(),
    },
    BODY_OBJECT,
  )
  .refine((b) => b.title !== undefined || b.content !== undefined || b.projectId !== undefined || b.workspaceId !== undefined, {
    message: 'Nothing to update: send a title, content, projectId or workspaceId',
  });
export type UpdateDocument = z.infer<typeof updateDocumentSchema>;

export const documentParamsSchema = idParamsSchema('Document id must be a number');
export const revisionParamsSchema = z.object({
  id: idString('Document id must be a number'),
  revisionId: idString('Revision id must be a number'),
});

/** How a version of the text was written: typed or saved by people, by the AI (for whoever asked), or through an API token (PATCH, MCP). */
export const AUTHOR_KINDS = ['user', 'ai', 'token'] as const;
export type AuthorKind = (typeof AUTHOR_KINDS)[number];

/**
 * Who wrote a version of a document's text (docs/decisions/0018-revisions.md): the people who typed it, the user who asked the AI,
 * or the token's owner and the token's name. Null where nobody is known (revisions older than authorship).
 */
export const revisionAuthorSchema = z.object({
  kind: z.enum(AUTHOR_KINDS),
  users: z.array(ownerSchema),
  /** The API token's name, for `kind: 'token'`. */
  token: z.string().nullable(),
  /** Text that came from an accepted suggestion (docs/decisions/0041-suggestions.md): who accepted it; absent otherwise. */
  acceptedBy: ownerSchema.optional(),
});
export type RevisionAuthor = z.infer<typeof revisionAuthorSchema>;

/**
 * A revision is the document as it was just before one change of its content: `source` says who
 * made that change (the user, the AI, or the guided document flow) and `createdAt` when; `author` who
 * wrote the text it keeps, `name` a user's label for it ("v1.0 signed off"). Restoring a revision brings
 * its content back and is itself a change, so it stores a new revision.
 */
export const revisionSchema = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  title: z.string(),
  content: z.string(),
  source: z.enum(REVISION_SOURCES),
  author: revisionAuthorSchema.nullable(),
  name: z.string().nullable(),
  createdAt: z.string(),
});
export type Revision = z.infer<typeof revisionSchema>;

/** `PUT /api/documents/:id/revisions/:revisionId/name`. */
export const revisionNameSchema = z.object(
  {
    name: z
      .string({ error: (issue) => (issue.input === undefined ? 'A name is required' : 'The name must be text') })
      .trim()
      .min(1, 'A name is required')
      .max(REVISION_NAME_MAX, `The name must be at most ${REVISION_NAME_MAX} characters`),
  },
  BODY_OBJECT,
);
export type RevisionName = z.infer<typeof revisionNameSchema>;

/** One side of a comparison: a revision's id or `current`, the document as it is now. */
const versionRef = z.union([z.literal('current'), idString('from and to must be a revision id or current')], {
  error: 'from and to must be a revision id or current',
});
/** `GET /api/documents/:id/revisions/compare`: either side left out is the current text. */
export const compareQuerySchema = z.object({ from: versionRef.default('current'), to: versionRef.default('current') });
export type CompareQuery = z.infer<typeof compareQuerySchema>;

const diffKind = z.enum(['same', 'removed', 'added']);
/**
 * The answer of `GET /api/documents/:id/revisions/compare`: each side's title, the line diff from `from` to `to` (proto's text-diff,
 * the history panel's), and for each replaced line, paired with the line that replaced it, its word diff.
 */
export const comparisonSchema = z.object({
  from: z.object({ revisionId: z.number().int().nullable(), title: z.string() }),
  to: z.object({ revisionId: z.number().int().nullable(), title: z.string() }),
  lines: z.array(z.object({ kind: diffKind, text: z.string() })),
  changedLines: z.array(z.object({ before: z.string(), after: z.string(), words: z.array(z.object({ kind: diffKind, text: z.string() })) })),
  stats: z.object({ added: z.number().int(), removed: z.number().int() }),
});
export type Comparison = z.infer<typeof comparisonSchema>;

const userIdField = idNumber('userId must be a number');
/** What another service may name as a change's author (a restore is content's own). */
const revisionSource = z.enum(['user', 'ai', 'flow'], { error: 'source must be user, ai or flow' });

/** Query of content's internal reads: the user the caller acts for, and the role the caller's work needs (viewer unless said). */
export const internalUserQuerySchema = z.object({
  userId: idString('userId must be a number'),
  role: z.enum(ROLES, { error: 'role must be viewer, commenter, editor or owner' }).default('viewer'),
});
export type InternalUserQuery = z.infer<typeof internalUserQuerySchema>;
/** Body of `POST /internal/documents/:id/discard` (ContentClient.discardDocument). */
export const internalDiscardDocumentSchema = z.object({ userId: z.number({ error: 'userId must be a number' }).int().positive('userId must be a number') });

/**
 * Body of `PUT /internal/documents/:id/content` (ContentClient.saveDocumentContent). `base` is the text the edit was computed
 * from: the change from it to `content` is merged onto the document as it is now (docs/decisions/0035-edits-merge.md).
 */
export const internalSaveContentSchema = z.object(
  {
    userId: userIdField,
    content: documentContent,
    base: z.string({ error: 'base must be text' }).max(DOCUMENT_CONTENT_MAX, contentTooLong).optional(),
    title: documentTitle.optional(),
    source: revisionSource,
  },
  BODY_OBJECT,
);
export type InternalSaveContent = z.infer<typeof internalSaveContentSchema>;

/** A passage where people changed the text the AI also changed: their text stayed, the AI's version (`suggested`) was not applied. */
export const unappliedChangeSchema = z.object({ kept: z.string(), suggested: z.string() });
export type UnappliedChange = z.infer<typeof unappliedChangeSchema>;
/** Answer of `PUT /internal/documents/:id/content`: the saved document and what of the edit could not be applied. */
export type SavedDocument = DocumentDto & { unapplied: UnappliedChange[] };

/** Body of `POST /internal/documents` (ContentClient.createDocument): the flow may start from empty content. */
export const internalCreateDocumentSchema = z.object(
  {
    userId: userIdField,
    title: documentTitle,
    content: documentContent,
    projectId: projectIdField.nullable().optional(),
    workspaceId: workspaceIdField.nullable().optional(),
    source: revisionSource,
  },
  BODY_OBJECT,
);
export type InternalCreateDocument = z.infer<typeof internalCreateDocumentSchema>;
