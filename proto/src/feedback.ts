import { z } from 'zod';

export const FEEDBACK_EMPTY = { message: 'Feedback cannot be empty', description: 'Please enter your feedback before submitting.' } as const;

/** Angry (1), Neutral (2), Excited (3), or no mood (docs/product.md §2). */
export const FEEDBACK_RATINGS = [1, 2, 3] as const;

/** `POST /api/feedback`. */
export const feedbackSchema = z.object({
  content: z.string({ error: FEEDBACK_EMPTY.message }).trim().min(1, FEEDBACK_EMPTY.message).max(10_000, 'Feedback is too long'),
  rating: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.null()], { error: 'Rating must be 1, 2, 3 or null' })
    .optional()
    .transform((v) => v ?? null),
});
export type FeedbackRequest = z.input<typeof feedbackSchema>;

export const feedbackAnswerSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  rating: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  createdAt: z.string(),
});
export type FeedbackAnswer = z.infer<typeof feedbackAnswerSchema>;
