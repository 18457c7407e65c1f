import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { MULTIPART_ROUTES } from '@prd/proto';

/** Resolves once the rest of the request body has been read and dropped (or the connection ended). */
function drain(raw: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    raw.once('end', resolve).once('close', resolve).once('error', resolve);
    raw.resume();
  });
}

/**
 * An upload route (`MULTIPART_ROUTES`, whose bodies the gateway lets through up to 101 MB) may answer before it has
 * read the body: a refused content type, a file over its limit. The rest of the body is read first, or nginx,
 * still sending it, sees the connection reset and answers 502 in place of the refusal.
 */
export async function readUnreadUpload(request: FastifyRequest): Promise<void> {
  const routed = request.routeOptions.url;
  if (routed === undefined || !MULTIPART_ROUTES.includes(routed) || request.raw.complete || request.raw.destroyed) return;
  await drain(request.raw);
}
