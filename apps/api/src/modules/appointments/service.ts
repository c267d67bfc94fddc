import {
  APPOINTMENTS_PAGE_MAX,
  REQUEST_LAPSED_CANCEL_REASON,
  RESCHEDULE_WINDOW_DAYS,
  type Appointment,
  type AppointmentListQuery,
  type RescheduleAppointmentRequest,
} from '@vizita/shared/contracts/appointments';
import {
  hasVideoCall,
  JOIN_CLOSES_AFTER_MS,
  JOIN_OPENS_BEFORE_MS,
  joinState,
} from '@vizita/shared/domain/join-window';
import { doctorMayCancel } from '@vizita/shared/domain/doctor-access';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import { refundIsDue, rescheduleAllowed } from '@vizita/shared/domain/appointment-policy';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { audit } from '../../lib/audit.ts';
import { freeSlotAt, offeredSlot } from '../doctors/offered-slot.ts';
import { findDoctorProfile, listDoctors } from '../doctors/profiles.ts';
import type { JobWorker } from '../jobs/queue.ts';
import { queueRefund } from '../payments/refunds.ts';
import type { SummaryReader } from '../doctor-console/summaries.ts';
import { queueAppointmentMail, queueDoctorNotice, queueReminders } from './appointment-mails.ts';
import type { HealthText } from './health-text.ts';
import { expireLapsedHoldsOnSlot } from './holds.ts';
import * as repo from './repo.ts';
import { requestDetailsOf } from './request-details.ts';
import { findAppointment, lockAppointment, type AppointmentRow } from './rows.ts';
import { heldStarts } from './taken-slots.ts';
import {
  cancellationNotices,
  notifyAboutAppointment,
  requestCancellationNotices,
} from '../notifications/appointment-notices.ts';
import { slotsFreed } from '../waitlist/slots-freed.ts';
import { treatedDependant, treatedPersons, type TreatedPerson } from '../family/dependants.ts';

const DAY_MS = 86_400_000;

const VISIBLE: repo.VisibleStatus[] = ['upcoming', 'completed', 'no_show', 'cancelled'];

export type RefundOutcome = 'refunded' | 'processing' | 'none';

/**
 * Another doctor may take over an appointment until its call opens: after that the patient may
 * already be waiting for the doctor they booked.
 */
const reassignable = (startsAt: Date, now: Date) =>
  now.getTime() < startsAt.getTime() - JOIN_OPENS_BEFORE_MS;

