import { createHash, randomUUID } from 'node:crypto';
import {
  MESSAGES_PAGE_SIZE,
  THREADS_PAGE_SIZE,
  type Message,
  type SenderRole,
  type Thread,
  type ThreadList,
  type ThreadSummary,
} from '@vizita/shared/contracts/messages';
import { PATIENT_DATA_AFTER_START_MS } from '@vizita/shared/domain/doctor-access';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import {
  appointmentMessagesOpen,
  appointmentMessagesOpenUntil,
  patientThreadClosedReason,
} from '@vizita/shared/domain/message-access';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { sniffFileType, storedFileName, type CheckedFileType } from '../../lib/file-type.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { roleOf, type Role } from '../../plugins/roles.ts';
import { findUserById } from '../auth/users.ts';
import { notify, type NotificationInput } from '../notifications/notify.ts';
import { createMessageCrypto } from './message-crypto.ts';
import { holderStillHolds } from '../family/dependants.ts';
import * as repo from './repo.ts';

const HOUR_MS = 60 * 60_000;

/**
 * Messages and files a sender may send an hour (per sender, every instance counting together).
 * A patient writing to their practice sends a few; the practice answers many patients. Beyond
 * that it is a script filling the database, or the inbox of the people who must read it.
 */
const MESSAGES_PER_HOUR = { patient: 30, staff: 300 } as const;
/** Each file is up to 10 MB: at most 200 MB an hour of one patient's files. */
const FILES_PER_HOUR = { patient: 20, staff: 60 } as const;

type Caller = { id: string; role: Role; firstName: string; lastName: string };

const fullName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();

/** The side of a thread a role writes for: the patient, or the practice (doctor or admins). */
const sideOf = (role: Role): repo.Side => (role === 'patient' ? 'patient' : 'practice');

/**
 * Conversations between a patient and the practice (issue #20): one thread per appointment, with
 * its doctor while ADR 0016's window is open, and one general thread per patient with the clinic,
 * answered by its admins. Text and files are encrypted at rest; a staff read is audited; the
 * recipient hears of a message from the bell and its no-content mail (modules/notifications).
 */
