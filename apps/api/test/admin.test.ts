import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DOCTOR_PASSWORD, seedDemoDoctors } from '../src/modules/admin/demo-doctors.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe('demo doctors', () => {
  it('are seeded once, in Sofia and Berlin, and can sign in without e-mail validation', async () => {
    const admin = createAdminService(t.db);
    const first = await seedDemoDoctors(t.db, admin);
    expect(first.length).toBeGreaterThanOrEqual(4);
    expect(new Set(first.map((d) => d.timeZone))).toEqual(
      new Set(['Europe/Sofia', 'Europe/Berlin']),
    );
    expect(await seedDemoDoctors(t.db, admin)).toEqual([]);
    expect((await admin.listDoctors()).length).toBe(first.length);

    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: first[0]!.email, password: DEMO_DOCTOR_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ userType: 'doctor', isAdmin: false });
  });
});

describe('admin service', () => {
  it('refuses duplicates, weak passwords and unknown time zones with readable errors', async () => {
    const admin = createAdminService(t.db);
    const doctor = {
      email: 'dup@clinic.test',
      password: 'Clinic-2026!',
      firstName: 'Ivo',
      lastName: 'Kolev',
      specialties: ['ent'],
      timeZone: 'Europe/Sofia',
      slotMinutes: 30,
      weekly: [{ weekday: 1, start: '09:00', end: '10:00' }],
    };
    await admin.createDoctor(doctor);
    await expect(admin.createDoctor(doctor)).rejects.toThrow(/already exists/);
    await expect(
      admin.createDoctor({ ...doctor, email: 'weak@clinic.test', password: 'weak' }),
    ).rejects.toThrow(/policy/);
    await expect(
      admin.createDoctor({ ...doctor, email: 'tz@clinic.test', timeZone: 'Mars/Base' }),
    ).rejects.toThrow(/time zone/);
    await expect(
      admin.addException('nobody@clinic.test', { date: '2026-12-24', kind: 'off' }),
    ).rejects.toThrow(/No doctor/);
  });

  it('creates an admin whose session says isAdmin', async () => {
    const admin = createAdminService(t.db);
    await admin.createAdmin({
      email: 'ops@clinic.test',
      password: 'Clinic-Ops-2026!',
      firstName: 'Ops',
      lastName: 'Team',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'ops@clinic.test', password: 'Clinic-Ops-2026!' },
    });
    expect(login.json().data).toMatchObject({ isAdmin: true });
  });
});
