import { z } from 'zod';

export const EXPORT_FORMATS = ['markdown', 'docx'] as const;
export const exportParamsSchema = z.object({
  id: z.coerce.number({ error: 'Document id must be a number' }).int().positive('Document id must be a number'),
  format: z.enum(EXPORT_FORMATS, { error: 'Export format must be markdown or docx' }),
});

export const EXPORT_REGISTRATION_REQUIRED = {
  message: 'Registration required',
  description: 'Please register to download your document',
} as const;
