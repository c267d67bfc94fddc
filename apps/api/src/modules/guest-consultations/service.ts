import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { LOCALES, type Locale } from '@vizita/shared/constants';
import { BOOKING_WINDOW_DAYS } from '@vizita/shared/contracts/doctors';
import type {
  CreateGuestConsultation,
  GuestConsultation,
} from '@vizita/shared/contracts/guest-consultations';
import type { JoinMeeting } from '@vizita/shared/contracts/meetings';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { appointments, doctorProfiles, guestInvitations } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { hashToken, randomToken } from '../../lib/secure-token.ts';
import type { BusinessCounters } from '../../plugins/metrics.ts';
import { roleOf } from '../../plugins/roles.ts';
import { audit } from '../../lib/audit.ts';
import { endGuestSession, insertGuest, startGuestSession } from '../auth/guest-accounts.ts';
import { findUserById } from '../auth/users.ts';
import { expireLapsedHoldsOnSlot, insertHold } from '../appointments/holds.ts';
import { findAppointment } from '../appointments/rows.ts';
import {
  doctor,
  fromAppointmentWithParticipants,
  patient,
} from '../appointments/with-participants.ts';
import { offeredSlot } from '../doctors/offered-slot.ts';
import type { Mailer } from '../mail/mailer.ts';
import { meetingWindow } from '../meetings/service.ts';
import type { MeetingService } from '../meetings/service.ts';
import { renderGuestInvitation } from './invitation-mail.ts';

/** Opening links per IP: the token is 256 bits, but nobody needs to try many. */
const OPEN_LIMIT = { times: 20, windowMs: 15 * 60_000 };

/**
 * Consultations for people without an account (issue #12, ADR 0028). The guest is a `users` row
 * of type 'guest' holding only the name the doctor typed; `guest_invitations` holds their address
 * and the link. The link's token opens the consultation in one browser, once: it then holds a
 * device secret (a cookie) and a sign-in session that ends with the join window, which is what
 * the meeting's join tokens and sockets are bound to, as for anyone else.
 */
