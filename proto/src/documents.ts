import { z } from 'zod';

export const REVISION_SOURCES = ['user', 'ai', 'flow'] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];

/** A document as the API answers it (SPEC §3). Dates are ISO strings. */
export const documentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  projectId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentDto = z.infer<typeof documentSchema>;

/** A project with every document's full text: the context of project chat. */
export const projectContextSchema = z.object({
  project: z.object({ id: z.number().int(), name: z.string(), description: z.string(), status: z.string() }),
  documents: z.array(z.object({ id: z.number().int(), title: z.string(), content: z.string() })),
});
export type ProjectContext = z.infer<typeof projectContextSchema>;
