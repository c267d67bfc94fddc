import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { notAboutHandedOverVisit, notOfHandedOverDependant } from '../family/dependants.ts';
import {
  appointments,
  doctorProfiles,
  messageAttachments,
  messages,
  messageThreadReads,
  messageThreads,
  users,
} from '../../db/schema.ts';

const patient = alias(users, 'thread_patient');
const doctor = alias(users, 'thread_doctor');
const sender = alias(users, 'sender');
const senderProfile = alias(doctorProfiles, 'sender_profile');

export type ThreadRow = typeof messageThreads.$inferSelect;
export type Side = 'patient' | 'practice';

/** Statuses of a visit whose thread a doctor may see (domain/doctor-access.ts says when). */
export const VISIT_STATUSES = ['upcoming', 'completed', 'no_show'] as const;

/**
 * The position up to which a side has read the thread of the enclosing query (`message_threads`):
 * the patient's own, or the newest of the practice's readers (a shared inbox: one admin reading
 * the clinic's thread reads it for all). Written as SQL with its own aliases: drizzle leaves a
 * column of a select's field unqualified, and a bare "id" inside the subquery would be its own.
 */
function readAtOf(side: Side) {
  return side === 'patient'
    ? sql.raw(
        '(select r.last_read_at from message_thread_reads r where r.thread_id = message_threads.id and r.user_id = message_threads.patient_id)',
      )
    : sql.raw(
        '(select max(r.last_read_at) from message_thread_reads r where r.thread_id = message_threads.id and r.user_id <> message_threads.patient_id)',
      );
}

/** Messages of the other side that `side` has not read, for the thread of the enclosing query. */
function unreadFor(side: Side) {
  const fromOther = side === 'patient' ? "m.sender_role <> 'patient'" : "m.sender_role = 'patient'";
  return sql<number>`(select count(*)::int from messages m where m.thread_id = message_threads.id and ${sql.raw(fromOther)} and m.created_at > coalesce(${readAtOf(side)}, '-infinity'::timestamptz))`;
}

/** What a thread's screens show of it: the thread, its patient, its appointment and doctor. */
const context = {
  thread: messageThreads,
  patient: { id: patient.id, firstName: patient.firstName, lastName: patient.lastName },
  appointment: {
    id: appointments.id,
    patientId: appointments.patientId,
    doctorId: appointments.doctorId,
    dependantId: appointments.dependantId,
    status: appointments.status,
    startsAt: appointments.startsAt,
    timeZone: appointments.timeZone,
  },
  doctor: { firstName: doctor.firstName, lastName: doctor.lastName, title: doctorProfiles.title },
};

function withContext(db: Tx, side: Side) {
  return db
    .select({ ...context, unread: unreadFor(side) })
    .from(messageThreads)
    .innerJoin(patient, eq(patient.id, messageThreads.patientId))
    .leftJoin(appointments, eq(appointments.id, messageThreads.appointmentId))
    .leftJoin(doctor, eq(doctor.id, appointments.doctorId))
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, appointments.doctorId));
}

export type ThreadContext = {
  thread: ThreadRow;
  patient: { id: string; firstName: string; lastName: string };
  appointment: {
    id: string;
    patientId: string;
    doctorId: string;
    dependantId: string | null;
    status: string;
    startsAt: Date;
    timeZone: string;
  } | null;
  doctor: { firstName: string; lastName: string; title: string | null } | null;
};
export type ThreadListRow = ThreadContext & { unread: number };

/** One thread with its people, and the unread count of one side; undefined when there is none. */
export async function threadById(
  db: Tx,
  threadId: string,
  side: Side,
): Promise<ThreadListRow | undefined> {
  const [row] = await withContext(db, side).where(eq(messageThreads.id, threadId));
  return row as ThreadListRow | undefined;
}

