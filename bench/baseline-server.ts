// The baseline: Fastify's hello world, the fastest our stack can possibly answer on this machine.
// The real routes are reported as a fraction of it, which stays comparable across machines.
import { createRequire } from 'node:module';
import type * as FastifyModule from 'fastify';

// Fastify is the api workspace's dependency; load that very copy, not a second one.
const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
const { fastify } = require('fastify') as typeof FastifyModule;

const app = fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url: address });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
