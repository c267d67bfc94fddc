import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, users } from '../src/db/schema.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { parseWeeklyHours } from '../src/modules/admin/weekly-hours.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';
import { totpAt, totpStep } from '../src/lib/totp.ts';

// Monday 2026-11-23 08:00 UTC.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let adminId: string;
let patient: { userId: string; token: string; email: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  adminId = await createAdminService(t.db, clock).createAdmin({
    email: `ops-${randomUUID()}@clinic.test`,
    password: 'Clinic-Ops-2026!',
    firstName: 'Olga',
    lastName: 'Ops',
  });
  patient = (await f.patients(1, { firstName: 'Maria', lastName: 'Ivanova' }))[0]!;
});
afterAll(() => t.close());

const call = async (
  userId: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: userId ? { authorization: `Bearer ${(await f.signIn(userId)).token}` } : {},
    ...(payload ? { payload } : {}),
  });

/** The code an authenticator app shows now for `secret` (or `steps` later). */
const codeFor = (secret: string, steps = 0) => totpAt(secret, totpStep(clock()) + steps);

const NEW_DOCTOR = {
  email: 'ivo.kolev@clinic.test',
  firstName: 'Ivo',
  lastName: 'Kolev',
  locale: 'bg',
  title: 'Dr.',
  specialties: ['cardiology'],
  languages: ['bg', 'en'],
  timeZone: 'Europe/Sofia',
  slotMinutes: 30,
  feeMinor: 8000,
};

describe('the clinic administration is for admins only', () => {
  it('answers patients and doctors 403, strangers 401, on every route', async () => {
    const some = randomUUID();
    for (const [method, url, body] of [
      ['GET', '/api/admin/doctors'],
      ['POST', '/api/admin/doctors', NEW_DOCTOR],
      ['PUT', `/api/admin/doctors/${some}`, NEW_DOCTOR],
      ['GET', `/api/admin/doctors/${some}`],
      ['POST', `/api/admin/doctors/${some}/invite`],
      ['POST', `/api/admin/doctors/${some}/deactivate`],
      ['POST', `/api/admin/doctors/${some}/reactivate`],
      ['GET', `/api/admin/doctors/${some}/schedule`],
      ['PUT', `/api/admin/doctors/${some}/schedule/weekly`, { ranges: [] }],
      [
        'POST',
        `/api/admin/doctors/${some}/schedule/exceptions`,
        { date: '2026-12-01', kind: 'off' },
      ],
      ['DELETE', `/api/admin/doctors/${some}/schedule/exceptions/${some}`],
      ['GET', '/api/admin/appointments'],
      ['GET', `/api/admin/appointments/${some}`],
      ['POST', `/api/admin/appointments/${some}/cancel`, { reason: 'The clinic is closed.' }],
      ['GET', `/api/admin/appointments/${some}/reassign-candidates`],
      ['POST', `/api/admin/appointments/${some}/reassign`, { doctorId: some }],
      ['POST', `/api/admin/payments/${some}/refund`],
      ['GET', '/api/admin/audit'],
    ] as const) {
      for (const who of [patient.userId, f.doctorId]) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'adminRequired' });
        expect(res.json()).not.toHaveProperty('data');
      }
      const anonymous = await call(null, method, url, body);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, code: 'authRequired' });
    }
  });
});

