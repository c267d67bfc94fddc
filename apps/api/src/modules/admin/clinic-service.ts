import { randomBytes } from 'node:crypto';
import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_PAGE_SIZE,
  type AdminAppointment,
  type AdminAppointmentDetail,
  type AdminAppointmentQuery,
  type AdminDoctor,
  type AuditQuery,
  type InviteDoctor,
  type UpdateDoctor,
} from '@vizita/shared/contracts/admin';
import { normalizeEmail } from '@vizita/shared/domain/email';
import { addDays, zonedTimeToUtc } from '@vizita/shared/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import {
  appointments,
  auditLog,
  doctorProfiles,
  guestInvitations,
  payments,
  users,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { HealthText } from '../appointments/health-text.ts';
import type { AppointmentService } from '../appointments/service.ts';
import { audit, revokeUserSessions } from '../auth/repo.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { JobWorker } from '../jobs/queue.ts';
import { queueRefund } from '../payments/refunds.ts';
import type { StaffInviteService } from './staff-invite-service.ts';

const patients = alias(users, 'patients');
const doctors = alias(users, 'doctors');
const actors = alias(users, 'actors');
const subjects = alias(users, 'subjects');

const startOfDay = (date: string) => zonedTimeToUtc(date, '00:00', 'UTC')!;
const like = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A person filter: their id exactly, or part of their name or e-mail. */
function personMatches(
  person: { id: AnyColumn; firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn },
  text: string,
) {
  if (UUID.test(text)) return eq(person.id, text);
  return or(
    ilike(sql`${person.firstName} || ' ' || ${person.lastName}`, like(text)),
    ilike(person.email, like(text)),
  );
}

type AppointmentRow = {
  appointment: typeof appointments.$inferSelect;
  patient: typeof users.$inferSelect;
  doctor: typeof users.$inferSelect;
  payment: typeof payments.$inferSelect | null;
  /** A guest's real address (ADR 0028): their `users` row holds a placeholder. */
  guestEmail: string | null;
};

function toAdminAppointment(r: AppointmentRow): AdminAppointment {
  return {
    _id: r.appointment.id,
    startsAt: r.appointment.startsAt.toISOString(),
    timeZone: r.appointment.timeZone,
    status: r.appointment.status,
    patient: {
      _id: r.patient.id,
      // An account the patient deleted keeps no name or address (ADR 0025): both empty.
      name: `${r.patient.firstName} ${r.patient.lastName}`.trim(),
      email: r.patient.erasedAt ? '' : (r.guestEmail ?? r.patient.email),
    },
    doctor: { _id: r.doctor.id, name: `${r.doctor.firstName} ${r.doctor.lastName}` },
    cancelledBy: r.appointment.cancelledBy,
    payment: r.payment
      ? {
          _id: r.payment.id,
          status: r.payment.status,
          amountMinor: r.payment.amountMinor,
          currency: r.payment.currency,
        }
      : null,
  };
}

/** The admin sees booked appointments only: an unpaid hold that lapsed was never an appointment. */
const ADMIN_STATUSES = ['upcoming', 'completed', 'no_show', 'cancelled'] as const;

/**
 * The clinic administration: doctors (invite, edit, deactivate), appointments and payments
 * (search, cancel with refund, refund), and the audit log (read only). Every action is audited
 * with the admin's id; the routes admit admins only.
 */
