import { randomUUID } from 'node:crypto';
import { VIDEO_CONSENT_VERSION } from '@vizita/shared/contracts/meeting-preflight';
import { appointments, consents, sessions, users } from '../src/db/schema.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { parseWeeklyHours } from '../src/modules/admin/weekly-hours.ts';
import { createAccessTokens } from '../src/modules/auth/access-token.ts';
import { BULGARIAN_PROFILE, signUp, type TestApp } from './test-app.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';

/**
 * A doctor (Dr. Elena Petrova, Sofia, Mon–Fri 09:00–17:00, 30-minute slots) and the calls a
 * patient makes to book and pay, through the real routes. Patients are made directly in the
 * database (complete profiles, live sessions): a race needs hundreds.
 */
// Whole seconds apart across every fixture of a process, so no two appointments written by
// `appointmentIn` share a doctor's slot (the partial unique index).
let appointmentSeq = 0;

/** A fixture's caller (`f.caller(userId)`): its token is fresh at every read. */
export type FixtureCaller = { userId: string; readonly token: Promise<string> };

export async function createBookingFixture(t: TestApp) {
  const tokens = createAccessTokens(TEST_JWT_SECRET, t.clock);
  const doctorEmail = `petrova-${randomUUID()}@vizita.test`;
  const doctorId = await createAdminService(t.db).createDoctor({
    email: doctorEmail,
    password: 'Doctor-2026!',
    firstName: 'Elena',
    lastName: 'Petrova',
    specialties: ['cardiology'],
    timeZone: 'Europe/Sofia',
    slotMinutes: 30,
    weekly: parseWeeklyHours('Mon-Fri 09:00-17:00'),
  });

  /** A live session and an access token for a user (tokens last 15 minutes of the test clock). */
  async function signIn(userId: string) {
    const [session] = await t.db
      .insert(sessions)
      .values({ userId, expiresAt: new Date(t.clock().getTime() + 30 * 86_400_000) })
      .returning({ id: sessions.id });
    return {
      userId,
      sessionId: session!.id,
      token: await tokens.sign({ userId, sessionId: session!.id }),
    };
  }

  async function patients(count: number, over: Partial<typeof users.$inferInsert> = {}) {
    const rows = await t.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `patient-${randomUUID()}-${i}@example.bg`,
          passwordHash: 'unused',
          firstName: 'Race',
          lastName: `Patient${i}`,
          emailValidatedAt: t.clock(),
          isProfileComplete: true,
          ...over,
        })),
      )
      .returning({ id: users.id, email: users.email });
    return Promise.all(rows.map(async (r) => ({ ...(await signIn(r.id)), email: r.email })));
  }

  /** POST create-session; `language` is the interface's, as the web client sends it. */
  const book = (token: string, body: Record<string, unknown>, language?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/create-session',
      headers: {
        authorization: `Bearer ${token}`,
        ...(language ? { 'accept-language': language } : {}),
      },
      payload: { doctorId, country: 'Bulgaria', ...body },
    });

  const pay = (sessionId: string, number = '4242 4242 4242 4242') =>
    t.app.inject({
      method: 'POST',
      url: `/checkout/${sessionId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        number,
        expiry: '12/30',
        cvc: '123',
        name: 'Race Patient',
      }).toString(),
    });

  /** Books and pays a slot; answers the upcoming appointment's id and the checkout session. */
  async function bookPaid(token: string, date: string, slot: string, language?: string) {
    const res = await book(token, { date, slot }, language);
    if (res.statusCode !== 200) throw new Error(`booking failed: ${res.body}`);
    const { appointmentId, sessionId } = res.json<{
      data: { appointmentId: string; sessionId: string };
    }>().data;
    const paid = await pay(sessionId);
    if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.statusCode}`);
    return { appointmentId, sessionId };
  }

  const freeSlots = async (date: string) =>
    (await t.app.inject(`/api/availability?doctorId=${doctorId}&date=${date}`)).json<{
      data: { slots: string[] }[];
    }>().data[0]?.slots ?? [];

  /**
   * The people the role tests try next to Dr. Petrova: another doctor (Dr. Jonas Weber, Berlin,
   * Mon–Fri 09:00–17:00) and a clinic admin.
   */
  async function otherStaff() {
    const admin = createAdminService(t.db);
    const otherDoctorId = await admin.createDoctor({
      email: `weber-${randomUUID()}@vizita.test`,
      password: 'Doctor-2026!',
      firstName: 'Jonas',
      lastName: 'Weber',
      specialties: ['cardiology'],
      timeZone: 'Europe/Berlin',
      slotMinutes: 30,
      weekly: parseWeeklyHours('Mon-Fri 09:00-17:00'),
    });
    const adminId = await admin.createAdmin({
      email: `ops-${randomUUID()}@vizita.test`,
      password: 'Clinic-Ops-2026!',
      firstName: 'Ops',
      lastName: 'Team',
    });
    return { otherDoctorId, adminId };
  }

  /** The patient's consent to the video service, as the device check records it. */
  async function giveVideoConsent(userId: string) {
    await t.db.insert(consents).values({
      userId,
      document: 'video',
      version: VIDEO_CONSENT_VERSION,
      acceptedAt: t.clock(),
      context: 'meeting',
    });
  }

  /**
   * An upcoming appointment of Dr. Petrova's with a new patient, `startsIn` ms from the test
   * clock, written straight to the database: a consultation as if booked and paid, where the test
   * is about the call, not the booking — so the patient has also given the video consent of the
   * device check, unless `videoConsent` is false.
   */
  async function appointmentIn(
    startsIn: number,
    over: Partial<typeof appointments.$inferInsert> = {},
    { videoConsent = true }: { videoConsent?: boolean } = {},
  ) {
    const [patient] = await patients(1);
    if (videoConsent) await giveVideoConsent(patient!.userId);
    const startsAt = new Date(t.clock().getTime() + startsIn + (appointmentSeq += 1) * 1000);
    const [row] = await t.db
      .insert(appointments)
      .values({
        patientId: patient!.userId,
        doctorId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        timeZone: 'Europe/Sofia',
        status: 'upcoming',
        plan: 'consultation',
        priceMinor: 6000,
        currency: 'BGN',
        ...over,
      })
      .returning();
    return { id: row!.id, startsAt, patient: patient! };
  }

  /**
   * Someone who calls the API with a token made afresh for every request: an access token lives
   * 15 minutes of the test clock, which the tests move by days.
   */
  const caller = (userId: string): FixtureCaller => ({
    userId,
    get token() {
      return signIn(userId).then((s) => s.token);
    },
  });

  /** A call to the API as `who` (signed out: null), with a fresh token. */
  async function as(
    who: FixtureCaller | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({
      method,
      url,
      headers: { ...headers, ...(who ? { authorization: `Bearer ${await who.token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  }

  /**
   * A patient registered through the real routes with a complete Bulgarian profile (Maria
   * Ivanova, born 1990-04-12): whom a document prints, by name, birth date and insurance.
   */
  async function patientWithProfile() {
    const maria = await signUp(t);
    const completed = await t.app.inject({
      method: 'PUT',
      url: '/auth/complete-profile',
      headers: { authorization: `Bearer ${maria.accessToken}` },
      payload: BULGARIAN_PROFILE,
    });
    if (completed.statusCode !== 200) throw new Error(`profile failed: ${completed.body}`);
    return Object.assign(caller(maria.userId), { email: maria.email });
  }

  /**
   * The clinic sets Dr. Petrova's follow-up or prescription fee through the admin's doctor form,
   * keeping everything else; answers the form's answer.
   */
  async function setDoctorFees(
    admin: FixtureCaller,
    fees: { followUpFeeMinor?: number | null; prescriptionFeeMinor?: number | null },
  ) {
    const current = (await as(admin, 'GET', `/api/admin/doctors/${doctorId}`)).json<{
      data: {
        title: string;
        specialties: string[];
        timeZone: string;
        slotMinutes: number;
        feeMinor: number;
      };
    }>().data;
    return as(admin, 'PUT', `/api/admin/doctors/${doctorId}`, {
      title: current.title,
      specialties: current.specialties,
      // The command line made the doctor without languages; the form needs one.
      languages: ['bg'],
      timeZone: current.timeZone,
      slotMinutes: current.slotMinutes,
      feeMinor: current.feeMinor,
      ...fees,
    });
  }

  return {
    doctorId,
    doctorEmail,
    as,
    patientWithProfile,
    setDoctorFees,
    signIn,
    caller,
    patients,
    book,
    pay,
    bookPaid,
    freeSlots,
    otherStaff,
    giveVideoConsent,
    appointmentIn,
  };
}