export function createMessageService({
  db,
  clock,
  encryption,
  rateLimiter,
}: {
  db: Db;
  clock: Clock;
  encryption: FieldEncryption;
  rateLimiter: RateLimiter;
}) {
  const crypto = createMessageCrypto(encryption);

  /** The caller's role from their account (never from the request). */
  async function callerOf(userId: string): Promise<Caller> {
    const user = await findUserById(db, userId);
    if (!user || user.deactivatedAt || user.erasedAt) throw new ApiError(401, 'authRequired');
    // A guest (ADR 0028) has no account to come back to: messages are for account holders.
    if (user.userType === 'guest') throw new ApiError(403, 'patientRequired');
    return { id: user.id, role: roleOf(user), firstName: user.firstName, lastName: user.lastName };
  }

  /**
   * Whether the caller may see this thread now: its patient; the appointment's doctor while the
   * appointment's window is open; the clinic's admins for the clinic's threads. Admins do not
   * read what a patient writes to their doctor (professional secrecy: they have no part in the
   * treatment); a doctor does not read the clinic's threads.
   */
  function mayAccess(caller: Caller, ctx: repo.ThreadContext, now: Date): boolean {
    switch (caller.role) {
      case 'patient':
        return ctx.thread.patientId === caller.id;
      case 'doctor':
        return (
          ctx.thread.kind === 'appointment' &&
          ctx.appointment?.doctorId === caller.id &&
          appointmentMessagesOpen(ctx.appointment, now)
        );
      case 'admin':
        return ctx.thread.kind === 'clinic';
    }
  }

  /** The thread for a caller entitled to it; the same 404 for anyone else and for none. */
  async function accessible(caller: Caller, threadId: string, now: Date) {
    const ctx = await repo.threadById(db, threadId, sideOf(caller.role));
    if (!ctx || !mayAccess(caller, ctx, now)) throw new ApiError(404, 'threadNotFound');
    // A person who took their record to their own account took this thread with it (ADR 0043).
    if (
      caller.role === 'patient' &&
      !(await holderStillHolds(db, ctx.appointment?.dependantId ?? null))
    )
      throw new ApiError(404, 'threadNotFound');
    return ctx;
  }

  function summaryOf(caller: Caller, ctx: repo.ThreadListRow, now: Date): ThreadSummary {
    const { thread, appointment } = ctx;
    const closedReason = patientThreadClosedReason(
      { patientMayReply: thread.patientMayReply, appointment },
      now,
    );
    return {
      _id: thread.id,
      kind: thread.kind,
      patientMayReply: thread.patientMayReply,
      closedReason,
      // The practice's access already means the window is open (mayAccess).
      canWrite: caller.role === 'patient' ? closedReason === null : true,
      canSetReplies: caller.role !== 'patient',
      lastMessageAt: thread.lastMessageAt?.toISOString() ?? null,
      unread: ctx.unread,
      patient: { _id: ctx.patient.id, name: fullName(ctx.patient) },
      appointment: appointment
        ? {
            _id: appointment.id,
            startsAt: appointment.startsAt.toISOString(),
            timeZone: appointment.timeZone,
            ...zonedDateAndSlot(appointment.startsAt, appointment.timeZone),
            status: appointment.status,
            doctorName: ctx.doctor
              ? doctorDisplayName({ ...ctx.doctor, title: ctx.doctor.title ?? 'Dr.' })
              : '',
            openUntil: appointmentMessagesOpenUntil(appointment.startsAt).toISOString(),
          }
        : null,
    };
  }

  function senderNameOf(
    role: SenderRole,
    s: { firstName: string | null; lastName: string | null; title: string | null } | null,
  ): string | null {
    if (!s?.firstName && !s?.lastName) return null;
    const person = { firstName: s.firstName ?? '', lastName: s.lastName ?? '' };
    return role === 'doctor'
      ? doctorDisplayName({ ...person, title: s.title ?? 'Dr.' })
      : fullName(person);
  }

  /** Who is told of a message from one side: the other side's people, in their own area. */
  async function recipientsOf(
    tx: Tx,
    caller: Caller,
    ctx: repo.ThreadContext,
  ): Promise<NotificationInput[]> {
    const { thread, appointment } = ctx;
    const when = appointment
      ? { startsAt: appointment.startsAt.toISOString(), timeZone: appointment.timeZone }
      : {};
    if (caller.role !== 'patient') {
      // The patient hears from their doctor by name, from the clinic as the clinic.
      const name =
        caller.role === 'doctor' && ctx.doctor
          ? doctorDisplayName({ ...ctx.doctor, title: ctx.doctor.title ?? 'Dr.' })
          : undefined;
      return [
        {
          userId: thread.patientId,
          kind: 'messageReceived',
          params: {
            ...when,
            ...(name ? { name } : {}),
            by: caller.role === 'doctor' ? 'doctor' : 'clinic',
          },
          link: `/dashboard/messages/${thread.id}`,
        },
      ];
    }
    const params = { ...when, name: fullName(ctx.patient), by: 'patient' as const };
    if (appointment)
      return [
        {
          userId: appointment.doctorId,
          kind: 'messageReceived',
          params,
          link: `/doctor/messages/${thread.id}`,
        },
      ];
    return (await repo.activeAdminIds(tx)).map((userId) => ({
      userId,
      kind: 'messageReceived' as const,
      params,
      link: `/admin/messages/${thread.id}`,
    }));
  }

  async function attachmentsByMessage(messageIds: string[]) {
    const rows = await repo.attachmentsOf(db, messageIds);
    const by = new Map<string, Message['attachments']>();
    for (const a of rows)
      by.set(a.messageId, [
        ...(by.get(a.messageId) ?? []),
        {
          _id: a.id,
          fileName: crypto.openFileName(a.fileName, a),
          contentType: a.contentType as Message['attachments'][number]['contentType'],
          sizeBytes: a.sizeBytes,
        },
      ]);
    return by;
  }

  /**
   * Writes one message (and its file) for the caller. The patient writes only in an open thread;
   * every sender within their hourly limit. The other side is told once per run of unread
   * messages: not again while the earlier ones wait unread.
   */
  async function post(
    caller: Caller,
    ctx: repo.ThreadContext,
    now: Date,
    content: {
      text: string;
      file?: { fileName: string; type: CheckedFileType; bytes: Buffer };
    },
  ): Promise<Message> {
    const { thread } = ctx;
    if (caller.role === 'patient') {
      const closed = patientThreadClosedReason(
        { patientMayReply: thread.patientMayReply, appointment: ctx.appointment },
        now,
      );
      if (closed === 'practice') throw new ApiError(409, 'threadClosed');
      if (closed === 'window') throw new ApiError(409, 'messagesWindowClosed');
    }
    const staff = caller.role === 'patient' ? 'patient' : 'staff';
    const sent = await rateLimiter.hit(`message:${caller.id}`, MESSAGES_PER_HOUR[staff], HOUR_MS);
    if (!sent.allowed) throw new ApiError(429, 'messageRateLimited');
    if (content.file) {
      const files = await rateLimiter.hit(
        `message-file:${caller.id}`,
        FILES_PER_HOUR[staff],
        HOUR_MS,
      );
      if (!files.allowed) throw new ApiError(429, 'messageRateLimited');
    }

    const messageId = randomUUID();
    const attachment = content.file && {
      id: randomUUID(),
      threadId: thread.id,
      messageId,
      fileName: storedFileName(content.file.fileName, content.file.type),
    };
    await db.transaction(async (tx) => {
      await repo.lockThread(tx, thread.id);
      const otherSide = caller.role === 'patient' ? 'practice' : 'patient';
      const alreadyTold = await repo.hasUnread(tx, thread.id, otherSide);
      await repo.insertMessage(tx, {
        id: messageId,
        threadId: thread.id,
        senderId: caller.id,
        senderRole: caller.role,
        bodyEncrypted: crypto.sealText(content.text, thread.id, messageId),
        createdAt: now,
      });
      if (content.file && attachment)
        await repo.insertAttachment(tx, {
          ...attachment,
          fileName: crypto.sealFileName(attachment.fileName, attachment),
          contentType: content.file.type,
          sizeBytes: content.file.bytes.length,
          sha256: createHash('sha256').update(content.file.bytes).digest('hex'),
          contentEncrypted: crypto.sealFile(content.file.bytes, attachment),
          createdAt: now,
        });
      // Who answers has read what they answer.
      await repo.markRead(tx, thread.id, caller.id, now);
      if (caller.role !== 'patient')
        await audit(tx, 'message.sent', {
          userId: caller.id,
          subjectUserId: thread.patientId,
          meta: { threadId: thread.id, messageId, attachment: Boolean(content.file) },
        });
      if (!alreadyTold) await notify(tx, await recipientsOf(tx, caller, ctx));
    });
    return {
      _id: messageId,
      senderRole: caller.role,
      senderName: senderNameOf(caller.role, { ...caller, title: ctx.doctor?.title ?? null }),
      mine: true,
      text: content.text,
      createdAt: now.toISOString(),
      attachments:
        content.file && attachment
          ? [
              {
                _id: attachment.id,
                fileName: attachment.fileName,
                contentType: content.file.type,
                sizeBytes: content.file.bytes.length,
              },
            ]
          : [],
    };
  }

  /** An appointment for a thread about it: its patient, or its doctor while the window is open. */
  async function appointmentFor(caller: Caller, appointmentId: string, now: Date) {
    const a = await repo.appointmentOf(db, appointmentId);
    const entitled =
      a &&
      a.patientType !== 'guest' &&
      ((caller.role === 'patient' &&
        a.patientId === caller.id &&
        // A person who took their record to their own account took this thread with it.
        (await holderStillHolds(db, a.dependantId))) ||
        (caller.role === 'doctor' && a.doctorId === caller.id && appointmentMessagesOpen(a, now)));
    // A payment hold is no appointment yet, for its patient either.
    if (!a || !entitled || a.status === 'pending' || a.status === 'expired')
      throw new ApiError(404, 'appointmentNotFound');
    return a;
  }

  const service = {
    /** The caller's threads that have a message, newest first, a page at a time. */
    async list(userId: string, before: Date | undefined): Promise<ThreadList> {
      const caller = await callerOf(userId);
      const now = clock();
      const filter: repo.ThreadFilter =
        caller.role === 'patient'
          ? { role: 'patient', patientId: caller.id }
          : caller.role === 'doctor'
            ? {
                role: 'doctor',
                doctorId: caller.id,
                visitsSince: new Date(now.getTime() - PATIENT_DATA_AFTER_START_MS),
              }
            : { role: 'admin' };
      const page = await repo.listThreads(db, filter, { before, limit: THREADS_PAGE_SIZE });
      const items = page.rows
        .filter((row) => mayAccess(caller, row, now))
        .map((row) => summaryOf(caller, row, now));
      const last = page.rows.at(-1)?.thread.lastMessageAt;
      return {
        items,
        unread: page.unread,
        nextBefore: page.hasMore && last ? last.toISOString() : null,
      };
    },

    /**
     * The thread about an appointment, for its patient and its doctor; with `create`, started
     * if there is none yet (while the appointment's window is open).
     */
    async appointmentThread(
      userId: string,
      appointmentId: string,
      { create }: { create: boolean },
    ): Promise<ThreadSummary> {
      const caller = await callerOf(userId);
      const now = clock();
      const a = await appointmentFor(caller, appointmentId, now);
      let threadId = await repo.threadIdOf(db, { appointmentId });
      if (!threadId) {
        if (!create) throw new ApiError(404, 'threadNotFound');
        if (!appointmentMessagesOpen(a, now)) throw new ApiError(409, 'messagesWindowClosed');
        threadId = await repo.ensureThread(db, {
          patientId: a.patientId,
          kind: 'appointment',
          appointmentId,
        });
      }
      return summaryOf(caller, await accessible(caller, threadId, now), now);
    },

    /** The patient's general thread with the clinic; with `create`, started if there is none. */
    async clinicThread(userId: string, { create }: { create: boolean }): Promise<ThreadSummary> {
      const caller = await callerOf(userId);
      const now = clock();
      let threadId = await repo.threadIdOf(db, { clinicOf: caller.id });
      if (!threadId) {
        if (!create) throw new ApiError(404, 'threadNotFound');
        threadId = await repo.ensureThread(db, {
          patientId: caller.id,
          kind: 'clinic',
          appointmentId: null,
        });
      }
      return summaryOf(caller, await accessible(caller, threadId, now), now);
    },

    /** A thread without its messages: what a screen polls to learn that one has arrived. */
    async summary(userId: string, threadId: string): Promise<ThreadSummary> {
      const caller = await callerOf(userId);
      const now = clock();
      return summaryOf(caller, await accessible(caller, threadId, now), now);
    },

    /**
     * A page of a thread's messages, oldest first, decrypted for the caller; a read by the
     * practice is audited (the patient's "who saw my data").
     */
    async thread(
      userId: string,
      threadId: string,
      before: Date | undefined,
      ip: string,
    ): Promise<Thread> {
      const caller = await callerOf(userId);
      const now = clock();
      const ctx = await accessible(caller, threadId, now);
      const rows = await repo.messagesOf(db, threadId, { before, limit: MESSAGES_PAGE_SIZE });
      const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
      const files = await attachmentsByMessage(page.map((r) => r.message.id));
      const reads = await repo.readPositions(db, ctx.thread);
      const side = sideOf(caller.role);
      if (caller.role !== 'patient')
        await audit(db, 'message.thread_read', {
          userId: caller.id,
          subjectUserId: ctx.thread.patientId,
          ip,
          meta: { threadId, appointmentId: ctx.thread.appointmentId },
        });
      return {
        ...summaryOf(caller, ctx, now),
        messages: page.map(({ message: m, sender }) => ({
          _id: m.id,
          senderRole: m.senderRole,
          senderName: senderNameOf(m.senderRole, sender),
          mine: sideOf(m.senderRole) === side,
          text: crypto.openText(m.bodyEncrypted, m.threadId, m.id),
          createdAt: m.createdAt.toISOString(),
          attachments: files.get(m.id) ?? [],
        })),
        hasOlder: rows.length > MESSAGES_PAGE_SIZE,
        readAt: (side === 'patient' ? reads.patient : reads.practice)?.toISOString() ?? null,
        otherReadAt: (side === 'patient' ? reads.practice : reads.patient)?.toISOString() ?? null,
      };
    },

    /** Writes a message in a thread. */
    async send(userId: string, threadId: string, text: string): Promise<Message> {
      const caller = await callerOf(userId);
      const now = clock();
      return post(caller, await accessible(caller, threadId, now), now, { text });
    },

    /**
     * Sends one file as a message of its own: PDF, PNG or JPEG, as its first bytes say and its
     * declared type agrees — never a page a browser would run.
     */
    async attach(
      userId: string,
      threadId: string,
      input: { fileName: string; declaredType: string; bytes: Buffer },
    ): Promise<Message> {
      const caller = await callerOf(userId);
      const now = clock();
      const ctx = await accessible(caller, threadId, now);
      if (input.bytes.length === 0) throw new ApiError(400, 'documentTypeInvalid');
      const type = sniffFileType(input.bytes);
      if (!type || type !== input.declaredType) throw new ApiError(415, 'documentTypeInvalid');
      return post(caller, ctx, now, {
        text: '',
        file: { fileName: input.fileName, type, bytes: input.bytes },
      });
    },

    /** One attached file, decrypted; a download by the practice is audited. */
    async download(userId: string, threadId: string, attachmentId: string, ip: string) {
      const caller = await callerOf(userId);
      const ctx = await accessible(caller, threadId, clock());
      const row = await repo.attachmentOf(db, threadId, attachmentId);
      if (!row) throw new ApiError(404, 'attachmentNotFound');
      const bytes = crypto.openFile(row.contentEncrypted, row);
      if (caller.role !== 'patient')
        await audit(db, 'message.attachment_downloaded', {
          userId: caller.id,
          subjectUserId: ctx.thread.patientId,
          ip,
          meta: { threadId, attachmentId },
        });
      return {
        fileName: crypto.openFileName(row.fileName, row),
        contentType: row.contentType,
        bytes,
      };
    },

    /** The caller has read the thread up to `upTo` (never beyond now): the other side's receipt. */
    async markRead(userId: string, threadId: string, upTo: Date) {
      const caller = await callerOf(userId);
      const now = clock();
      const ctx = await accessible(caller, threadId, now);
      const at = upTo > now ? now : upTo;
      await repo.markRead(db, threadId, caller.id, at);
      const reads = await repo.readPositions(db, ctx.thread);
      const mine = caller.role === 'patient' ? reads.patient : reads.practice;
      return { readAt: mine?.toISOString() ?? null };
    },

    /** The practice lets the patient write in a thread, or stops them; audited. */
    async setReplies(
      userId: string,
      threadId: string,
      patientMayReply: boolean,
    ): Promise<ThreadSummary> {
      const caller = await callerOf(userId);
      const now = clock();
      const ctx = await accessible(caller, threadId, now);
      if (caller.role === 'patient') throw new ApiError(403, 'practiceOnly');
      if (ctx.thread.patientMayReply !== patientMayReply)
        await db.transaction(async (tx) => {
          await repo.setPatientMayReply(tx, threadId, patientMayReply);
          await audit(tx, 'message.replies_changed', {
            userId: caller.id,
            subjectUserId: ctx.thread.patientId,
            meta: { threadId, patientMayReply },
          });
        });
      return summaryOf(caller, await accessible(caller, threadId, now), now);
    },
  };
  return service;
}
export type MessageService = ReturnType<typeof createMessageService>;
