import * as z from 'zod/mini';
import { successSchema } from './api-response.ts';
import { CONSULTATION_LANGUAGES } from './doctors.ts';
import { safeFreeText } from './field-checks.ts';
import { REASON_MAX } from './payments.ts';
import { SPECIALTY_CODES } from '../domain/specialties.ts';

// "See a doctor now" (issue #22, ADR 0042): the patient pays the clinic's on-demand fee and waits
// in a queue for the first free doctor of a specialty who speaks her language; doctors (or an
// admin for them) say for how long they take such patients. An entry is an appointment of plan
// `on-demand` whose doctor is the one who takes it.

/** The longest a doctor may switch "available now" on for at once (a working day). */
export const ON_CALL_MAX_MINUTES = 12 * 60;
/** The periods the console offers. */
export const ON_CALL_PERIODS = [30, 60, 120, 240] as const;
/** How often the queue page and the console ask again, in milliseconds. */
export const QUEUE_POLL_MS = 3000;

/** POST /api/on-demand — join the queue: opens the checkout of the clinic's on-demand fee. */
export const joinQueueSchema = z.strictObject({
  specialty: z.enum(SPECIALTY_CODES, 'invalidValue'),
  language: z.enum(CONSULTATION_LANGUAGES, 'invalidValue'),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'fieldRequired'),
      z.maxLength(REASON_MAX, 'fieldTooLong'),
      safeFreeText(),
    ),
  /** For whom, when not for herself: a person in her account (ADR 0043). */
  dependantId: z.optional(z.uuid('invalidValue')),
});
export type JoinQueueRequest = z.infer<typeof joinQueueSchema>;
export const joinQueueResponseSchema = successSchema(
  z.object({ appointmentId: z.string(), sessionUrl: z.string(), sessionId: z.string() }),
);

/** GET /api/on-demand/options — what the patient may ask for now, and at what price. */
export const onDemandOptionsSchema = z.object({
  price: z.number(),
  currency: z.string(),
  /** How long she waits at most before she is refunded, in minutes. */
  maxWaitMinutes: z.number(),
  /** Specialties and languages of the doctors available now (she may queue for others too). */
  availableNow: z.array(
    z.object({ specialty: z.string(), languages: z.array(z.string()), doctors: z.number() }),
  ),
});
export type OnDemandOptions = z.infer<typeof onDemandOptionsSchema>;
export const onDemandOptionsResponseSchema = successSchema(onDemandOptionsSchema);

export const QUEUE_STATES = [
  /** Not paid yet: the checkout is open. */
  'paying',
  /** Paid and waiting for a doctor. */
  'waiting',
  /** A doctor took her: `appointmentId` is the call to join now. */
  'taken',
  /** Nobody took her within the limit: refunded in full. */
  'timedOut',
  /** She left the queue: refunded in full. */
  'left',
  /** The checkout was left or lapsed: nothing was paid. */
  'unpaid',
] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** A free time of a doctor of the same specialty and language, offered when nobody took her. */
export const nextFreeSlotSchema = z.object({
  doctor: z.object({ slug: z.string(), name: z.string() }),
  startsAt: z.string(),
});

/** GET /api/on-demand/:id — her place in the queue (her own entry only). */
export const queueEntrySchema = z.object({
  appointmentId: z.string(),
  state: z.enum(QUEUE_STATES),
  specialty: z.string(),
  language: z.string(),
  /** 1 for the next to be taken; null unless waiting. */
  position: z.nullable(z.number()),
  /** Minutes until a doctor is expected to take her; null when no doctor is available now. */
  estimatedWaitMinutes: z.nullable(z.number()),
  /** Doctors available now for her specialty and language. */
  doctorsAvailable: z.number(),
  /** When she is refunded if nobody took her by then; null before payment. */
  givesUpAt: z.nullable(z.string()),
  /** The doctor who took her (state `taken`). */
  doctor: z.nullable(z.object({ name: z.string() })),
  price: z.number(),
  currency: z.string(),
  /** After a refund: the next free times of doctors of this specialty and language. */
  nextFreeSlots: z.array(nextFreeSlotSchema),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;
export const queueEntryResponseSchema = successSchema(queueEntrySchema);

/** PUT /api/doctor/on-call (and /api/admin/doctors/:id/on-call) — "available now" for a period. */
export const setOnCallSchema = z.strictObject({
  /** 0 switches it off. */
  minutes: z
    .number()
    .check(
      z.int('invalidValue'),
      z.minimum(0, 'invalidValue'),
      z.maximum(ON_CALL_MAX_MINUTES, 'invalidValue'),
    ),
});
export type SetOnCallRequest = z.infer<typeof setOnCallSchema>;

/** The doctor's on-call state and the queue she may take from. */
export const onCallStateSchema = z.object({
  /** Until when the doctor is available now; null when not. */
  until: z.nullable(z.string()),
  /** Patients waiting whom this doctor could take (her specialties and languages). */
  waiting: z.number(),
  /** The on-demand call the doctor is in now, if any: she takes the next one after it. */
  currentAppointmentId: z.nullable(z.string()),
});
export type OnCallState = z.infer<typeof onCallStateSchema>;
export const onCallStateResponseSchema = successSchema(onCallStateSchema);

/** POST /api/doctor/on-demand/take — the doctor takes the next waiting patient. */
export const takenPatientResponseSchema = successSchema(
  z.object({
    appointmentId: z.string(),
    patient: z.object({ name: z.string() }),
    reason: z.string(),
  }),
);
