import type { Answer, HttpsClient } from './https-client.ts';
import {
  availabilityPath,
  holdSlot,
  payCheckout,
  type SitePatient,
  type Slot,
} from './site-api.ts';

// Many patients booking at once through nginx, as the booking screen does it: read the
// availability, hold a slot (create-session), pay at the hosted checkout. Patients come in pairs
// that race for the same slot in every round, so the load has distinct and colliding bookings.

/** One HTTP request of the load, as its client saw it. */
export type LoadRequest = {
  what: 'availability' | 'hold' | 'pay';
  patient: number;
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or 0 when the request itself failed (no answer). */
  status: number;
  /** A status the booking flow expects: 200, the checkout's 303, a lost race's 409. */
  expected: boolean;
  /** A payment's appointment. */
  appointmentId?: string;
};

/** A slot the API held for a patient (create-session answered 200), and its checkout. */
export type Hold = {
  patient: number;
  slot: Slot;
  appointmentId: string;
  sessionId: string;
  sessionUrl: string;
};

/** A slot a patient was told is theirs: the checkout answered 303. */
export type Booking = { patient: number; slot: Slot; appointmentId: string };

export type LoadResult = {
  requests: LoadRequest[];
  bookings: Booking[];
  /** Holds the API granted (200), whether or not their payment went through. */
  holds: Hold[];
};

const EXPECTED: Record<LoadRequest['what'], number[]> = {
  availability: [200],
  hold: [200, 409],
  pay: [303],
};

/**
 * Runs `rounds` bookings per patient, all patients at once. In round r, patient i and patient
 * i + n/2 both want slot (i mod n/2) + r·n/2: one of the two gets it, the other a 409.
 * `afterEachAttempt` is told how many attempts have finished (the test kills an instance there).
 */
export async function runBookingLoad({
  client,
  patients,
  doctorId,
  slots,
  rounds,
  afterEachAttempt,
}: {
  client: HttpsClient;
  patients: SitePatient[];
  doctorId: string;
  slots: Slot[];
  rounds: number;
  afterEachAttempt: (finished: number, total: number) => void | Promise<void>;
}): Promise<LoadResult> {
  const half = Math.ceil(patients.length / 2);
  if (slots.length < half * rounds) throw new Error(`The load needs ${half * rounds} free slots`);
  const result: LoadResult = { requests: [], bookings: [], holds: [] };
  const total = patients.length * rounds;
  let finished = 0;

  const timed = async (
    what: LoadRequest['what'],
    patient: number,
    send: () => Promise<Answer>,
    appointmentId?: string,
  ) => {
    const startedAt = Date.now();
    let answer: Answer | null = null;
    try {
      answer = await send();
    } catch {
      // No answer at all: counted as status 0, a failure.
    }
    const status = answer?.status ?? 0;
    result.requests.push({
      what,
      patient,
      startedAt,
      endedAt: Date.now(),
      status,
      expected: EXPECTED[what].includes(status),
      ...(appointmentId ? { appointmentId } : {}),
    });
    return answer;
  };

  const attempt = async (patient: number, slot: Slot) => {
    const { accessToken } = patients[patient]!;
    // The booking screen reads the days it shows first (a GET nginx may retry elsewhere).
    await timed('availability', patient, () =>
      client.call(availabilityPath(doctorId, 1, 2), { bearer: accessToken }),
    );
    const hold = await timed('hold', patient, () => holdSlot(client, accessToken, doctorId, slot));
    if (hold?.status !== 200) return;
    const { sessionId, sessionUrl, appointmentId } = hold.json<{
      data: { sessionId: string; sessionUrl: string; appointmentId: string };
    }>().data;
    result.holds.push({ patient, slot, appointmentId, sessionId, sessionUrl });
    const paid = await timed('pay', patient, () => payCheckout(client, sessionUrl), appointmentId);
    if (paid?.status === 303) result.bookings.push({ patient, slot, appointmentId });
  };

  await Promise.all(
    patients.map(async (_, patient) => {
      for (let round = 0; round < rounds; round += 1) {
        await attempt(patient, slots[(patient % half) + round * half]!);
        finished += 1;
        await afterEachAttempt(finished, total);
      }
    }),
  );
  return result;
}
