import * as z from 'zod/mini';
import { safeFileName } from '../domain/safe-text.ts';
import { successSchema } from './api-response.ts';
import { DOCUMENT_TYPES } from './documents.ts';
import { safeFreeText } from './field-checks.ts';

// Messages between a patient and the practice (issue #20): one thread per appointment, with its
// doctor, and one general thread with the clinic, answered by its admins. What is written and
// attached is health data: encrypted at rest, never in a notification or a mail.

/** Issue #20: a message is up to 5,000 characters — a letter, not a document. */
export const MESSAGE_TEXT_MAX = 5000;
/** The formats a photo or a scan comes in; checked by their first bytes, like documents. */
export const MESSAGE_ATTACHMENT_TYPES = DOCUMENT_TYPES;
export type MessageAttachmentType = (typeof MESSAGE_ATTACHMENT_TYPES)[number];
/** Issue #20: 10 MB per file — a phone's photo or a few scanned pages; held in memory once. */
export const MESSAGE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A file name long enough for what phones and scanners write, short enough for a list. */
export const MESSAGE_FILE_NAME_MAX = 150;
/** Messages per page of a thread, newest first; older ones on request. */
export const MESSAGES_PAGE_SIZE = 50;
/** Threads per page of a list, by their newest message. */
export const THREADS_PAGE_SIZE = 30;

export const THREAD_KINDS = ['appointment', 'clinic'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];
export const SENDER_ROLES = ['patient', 'doctor', 'admin'] as const;
export type SenderRole = (typeof SENDER_ROLES)[number];

const instant = z.iso.datetime('invalidValue');

/** POST /api/messages/threads/:id/messages — what the sender writes. */
export const sendMessageRequestSchema = z.strictObject({
  text: z
    .string('messageRequired')
    .check(
      z.trim(),
      z.minLength(1, 'messageRequired'),
      z.maxLength(MESSAGE_TEXT_MAX, 'messageTooLong'),
      safeFreeText(),
    ),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/**
 * The composer with files attached: the text beside them may be empty (each file is sent as a
 * message of its own, a text only when there is one, by the route above).
 */
export const messageWithFilesSchema = z.strictObject({
  text: z.string().check(z.trim(), z.maxLength(MESSAGE_TEXT_MAX, 'messageTooLong'), safeFreeText()),
});

/** At most this many files leave with one press of Send: a few photos or pages, not an archive. */
export const MESSAGE_FILES_PER_SEND = 5;

/** POST /api/messages/threads/:id/attachments?fileName= — the file itself is the body. */
export const attachmentUploadQuerySchema = z.object({
  // The sender's disk named it, not a keyboard: what would spoof a file list is removed.
  fileName: z
    .string()
    .check(
      z.overwrite(safeFileName),
      z.minLength(1, 'invalidValue'),
      z.maxLength(MESSAGE_FILE_NAME_MAX, 'invalidValue'),
    ),
});
export type AttachmentUploadQuery = z.infer<typeof attachmentUploadQuerySchema>;

/** GET /api/messages/threads?before= — the next page after the oldest thread of the last one. */
export const threadListQuerySchema = z.object({ before: z.optional(instant) });
export type ThreadListQuery = z.infer<typeof threadListQuerySchema>;

/** GET /api/messages/threads/:id?before= — the messages written before this instant. */
export const threadQuerySchema = z.object({ before: z.optional(instant) });

/** POST /api/messages/threads/:id/read — read up to the newest message the reader was shown. */
export const markReadRequestSchema = z.strictObject({ upTo: instant });

/** PUT /api/messages/threads/:id/replies — the practice lets the patient write, or not. */
export const threadRepliesRequestSchema = z.strictObject({ patientMayReply: z.boolean() });

/** A thread as a list shows it, without any message: who, about what, whether it is unread. */
export const threadSummarySchema = z.object({
  _id: z.string(),
  kind: z.enum(THREAD_KINDS),
  /** The practice's choice; `closedReason` says whether the patient may write now. */
  patientMayReply: z.boolean(),
  /** Why the patient may not write now: the practice closed it, or the appointment's window ended. */
  closedReason: z.nullable(z.enum(['practice', 'window'])),
  /** Whether the caller may write now. */
  canWrite: z.boolean(),
  /** Whether the caller may open and close replies (the practice's side). */
  canSetReplies: z.boolean(),
  lastMessageAt: z.nullable(z.string()),
  /** Messages from the other side the caller's side has not read. */
  unread: z.number(),
  patient: z.object({ _id: z.string(), name: z.string() }),
  /** The appointment an appointment's thread is about; null for the clinic's thread. */
  appointment: z.nullable(
    z.object({
      _id: z.string(),
      startsAt: z.string(),
      timeZone: z.string(),
      /** Day and time in the doctor's zone, as the appointment cards show them. */
      date: z.string(),
      slot: z.string(),
      status: z.string(),
      doctorName: z.string(),
      /** Until when the thread is open (ADR 0016's window). */
      openUntil: z.string(),
    }),
  ),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;
export const threadSummaryResponseSchema = successSchema(threadSummarySchema);

export const threadListResponseSchema = successSchema(
  z.object({
    items: z.array(threadSummarySchema),
    /** Unread messages in all the caller's threads, for a badge. */
    unread: z.number(),
    /** Pass as `before` for the next page; null on the last. */
    nextBefore: z.nullable(z.string()),
  }),
);
export type ThreadList = z.infer<typeof threadListResponseSchema>['data'];

export const messageAttachmentSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  contentType: z.enum(MESSAGE_ATTACHMENT_TYPES),
  sizeBytes: z.number(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = z.object({
  _id: z.string(),
  senderRole: z.enum(SENDER_ROLES),
  /** The writer's name; null when their account is gone. */
  senderName: z.nullable(z.string()),
  /** Written by the caller's side (the patient, or the practice). */
  mine: z.boolean(),
  /** Empty for a message that is one attached file. */
  text: z.string(),
  createdAt: z.string(),
  attachments: z.array(messageAttachmentSchema),
});
export type Message = z.infer<typeof messageSchema>;
export const messageResponseSchema = successSchema(messageSchema);

/** A thread with a page of its messages, oldest first, and how far each side has read. */
export const threadSchema = z.object({
  ...threadSummarySchema.shape,
  messages: z.array(messageSchema),
  /** Whether there are messages before the first of this page. */
  hasOlder: z.boolean(),
  /** How far the caller's side has read (for "new" marks). */
  readAt: z.nullable(z.string()),
  /** How far the other side has read: the caller's messages up to it are read (receipts). */
  otherReadAt: z.nullable(z.string()),
});
export type Thread = z.infer<typeof threadSchema>;
export const threadResponseSchema = successSchema(threadSchema);

export const markReadResponseSchema = successSchema(z.object({ readAt: z.nullable(z.string()) }));
