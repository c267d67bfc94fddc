import type { FastifyReply } from 'fastify';

/**
 * Sends a stored file (a shared document, a message's attachment) as a download with the type
 * its bytes were checked to be: never rendered as a page of ours — no HTML or SVG can be one,
 * and nosniff stops a browser from guessing another type — and never kept by a cache.
 */
export function sendDownload(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; bytes: Buffer },
) {
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}
