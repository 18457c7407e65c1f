import { z } from 'zod';

/** Every file a document can be downloaded as. */
export const EXPORT_FORMATS = ['markdown', 'docx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `GET /api/documents/{id}/export/{format}`; PDF has a route of its own (`…/export/pdf`), which also takes the page size. */
export const exportParamsSchema = z.object({
  id: z.coerce.number({ error: 'Document id must be a number' }).int().positive('Document id must be a number'),
  format: z.enum(['markdown', 'docx'], { error: 'Export format must be markdown, docx or pdf' }),
});
export type ExportParams = z.infer<typeof exportParamsSchema>;

/** The page sizes of a PDF export: ISO A4 or US Letter. */
export const PDF_PAGE_SIZES = ['a4', 'letter'] as const;
export type PdfPageSize = (typeof PDF_PAGE_SIZES)[number];

/** `GET /api/documents/{id}/export/pdf?size=a4|letter`: A4 unless asked otherwise. */
export const pdfExportQuerySchema = z.object({
  size: z.enum(PDF_PAGE_SIZES, { error: 'Page size must be a4 or letter' }).default('a4'),
});
export type PdfExportQuery = z.infer<typeof pdfExportQuerySchema>;

/** The content type of each download. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  markdown: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

export const EXPORT_REGISTRATION_REQUIRED = {
  message: 'Registration required',
  description: 'Please register to download your document',
} as const;
