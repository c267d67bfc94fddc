import { randomBytes } from 'node:crypto';
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
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import { normalizeEmail } from '@vizita/shared/domain/email';
import { addDays, zonedTimeToUtc } from '@vizita/shared/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit, searchAuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  oneForClinic,
  searchForClinic,
  upcomingCountsByDoctor,
  type ClinicAppointmentRow,
} from '../appointments/clinic-reads.ts';
import type { HealthText } from '../appointments/health-text.ts';
import { findAppointment } from '../appointments/rows.ts';
import type { AppointmentService } from '../appointments/service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { insertUser, revokeUserSessions, setDeactivated } from '../auth/users.ts';
import { doctorAccounts, insertDoctorProfile, updateDoctorProfile } from '../doctors/profiles.ts';
import type { JobWorker } from '../jobs/queue.ts';
import { findPaymentById, lockPaymentById } from '../payments/payment-records.ts';
import { queueRefund } from '../payments/refunds.ts';
import type { StaffInviteService } from './staff-invite-service.ts';

const startOfDay = (date: string) => zonedTimeToUtc(date, '00:00', 'UTC')!;
/** The end of a day given as YYYY-MM-DD: the start of the next. */
const endOfDay = (date: string) => startOfDay(addDays(date, 1));

function toAdminAppointment(r: ClinicAppointmentRow): AdminAppointment {
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
  /** Every doctor, or the one with this id, with their upcoming appointments counted. */
  async function doctorsWithUpcoming(doctorId?: string): Promise<AdminDoctor[]> {
    const now = clock();
    const rows = await doctorAccounts(db, doctorId);
    const upcoming = await upcomingCountsByDoctor(
      db,
      rows.map((r) => r.user.id),
      now,
    );
    return rows.map(({ user, profile }) => ({
      _id: user.id,
      email: user.email,
      name: doctorDisplayName({ ...user, title: profile.title }),
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
      followUpFeeMinor: profile.followUpFeeMinor,
      prescriptionFeeMinor: profile.prescriptionFeeMinor,
      city: profile.city,
      country: profile.country,
      slug: profile.slug,
      upcoming: upcoming.find((u) => u.doctorId === user.id)?.n ?? 0,
    }));
  }

  /** What the clinic sets of a doctor's profile when it invites or edits them. */
  const practiceOf = (input: UpdateDoctor) => ({
    title: input.title,
    specialties: input.specialties,
    languages: input.languages,
    timeZone: input.timeZone,
    slotMinutes: input.slotMinutes,
    feeMinor: input.feeMinor,
    // Left out of an edit: kept as it is (drizzle sets no undefined column).
    followUpFeeMinor: input.followUpFeeMinor,
    prescriptionFeeMinor: input.prescriptionFeeMinor,
    city: input.city,
    country: input.country,
  });

  async function oneDoctor(id: string) {
    const [doctor] = await doctorsWithUpcoming(id);
    if (!doctor) throw new ApiError(404, 'doctorNotFound');
    return doctor;
  }

  const service = {
    listDoctors: () => doctorsWithUpcoming(),
    getDoctor: oneDoctor,

    /** Creates the doctor with no usable password and mails them a link to choose one. */
    async inviteDoctor(adminId: string, input: InviteDoctor) {
      // Nobody knows this password; the invitation replaces it.
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      const id = await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          email: normalizeEmail(input.email),
          passwordHash: unusable,
          firstName: input.firstName,
          lastName: input.lastName,
          userType: 'doctor',
          locale: input.locale,
          isProfileComplete: true,
        });
        if (!user) throw new ApiError(409, 'emailTaken');
        await insertDoctorProfile(tx, { userId: user.id, ...practiceOf(input) }, input);
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
        await updateDoctorProfile(tx, id, practiceOf(input));
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
        await setDeactivated(tx, id, active ? null : now, now);
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
      const { rows, total } = await searchForClinic(
        db,
        {
          status: query.status,
          doctorId: query.doctorId,
          from: query.from ? startOfDay(query.from) : undefined,
          to: query.to ? endOfDay(query.to) : undefined,
          patient: query.patient,
          doctor: query.doctor,
        },
        { order: query.order ?? 'desc', limit: pageSize, offset: (page - 1) * pageSize },
      );
      return { page, total, items: rows.map(toAdminAppointment) };
    },

    /** One appointment with its payment; the reason for the visit is health data and stays out. */
    async getAppointment(id: string): Promise<AdminAppointmentDetail> {
      const r = await oneForClinic(db, id);
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
      const row = await findAppointment(db, id);
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
        const payment = await lockPaymentById(tx, paymentId);
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
      const after = await findPaymentById(db, paymentId);
      return { status: after!.status };
    },

    async auditLog(query: AuditQuery) {
      const page = query.page ?? 1;
      const { rows, total } = await searchAuditLog(
        db,
        {
          actor: query.actor,
          subject: query.subject,
          action: query.action,
          from: query.from ? startOfDay(query.from) : undefined,
          to: query.to ? endOfDay(query.to) : undefined,
        },
        { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE },
      );
      const person = (u: { id: string; firstName: string; lastName: string } | null) =>
        u ? { _id: u.id, name: `${u.firstName} ${u.lastName}` } : null;
      return {
        page,
        total,
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