/** The thread of an appointment, or of a patient with the clinic, if it exists. */
export async function threadIdOf(
  db: Tx,
  key: { appointmentId: string } | { clinicOf: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(
      'appointmentId' in key
        ? eq(messageThreads.appointmentId, key.appointmentId)
        : and(eq(messageThreads.patientId, key.clinicOf), eq(messageThreads.kind, 'clinic')),
    );
  return row?.id;
}

/** An appointment as a thread about it needs it; undefined when there is none. */
export async function appointmentOf(db: Tx, appointmentId: string) {
  const [row] = await db
    .select({ ...context.appointment, patientType: patient.userType })
    .from(appointments)
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .where(eq(appointments.id, appointmentId));
  return row;
}

/** Locks a thread for one message: its notifications are decided one message at a time. */
export async function lockThread(db: Tx, threadId: string) {
  await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(eq(messageThreads.id, threadId))
    .for('update');
}

/**
 * Starts a thread unless it exists: the unique indexes (one per appointment, one clinic thread
 * per patient) keep two first messages at once to one thread. Answers its id.
 */
export async function ensureThread(
  db: Tx,
  values: { patientId: string; kind: 'appointment' | 'clinic'; appointmentId: string | null },
) {
  await db.insert(messageThreads).values(values).onConflictDoNothing();
  const id = await threadIdOf(
    db,
    values.appointmentId ? { appointmentId: values.appointmentId } : { clinicOf: values.patientId },
  );
  return id!;
}

/** The cursor of a list: threads whose newest message is older than `before`. */
const olderThan = (before: Date | undefined) =>
  before ? lt(messageThreads.lastMessageAt, before) : undefined;

/** Which threads a reader's list holds, beside the paging. */
export type ThreadFilter =
  | { role: 'patient'; patientId: string }
  | { role: 'doctor'; doctorId: string; visitsSince: Date }
  | { role: 'admin' };

function filterOf(filter: ThreadFilter): SQL | undefined {
  switch (filter.role) {
    case 'patient':
      // Not the threads of a visit whose person took their record to their own account.
      return and(
        eq(messageThreads.patientId, filter.patientId),
        notOfHandedOverDependant(appointments.dependantId),
      );
    case 'doctor':
      // The doctor's appointments within ADR 0016's window; the service checks each again.
      return and(
        eq(appointments.doctorId, filter.doctorId),
        inArray(appointments.status, [...VISIT_STATUSES]),
        gte(appointments.startsAt, filter.visitsSince),
      );
    case 'admin':
      return eq(messageThreads.kind, 'clinic');
  }
}

/**
 * One page of a reader's threads that have a message, the newest first, with the unread count of
 * the reader's side; and the unread messages of all of them.
 */
export async function listThreads(
  db: Tx,
  filter: ThreadFilter,
  page: { before?: Date | undefined; limit: number },
) {
  const side: Side = filter.role === 'patient' ? 'patient' : 'practice';
  const where = and(filterOf(filter), isNotNull(messageThreads.lastMessageAt));
  const rows = await withContext(db, side)
    .where(and(where, olderThan(page.before)))
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
    .limit(page.limit + 1);
  const [total] = await db
    .select({ unread: sql<number>`coalesce(sum(${unreadFor(side)}), 0)::int` })
    .from(messageThreads)
    .leftJoin(appointments, eq(appointments.id, messageThreads.appointmentId))
    .where(where);
  return {
    rows: rows.slice(0, page.limit) as ThreadListRow[],
    hasMore: rows.length > page.limit,
    unread: total?.unread ?? 0,
  };
}

/** A page of a thread's messages, newest first, with the writer's name; `limit + 1` to tell more. */
export function messagesOf(
  db: Tx,
  threadId: string,
  page: { before?: Date | undefined; limit: number },
) {
  return db
    .select({
      message: messages,
      sender: {
        firstName: sender.firstName,
        lastName: sender.lastName,
        erasedAt: sender.erasedAt,
        title: senderProfile.title,
      },
    })
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(senderProfile, eq(senderProfile.userId, messages.senderId))
    .where(
      and(
        eq(messages.threadId, threadId),
        page.before ? lt(messages.createdAt, page.before) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit + 1);
}

/** The attachments of these messages, without their (large) content. */
export function attachmentsOf(db: Tx, messageIds: string[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: messageAttachments.id,
      messageId: messageAttachments.messageId,
      threadId: messageAttachments.threadId,
      fileName: messageAttachments.fileName,
      contentType: messageAttachments.contentType,
      sizeBytes: messageAttachments.sizeBytes,
    })
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(asc(messageAttachments.createdAt));
}

/** One attachment of a thread, with its content. */
export async function attachmentOf(db: Tx, threadId: string, attachmentId: string) {
  const [row] = await db
    .select()
    .from(messageAttachments)
    .where(and(eq(messageAttachments.threadId, threadId), eq(messageAttachments.id, attachmentId)));
  return row;
}

/** How far each side has read a thread. */
export async function readPositions(db: Tx, thread: Pick<ThreadRow, 'id' | 'patientId'>) {
  const rows = await db
    .select()
    .from(messageThreadReads)
    .where(eq(messageThreadReads.threadId, thread.id));
  let patientAt: Date | null = null;
  let practiceAt: Date | null = null;
  for (const r of rows) {
    if (r.userId === thread.patientId) patientAt = r.lastReadAt;
    else if (!practiceAt || r.lastReadAt > practiceAt) practiceAt = r.lastReadAt;
  }
  return { patient: patientAt, practice: practiceAt };
}

/** Whether `side` has a message from the other side it has not read yet. */
export async function hasUnread(db: Tx, threadId: string, side: Side): Promise<boolean> {
  const [row] = await db
    .select({ unread: unreadFor(side) })
    .from(messageThreads)
    .where(eq(messageThreads.id, threadId));
  return (row?.unread ?? 0) > 0;
}

/** A reader's position moves forward only: a late, older "read" never unreads a message. */
export async function markRead(db: Tx, threadId: string, userId: string, at: Date) {
  await db
    .insert(messageThreadReads)
    .values({ threadId, userId, lastReadAt: at })
    .onConflictDoUpdate({
      target: [messageThreadReads.threadId, messageThreadReads.userId],
      set: {
        lastReadAt: sql`greatest(${messageThreadReads.lastReadAt}, excluded.last_read_at)`,
      },
    });
}

export async function insertMessage(db: Tx, values: typeof messages.$inferInsert) {
  await db.insert(messages).values(values);
  await db
    .update(messageThreads)
    .set({ lastMessageAt: values.createdAt })
    .where(eq(messageThreads.id, values.threadId));
}

export async function insertAttachment(db: Tx, values: typeof messageAttachments.$inferInsert) {
  await db.insert(messageAttachments).values(values);
}

export async function setPatientMayReply(db: Tx, threadId: string, value: boolean) {
  await db
    .update(messageThreads)
    .set({ patientMayReply: value })
    .where(eq(messageThreads.id, threadId));
}

/** The clinic's admins, who answer its threads: accounts that can still sign in. */
export async function activeAdminIds(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt), isNull(users.erasedAt)));
  return rows.map((r) => r.id);
}

/** Every thread of a patient with every message and attachment, oldest first (the export). */
export async function everythingOf(db: Tx, patientId: string) {
  const threads = await db
    .select()
    .from(messageThreads)
    .where(
      and(
        eq(messageThreads.patientId, patientId),
        notAboutHandedOverVisit(messageThreads.appointmentId),
      ),
    )
    .orderBy(asc(messageThreads.createdAt));
  const ids = threads.map((t) => t.id);
  if (ids.length === 0) return { threads, messages: [], attachments: [] };
  const [rows, files] = await Promise.all([
    db
      .select({
        message: messages,
        sender: { firstName: sender.firstName, lastName: sender.lastName },
      })
      .from(messages)
      .leftJoin(sender, eq(sender.id, messages.senderId))
      .where(inArray(messages.threadId, ids))
      .orderBy(asc(messages.createdAt)),
    db
      .select()
      .from(messageAttachments)
      .where(inArray(messageAttachments.threadId, ids))
      .orderBy(asc(messageAttachments.createdAt)),
  ]);
  return { threads, messages: rows, attachments: files };
}
