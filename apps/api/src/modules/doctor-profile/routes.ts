import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  doctorOwnProfileResponseSchema,
  updateDoctorProfileSchema,
} from '@vizita/shared/contracts/doctor-profile';
import { errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from './image-check.ts';
import type { DoctorProfileService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 413, 415);

/** The doctor's own public profile (doctors only) and the photo every patient sees (public). */
export const doctorProfileRoutes: FastifyPluginAsyncZod<{
  profiles: DoctorProfileService;
}> = async (app, { profiles }) => {
  // The photo route alone takes image bodies, and no more than a photo's limit.
  app.addContentTypeParser(
    [...PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const doctorsOnly = [app.authenticate, app.requireRole('doctor')];

  app.get(
    '/api/doctor/profile',
    {
      preValidation: doctorsOnly,
      schema: { response: { 200: doctorOwnProfileResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await profiles.get(callerOf(request).userId),
    }),
  );

  app.put(
    '/api/doctor/profile',
    {
      preValidation: doctorsOnly,
      schema: {
        body: updateDoctorProfileSchema,
        response: { 200: doctorOwnProfileResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await profiles.update(callerOf(request).userId, request.body),
    }),
  );

  app.put(
    '/api/doctor/profile/photo',
    {
      preValidation: doctorsOnly,
      schema: { response: { 200: doctorOwnProfileResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await profiles.setPhoto(
        callerOf(request).userId,
        (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      ),
    }),
  );

  app.delete(
    '/api/doctor/profile/photo',
    {
      preValidation: doctorsOnly,
      schema: { response: { 200: doctorOwnProfileResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await profiles.removePhoto(callerOf(request).userId),
    }),
  );

  app.get(
    '/api/doctors/:id/photo',
    { schema: { params: z.object({ id: z.uuid('invalidValue') }) } },
    async (request, reply) => {
      const photo = await profiles.photo(request.params.id);
      reply
        .header('etag', photo.etag)
        // Public and long-lived: a new photo gets a new URL (?v=).
        // Nothing in it may run or load anything: the API's headers (plugins/security-headers).
        .header('cache-control', 'public, max-age=86400');
      if (request.headers['if-none-match'] === photo.etag) return reply.status(304).send();
      return reply.type(photo.contentType).send(photo.bytes);
    },
  );
};
