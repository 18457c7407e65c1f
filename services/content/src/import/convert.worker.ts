// AppError alone, not all of kit (NestJS and the rest): this module runs on the conversion thread, which loads it at each start.
import { AppError } from '@prd/kit/errors';
import type { ErrorBody } from '@prd/proto';
import { convertFile, type Conversion, type UploadedFile } from './convert-file.js';

/** A converted file, or its refusal as data: an AppError thrown here would reach the service as a plain Error, without its status. */
export type ConvertAnswer = { conversion: Conversion } | { refused: { status: number; body: ErrorBody } };

/** Piscina's task (see convert-pool.ts): converts one uploaded file off content's event loop. */
export default async function convert(file: UploadedFile): Promise<ConvertAnswer> {
  // The file's bytes arrive as a structured clone: a Uint8Array, which the converters take as a Buffer.
  const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  try {
    return { conversion: await convertFile({ name: file.name, data }) };
  } catch (err) {
    if (err instanceof AppError) return { refused: { status: err.status, body: err.body } };
    throw err;
  }
}
