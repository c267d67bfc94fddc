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

export async function startFakeStripe() {
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

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
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
        const existing = idempotencyKey && idempotency.get(idempotencyKey);
        if (existing) return send(200, serialize(sessions.get(existing)!, false));
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
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
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
