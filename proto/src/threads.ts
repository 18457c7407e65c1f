import { z } from 'zod';

export const chatThreadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  updatedAt: z.string(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;
