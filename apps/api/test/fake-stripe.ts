import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/**
 * Stripe's servers, faked at the HTTP boundary: the real SDK talks to this over HTTP. It keeps
 * checkout sessions in memory and lets a test move them on (paid, expired) as Stripe would.
 */
export type FakeSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  metadata: Record<string, string>;
  params: URLSearchParams;
  payment_intent: string | null;
};

/**
 * Stripe's own clock: it refuses a Checkout Session whose `expires_at` is less than 30 minutes
 * (or more than 24 hours) after the moment the request reaches it — a moment after the caller
 * composed it, hence the latency.
 */
const STRIPE_MIN_EXPIRY_S = 30 * 60;
const STRIPE_MAX_EXPIRY_S = 24 * 60 * 60;
const REQUEST_LATENCY_MS = 1500;

export async function startFakeStripe({ clock = () => new Date() }: { clock?: () => Date } = {}) {
  const sessions = new Map<string, FakeSession>();
  /** Refunds Stripe made: one per new idempotency key, as Stripe does. */
  const refunds: { id: string; payment_intent: string; amount: number }[] = [];
  const idempotency = new Map<string, string>();
  const requests: {
    method: string;
    path: string;
    params: URLSearchParams;
    idempotencyKey?: string;
  }[] = [];

  const serialize = (s: FakeSession, expand: boolean) => ({
    id: s.id,
    object: s.object,
    url: s.url,
    status: s.status,
    payment_status: s.payment_status,
    metadata: s.metadata,
    payment_intent:
      s.payment_intent && expand
        ? {
            id: s.payment_intent,
            object: 'payment_intent',
            status: 'succeeded',
            latest_charge: {
              id: `ch_${s.id.slice(8)}`,
              object: 'charge',
              receipt_url: `https://pay.stripe.test/receipts/${s.id}`,
            },
          }
        : s.payment_intent,
  });

  // A test can hold session creation back (Stripe is slow) or make the next one fail.
  let stalled: Promise<void> = Promise.resolve();
  let failingCreates = 0;

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => void handle());
    const handle = async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        params,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        await stalled;
        if (failingCreates > 0) {
          failingCreates -= 1;
          return send(500, { error: { type: 'api_error', message: 'Something went wrong.' } });
        }
        const existing = idempotencyKey && idempotency.get(idempotencyKey);
        if (existing) return send(200, serialize(sessions.get(existing)!, false));
        const arrived = Math.floor((clock().getTime() + REQUEST_LATENCY_MS) / 1000);
        const expiresAt = Number(params.get('expires_at') ?? arrived + STRIPE_MAX_EXPIRY_S);
        if (expiresAt < arrived + STRIPE_MIN_EXPIRY_S || expiresAt > arrived + STRIPE_MAX_EXPIRY_S)
          return send(400, {
            error: {
              type: 'invalid_request_error',
              param: 'expires_at',
              message:
                'The `expires_at` timestamp must be between 30 minutes and 24 hours from the Checkout Session creation.',
            },
          });
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of params) {
          const m = /^metadata\[(\w+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          metadata,
          params,
          payment_intent: null,
        };
        sessions.set(id, session);
        if (idempotencyKey) idempotency.set(idempotencyKey, id);
        return send(200, serialize(session, false));
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const existing = idempotencyKey && idempotency.get(idempotencyKey);
        const refund =
          (existing && refunds.find((r) => r.id === existing)) ||
          (() => {
            const created = {
              id: `re_${randomBytes(8).toString('hex')}`,
              payment_intent: params.get('payment_intent') ?? '',
              amount: Number(params.get('amount')),
            };
            refunds.push(created);
            if (idempotencyKey) idempotency.set(idempotencyKey, created.id);
            return created;
          })();
        return send(200, { ...refund, object: 'refund', status: 'succeeded', currency: 'eur' });
      }
      const expire = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(url.pathname);
      if (req.method === 'POST' && expire) {
        const session = sessions.get(expire[1]!);
        if (!session || session.status !== 'open')
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' },
          });
        session.status = 'expired';
        return send(200, serialize(session, false));
      }
      const match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const session = sessions.get(match[1]!);
        if (!session)
          return send(404, {
            error: {
              type: 'invalid_request_error',
              message: 'No such checkout.session',
              code: 'resource_missing',
            },
          });
        return send(
          200,
          serialize(session, params.getAll('expand[]').length > 0 || params.has('expand[0]')),
        );
      }
      send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
        },
      });
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    /** Stripe answers no session creation until the returned function is called. */
    stall(): () => void {
      let release!: () => void;
      stalled = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    /** The next `times` session creations fail as in a Stripe outage (500s the SDK retries). */
    failCreates(times: number) {
      failingCreates = times;
    },
    /** The customer paid on Stripe's page. */
    complete(id: string) {
      const s = sessions.get(id)!;
      Object.assign(s, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${id.slice(8)}`,
      });
    },
    expire(id: string) {
      sessions.get(id)!.status = 'expired';
    },
    event(type: string, id: string) {
      return JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type,
        data: { object: serialize(sessions.get(id)!, false) },
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
