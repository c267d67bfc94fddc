import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { notify } from '../src/modules/notifications/notify.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { testClock, type TestApp } from './test-app.ts';
import { createTwoInstances, instanceBuses } from './two-instances.ts';

// Two API instances over one database, as behind a load balancer (issue #20): a notification
// committed on one reaches the bell of a page whose socket is open on the other, whichever bus
// carries "your bell changed" between them — and only once it has committed.

const buses = await instanceBuses();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(buses)('the bell across instances with BROADCASTER=$kind', ({ kind, skip }) => {
  const clock = testClock(new Date('2026-11-23T08:00:00Z'));
  let a: TestApp;
  let b: TestApp;
  let f: Awaited<ReturnType<typeof createBookingFixture>>;
  let originB: string;

  beforeAll(async () => {
    if (skip) return;
    ({ a, b } = await createTwoInstances(kind, clock));
    f = await createBookingFixture(a);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    originB = `ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (skip) return;
    await b.close().catch(() => {});
    await a.close();
  });

  it.skipIf(skip)('tells a page on B of a notification committed on A', async () => {
    const [reader] = await f.patients(1);
    const auth = { authorization: `Bearer ${reader!.token}` };
    // The page's ticket from B, its socket on B.
    const ticket = await b.app.inject({
      url: '/api/notifications/socket',
      headers: auth,
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const { pathname, search } = new URL(ticket.json().data.url);
    const ws = new WebSocket(`${originB}${pathname}${search}`);
    const heard: string[] = [];
    ws.on('message', (data) =>
      heard.push((JSON.parse((data as Buffer).toString()) as { type: string }).type),
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    while (!heard.includes('ready')) await sleep(20);

    await a.db.transaction(async (tx) => {
      await notify(tx, { userId: reader!.userId, kind: 'documentShared', link: '/dashboard' });
      // Not committed yet: B's page has heard nothing, and would find nothing if it looked.
      await sleep(400);
      expect(heard).toEqual(['ready']);
    });
    const deadline = Date.now() + 5000;
    while (!heard.includes('changed') && Date.now() < deadline) await sleep(20);
    expect(heard).toEqual(['ready', 'changed']);

    // What the page then fetches, from B, is there.
    const bell = await b.app.inject({ url: '/api/notifications', headers: auth });
    expect(bell.json().data).toMatchObject({ unread: 1, items: [{ kind: 'documentShared' }] });
    ws.close();
  });

  it.skipIf(skip)('closes a bell on B when its session ends through A', async () => {
    const [reader] = await f.patients(1);
    const auth = { authorization: `Bearer ${reader!.token}` };
    const ticket = await b.app.inject({
      url: '/api/notifications/socket',
      headers: auth,
    });
    const { pathname, search } = new URL(ticket.json().data.url);
    const ws = new WebSocket(`${originB}${pathname}${search}`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('message', resolve));
    await a.app.inject({ method: 'POST', url: '/auth/logout', headers: auth });
    expect(await closed).toBe(4401);
  });
});
