import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_LIFETIME_MS } from '@vizita/shared/contracts/payments';
import { appointments } from '../src/db/schema.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { testClock, type TestApp } from './test-app.ts';
import { createTwoInstances, instanceBuses } from './two-instances.ts';

// The availability cache (ADR 0033) under a booking race: two instances over one database, as
// behind a load balancer, their caches hot, while patients race for slots on both. A cached
// answer must never offer a slot that was held before the read began on the same instance, nor
// offer it again on the other once the broadcaster's news has arrived there.

const buses = await instanceBuses();

// A Monday in the window of the test clock, with sixteen 30-minute slots (09:00–17:00, Sofia).
const DAY = '2026-11-30';
const PATIENTS = 24;

type Entry = { date: string; slots: string[] };

describe.each(buses)(
  'the availability cache, two instances with BROADCASTER=$kind',
  ({ kind, skip }) => {
    const clock = testClock(new Date('2026-11-23T08:00:00Z'));
    let a: TestApp;
    let b: TestApp;
    let f: Awaited<ReturnType<typeof createBookingFixture>>;

    beforeAll(async () => {
      if (skip) return;
      ({ a, b } = await createTwoInstances(kind, clock));
      f = await createBookingFixture(a);
    });
    afterAll(async () => {
      if (skip) return;
      await b.close().catch(() => {});
      await a.close();
    });

    async function offered(t: TestApp): Promise<string[]> {
      const res = await t.app.inject(
        `/api/availability?doctorId=${f.doctorId}&startDate=${DAY}&endDate=2027-01-20`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Entry[] }>().data.find((e) => e.date === DAY)?.slots ?? [];
    }

    function hold(t: TestApp, token: string, slot: string) {
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/create-session',
        headers: { authorization: `Bearer ${token}` },
        payload: { doctorId: f.doctorId, country: 'Bulgaria', date: DAY, slot },
      });
    }

    it.skipIf(skip)(
      'never offers a held slot while patients race for slots on both instances',
      async () => {
        const all = await offered(a);
        expect(all).toHaveLength(16);
        expect(await offered(b)).toEqual(all);
        const patients = await f.patients(PATIENTS);
        const statsBefore = [a.app.availability.stats(), b.app.availability.stats()];

        // Readers on both instances, all the time, noting when each read began and what it saw.
        const reads: { on: 'a' | 'b'; began: number; slots: string[] }[] = [];
        let racing = true;
        const reader = async (on: 'a' | 'b') => {
          while (racing) {
            const began = performance.now();
            reads.push({ on, began, slots: await offered(on === 'a' ? a : b) });
            await new Promise((resolve) => setImmediate(resolve));
          }
        };
        const readers = [reader('a'), reader('a'), reader('b'), reader('b')];

        // Two patients for each of the first twelve slots, one on each instance, all at once.
        const holds = await Promise.all(
          patients.map(async (p, i) => {
            const slot = all[Math.floor(i / 2)]!;
            const on = i % 2 === 0 ? 'a' : 'b';
            await new Promise((resolve) => setTimeout(resolve, (i * 7) % 40));
            const res = await hold(on === 'a' ? a : b, p.token, slot);
            const answered = performance.now();
            const appointmentId =
              res.statusCode === 200
                ? res.json<{ data: { appointmentId: string } }>().data.appointmentId
                : undefined;
            return { slot, on, status: res.statusCode, answered, appointmentId, token: p.token };
          }),
        );
        // Let the readers see the settled state on both sides for a while.
        await new Promise((resolve) => setTimeout(resolve, 300));
        racing = false;
        await Promise.all(readers);

        // Exactly one of each pair held its slot; the other was told it is taken.
        const won = holds.filter((h) => h.status === 200);
        expect(won.map((h) => h.slot).sort()).toEqual(all.slice(0, 12).sort());
        expect(holds.filter((h) => h.status !== 200).every((h) => h.status === 409)).toBe(true);
        const rows = await a.db
          .select({ startsAt: appointments.startsAt })
          .from(appointments)
          .where(
            and(eq(appointments.doctorId, f.doctorId), inArray(appointments.status, ['pending'])),
          );
        expect(rows).toHaveLength(12);

        for (const h of won) {
          // On the instance that held it: no read that began after the answer offers it.
          const sameSide = reads.filter((r) => r.on === h.on && r.began > h.answered);
          expect(sameSide.length).toBeGreaterThan(0);
          expect(sameSide.filter((r) => r.slots.includes(h.slot))).toEqual([]);
          // On the other: once a read no longer offers it, no later read offers it again (a
          // computation that began before the hold is never kept after the news).
          const other = reads.filter((r) => r.on !== h.on && r.began > h.answered);
          const firstGone = other.findIndex((r) => !r.slots.includes(h.slot));
          expect(firstGone).toBeGreaterThanOrEqual(0);
          expect(other.slice(firstGone).filter((r) => r.slots.includes(h.slot))).toEqual([]);
        }
        // Both settle on the same four free slots.
        expect(await offered(a)).toEqual(all.slice(12));
        expect(await offered(b)).toEqual(all.slice(12));

        // The cache was hot: most reads were answered from memory on both instances.
        const [afterA, afterB] = [a.app.availability.stats(), b.app.availability.stats()];
        for (const [before, after] of [
          [statsBefore[0]!, afterA],
          [statsBefore[1]!, afterB],
        ] as const) {
          expect(after.hits - before.hits).toBeGreaterThan(after.misses - before.misses);
        }

        // A released hold comes back at once where it was released (B), and soon on A.
        const released = won[0]!;
        const release = await b.app.inject({
          method: 'POST',
          url: '/api/payments/release-hold',
          headers: { authorization: `Bearer ${released.token}` },
          payload: { appointmentId: released.appointmentId },
        });
        expect(release.statusCode, release.body).toBe(200);
        expect(await offered(b)).toContain(released.slot);
        await expect.poll(() => offered(a), { timeout: 5000 }).toContain(released.slot);
      },
    );

    it.skipIf(skip)('lets a hold lapse by the clock, with no change to hear', async () => {
      const [p] = await f.patients(1);
      const before = await offered(a);
      const slot = before.at(-1)!;
      expect((await hold(a, p!.token, slot)).statusCode).toBe(200);
      expect(await offered(a)).not.toContain(slot);
      await expect.poll(() => offered(b), { timeout: 5000 }).not.toContain(slot);
      // Nothing is written when a checkout's hold ends: the time alone frees the slot, even in an
      // answer kept from ten seconds before (well within the cache's 30 s).
      clock.advance(CHECKOUT_LIFETIME_MS - 10_000);
      expect(await offered(a)).not.toContain(slot);
      expect(await offered(b)).not.toContain(slot);
      clock.advance(20_000);
      expect(await offered(a)).toContain(slot);
      expect(await offered(b)).toContain(slot);
    });
  },
);
