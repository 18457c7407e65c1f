import { z } from 'zod';

export const EXPORT_FORMATS = ['markdown', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportParamsSchema = z.object({
  id: z.coerce.number({ error: 'Document id must be a number' }).int().positive('Document id must be a number'),
  format: z.enum(EXPORT_FORMATS, { error: 'Export format must be markdown or docx' }),
});
export type ExportParams = z.infer<typeof exportParamsSchema>;

/** The content type of each download (`GET /api/documents/{id}/export/{format}`). */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  markdown: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const EXPORT_REGISTRATION_REQUIRED = {
  message: 'Registration required',
  description: 'Please register to download your document',
} as const;
