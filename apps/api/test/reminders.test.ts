import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client.ts';
import { createHealthText } from '../src/modules/appointments/health-text.ts';
import { createFieldEncryption } from '../src/lib/field-encryption.ts';
import { createAppointmentMails } from '../src/modules/appointments/appointment-mails.ts';
import { createJobWorker } from '../src/modules/jobs/queue.ts';
import type { Mailer, MailMessage } from '../src/modules/mail/mailer.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, TEST_ENCRYPTION_KEY, testClock, type TestApp } from './test-app.ts';

// Monday 2026-11-23, 08:00 UTC. The appointment: Thursday 2026-11-26 10:00 Sofia = 08:00Z.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const START = Date.parse('2026-11-26T08:00:00Z');
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;

/**
 * Two more "instances": each its own connection pool and job worker on the same database, with a
 * mailer that takes its time, so both workers are busy at once and any double claim would show.
 */
const sent: { instance: number; message: MailMessage }[] = [];
const pools: Database[] = [];
const instances: ReturnType<typeof createJobWorker>[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  for (const instance of [1, 2]) {
    const database = createDatabase(t.databaseUrl, { max: 4 });
    pools.push(database);
    const jobs = createJobWorker({ db: database.db, clock, log: { error: () => {} } });
    const mailer: Mailer = {
      kind: 'smtp',
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        sent.push({ instance, message });
      },
    };
    createAppointmentMails({
      db: database.db,
      mailer,
      clock,
      appUrl: 'http://vizita.test',
      jobs,
      // Reminders never carry a summary.
      readSummary: () => Promise.resolve(null),
      healthText: createHealthText(createFieldEncryption(TEST_ENCRYPTION_KEY)),
    });
    instances.push(jobs);
  }
});
afterAll(async () => {
  for (const database of pools) await database.close();
  await t.close();
});

const runBothInstances = () => Promise.all(instances.map((jobs) => jobs.runDue()));
const reminders = (to: string) =>
  sent.filter(
    (s) => s.message.to === to && /Reminder|15 minutes|Напомняне|15 минути/.test(s.message.subject),
  );

describe('reminders', () => {
  it('sends each reminder once, in the patient’s language, with two instances running', async () => {
    const [p] = await f.patients(1, { locale: 'bg' });
    const { appointmentId } = await f.bookPaid(p!.token, '2026-11-26', '10:00');

    await runBothInstances();
    expect(reminders(p!.email)).toHaveLength(0); // nothing is due yet

    clock.advance(START - 24 * 3_600_000 - clock().getTime());
    await Promise.all([runBothInstances(), runBothInstances()]);
    expect(reminders(p!.email).map((s) => s.message.subject)).toEqual([
      'Напомняне: видеоконсултацията ви е утре',
    ]);
    const [dayBefore] = reminders(p!.email);
    expect(dayBefore!.message.text).toContain(
      `http://vizita.test/dashboard/meeting/${appointmentId}`,
    );

    clock.advance(START - 15 * 60_000 - clock().getTime());
    await Promise.all([runBothInstances(), runBothInstances()]);
    expect(reminders(p!.email).map((s) => s.message.subject)).toEqual([
      'Напомняне: видеоконсултацията ви е утре',
      'Видеоконсултацията ви започва след 15 минути',
    ]);
    // Both instances did work over the run; neither sent what the other had sent.
    await runBothInstances();
    expect(reminders(p!.email)).toHaveLength(2);
  });

  it('reminds of the new time after a reschedule, and never of the old one or a cancelled one', async () => {
    const [p, q] = await f.patients(2);
    // Booked on Thursday 07:45Z for Monday 2026-11-30.
    const moved = await f.bookPaid(p!.token, '2026-11-30', '11:00');
    const cancelled = await f.bookPaid(q!.token, '2026-11-30', '11:30');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${moved.appointmentId}/reschedule`,
      headers: { authorization: `Bearer ${p!.token}` },
      payload: { newDate: '2026-12-01T00:00:00.000Z', newSlot: '11:00' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${cancelled.appointmentId}/cancel`,
      headers: { authorization: `Bearer ${q!.token}` },
      payload: { reason: 'Cannot make it, sorry.' },
    });

    // The old day-before time (Sunday 09:00Z) passes: nothing for either patient.
    clock.advance(Date.parse('2026-11-29T09:01:00Z') - clock().getTime());
    await runBothInstances();
    expect(reminders(p!.email)).toHaveLength(0);
    expect(reminders(q!.email)).toHaveLength(0);

    // The new day-before time (Monday 09:00Z).
    clock.advance(Date.parse('2026-11-30T09:01:00Z') - clock().getTime());
    await runBothInstances();
    expect(reminders(p!.email).map((s) => s.message.subject)).toEqual([
      'Reminder: your video consultation is tomorrow',
    ]);
    expect(reminders(q!.email)).toHaveLength(0);
  });
});
