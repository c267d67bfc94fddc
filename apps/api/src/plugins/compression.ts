import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers at least this large are compressed; below it the headers and the compressor's work
 * cost more than the bytes saved (an error or a session answer stays plain).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compression of what the server writes at request time (ADR 0029): JSON, HTML pages and
 * anything else compressible above the threshold, brotli before gzip. The web build's files are
 * compressed once at build time and served as they are (plugins/spa.ts). Registered before the
 * routes: the plugin hooks each route as it is added.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // An answer marked `no-transform` leaves as the route wrote it: the device check's download
    // sample is timed by the browser, and a compressed sample would measure the compressor.
    // The plugin's per-request switch is its `x-no-compression` header, so the reply sets it on
    // the request; this hook runs before the plugin's own, which each route adds after it.
    app.addHook('onSend', async (request, reply) => {
      if (/\bno-transform\b/i.test(String(reply.getHeader('cache-control') ?? '')))
        request.headers['x-no-compression'] = 'no-transform';
    });
    await app.register(compress, {
      threshold: COMPRESSION_THRESHOLD_BYTES,
      // zstd only where Node has it (22.15+), and browsers took it up later than brotli: keep
      // the two every supported browser and Node version share.
      encodings: ['br', 'gzip'],
      // Request bodies are small JSON and nothing sends them compressed; decompressing them
      // would let a small body expand past the body limit's intent.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
