import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './error-handler.ts';

// Paths that belong to the server; anything else that accepts HTML is a client-side route.
const SERVER_PREFIXES = [
  '/api/',
  '/auth/',
  '/dev/',
  '/ws/',
  '/docs',
  '/healthz',
  '/readyz',
  '/metrics',
];

/** Serves the built SPA: hashed assets cached for a year, index.html never cached. */
export const spaPlugin = fp<{ webRoot: string }>(
  async (app: FastifyInstance, { webRoot }) => {
    const hasBuild = existsSync(join(webRoot, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: webRoot,
        wildcard: false,
        index: false,
        setHeaders(res, path) {
          res.setHeader(
            'cache-control',
            path.includes(`${join(webRoot, 'assets')}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isPage =
        request.method === 'GET' &&
        !SERVER_PREFIXES.some((p) => request.url.startsWith(p)) &&
        (request.headers.accept ?? '').includes('text/html');
      if (hasBuild && isPage)
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.status(404).send(errorBody('notFound'));
    });
  },
  { name: 'spa' },
);