export function createAppointmentService({
  db,
  clock,
  appUrl,
  jobs,
  summaries,
  onCancelled,
  clinicEmail,
  healthText,
}: {
  db: Db;
  clock: Clock;
  appUrl: string;
  /** The clinic's contact address, given as each doctor's (spec §3's `doctorId.email`). */
  clinicEmail: string;
  /** Opens and seals the texts the patient wrote about their health. */
  healthText: HealthText;
  jobs: JobWorker;
  /** The doctor's summaries, shown to the patient on the appointment. */
  summaries: SummaryReader;
  /** After a cancellation is committed: a live call of the appointment ends at once. */
  onCancelled?: (appointmentId: string) => Promise<void>;
}) {
  function toAppointment(
    row: Awaited<ReturnType<typeof repo.listForParticipant>>[number],
    now: Date,
    viewerId: string,
    summary: string | null,
    summaryVerification: { shortCode: string; url: string } | null,
    treated: Map<string, TreatedPerson>,
  ): Appointment {
    const a = row.appointment;
    const dependant = a.dependantId ? treated.get(a.dependantId) : undefined;
    const holderName = `${row.patient.firstName} ${row.patient.lastName}`.trim();
    const { date, slot } = zonedDateAndSlot(a.startsAt, a.timeZone);
    const status = a.status as repo.VisibleStatus;
    return {
      _id: a.id,
      patientId: a.patientId,
      doctorId: {
        _id: row.doctor.id,
        name: doctorDisplayName({
          title: row.profile?.title,
          firstName: row.doctor.firstName,
          lastName: row.doctor.lastName,
        }),
        // The clinic's contact: a doctor's sign-in address is never shown to patients.
        email: clinicEmail,
        specialties: row.profile?.specialties ?? [],
      },
      date,
      slot,
      startsAt: a.startsAt.toISOString(),
      timeZone: a.timeZone,
      plan: a.plan,
      status,
      reason: healthText.open(a, 'reason'),
      notes: healthText.open(a, 'notes'),
      // Only video visits have a meeting (spec §4 Meeting; a follow-up visit is one, issue #20).
      meetingUrl: hasVideoCall(a.plan) ? `${appUrl}/dashboard/meeting/${a.id}` : null,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
      cancelledBy: a.cancelledBy,
      cancelReason: healthText.open(a, 'cancelReason'),
      cancelledAt: a.cancelledAt?.toISOString() ?? null,
      paymentAmount: a.priceMinor === null ? null : a.priceMinor / 100,
      paymentCurrency: a.currency,
      // The doctor sees whom they meet; a patient's own name is no news to them.
      patient:
        viewerId === a.doctorId
          ? {
              _id: row.patient.id,
              // A guest has no last name (issue #12). A child is named, with who comes along.
              name: dependant ? `${dependant.firstName} ${dependant.lastName}` : holderName,
              // Only a visit for a person in the account says so; the others stay as they were.
              ...(dependant ? { dependant: treatedDependant(dependant, holderName) } : {}),
              guest: row.patient.userType === 'guest',
            }
          : null,
      forDependant:
        viewerId === a.patientId && dependant
          ? { id: dependant.id, name: `${dependant.firstName} ${dependant.lastName}` }
          : null,
      summary,
      summaryVerification: summary ? summaryVerification : null,
      prescriptionRequest: requestDetailsOf(healthText, a),
      ...joinState({ startsAt: a.startsAt, now, status, plan: a.plan }),
    };
  }

  /** The appointment locked for a change by one of its two participants; 404 for anyone else. */
  async function lockOwn(tx: Tx, userId: string, id: string) {
    const a = await lockAppointment(tx, id);
    if (
      !a ||
      (a.patientId !== userId && a.doctorId !== userId) ||
      !VISIBLE.includes(a.status as repo.VisibleStatus)
    )
      throw new ApiError(404, 'appointmentNotFound');
    if (a.status !== 'upcoming') throw new ApiError(409, 'appointmentNotUpcoming');
    return a;
  }

  /** What happened to the payment after a cancellation's jobs ran. */
  async function refundOf(appointmentId: string, due: boolean): Promise<RefundOutcome> {
    if (!due) return 'none';
    const payment = await repo.findPaymentOf(db, appointmentId);
    return payment?.status === 'refunded' ? 'refunded' : 'processing';
  }

  /**
   * Cancels in one transaction — the status, who cancelled, the refund the policy makes due, the
   * mails to patient and doctor — then runs those jobs at once and ends a live call.
   */
  async function cancelAs(
    /** Who cancelled; null for Vizita itself (an unanswered request's deadline). */
    actorId: string | null,
    appointmentId: string,
    reason: string,
    lock: (
      tx: Tx,
      now: Date,
    ) => Promise<{ a: AppointmentRow; by: 'doctor' | 'patient' | 'clinic' }>,
  ) {
    const now = clock();
    const queued = await db.transaction(async (tx) => {
      const { a, by } = await lock(tx, now);
      await repo.updateAppointment(
        tx,
        a.id,
        {
          status: 'cancelled',
          cancelledBy: by,
          cancelReasonEncrypted: healthText.seal(a.id, 'cancelReason', reason),
          cancelledAt: now,
        },
        now,
      );
      const request = a.plan === 'prescription';
      // Its time is free again: the patients waiting for an earlier one are offered it. (A
      // prescription request held none.)
      // (Nor did a "see a doctor now" visit that no doctor had taken yet, ADR 0042.)
      if (!request && a.doctorId)
        await slotsFreed(tx, { doctorId: a.doctorId, startsAt: [a.startsAt], now });
      const payment = await repo.findPaymentOf(tx, a.id);
      const paid = payment?.status === 'completed';
      const due = paid && refundIsDue(by, a, now);
      const keys = [
        await queueAppointmentMail(tx, 'cancelled', a.id, now, {
          ...(paid ? { refund: due ? ('due' as const) : ('none' as const) } : {}),
        }),
        await queueDoctorNotice(tx, 'cancelled', a.id, now),
      ];
      if (due) keys.push(await queueRefund(tx, payment.id, now));
      await audit(tx, 'appointment.cancelled', {
        userId: actorId,
        subjectUserId: a.patientId,
        meta: { appointmentId: a.id, by, refundDue: due },
      });
      // Each participant who did not cancel hears it on their bell (by whom, never why).
      await notifyAboutAppointment(
        tx,
        a.id,
        request ? requestCancellationNotices(by) : cancellationNotices(by),
      );
      return { keys, due };
    });
    await onCancelled?.(appointmentId);
    for (const key of queued.keys) await jobs.runNow(key);
    return queued.due;
  }

  const service = {
    /**
     * Which of a doctor's slots are taken between two local dates (spec §7's booking-page read):
     * booked appointments and live payment holds, as date and time only.
     */
    async occupied(doctorId: string, from: string, to: string) {
      const now = clock();
      const starts = await heldStarts(
        db,
        doctorId,
        new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS),
        new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS),
        now,
      );
      const profile = await findDoctorProfile(db, doctorId);
      if (!profile) return [];
      return [...starts]
        .sort((a, b) => a - b)
        .map((ms) => ({
          ...zonedDateAndSlot(new Date(ms), profile.timeZone),
          status: 'upcoming' as const,
        }))
        .filter((s) => s.date >= from && s.date <= to);
    },

    /**
     * One appointment, for its patient or its doctor only. Anyone else gets the same 404 as for
     * an id that does not exist, so ids reveal nothing.
     */
    async get(userId: string, appointmentId: string): Promise<Appointment> {
      const [row] = await repo.listForParticipant(db, userId, VISIBLE, { appointmentId });
      if (!row) throw new ApiError(404, 'appointmentNotFound');
      const id = row.appointment.id;
      const [summary, verifications] = await Promise.all([
        summaries.one(id),
        summaries.verifications([id]),
      ]);
      const now = clock();
      const treated = await treatedPersons(db, [row.appointment.dependantId], now);
      return toAppointment(row, now, userId, summary, verifications.get(id) ?? null, treated);
    },

    /**
     * The caller's own appointments (as patient or doctor; never anyone else's): one page in
     * start order, the page's place, and the counts by status for the stat cards.
     */
    async list(
      userId: string,
      query: Pick<AppointmentListQuery, 'status' | 'page' | 'limit' | 'order'> = {},
    ) {
      const page = query.page ?? 1;
      const limit = query.limit ?? APPOINTMENTS_PAGE_MAX;
      const [rows, counts] = await Promise.all([
        repo.listForParticipant(db, userId, query.status ? [query.status] : VISIBLE, {
          order: query.order ?? 'asc',
          limit,
          offset: (page - 1) * limit,
        }),
        repo.countByStatus(db, userId),
      ]);
      const now = clock();
      const ids = rows.map((r) => r.appointment.id);
      const [summaryOf, verificationOf, treated] = await Promise.all([
        summaries.many(ids),
        summaries.verifications(ids),
        treatedPersons(
          db,
          rows.map((r) => r.appointment.dependantId),
          now,
        ),
      ]);
      const total = query.status
        ? counts[query.status]
        : counts.upcoming + counts.completed + counts.no_show + counts.cancelled;
      return {
        data: rows.map((row) =>
          toAppointment(
            row,
            now,
            userId,
            summaryOf.get(row.appointment.id) ?? null,
            verificationOf.get(row.appointment.id) ?? null,
            treated,
          ),
        ),
        counts,
        pagination: { page, limit, total },
      };
    },

    /**
     * Cancels an upcoming appointment for its patient, or for its doctor until the start; who
     * cancelled comes from the caller's part in the appointment, never from the body. The refund
     * that the policy makes due and the patient's mail are queued in the same transaction, then
     * run at once.
     */
    async cancel(
      userId: string,
      appointmentId: string,
      reason: string,
    ): Promise<{ appointment: Appointment; refund: RefundOutcome }> {
      const due = await cancelAs(userId, appointmentId, reason, async (tx, now) => {
        const a = await lockOwn(tx, userId, appointmentId);
        if (a.doctorId !== userId) return { a, by: 'patient' as const };
        // A prescription request's doctor declines it until it is answered (always refunded).
        if (a.plan === 'prescription') return { a, by: 'doctor' as const };
        // A doctor's cancellation refunds in full; once the consultation has begun, a no-show or
        // a short call must be recorded as what it was, not refunded by the doctor (ADR 0012).
        if (!doctorMayCancel(a, now)) throw new ApiError(409, 'cancelTooLate');
        return { a, by: 'doctor' as const };
      });
      return {
        appointment: await service.get(userId, appointmentId),
        refund: await refundOf(appointmentId, due),
      };
    },

    /**
     * The clinic cancels any upcoming appointment (an admin, audited with their id): the patient
     * is refunded in full, as for a doctor's cancellation (ADR 0012), and both are told. Also
     * after the start, where the doctor no longer can: the clinic answers for what went wrong.
     */
    async cancelByClinic(adminId: string, appointmentId: string, reason: string) {
      const due = await cancelAs(adminId, appointmentId, reason, async (tx) => {
        const a = await lockAppointment(tx, appointmentId);
        if (!a || !VISIBLE.includes(a.status as repo.VisibleStatus))
          throw new ApiError(404, 'appointmentNotFound');
        if (a.status !== 'upcoming') throw new ApiError(409, 'appointmentNotUpcoming');
        return { a, by: 'clinic' as const };
      });
      return { refund: await refundOf(appointmentId, due) };
    },

    /**
     * The doctor declines a prescription request that is still unanswered (issue #21): cancelled
     * by the doctor with their reason for the patient, refunded in full. Anything but the
     * doctor's own request is the same 404.
     */
    async declineRequest(doctorId: string, appointmentId: string, reason: string) {
      const due = await cancelAs(doctorId, appointmentId, reason, async (tx) => {
        const a = await lockAppointment(tx, appointmentId);
        if (
          !a ||
          a.doctorId !== doctorId ||
          a.plan !== 'prescription' ||
          !VISIBLE.includes(a.status as repo.VisibleStatus)
        )
          throw new ApiError(404, 'prescriptionRequestNotFound');
        if (a.status !== 'upcoming') throw new ApiError(409, 'prescriptionRequestAnswered');
        return { a, by: 'doctor' as const };
      });
      return {
        appointment: await service.get(doctorId, appointmentId),
        refund: await refundOf(appointmentId, due),
      };
    },

    /**
     * Prescription requests still unanswered at their deadline are cancelled by the clinic and
     * refunded in full — run by the background loop. Two instances at once: the row lock lets
     * one cancel, the other finds it no longer upcoming and moves on.
     */
    async lapseUnansweredRequests(): Promise<number> {
      const overdue = await repo.overdueRequests(db, clock());
      let lapsed = 0;
      for (const { id } of overdue) {
        try {
          await cancelAs(null, id, REQUEST_LAPSED_CANCEL_REASON, async (tx) => {
            const a = await lockAppointment(tx, id);
            if (!a || a.status !== 'upcoming')
              throw new ApiError(409, 'prescriptionRequestAnswered');
            return { a, by: 'clinic' as const };
          });
          lapsed += 1;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
        }
      }
      return lapsed;
    },

    /**
     * Moves an upcoming appointment to another free slot of the same doctor within 14 days, in
     * one transaction: the row's new start frees the old slot, and the partial unique index
     * refuses a slot someone else holds (409), exactly as for booking.
     */
    async reschedule(
      userId: string,
      appointmentId: string,
      input: RescheduleAppointmentRequest,
      /**
       * An earlier-slot offer's move (waitlist/service.ts): the window it may move within (the
       * booking window: the offered time is earlier than the appointment), and a check and
       * write that run in the move's transaction once the new slot is held — a throw undoes it.
       */
      options: {
        windowDays?: number;
        within?: (tx: Tx, move: { from: Date; to: Date }) => Promise<void>;
      } = {},
    ): Promise<Appointment> {
      const now = clock();
      // The doctor never changes, so the slot is checked before the transaction: the lock is then
      // held for two statements only, and never while this request waits for a second connection.
      const current = await service.get(userId, appointmentId);
      if (current.status !== 'upcoming') throw new ApiError(409, 'appointmentNotUpcoming');
      if (current.plan === 'prescription') throw new ApiError(409, 'appointmentNotMovable');
      // A visit with the first free doctor is now or never (ADR 0042).
      if (current.plan === 'on-demand') throw new ApiError(409, 'onDemandNotMovable');
      const doctorId = current.doctorId._id;
      const slot = await offeredSlot(db, {
        doctorId: current.doctorId._id,
        date: input.newDate.slice(0, 10),
        slot: input.newSlot,
        now,
        windowDays: options.windowDays ?? RESCHEDULE_WINDOW_DAYS,
        outsideWindow: 'rescheduleWindow',
      });
      const mailKeys = await db.transaction(async (tx) => {
        const a = await lockOwn(tx, userId, appointmentId);
        if (a.startsAt <= now) throw new ApiError(409, 'appointmentStarted');
        // Inside the 24 hours a cancellation refunds nothing; a move further away must not change
        // that (reschedule, then cancel with fresh notice), so there is no move (ADR 0012).
        if (!rescheduleAllowed(a.startsAt, now)) throw new ApiError(409, 'rescheduleTooLate');
        // Asked twice (a double click): the appointment is already there.
        if (slot.startsAt.getTime() === a.startsAt.getTime()) return undefined;
        // Given to another doctor meanwhile: the slot was checked on the old one's calendar.
        if (a.doctorId !== doctorId) throw new ApiError(409, 'slotTaken');
        await expireLapsedHoldsOnSlot(tx, doctorId, slot.startsAt, now);
        try {
          await tx.transaction((sp) =>
            repo.updateAppointment(sp, a.id, { startsAt: slot.startsAt, endsAt: slot.endsAt }, now),
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw new ApiError(409, 'slotTaken');
          throw error;
        }
        await options.within?.(tx, { from: a.startsAt, to: slot.startsAt });
        // The old time is free again: the patients waiting for an earlier one are offered it.
        await slotsFreed(tx, { doctorId, startsAt: [a.startsAt], now });
        await queueReminders(tx, { id: a.id, startsAt: slot.startsAt }, now);
        await audit(tx, 'appointment.rescheduled', {
          userId,
          meta: {
            appointmentId: a.id,
            from: a.startsAt.toISOString(),
            to: slot.startsAt.toISOString(),
          },
        });
        // The other participant hears of the move on their bell.
        const by = a.patientId === userId ? ('patient' as const) : ('doctor' as const);
        await notifyAboutAppointment(tx, a.id, [
          { to: by === 'patient' ? 'doctor' : 'patient', kind: 'appointmentMoved', by },
        ]);
        const variant = slot.startsAt.toISOString();
        return [
          await queueAppointmentMail(tx, 'rescheduled', a.id, now, { variant }),
          await queueDoctorNotice(tx, 'rescheduled', a.id, now, variant),
        ];
      });
      for (const key of mailKeys ?? []) await jobs.runNow(key);
      return service.get(userId, appointmentId);
    },

    /**
     * The doctors who could take over an upcoming appointment at its very time (its doctor leaves
     * or falls ill): active, offering that instant, and free then.
     */
    async reassignCandidates(appointmentId: string) {
      const now = clock();
      const a = await findAppointment(db, appointmentId);
      if (!a || !VISIBLE.includes(a.status as repo.VisibleStatus))
        throw new ApiError(404, 'appointmentNotFound');
      if (a.status !== 'upcoming' || a.plan === 'prescription' || !reassignable(a.startsAt, now))
        return [];
      const doctors = await listDoctors(db);
      const free = await Promise.all(
        doctors
          .filter(({ user }) => user.id !== a.doctorId)
          .map(async (d) => ((await freeSlotAt(db, d.user.id, a.startsAt, now)) ? d : null)),
      );
      return free
        .filter((d) => d !== null)
        .map(({ user, profile }) => ({
          _id: user.id,
          name: doctorDisplayName({
            title: profile.title,
            firstName: user.firstName,
            lastName: user.lastName,
          }),
          specialties: profile.specialties,
        }));
    },

    /**
     * The clinic gives an upcoming appointment to another doctor at the same time, before its call
     * opens: the patient keeps the time and the payment. The new doctor must offer that instant,
     * and the partial unique index refuses it when someone holds it (409), as for booking. The
     * patient and both doctors are told; the old doctor's calendar loses the entry.
     */
    async reassignByClinic(adminId: string, appointmentId: string, toDoctorId: string) {
      const now = clock();
      const current = await findAppointment(db, appointmentId);
      if (!current || !VISIBLE.includes(current.status as repo.VisibleStatus))
        throw new ApiError(404, 'appointmentNotFound');
      // A prescription request has no time another doctor could take over.
      if (current.plan === 'prescription') throw new ApiError(409, 'appointmentNotMovable');
      // The doctor who took a visit of the first free doctor is the one who sees it (ADR 0042).
      if (current.plan === 'on-demand') throw new ApiError(409, 'onDemandNotMovable');
      // Checked before the transaction, as for a reschedule: the lock is then held briefly.
      const slot = await freeSlotAt(db, toDoctorId, current.startsAt, now);
      const mailKeys = await db.transaction(async (tx) => {
        const a = await lockAppointment(tx, appointmentId);
        if (!a) throw new ApiError(404, 'appointmentNotFound');
        if (a.status !== 'upcoming') throw new ApiError(409, 'appointmentNotUpcoming');
        if (!a.doctorId) throw new ApiError(409, 'onDemandNotMovable');
        // Asked twice (a double click): it is already there.
        if (a.doctorId === toDoctorId) return [];
        if (!reassignable(a.startsAt, now)) throw new ApiError(409, 'reassignTooLate');
        // Moved meanwhile, or the new doctor does not offer that time or has it taken.
        if (!slot || a.startsAt.getTime() !== current.startsAt.getTime())
          throw new ApiError(409, 'doctorNotFreeThen');
        await expireLapsedHoldsOnSlot(tx, toDoctorId, a.startsAt, now);
        try {
          await tx.transaction((sp) =>
            repo.updateAppointment(
              sp,
              a.id,
              { doctorId: toDoctorId, timeZone: slot.timeZone, endsAt: slot.endsAt },
              now,
            ),
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw new ApiError(409, 'doctorNotFreeThen');
          throw error;
        }
        // The old doctor's time is free again: their waiting patients are offered it.
        await slotsFreed(tx, { doctorId: a.doctorId, startsAt: [a.startsAt], now });
        await audit(tx, 'admin.appointment_reassigned', {
          userId: adminId,
          subjectUserId: a.patientId,
          meta: { appointmentId: a.id, from: a.doctorId, to: toDoctorId },
        });
        // The patient (with the new doctor's name), the new doctor and the one it was taken from.
        await notifyAboutAppointment(tx, a.id, [
          { to: 'patient', kind: 'appointmentReassigned', by: 'clinic' },
          { to: 'doctor', kind: 'newBooking', by: 'clinic' },
          { to: { doctorId: a.doctorId }, kind: 'appointmentReassigned', by: 'clinic' },
        ]);
        return [
          await queueAppointmentMail(tx, 'reassigned', a.id, now, { variant: toDoctorId }),
          await queueDoctorNotice(tx, 'assigned', a.id, now, toDoctorId),
          await queueDoctorNotice(tx, 'reassigned', a.id, now, a.doctorId, a.doctorId),
        ];
      });
      for (const key of mailKeys) await jobs.runNow(key);
    },

    /**
     * Upcoming appointments whose consultation window has ended become completed — run by the
     * background loop, so nobody has to open the app for it. One idempotent UPDATE, safe on
     * every instance at once.
     */
    async completeEnded(): Promise<number> {
      const now = clock();
      const done = await repo.completeEnded(
        db,
        new Date(now.getTime() - JOIN_CLOSES_AFTER_MS),
        now,
      );
      return done.length;
    },
  };
  return service;
}
export type AppointmentService = ReturnType<typeof createAppointmentService>;