describe('doctors', () => {
  let ivoId: string;

  it('invites a doctor, who chooses a password and sets up two-factor sign-in through a single-use link, then signs in with both', async () => {
    const res = await call(adminId, 'POST', '/api/admin/doctors', NEW_DOCTOR);
    expect(res.statusCode).toBe(201);
    ivoId = res.json().data._id;
    expect(res.json().data).toMatchObject({ active: true, invited: true, feeMinor: 8000 });
    const [mail] = await t.mails('ivo.kolev@clinic.test');
    // In the doctor's language, with a link to the invitation page.
    expect(mail!.subject).toBe('Профилът ви във Vizita е готов: изберете парола');
    expect(mail!.text).toContain('http://vizita.test/accept-invite?token=');
    const token = await t.tokenFromMail('ivo.kolev@clinic.test', '/accept-invite');
    // Not signed in yet: the unusable password the invitation replaced opens nothing.
    const before = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'ivo.kolev@clinic.test', password: 'Kolev-Heart-2026!' },
    });
    expect(before.statusCode).toBe(401);
    const checkInvite = (value: string) =>
      t.app.inject({ method: 'POST', url: '/auth/accept-invite/check', payload: { token: value } });
    const check = await checkInvite(token);
    expect(check.json()).toEqual({
      success: true,
      data: { email: 'ivo.kolev@clinic.test', firstName: 'Ivo' },
    });
    // The reset screen is not a second way in with an invitation.
    const viaReset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, newPassword: 'Kolev-Heart-2026!' },
    });
    expect(viaReset.statusCode).toBe(400);
    // The second factor is set up with the invitation: its link proves the mailbox, so nobody
    // who later learns the password can enrol a phone of their own (issue #18).
    const enrol = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/accept-invite/two-factor',
        payload: { token: value },
      });
    const forged = await enrol('made-up-token');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ success: false, code: 'inviteTokenInvalid' });
    const enrolment = await enrol(token);
    expect(enrolment.statusCode, enrolment.body).toBe(200);
    const { secret, otpauthUri, qrSvg } = enrolment.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain('ivo.kolev%40clinic.test');
    expect(qrSvg).toMatch(/^<svg/);
    const accept = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/auth/accept-invite', payload: { token, ...payload } });
    const weak = await accept({ password: 'short', code: codeFor(secret) });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().success).toBe(false);
    const noCode = await accept({ password: 'Kolev-Heart-2026!' });
    expect(noCode.statusCode).toBe(400);
    // A wrong code spends nothing: the link and the secret still work.
    const wrongCode = await accept({ password: 'Kolev-Heart-2026!', code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ success: false, code: 'twoFactorCodeWrong' });
    expect((await checkInvite(token)).statusCode).toBe(200);
    const set = await accept({ password: 'Kolev-Heart-2026!', code: codeFor(secret) });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.email).toBe('ivo.kolev@clinic.test');
    const recoveryCodes = set.json().data.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const again = await accept({ password: 'Other-Heart-2026!', code: codeFor(secret, 1) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, code: 'inviteTokenInvalid' });
    expect((await checkInvite(token)).statusCode).toBe(400);
    // A spent link cannot replace the secret either.
    expect((await enrol(token)).statusCode).toBe(400);
    expect((await t.userByEmail('ivo.kolev@clinic.test'))!.emailValidatedAt).not.toBeNull();
    // The link is a credential: no request line logs it (the dev outbox prints its mails on
    // purpose), nor the password chosen with it.
    const requests = t.logs.filter((line) => line.includes('"url"')).join('\n');
    expect(requests).toContain('/auth/accept-invite');
    expect(requests).not.toContain(token);
    expect(t.logs.join('\n')).not.toContain('Kolev-Heart-2026!');
    expect((await call(adminId, 'GET', `/api/admin/doctors/${ivoId}`)).json().data.invited).toBe(
      false,
    );
    expect((await call(adminId, 'POST', `/api/admin/doctors/${ivoId}/invite`)).statusCode).toBe(
      409,
    );
    // Signing in asks for the password and then a code; the session is a full one at once.
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'ivo.kolev@clinic.test', password: 'Kolev-Heart-2026!' },
    });
    expect(login.statusCode).toBe(200);
    const { challenge } = login.json().data;
    expect(login.json().data).toMatchObject({ twoFactorRequired: true });
    clock.advance(30_000);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login/two-factor',
      payload: { challenge, code: codeFor(secret) },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ twoFactor: 'on', userType: 'doctor' });
    const devices = await t.app.inject({
      method: 'GET',
      url: '/auth/sessions',
      headers: { authorization: `Bearer ${signedIn.json().data.accessToken}` },
    });
    expect(devices.statusCode).toBe(200);
    expect((await call(adminId, 'POST', '/api/admin/doctors', NEW_DOCTOR)).statusCode).toBe(409);
  });

  it('leaves an invited account alone when someone registers its address', async () => {
    const email = 'mila.dimova@clinic.test';
    await call(adminId, 'POST', '/api/admin/doctors', {
      ...NEW_DOCTOR,
      email,
      firstName: 'Mila',
      lastName: 'Dimova',
    });
    const token = await t.tokenFromMail(email, '/accept-invite');
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/auth/register-minimal',
      payload: {
        firstName: 'Visit http://evil.example/claim',
        lastName: 'now',
        email,
        password: 'Stranger-2026!',
        termsAccepted: true,
      },
    });
    expect(stranger.statusCode).toBe(201);
    // Neither the name patients see nor the password changed, and the invitation still works.
    expect(await t.userByEmail(email)).toMatchObject({ firstName: 'Mila', emailValidatedAt: null });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email, password: 'Stranger-2026!' },
        })
      ).statusCode,
    ).toBe(401);
    const { secret } = (
      await t.app.inject({
        method: 'POST',
        url: '/auth/accept-invite/two-factor',
        payload: { token },
      })
    ).json().data;
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/auth/accept-invite',
      payload: { token, password: 'Dimova-Heart-2026!', code: codeFor(secret) },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses an expired invitation; a new one replaces it', async () => {
    const email = 'anna.berg@clinic.test';
    const res = await call(adminId, 'POST', '/api/admin/doctors', {
      ...NEW_DOCTOR,
      email,
      firstName: 'Anna',
      lastName: 'Berg',
      locale: 'de',
    });
    const annaId = res.json().data._id as string;
    expect((await t.mails(email))[0]!.subject).toBe(
      'Ihr Vizita-Konto ist bereit: Passwort festlegen',
    );
    const old = await t.tokenFromMail(email, '/accept-invite');
    clock.advance(7 * 24 * 60 * 60_000 + 60_000);
    try {
      const expired = await t.app.inject({
        method: 'POST',
        url: '/auth/accept-invite',
        payload: { token: old, password: 'Berg-Heart-2026!', code: '123456' },
      });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ success: false, code: 'inviteTokenExpired' });
      const checked = await t.app.inject({
        method: 'POST',
        url: '/auth/accept-invite/check',
        payload: { token: old },
      });
      expect(checked.statusCode).toBe(410);
      const resent = await call(adminId, 'POST', `/api/admin/doctors/${annaId}/invite`);
      expect(resent.statusCode).toBe(200);
      const fresh = await t.tokenFromMail(email, '/accept-invite');
      expect(fresh).not.toBe(old);
      const { secret } = (
        await t.app.inject({
          method: 'POST',
          url: '/auth/accept-invite/two-factor',
          payload: { token: fresh },
        })
      ).json().data;
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/auth/accept-invite',
        payload: { token: fresh, password: 'Berg-Heart-2026!', code: codeFor(secret) },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    } finally {
      clock.advance(-(7 * 24 * 60 * 60_000 + 60_000));
    }
    for (const token of ['', 'x'.repeat(300)])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/auth/accept-invite',
            payload: { token, password: 'Berg-Heart-2026!', code: '123456' },
          })
        ).statusCode,
      ).toBe(400);
  });

  it('answers unknown or malformed doctor ids 404 and 400, never 500', async () => {
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/deactivate'],
      ['POST', '/invite'],
      ['GET', '/schedule'],
    ] as const) {
      const unknown = await call(adminId, method, `/api/admin/doctors/${randomUUID()}${path}`);
      expect(unknown.statusCode, `${method} ${path}`).toBe(404);
      expect(unknown.json().success).toBe(false);
      const malformed = await call(adminId, method, `/api/admin/doctors/not-an-id${path}`);
      expect(malformed.statusCode, `${method} ${path}`).toBe(400);
    }
    for (const [method, url, body] of [
      ['PUT', `/api/admin/doctors/${randomUUID()}`, NEW_DOCTOR],
      ['PUT', `/api/admin/doctors/not-an-id`, NEW_DOCTOR],
      ['POST', '/api/admin/doctors', { ...NEW_DOCTOR, email: 'not-an-email' }],
      ['POST', '/api/admin/doctors', { ...NEW_DOCTOR, timeZone: 'Mars/Olympus' }],
      ['POST', '/api/admin/doctors', { ...NEW_DOCTOR, feeMinor: -1 }],
      ['POST', '/api/admin/doctors', { ...NEW_DOCTOR, languages: [] }],
      ['POST', '/api/admin/payments/not-an-id/refund'],
      ['POST', '/api/admin/appointments/not-an-id/cancel', { reason: 'The clinic is closed.' }],
      [
        'POST',
        `/api/admin/appointments/${randomUUID()}/cancel`,
        { reason: 'The clinic is closed.' },
      ],
    ] as const) {
      const res = await call(adminId, method, url, body);
      expect([400, 404], `${method} ${url}`).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
    // A patient's id is not a doctor's.
    expect((await call(adminId, 'GET', `/api/admin/doctors/${patient.userId}`)).statusCode).toBe(
      404,
    );
  });

  it('edits the profile and the fee, and sets hours for the doctor', async () => {
    const res = await call(adminId, 'PUT', `/api/admin/doctors/${ivoId}`, {
      ...NEW_DOCTOR,
      feeMinor: 9000,
      specialties: ['cardiology', 'internal-medicine'],
    });
    expect(res.json().data).toMatchObject({
      feeMinor: 9000,
      specialties: ['cardiology', 'internal-medicine'],
    });
    const hours = await call(adminId, 'PUT', `/api/admin/doctors/${ivoId}/schedule/weekly`, {
      ranges: [{ weekday: 2, start: '09:00', end: '11:00' }],
    });
    expect(hours.statusCode).toBe(200);
    expect(
      await t.app
        .inject(`/api/availability?doctorId=${ivoId}&date=2026-11-24`)
        .then((r) => r.json().data[0].slots),
    ).toEqual(['09:00', '09:30', '10:00', '10:30']);
    const off = await call(adminId, 'POST', `/api/admin/doctors/${ivoId}/schedule/exceptions`, {
      date: '2026-11-24',
      kind: 'off',
    });
    expect(off.statusCode).toBe(200);
    expect(
      await t.app
        .inject(`/api/availability?doctorId=${ivoId}&date=2026-11-24`)
        .then((r) => r.json().data[0]?.slots ?? []),
    ).toEqual([]);
    const schedule = await call(adminId, 'GET', `/api/admin/doctors/${ivoId}/schedule`);
    const exceptionId = schedule.json().data.exceptions[0]._id as string;
    expect(
      (
        await call(
          adminId,
          'DELETE',
          `/api/admin/doctors/${ivoId}/schedule/exceptions/${exceptionId}`,
        )
      ).statusCode,
    ).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'schedule.time_off_added'));
    expect(entry!.userId).toBe(adminId);
    expect(
      (
        await call(adminId, 'PUT', `/api/admin/doctors/${ivoId}`, {
          ...NEW_DOCTOR,
          specialties: ['Heart'],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('deactivates a doctor: no sign-in, no sessions, no slots; reactivates', async () => {
    const session = await f.signIn(ivoId);
    const res = await call(adminId, 'POST', `/api/admin/doctors/${ivoId}/deactivate`);
    expect(res.json().data).toMatchObject({ doctor: { active: false }, upcoming: [] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'ivo.kolev@clinic.test', password: 'Kolev-Heart-2026!' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('invalidCredentials');
    const stale = await t.app.inject({
      url: '/api/doctor/schedule',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(stale.statusCode).toBe(401);
    expect(
      (await t.app.inject(`/api/availability?doctorId=${ivoId}&date=2026-11-24`)).statusCode,
    ).toBe(404);
    await call(adminId, 'POST', `/api/admin/doctors/${ivoId}/reactivate`);
    expect(
      (await t.app.inject(`/api/availability?doctorId=${ivoId}&date=2026-11-24`)).statusCode,
    ).toBe(200);
  });
});

describe('appointments, payments and the audit log', () => {
  let appointmentId: string;
  let paymentId: string;

  it('finds appointments by patient, doctor, dates and status', async () => {
    appointmentId = (await f.bookPaid(patient.token, '2026-11-25', '10:00')).appointmentId;
    const byPatient = await call(adminId, 'GET', '/api/admin/appointments?patient=ivanova');
    expect(byPatient.json().data).toMatchObject({
      total: 1,
      items: [{ _id: appointmentId, status: 'upcoming' }],
    });
    paymentId = byPatient.json().data.items[0].payment._id;
    expect(
      (
        await call(
          adminId,
          'GET',
          '/api/admin/appointments?doctor=petrova&from=2026-11-25&to=2026-11-25',
        )
      ).json().data.total,
    ).toBe(1);
    expect(
      (await call(adminId, 'GET', '/api/admin/appointments?status=cancelled')).json().data.total,
    ).toBe(0);
    for (const bad of ['from=2026-02-30', 'status=lost', 'page=0', 'page=x', 'doctorId=nope'])
      expect((await call(adminId, 'GET', `/api/admin/appointments?${bad}`)).statusCode, bad).toBe(
        400,
      );
  });

  it('opens one appointment with its payment, and never its medical reason', async () => {
    const res = await call(adminId, 'GET', `/api/admin/appointments/${appointmentId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: appointmentId,
      status: 'upcoming',
      patient: { name: 'Maria Ivanova', email: patient.email },
      doctor: { _id: f.doctorId },
      payment: { _id: paymentId, status: 'completed', refundedAt: null },
      cancellationReason: null,
    });
    expect(res.json().data).not.toHaveProperty('reason');
    expect(
      (await call(adminId, 'GET', `/api/admin/appointments/${randomUUID()}`)).json(),
    ).toMatchObject({ success: false, code: 'appointmentNotFound' });
    expect((await call(adminId, 'GET', '/api/admin/appointments/42')).statusCode).toBe(400);
  });

  it('cancels for the clinic with a full refund, told to both, audited with the admin', async () => {
    const res = await call(adminId, 'POST', `/api/admin/appointments/${appointmentId}/cancel`, {
      reason: 'The clinic is closed that day.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refund).toBe('refunded');
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.status).toBe('refunded');
    const own = await t.app.inject({
      url: `/api/appointments/${appointmentId}`,
      headers: { authorization: `Bearer ${(await f.signIn(patient.userId)).token}` },
    });
    expect(own.json().data).toMatchObject({ status: 'cancelled', cancelledBy: 'clinic' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'appointment.cancelled'));
    expect(entry).toMatchObject({ userId: adminId, meta: { by: 'clinic', refundDue: true } });
    const [adminEntry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'admin.appointment_cancelled'));
    expect(adminEntry).toMatchObject({
      userId: adminId,
      subjectUserId: patient.userId,
      meta: { appointmentId, refund: 'refunded' },
    });
    await t.app.backgroundWork.tick();
    const told = (await t.mails(patient.email)).filter((m) => /cancel/i.test(m.subject));
    expect(told.length).toBeGreaterThan(0);
    expect(told.some((m) => m.text.includes('The clinic is closed that day.'))).toBe(true);
    expect(
      (await call(adminId, 'GET', `/api/admin/appointments/${appointmentId}`)).json().data,
    ).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'clinic',
      cancellationReason: 'The clinic is closed that day.',
      payment: { status: 'refunded' },
    });
    expect(
      (
        await call(adminId, 'POST', `/api/admin/appointments/${appointmentId}/cancel`, {
          reason: 'short',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(adminId, 'POST', `/api/admin/appointments/${appointmentId}/cancel`, {
          reason: 'Again, twice over.',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('refunds a payment in full once, however often asked', async () => {
    const { appointmentId: other } = await f.bookPaid(patient.token, '2026-11-26', '10:00');
    const [payment] = await t.db.select().from(payments).where(eq(payments.appointmentId, other));
    const first = await call(adminId, 'POST', `/api/admin/payments/${payment!.id}/refund`);
    const second = await call(adminId, 'POST', `/api/admin/payments/${payment!.id}/refund`);
    expect(first.json().data.status).toBe('refunded');
    expect(second.json().data.status).toBe('refunded');
    const refunds = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'admin.payment_refunded'));
    expect(refunds).toHaveLength(1);
    expect(
      (await call(adminId, 'POST', `/api/admin/payments/${randomUUID()}/refund`)).statusCode,
    ).toBe(404);
  });

  it('shows the audit log, filtered, newest first, read-only', async () => {
    const byName = await call(adminId, 'GET', '/api/admin/audit?actor=olga%20ops&action=admin.');
    expect(byName.json().data.total).toBeGreaterThan(0);
    expect(
      byName
        .json()
        .data.items.every(
          (e: { event: string; actor: { _id: string } }) =>
            e.actor._id === adminId && e.event.startsWith('admin.'),
        ),
    ).toBe(true);
    expect((await call(adminId, 'GET', '/api/admin/audit?from=2026-13-01')).statusCode).toBe(400);
    const res = await call(adminId, 'GET', `/api/admin/audit?actor=${adminId}`);
    const events = res.json().data.items.map((e: { event: string }) => e.event);
    expect(events).toContain('admin.doctor_invited');
    expect(events).toContain('admin.doctor_deactivated');
    expect(
      res.json().data.items.every((e: { actor: { _id: string } }) => e.actor._id === adminId),
    ).toBe(true);
    const subject = await call(
      adminId,
      'GET',
      `/api/admin/audit?subject=${patient.userId}&action=cancelled`,
    );
    const items = subject.json().data.items as { event: string; subject: { name: string } }[];
    expect(items.map((e) => e.event).sort()).toEqual([
      'admin.appointment_cancelled',
      'appointment.cancelled',
    ]);
    expect(items.every((e) => e.subject.name === 'Maria Ivanova')).toBe(true);
    expect((await call(adminId, 'POST', '/api/admin/audit')).statusCode).toBe(404);
    const [admin] = await t.db.select().from(users).where(eq(users.id, adminId));
    expect(admin!.isAdmin).toBe(true);
  });
});

describe("a deactivation lists the doctor's upcoming appointments to cancel", () => {
  it('answers them, soonest first, and the admin cancels each with a refund', async () => {
    const { appointmentId } = await f.bookPaid(patient.token, '2026-11-27', '11:00');
    const res = await call(adminId, 'POST', `/api/admin/doctors/${f.doctorId}/deactivate`);
    expect(res.statusCode).toBe(200);
    // Twice is once: the same answer, one audit entry (checked below).
    const again = await call(adminId, 'POST', `/api/admin/doctors/${f.doctorId}/deactivate`);
    expect(again.json().data).toEqual(res.json().data);
    const upcoming = res.json().data.upcoming as { _id: string; startsAt: string }[];
    expect(upcoming.map((a) => a._id)).toContain(appointmentId);
    expect([...upcoming].sort((a, b) => a.startsAt.localeCompare(b.startsAt))).toEqual(upcoming);
    const listed = await call(
      adminId,
      'GET',
      `/api/admin/appointments?doctorId=${f.doctorId}&status=upcoming`,
    );
    expect(listed.json().data.total).toBe(upcoming.length);
    for (const a of upcoming) {
      const cancelled = await call(adminId, 'POST', `/api/admin/appointments/${a._id}/cancel`, {
        reason: 'Your doctor no longer works with the clinic.',
      });
      expect(cancelled.statusCode).toBe(200);
      // One of them was refunded already (above); the one booked here is refunded now.
      if (a._id === appointmentId) expect(cancelled.json().data.refund).toBe('refunded');
    }
    await call(adminId, 'POST', `/api/admin/doctors/${f.doctorId}/reactivate`);
    const events = (
      await call(adminId, 'GET', `/api/admin/audit?subject=${f.doctorId}&action=admin.doctor`)
    )
      .json()
      .data.items.map((e: { event: string }) => e.event);
    expect(events).toEqual(['admin.doctor_reactivated', 'admin.doctor_deactivated']);
  });
});

describe('giving an appointment to another doctor at the same time', () => {
  const ics = (mail: { attachments: { content: string }[] }) =>
    (mail.attachments[0]?.content ?? '').replace(/\r\n /g, '');
  const annaEmail = `berg-${randomUUID()}@clinic.test`;
  let anna: string;
  let saturdays: string;

  beforeAll(async () => {
    const doctors = createAdminService(t.db);
    // Free at 09:00 Berlin on Mondays, which is 10:00 in Sofia: Dr. Petrova's slot below.
    anna = await doctors.createDoctor({
      email: annaEmail,
      password: 'Doctor-2026!',
      firstName: 'Anna',
      lastName: 'Berg',
      specialties: ['general-practice'],
      timeZone: 'Europe/Berlin',
      slotMinutes: 30,
      weekly: parseWeeklyHours('Mon-Fri 08:00-16:00'),
    });
    saturdays = await doctors.createDoctor({
      email: `sat-${randomUUID()}@clinic.test`,
      password: 'Doctor-2026!',
      firstName: 'Sam',
      lastName: 'Saturday',
      specialties: ['general-practice'],
      timeZone: 'Europe/Sofia',
      slotMinutes: 30,
      weekly: parseWeeklyHours('Sat 09:00-12:00'),
    });
  });

  it('moves it to a doctor free then: same time and payment, all three told, audited', async () => {
    const { appointmentId } = await f.bookPaid(patient.token, '2026-11-30', '10:00');
    const candidates = await call(
      adminId,
      'GET',
      `/api/admin/appointments/${appointmentId}/reassign-candidates`,
    );
    const ids = (candidates.json().data as { _id: string }[]).map((d) => d._id);
    expect(ids).toContain(anna);
    expect(ids).not.toContain(saturdays);
    expect(ids).not.toContain(f.doctorId);

    const refused = await call(
      adminId,
      'POST',
      `/api/admin/appointments/${appointmentId}/reassign`,
      {
        doctorId: saturdays,
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'doctorNotFreeThen' });

    const moved = await call(adminId, 'POST', `/api/admin/appointments/${appointmentId}/reassign`, {
      doctorId: anna,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      status: 'upcoming',
      startsAt: '2026-11-30T08:00:00.000Z',
      doctor: { _id: anna },
      payment: { status: 'completed' },
    });
    // The patient sees the new doctor; the old one no longer sees the appointment at all.
    const asPatient = await t.app.inject({
      url: `/api/appointments/${appointmentId}`,
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(asPatient.json().data).toMatchObject({
      doctorId: { _id: anna },
      date: '2026-11-30',
      slot: '09:00',
      timeZone: 'Europe/Berlin',
    });
    const asOld = await call(f.doctorId, 'GET', `/api/appointments/${appointmentId}`);
    expect(asOld.statusCode).toBe(404);
    expect((await call(anna, 'GET', `/api/appointments/${appointmentId}`)).statusCode).toBe(200);
    // Dr. Petrova's 10:00 is free again.
    expect(await f.freeSlots('2026-11-30')).toContain('10:00');

    const [toPatient] = (await t.mails(patient.email)).filter((m) =>
      m.subject.includes('now with another doctor'),
    );
    expect(toPatient!.text).toContain('Anna Berg');
    const [toAnna] = (await t.mails(annaEmail)).filter((m) =>
      m.subject.startsWith('Assigned to you: consultation with Maria Ivanova'),
    );
    expect(toAnna!.text).toContain('9:00 AM');
    expect(ics(toAnna!)).toContain('METHOD:REQUEST');
    const [toPetrova] = (await t.mails(f.doctorEmail)).filter((m) =>
      m.subject.startsWith('Given to a colleague: consultation with Maria Ivanova'),
    );
    // On her own clock, and the entry leaves her calendar.
    expect(toPetrova!.text).toContain('10:00 AM');
    expect(ics(toPetrova!)).toContain('METHOD:CANCEL');

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'admin.appointment_reassigned'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: adminId,
      subjectUserId: patient.userId,
      meta: { appointmentId, from: f.doctorId, to: anna },
    });
    // Twice is once: no second move, mail or entry.
    const again = await call(adminId, 'POST', `/api/admin/appointments/${appointmentId}/reassign`, {
      doctorId: anna,
    });
    expect(again.statusCode).toBe(200);
    expect(
      await t.db.select().from(auditLog).where(eq(auditLog.event, 'admin.appointment_reassigned')),
    ).toHaveLength(1);
  });

  it('refuses once the call has opened, and answers unknown or malformed input without a 500', async () => {
    // Monday 08:00 UTC: Sofia's 10:30 is 08:30 UTC, whose call opens at 08:15.
    const { appointmentId } = await f.bookPaid(patient.token, '2026-11-23', '10:30');
    clock.advance(20 * 60_000);
    try {
      const late = await call(
        adminId,
        'POST',
        `/api/admin/appointments/${appointmentId}/reassign`,
        {
          doctorId: anna,
        },
      );
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ success: false, code: 'reassignTooLate' });
      const none = await call(
        adminId,
        'GET',
        `/api/admin/appointments/${appointmentId}/reassign-candidates`,
      );
      expect(none.json().data).toEqual([]);
    } finally {
      clock.advance(-20 * 60_000);
    }
    for (const [url, body, status] of [
      [`/api/admin/appointments/${randomUUID()}/reassign`, { doctorId: anna }, 404],
      ['/api/admin/appointments/nope/reassign', { doctorId: anna }, 400],
      [`/api/admin/appointments/${appointmentId}/reassign`, { doctorId: 'nope' }, 400],
      [`/api/admin/appointments/${appointmentId}/reassign`, {}, 400],
      [`/api/admin/appointments/${appointmentId}/reassign`, { doctorId: randomUUID() }, 409],
      [`/api/admin/appointments/${appointmentId}/reassign`, { doctorId: patient.userId }, 409],
    ] as const) {
      const res = await call(adminId, 'POST', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(res.json().success).toBe(false);
    }
  });
});
