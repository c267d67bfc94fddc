import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  adminAppointmentDetailResponseSchema,
  adminAppointmentListResponseSchema,
  adminAppointmentQuerySchema,
  adminCancelSchema,
  adminReassignSchema,
  adminDoctorListResponseSchema,
  adminDoctorResponseSchema,
  auditListResponseSchema,
  auditQuerySchema,
  deactivatedDoctorResponseSchema,
  inviteDoctorSchema,
  reassignCandidatesResponseSchema,
  updateDoctorSchema,
} from '@vizita/shared/contracts/admin';
import { REFUND_OUTCOMES } from '@vizita/shared/contracts/appointments';
import {
  doctorWeekScheduleResponseSchema,
  removeExceptionRequestSchema,
  scheduleChangeResponseSchema,
  scheduleExceptionRequestSchema,
  scheduleConflictErrorSchema,
  weeklyHoursRequestSchema,
} from '@vizita/shared/contracts/schedule';
import { successSchema } from '@vizita/shared/contracts/api-response';
import { errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { ScheduleService } from '../schedules/service.ts';
import type { ClinicService } from './clinic-service.ts';

const id = z.object({ id: z.uuid('invalidValue') });
const errors = { ...errorResponses(400, 401, 403, 404), 409: scheduleConflictErrorSchema };

/** `/api/admin/*`: the clinic's administration, for admins only (issue #10). */
export const clinicRoutes: FastifyPluginAsyncZod<{
  clinic: ClinicService;
  schedules: ScheduleService;
}> = async (app, { clinic, schedules }) => {
  const adminsOnly = [app.authenticate, app.requireRole('admin')];
  const me = (request: Pick<FastifyRequest, 'auth'>) => callerOf(request).userId;

  app.get(
    '/api/admin/doctors',
    {
      preValidation: adminsOnly,
      schema: { response: { 200: adminDoctorListResponseSchema, ...errors } },
    },
    async () => ({ success: true as const, data: await clinic.listDoctors() }),
  );

  app.post(
    '/api/admin/doctors',
    {
      config: { changesAvailability: true },
      preValidation: adminsOnly,
      schema: { body: inviteDoctorSchema, response: { 201: adminDoctorResponseSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await clinic.inviteDoctor(me(request), request.body),
      }),
  );

  app.get(
    '/api/admin/doctors/:id',
    {
      preValidation: adminsOnly,
      schema: { params: id, response: { 200: adminDoctorResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.getDoctor(request.params.id),
    }),
  );

  app.put(
    '/api/admin/doctors/:id',
    {
      config: { changesAvailability: true },
      preValidation: adminsOnly,
      schema: {
        params: id,
        body: updateDoctorSchema,
        response: { 200: adminDoctorResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.updateDoctor(me(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/admin/doctors/:id/invite',
    {
      preValidation: adminsOnly,
      schema: { params: id, response: { 200: adminDoctorResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.resendInvite(me(request), request.params.id),
    }),
  );

  app.post(
    '/api/admin/doctors/:id/deactivate',
    {
      config: { endsSessions: true, changesAvailability: true },
      preValidation: adminsOnly,
      schema: { params: id, response: { 200: deactivatedDoctorResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.deactivate(me(request), request.params.id),
    }),
  );

  app.post(
    '/api/admin/doctors/:id/reactivate',
    {
      config: { changesAvailability: true },
      preValidation: adminsOnly,
      schema: { params: id, response: { 200: adminDoctorResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.setActive(me(request), request.params.id, true),
    }),
  );

  app.get(
    '/api/admin/doctors/:id/schedule',
    {
      preValidation: adminsOnly,
      schema: { params: id, response: { 200: doctorWeekScheduleResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, data: await schedules.get(request.params.id) }),
  );

  app.put(
    '/api/admin/doctors/:id/schedule/weekly',
    {
      config: { changesAvailability: true },
      preValidation: adminsOnly,
      schema: {
        params: id,
        body: weeklyHoursRequestSchema,
        response: { 200: scheduleChangeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await schedules.setWeekly(request.params.id, me(request), request.body),
    }),
  );

  // Time off and extra hours for a doctor, with the same rules and conflicts as the doctor's own.
  app.post(
    '/api/admin/doctors/:id/schedule/exceptions',
    {
      config: { changesAvailability: true },
      preValidation: adminsOnly,
      schema: {
        params: id,
        body: scheduleExceptionRequestSchema,
        response: { 200: scheduleChangeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await schedules.addException(request.params.id, me(request), request.body),
    }),
  );

  app.delete(
    '/api/admin/doctors/:id/schedule/exceptions/:exceptionId',
    {
      config: { changesAvailability: true },
      preValidation: adminsOnly,
      schema: {
        params: z.object({ id: z.uuid('invalidValue'), exceptionId: z.uuid('invalidValue') }),
        querystring: removeExceptionRequestSchema,
        response: { 200: scheduleChangeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await schedules.removeException(
        request.params.id,
        me(request),
        request.params.exceptionId,
        request.query,
      ),
    }),
  );

  app.get(
    '/api/admin/appointments',
    {
      preValidation: adminsOnly,
      schema: {
        querystring: adminAppointmentQuerySchema,
        response: { 200: adminAppointmentListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.searchAppointments(request.query),
    }),
  );

  app.get(
    '/api/admin/appointments/:id',
    {
      preValidation: adminsOnly,
      schema: { params: id, response: { 200: adminAppointmentDetailResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.getAppointment(request.params.id),
    }),
  );

  app.post(
    '/api/admin/appointments/:id/cancel',
    {
      config: { changesAvailability: true },
      preValidation: adminsOnly,
      schema: {
        params: id,
        body: adminCancelSchema,
        response: {
          200: successSchema(z.object({ refund: z.enum(REFUND_OUTCOMES) })),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.cancelAppointment(me(request), request.params.id, request.body.reason),
    }),
  );

  app.get(
    '/api/admin/appointments/:id/reassign-candidates',
    {
      preValidation: adminsOnly,
      schema: { params: id, response: { 200: reassignCandidatesResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.reassignCandidates(request.params.id),
    }),
  );

  app.post(
    '/api/admin/appointments/:id/reassign',
    {
      config: { changesAvailability: true },
      preValidation: adminsOnly,
      schema: {
        params: id,
        body: adminReassignSchema,
        response: { 200: adminAppointmentDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.reassignAppointment(me(request), request.params.id, request.body.doctorId),
    }),
  );

  app.post(
    '/api/admin/payments/:id/refund',
    {
      config: { changesAvailability: true },
      preValidation: adminsOnly,
      schema: {
        params: id,
        response: { 200: successSchema(z.object({ status: z.string() })), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.refundPayment(me(request), request.params.id),
    }),
  );

  app.get(
    '/api/admin/audit',
    {
      preValidation: adminsOnly,
      schema: {
        querystring: auditQuerySchema,
        response: { 200: auditListResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await clinic.auditLog(request.query) }),
  );
};