export function createGuestConsultations({
  db,
  clock,
  mailer,
  appUrl,
  meetings,
  rateLimiter,
  sessionsEnded,
  counters,
  log,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  meetings: MeetingService;
  rateLimiter: RateLimiter;
  /** Closes the sockets of ended sessions on every instance (a link sent again). */
  sessionsEnded: () => Promise<void>;
  /** A consultation set up counts as a booking (the metrics). */
  counters: Pick<BusinessCounters, 'bookings'>;
  log: FastifyBaseLogger;
}) {
  /** The doctor a staff member may create for: a doctor themselves, an admin anyone named. */
  async function doctorFor(actorId: string, doctorId: string | undefined) {
    const actor = await findUserById(db, actorId);
    if (!actor || actor.deactivatedAt) throw new ApiError(401, 'authRequired');
    const role = roleOf(actor);
    if (role === 'doctor') {
      if (doctorId && doctorId !== actorId) throw new ApiError(403, 'adminRequired');
      return actorId;
    }
    if (role !== 'admin') throw new ApiError(403, 'doctorRequired');
    if (!doctorId) throw new ApiError(404, 'doctorNotFound');
    return doctorId;
  }

  /** The invitation, the guest and the doctor's name of one consultation. */
  async function load(where: SQL) {
    const [row] = await fromAppointmentWithParticipants(db, {
      invitation: guestInvitations,
      appointment: appointments,
      guest: { id: patient.id, firstName: patient.firstName, locale: patient.locale },
      doctorTitle: doctorProfiles.title,
      doctorFirstName: doctor.firstName,
      doctorLastName: doctor.lastName,
    })
      .innerJoin(guestInvitations, eq(guestInvitations.appointmentId, appointments.id))
      .where(where)
      .limit(1);
    return row;
  }
  type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

  const doctorNameOf = (row: Pick<Loaded, 'doctorTitle' | 'doctorFirstName' | 'doctorLastName'>) =>
    doctorDisplayName({
      title: row.doctorTitle ?? 'Dr.',
      firstName: row.doctorFirstName,
      lastName: row.doctorLastName,
    });
  const localeOf = (value: string): Locale =>
    (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en';

  /** Mails the link; a failure is logged and told to the caller, never thrown (they can resend). */
  async function sendInvitation(row: Loaded, token: string) {
    try {
      await mailer.send(
        renderGuestInvitation({
          locale: localeOf(row.guest.locale),
          to: row.invitation.email,
          name: row.guest.firstName,
          doctorName: doctorNameOf(row),
          startsAt: row.appointment.startsAt,
          timeZone: row.appointment.timeZone,
          link: `${appUrl}/guest/${token}`,
        }),
      );
      return true;
    } catch (err) {
      log.error({ err, appointmentId: row.appointment.id }, 'guest invitation not delivered');
      return false;
    }
  }

  /** The guest behind a device secret, while their link's session lives. */
  async function byDevice(secret: string | undefined) {
    if (!secret) throw new ApiError(401, 'guestSessionRequired');
    const row = await load(eq(guestInvitations.deviceSecretHash, hashToken(secret)));
    if (!row?.invitation.sessionId) throw new ApiError(401, 'guestSessionRequired');
    const live = await meetings.liveSessions([row.invitation.sessionId]);
    if (!live.has(row.invitation.sessionId)) throw new ApiError(401, 'guestSessionRequired');
    return { ...row, sessionId: row.invitation.sessionId };
  }

  function toConsultation(row: Loaded): GuestConsultation {
    const a = row.appointment;
    const { opensAt, closesAt } = meetingWindow(a.startsAt);
    return {
      appointmentId: a.id,
      guestName: row.guest.firstName,
      doctorName: doctorNameOf(row),
      startsAt: a.startsAt.toISOString(),
      timeZone: a.timeZone,
      ...zonedDateAndSlot(a.startsAt, a.timeZone),
      status: a.status as GuestConsultation['status'],
      opensAt: opensAt.toISOString(),
      closesAt: closesAt.toISOString(),
      locale: localeOf(row.guest.locale),
      videoConsentDue: row.invitation.videoConsentAt === null,
    };
  }

  return {
    /**
     * A consultation in one of the doctor's offered slots (the same rule and the same unique
     * index as a booking: no double booking), for a guest, with no payment: the clinic bills the
     * insurer. The link goes by mail in the guest's language.
     */
    async create(actorId: string, input: CreateGuestConsultation, ip: string) {
      const doctorId = await doctorFor(actorId, input.doctorId);
      const now = clock();
      const slot = await offeredSlot(db, {
        doctorId,
        date: input.date,
        slot: input.slot,
        now,
        windowDays: BOOKING_WINDOW_DAYS,
      });
      const token = randomToken();
      const appointmentId = await db.transaction(async (tx) => {
        const guestId = await insertGuest(tx, { firstName: input.name, locale: input.locale });
        await expireLapsedHoldsOnSlot(tx, doctorId, slot.startsAt, now);
        const row = await insertHold(tx, {
          patientId: guestId,
          doctorId,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          timeZone: slot.timeZone,
          plan: 'consultation',
          status: 'upcoming',
        });
        if (!row) throw new ApiError(409, 'slotTaken');
        await tx.insert(guestInvitations).values({
          appointmentId: row.id,
          email: input.email,
          linkTokenHash: hashToken(token),
          createdBy: actorId,
        });
        await audit(tx, 'guest_consultation.created', {
          userId: actorId,
          ip,
          meta: { appointmentId: row.id, doctorId },
        });
        return row.id;
      });
      counters.bookings.inc({ channel: 'guest' });
      const row = await load(eq(guestInvitations.appointmentId, appointmentId));
      const mailSent = await sendInvitation(row!, token);
      return { appointmentId, startsAt: slot.startsAt.toISOString(), mailSent };
    },

    /**
     * A new link for the same consultation (the first went astray, or the guest changes
     * device): the old link and the browser that opened it stop working at once.
     */
    async resend(actorId: string, appointmentId: string, ip: string) {
      const row = await load(eq(guestInvitations.appointmentId, appointmentId));
      if (!row) throw new ApiError(404, 'appointmentNotFound');
      // The consultation's own doctor, or an admin; to anyone else it does not exist.
      const actor = await findUserById(db, actorId);
      const role = actor && !actor.deactivatedAt ? roleOf(actor) : null;
      if (!(role === 'admin' || (role === 'doctor' && row.appointment.doctorId === actorId)))
        throw new ApiError(404, 'appointmentNotFound');
      if (row.appointment.status !== 'upcoming') throw new ApiError(409, 'meetingCancelled');
      const now = clock();
      if (now > meetingWindow(row.appointment.startsAt).closesAt)
        throw new ApiError(410, 'guestLinkEnded');
      const token = randomToken();
      await db.transaction(async (tx) => {
        await tx
          .update(guestInvitations)
          .set({
            linkTokenHash: hashToken(token),
            linkUsedAt: null,
            deviceSecretHash: null,
            sessionId: null,
          })
          .where(eq(guestInvitations.appointmentId, appointmentId));
        if (row.invitation.sessionId) await endGuestSession(tx, row.invitation.sessionId, now);
        await audit(tx, 'guest_consultation.link_sent', {
          userId: actorId,
          ip,
          meta: { appointmentId },
        });
      });
      if (row.invitation.sessionId) await sessionsEnded();
      return { mailSent: await sendInvitation(row, token) };
    },

    /**
     * Opens the link in this browser: once, atomically (two browsers opening it at the same
     * moment: one wins, the other is told it was used). Answers the device secret for the cookie.
     */
    async open(token: string, ctx: { ip: string; userAgent?: string | undefined }) {
      const { allowed } = await rateLimiter.hit(
        `guest-open:${ctx.ip}`,
        OPEN_LIMIT.times,
        OPEN_LIMIT.windowMs,
      );
      if (!allowed) throw new ApiError(429, 'tooManyRequests');
      const now = clock();
      const secret = randomToken();
      const opened = await db.transaction(async (tx) => {
        const [invitation] = await tx
          .select()
          .from(guestInvitations)
          .where(eq(guestInvitations.linkTokenHash, hashToken(token)))
          .for('update');
        if (!invitation) throw new ApiError(404, 'guestLinkInvalid');
        const appointment = await findAppointment(tx, invitation.appointmentId);
        const { closesAt } = meetingWindow(appointment!.startsAt);
        if (appointment!.status !== 'upcoming' || now > closesAt)
          throw new ApiError(410, 'guestLinkEnded');
        if (invitation.linkUsedAt) throw new ApiError(409, 'guestLinkUsed');
        const sessionId = await startGuestSession(tx, {
          guestId: appointment!.patientId,
          expiresAt: closesAt,
          ip: ctx.ip,
          userAgent: ctx.userAgent?.slice(0, 512) ?? null,
        });
        await tx
          .update(guestInvitations)
          .set({ linkUsedAt: now, deviceSecretHash: hashToken(secret), sessionId })
          .where(eq(guestInvitations.appointmentId, invitation.appointmentId));
        await audit(tx, 'guest_consultation.link_opened', {
          userId: appointment!.patientId,
          ip: ctx.ip,
          meta: { appointmentId: invitation.appointmentId },
        });
        return { closesAt };
      });
      return { secret, expiresAt: opened.closesAt };
    },

    /** Who the device secret belongs to (for the device check's calls). */
    async identify(secret: string | undefined) {
      const row = await byDevice(secret);
      return { appointmentId: row.appointment.id, guestId: row.guest.id };
    },

    /** The guest's consultation, for their page. */
    async consultation(secret: string | undefined) {
      return toConsultation(await byDevice(secret));
    },

    /** The guest's explicit consent to the video service processing their data (Art. 9(2)(a)). */
    async consentToVideo(secret: string | undefined) {
      const row = await byDevice(secret);
      if (row.invitation.videoConsentAt === null)
        await db
          .update(guestInvitations)
          .set({ videoConsentAt: clock() })
          .where(
            and(
              eq(guestInvitations.appointmentId, row.appointment.id),
              isNull(guestInvitations.videoConsentAt),
            ),
          );
    },

    /** The same door into the call as everyone's (window, provider, join token), as the guest. */
    async join(secret: string | undefined, ip: string): Promise<JoinMeeting> {
      const row = await byDevice(secret);
      if (row.invitation.videoConsentAt === null) throw new ApiError(409, 'videoConsentRequired');
      return meetings.join(
        { userId: row.guest.id, sessionId: row.sessionId },
        row.appointment.id,
        ip,
      );
    },
  };
}
export type GuestConsultations = ReturnType<typeof createGuestConsultations>;
