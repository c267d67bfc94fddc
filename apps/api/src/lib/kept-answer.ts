import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES } from '../plugins/compression.ts';

type Encoding = 'br' | 'gzip';

/**
 * A JSON answer kept in memory and sent to many readers (the booking page's availability, ADR
 * 0033): serialized once, and compressed once per encoding the first time a reader asks for it,
 * instead of once per request by the compression plugin.
 */
export type KeptAnswer = { readonly json: string; compressed?: Partial<Record<Encoding, Buffer>> };

/**
 * The encoding the reader prefers among brotli and gzip, by `Accept-Encoding` with its q-values
 * (`*` stands for either; q=0 refuses); brotli when both are equal. Undefined: send it plain.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weightOf('br'), weightOf('gzip')];
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

function compress(json: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(json, {
        params: {
          // Once per answer, not per request: a little more effort than the plugin's 4.
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(json);
}

/** Sends a kept answer, compressed as the reader asks (and kept so), with `Vary`. */
export function sendKeptAnswer(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding =
    answer.json.length >= COMPRESSION_THRESHOLD_BYTES
      ? preferredEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) return reply.send(answer.json);
  answer.compressed ??= {};
  const body = (answer.compressed[encoding] ??= compress(answer.json, encoding));
  // Already encoded: the compression plugin leaves an answer with Content-Encoding alone.
  return reply.header('content-encoding', encoding).send(body);
}