export function createClinicService({
  db,
  clock,
  invites,
  appointments: appointmentService,
  jobs,
  healthText,
}: {
  db: Db;
  clock: Clock;
  invites: Pick<StaffInviteService, 'invite'>;
  appointments: Pick<
    AppointmentService,
    'cancelByClinic' | 'reassignByClinic' | 'reassignCandidates'
  >;
  jobs: JobWorker;
  /** The cancellation reason is the one health text the clinic reads (it may say why). */
  healthText: HealthText;
}) {
  async function doctorsWhere(where: SQL | undefined): Promise<AdminDoctor[]> {
    const now = clock();
    const rows = await db
      .select({ user: users, profile: doctorProfiles })
      .from(doctorProfiles)
      .innerJoin(users, eq(users.id, doctorProfiles.userId))
      .where(and(eq(users.userType, 'doctor'), where))
      .orderBy(users.lastName, users.firstName);
    const ids = rows.map((r) => r.user.id);
    const upcoming = ids.length
      ? await db
          .select({ doctorId: appointments.doctorId, n: count() })
          .from(appointments)
          .where(
            and(
              inArray(appointments.doctorId, ids),
              eq(appointments.status, 'upcoming'),
              gte(appointments.startsAt, now),
            ),
          )
          .groupBy(appointments.doctorId)
      : [];
    return rows.map(({ user, profile }) => ({
      _id: user.id,
      email: user.email,
      name: `${profile.title} ${user.firstName} ${user.lastName}`,
      firstName: user.firstName,
      lastName: user.lastName,
      active: user.deactivatedAt === null,
      // Invited doctors have not yet proved their address by choosing a password.
      invited: user.emailValidatedAt === null,
      title: profile.title,
      specialties: profile.specialties,
      languages: profile.languages,
      timeZone: profile.timeZone,
      slotMinutes: profile.slotMinutes,
      feeMinor: profile.feeMinor,
      upcoming: upcoming.find((u) => u.doctorId === user.id)?.n ?? 0,
    }));
  }

  async function oneDoctor(id: string) {
    const [doctor] = await doctorsWhere(eq(users.id, id));
    if (!doctor) throw new ApiError(404, 'doctorNotFound');
    return doctor;
  }

  const service = {
    listDoctors: () => doctorsWhere(undefined),
    getDoctor: oneDoctor,

    /** Creates the doctor with no usable password and mails them a link to choose one. */
    async inviteDoctor(adminId: string, input: InviteDoctor) {
      // Nobody knows this password; the invitation replaces it.
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      const id = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: normalizeEmail(input.email),
            passwordHash: unusable,
            firstName: input.firstName,
            lastName: input.lastName,
            userType: 'doctor',
            locale: input.locale,
            isProfileComplete: true,
          })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        if (!user) throw new ApiError(409, 'emailTaken');
        await tx.insert(doctorProfiles).values({
          userId: user.id,
          title: input.title,
          specialties: input.specialties,
          languages: input.languages,
          timeZone: input.timeZone,
          slotMinutes: input.slotMinutes,
          feeMinor: input.feeMinor,
        });
        await audit(tx, 'admin.doctor_invited', { userId: adminId, subjectUserId: user.id });
        return user.id;
      });
      await invites.invite(id);
      return oneDoctor(id);
    },

    /** A new link for a doctor who has not chosen a password yet (the old link stops working). */
    async resendInvite(adminId: string, id: string) {
      const doctor = await oneDoctor(id);
      if (!doctor.invited) throw new ApiError(409, 'inviteAlreadyAccepted');
      await audit(db, 'admin.doctor_invite_resent', { userId: adminId, subjectUserId: id });
      await invites.invite(id);
      return doctor;
    },

    async updateDoctor(adminId: string, id: string, input: UpdateDoctor) {
      await oneDoctor(id);
      await db.transaction(async (tx) => {
        await tx
          .update(doctorProfiles)
          .set({
            title: input.title,
            specialties: input.specialties,
            languages: input.languages,
            timeZone: input.timeZone,
            slotMinutes: input.slotMinutes,
            feeMinor: input.feeMinor,
          })
          .where(eq(doctorProfiles.userId, id));
        await audit(tx, 'admin.doctor_updated', {
          userId: adminId,
          subjectUserId: id,
          meta: { ...input },
        });
      });
      return oneDoctor(id);
    },

    /**
     * A deactivated doctor cannot sign in (their sessions end now) and offers no slots; their
     * upcoming appointments stay for the admin to cancel with refunds.
     */
    async setActive(adminId: string, id: string, active: boolean): Promise<AdminDoctor> {
      const before = await oneDoctor(id);
      // Asked twice (a double click): the first answer stands, with its date and audit entry.
      if (before.active === active) return before;
      const now = clock();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ deactivatedAt: active ? null : now, updatedAt: now })
          .where(eq(users.id, id));
        if (!active) await revokeUserSessions(tx, id, 'deactivated', now);
        await audit(tx, active ? 'admin.doctor_reactivated' : 'admin.doctor_deactivated', {
          userId: adminId,
          subjectUserId: id,
        });
      });
      return oneDoctor(id);
    },

    /** Deactivates and answers the doctor's upcoming appointments, for the admin to cancel. */
    async deactivate(adminId: string, id: string) {
      const doctor = await service.setActive(adminId, id, false);
      const upcoming = await service.searchAppointments({
        doctorId: id,
        status: 'upcoming',
        order: 'asc',
        pageSize: 100,
      });
      return { doctor, upcoming: upcoming.items };
    },

    async searchAppointments(
      query: AdminAppointmentQuery & { order?: 'asc' | 'desc'; pageSize?: number },
    ) {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
      const where = and(
        inArray(appointments.status, query.status ? [query.status] : [...ADMIN_STATUSES]),
        query.doctorId ? eq(appointments.doctorId, query.doctorId) : undefined,
        query.from ? gte(appointments.startsAt, startOfDay(query.from)) : undefined,
        query.to ? lt(appointments.startsAt, startOfDay(addDays(query.to, 1))) : undefined,
        query.patient ? personMatches(patients, query.patient) : undefined,
        query.doctor ? personMatches(doctors, query.doctor) : undefined,
      );
      const base = db
        .select({
          appointment: appointments,
          patient: patients,
          doctor: doctors,
          payment: payments,
          guestEmail: guestInvitations.email,
        })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patientId))
        .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
        .leftJoin(payments, eq(payments.appointmentId, appointments.id))
        .leftJoin(guestInvitations, eq(guestInvitations.appointmentId, appointments.id))
        .where(where);
      const [rows, [total]] = await Promise.all([
        base
          .orderBy(query.order === 'asc' ? appointments.startsAt : desc(appointments.startsAt))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: count() })
          .from(appointments)
          .innerJoin(patients, eq(patients.id, appointments.patientId))
          .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
          .where(where),
      ]);
      return {
        page,
        total: total?.n ?? 0,
        items: rows.map(toAdminAppointment),
      };
    },

    /** One appointment with its payment; the reason for the visit is health data and stays out. */
    async getAppointment(id: string): Promise<AdminAppointmentDetail> {
      const [r] = await db
        .select({
          appointment: appointments,
          patient: patients,
          doctor: doctors,
          payment: payments,
          guestEmail: guestInvitations.email,
        })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patientId))
        .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
        .leftJoin(payments, eq(payments.appointmentId, appointments.id))
        .leftJoin(guestInvitations, eq(guestInvitations.appointmentId, appointments.id))
        .where(and(eq(appointments.id, id), inArray(appointments.status, [...ADMIN_STATUSES])));
      if (!r) throw new ApiError(404, 'appointmentNotFound');
      const a = r.appointment;
      return {
        ...toAdminAppointment(r),
        endsAt: a.endsAt.toISOString(),
        kind: a.plan,
        cancellationReason: healthText.open(a, 'cancelReason'),
        cancelledAt: a.cancelledAt?.toISOString() ?? null,
        doctor: {
          _id: r.doctor.id,
          name: `${r.doctor.firstName} ${r.doctor.lastName}`,
          email: r.doctor.email,
        },
        payment: r.payment
          ? {
              _id: r.payment.id,
              status: r.payment.status,
              amountMinor: r.payment.amountMinor,
              currency: r.payment.currency,
              createdAt: r.payment.createdAt.toISOString(),
              refundedAt: r.payment.refundedAt?.toISOString() ?? null,
            }
          : null,
      };
    },

    /**
     * Cancelled for the clinic: always a full refund (ADR 0012). The cancellation writes its own
     * `appointment.cancelled` entry; this one lists it with the other admin actions.
     */
    async cancelAppointment(adminId: string, id: string, reason: string) {
      const result = await appointmentService.cancelByClinic(adminId, id, reason);
      const [row] = await db
        .select({ patientId: appointments.patientId })
        .from(appointments)
        .where(eq(appointments.id, id));
      await audit(db, 'admin.appointment_cancelled', {
        userId: adminId,
        subjectUserId: row?.patientId ?? null,
        meta: { appointmentId: id, refund: result.refund },
      });
      return result;
    },

    reassignCandidates: (id: string) => appointmentService.reassignCandidates(id),

    /** Another doctor takes the appointment at its time (audited by the appointment service). */
    async reassignAppointment(adminId: string, id: string, doctorId: string) {
      await appointmentService.reassignByClinic(adminId, id, doctorId);
      return service.getAppointment(id);
    },

    /** A full refund of a completed payment, once however often it is asked for. */
    async refundPayment(adminId: string, paymentId: string) {
      const now = clock();
      const key = await db.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.id, paymentId))
          .for('update');
        if (!payment) throw new ApiError(404, 'notFound');
        if (payment.status === 'refunded') return undefined;
        if (payment.status !== 'completed') throw new ApiError(409, 'paymentNotRefundable');
        await audit(tx, 'admin.payment_refunded', {
          userId: adminId,
          subjectUserId: payment.patientId,
          meta: { paymentId },
        });
        return queueRefund(tx, payment.id, now);
      });
      if (key) await jobs.runNow(key);
      const [after] = await db.select().from(payments).where(eq(payments.id, paymentId));
      return { status: after!.status };
    },

    async auditLog(query: AuditQuery) {
      const page = query.page ?? 1;
      const where = and(
        query.actor ? personMatches(actors, query.actor) : undefined,
        query.subject ? personMatches(subjects, query.subject) : undefined,
        query.action ? ilike(auditLog.event, like(query.action)) : undefined,
        query.from ? gte(auditLog.createdAt, startOfDay(query.from)) : undefined,
        query.to ? lt(auditLog.createdAt, startOfDay(addDays(query.to, 1))) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: auditLog, actor: actors, subject: subjects })
          .from(auditLog)
          .leftJoin(actors, eq(actors.id, auditLog.userId))
          .leftJoin(subjects, eq(subjects.id, auditLog.subjectUserId))
          .where(where)
          .orderBy(desc(auditLog.createdAt))
          .limit(ADMIN_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PAGE_SIZE),
        db
          .select({ n: count() })
          .from(auditLog)
          .leftJoin(actors, eq(actors.id, auditLog.userId))
          .leftJoin(subjects, eq(subjects.id, auditLog.subjectUserId))
          .where(where),
      ]);
      const person = (u: typeof actors.$inferSelect | null) =>
        u ? { _id: u.id, name: `${u.firstName} ${u.lastName}` } : null;
      return {
        page,
        total: total?.n ?? 0,
        items: rows.map((r) => ({
          _id: r.entry.id,
          at: r.entry.createdAt.toISOString(),
          event: r.entry.event,
          actor: person(r.actor),
          subject: person(r.subject),
          ip: r.entry.ip,
          meta: r.entry.meta as Record<string, unknown>,
        })),
      };
    },
  };
  return service;
}
export type ClinicService = ReturnType<typeof createClinicService>;
