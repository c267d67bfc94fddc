// The query keys that more than one feature reads or invalidates, spelled once (TkDodo, "Effective
// React Query Keys"). Each tree hangs off one root, so invalidating the root refreshes every query
// under it: a cancellation invalidates `appointmentKeys.all`, and the lists, the dashboard, an open
// appointment and the doctor's schedule all load again. Keys only one feature uses stay with it.

const APPOINTMENTS = ['appointments'] as const;
const AVAILABILITY = ['availability'] as const;

/** The caller's appointments, in every view: booking, cancelling, rescheduling invalidate `all`. */
export const appointmentKeys = {
  all: APPOINTMENTS,
  /** The appointments page, by its filter. */
  list: (filter: string) => [...APPOINTMENTS, 'list', filter] as const,
  /** The dashboard's newest few. */
  dashboard: (request: { order: 'asc' | 'desc'; limit: number }) =>
    [...APPOINTMENTS, 'dashboard', request] as const,
  detail: (id: string) => [...APPOINTMENTS, 'detail', id] as const,
  documents: (id: string) => [...APPOINTMENTS, 'documents', id] as const,
  /** The prescriptions, sick notes and referrals issued from one consultation (issue #21). */
  clinicalDocuments: (id: string) => [...APPOINTMENTS, 'clinical-documents', id] as const,
  /** The doctor's notes of one consultation. */
  notes: (id: string) => [...APPOINTMENTS, 'notes', id] as const,
  /** The patient's chart as the doctor of one appointment sees it. */
  patientChart: (id: string) => [...APPOINTMENTS, 'patient-chart', id] as const,
  /** The doctor's schedule, every range of it. */
  doctorSchedules: () => [...APPOINTMENTS, 'doctor-schedule'] as const,
  doctorSchedule: (from: string, to: string) =>
    [...APPOINTMENTS, 'doctor-schedule', from, to] as const,
};

/** A doctor's free slots: a booking, a cancellation or a created consultation invalidates them. */
export const availabilityKeys = {
  all: AVAILABILITY,
  /** Every view of one doctor's free slots. */
  doctor: (doctorId: string) => [...AVAILABILITY, doctorId] as const,
  range: (range: { doctorId: string; startDate: string; endDate: string }) =>
    [...AVAILABILITY, range.doctorId, 'range', range.startDate, range.endDate] as const,
  day: (day: { doctorId: string; date: string }) =>
    [...AVAILABILITY, day.doctorId, 'day', day.date] as const,
};

/**
 * Conversations with the practice (issue #20): a message sent, a thread read or closed
 * invalidates `all`, so the lists' unread counts, the open thread and the badges load again.
 */
export const messageKeys = {
  all: ['messages'] as const,
  /** The caller's threads (the patient's, the doctor's or the clinic's), page by page. */
  list: () => ['messages', 'list'] as const,
  /** One thread with its messages, page by page. */
  thread: (threadId: string) => ['messages', 'thread', threadId] as const,
  /** One thread without its messages: what an open thread polls. */
  summary: (threadId: string) => ['messages', 'summary', threadId] as const,
  /** The thread about an appointment, if it has been started. */
  appointment: (appointmentId: string) => ['messages', 'appointment', appointmentId] as const,
};

/**
 * Follow-up proposals (issue #20): proposing, accepting or withdrawing one invalidates `all` —
 * the consultation's panel, the card's widget, the patient's page.
 */
export const followUpKeys = {
  all: ['follow-ups'] as const,
  /** The proposals of one consultation. */
  appointment: (appointmentId: string) => ['follow-ups', 'appointment', appointmentId] as const,
  one: (id: string) => ['follow-ups', 'one', id] as const,
};

/**
 * Earlier-time alerts (issue #20): asking, stopping or taking an offer invalidates `all` — the
 * appointment cards' and the booking page's alert, the list of alerts, an open offer.
 */
export const waitlistKeys = {
  all: ['waitlist'] as const,
  /** The caller's alerts. */
  list: () => ['waitlist', 'list'] as const,
  offer: (offerId: string) => ['waitlist', 'offer', offerId] as const,
};

/**
 * Repeat prescription requests (issue #21): asking, declining or answering one invalidates `all`
 * — the patient's choice of doctors, the doctor's queue.
 */
export const prescriptionRequestKeys = {
  all: ['prescription-requests'] as const,
  /** The doctors the patient may ask now, with their prices and her earlier medicines. */
  options: () => ['prescription-requests', 'options'] as const,
  /** The doctor's open requests, the most urgent first. */
  doctorQueue: () => ['prescription-requests', 'doctor-queue'] as const,
};

/** The doctors a patient can book: a doctor's changed profile shows in the list. */
export const doctorKeys = {
  all: ['doctors'] as const,
};

/**
 * The clinic's administration (features/admin builds its keys below this root): a consultation
 * created for a doctor shows in the clinic's lists.
 */
export const adminKeys = {
  all: ['admin'] as const,
};

/**
 * What a notification can be about (issue #20): when the bell changes while a page is open, the
 * queries under these roots are refetched if shown, so the page says what the bell says — an
 * appointment moved or cancelled, a reply, a follow-up proposed, an earlier time offered, a
 * prescription request received or declined.
 */
export const keysTheBellRefreshes = [
  appointmentKeys.all,
  messageKeys.all,
  followUpKeys.all,
  waitlistKeys.all,
  prescriptionRequestKeys.all,
] as const;

const DEPENDANTS = ['dependants'] as const;

/** The people in the caller's account (issue #22): the family page changes them, booking reads them. */
export const dependantKeys = {
  all: DEPENDANTS,
};
