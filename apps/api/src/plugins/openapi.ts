import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the same zod contracts the routes validate with, at
 * /docs/openapi.json. (swagger-ui is not bundled: its current major needs Node 22, ADR 0032.)
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Vizita API',
          version: '0.1.0',
          description: 'Telemedicine for patients in Bulgaria and Germany.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    app.get('/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    app.get('/docs', { schema: { hide: true } }, async (_request, reply) =>
      reply.redirect('/docs/openapi.json'),
    );
  },
  { name: 'openapi' },
);
