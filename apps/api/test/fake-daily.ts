import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export type DailyRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
};

/**
 * Daily's REST API, faked at the HTTP boundary: rooms by name (a second create answers Daily's
 * 400 "already exists"; a delete), meeting tokens, and a switch that makes every call fail as an outage.
 */
export async function startFakeDaily() {
  const rooms = new Map<string, { name: string; url: string; config: Record<string, unknown> }>();
  const requests: DailyRequest[] = [];
  let failing = false;

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        body,
      });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (failing) return send(503, { error: 'service-unavailable' });
      if (req.headers.authorization !== 'Bearer daily-test-key')
        return send(401, { error: 'authentication-error', info: 'bad API key' });
      const roomPath = /^\/v1\/rooms\/([\w-]+)$/.exec(path);
      if (req.method === 'POST' && path === '/v1/rooms') {
        const name = body.name as string;
        if (rooms.has(name))
          return send(400, {
            error: 'invalid-request-error',
            info: `a room named ${name} already exists`,
          });
        const room = {
          name,
          url: `https://vizita.daily.test/${name}`,
          config: body.properties as Record<string, unknown>,
        };
        rooms.set(name, room);
        return send(200, { id: randomBytes(8).toString('hex'), privacy: body.privacy, ...room });
      }
      if (req.method === 'DELETE' && roomPath) {
        if (!rooms.delete(roomPath[1]!)) return send(404, { error: 'not-found' });
        return send(200, { deleted: true, name: roomPath[1] });
      }
      if (req.method === 'POST' && roomPath) {
        const room = rooms.get(roomPath[1]!);
        if (!room) return send(404, { error: 'not-found' });
        room.config = body.properties as Record<string, unknown>;
        return send(200, { id: 'x', privacy: body.privacy, ...room });
      }
      if (req.method === 'POST' && path === '/v1/meeting-tokens')
        return send(200, { token: `dly_${randomBytes(12).toString('hex')}` });
      send(404, { error: 'not-found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    rooms,
    /** Every call answers 503 while set (Daily down). */
    setFailing: (value: boolean) => void (failing = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
