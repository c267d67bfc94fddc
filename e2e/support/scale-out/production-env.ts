import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ENV_EXAMPLE = fileURLToPath(new URL('../../../deploy/vizita.env.example', import.meta.url));

/**
 * Reads an environment file as systemd's EnvironmentFile= (and a shell's `set -a; .`) would for
 * the forms deploy/vizita.env.example uses: KEY=value, a value in double or single quotes,
 * comments and blank lines.
 */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`Not KEY=value: ${line}`);
    const value = match[2]!;
    const quoted = /^"(.*)"$/.exec(value) ?? /^'(.*)'$/.exec(value);
    env[match[1]!] = quoted ? quoted[1]! : value;
  }
  return env;
}

/** What the test cannot reach or must own; everything else is the example as shipped. */
const DROPPED = [
  // No internet: no Stripe, no mail server, no TURN/STUN host (ICE works on one machine).
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'TURN_URLS',
  'TURN_SECRET',
  'ICE_SERVERS',
  // The test's own database (startApp's databaseUrl).
  'DATABASE_URL',
];

/**
 * deploy/vizita.env.example as the instances' environment, with only these replaced: the
 * addresses (the test's nginx, Redis and database), fresh secrets, the local payment provider
 * (a demo deployment's choice, ALLOW_LOCAL_PAYMENTS) and the mail outbox (MAIL_MODE=outbox: the
 * test reads the validation links from the mail_outbox table), the metrics port of the instance,
 * and higher per-address limits, because every simulated patient comes from 127.0.0.1.
 */
export function productionEnvironment({
  appUrl,
  redisUrl,
}: {
  appUrl: string;
  redisUrl: string;
}): Record<string, string> {
  const example = parseEnvironmentFile(readFileSync(ENV_EXAMPLE, 'utf8'));
  for (const name of DROPPED) delete example[name];
  return {
    ...example,
    APP_URL: appUrl,
    REDIS_URL: redisUrl,
    JWT_SECRET: randomBytes(48).toString('base64'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PAYMENT_PROVIDER: 'local',
    ALLOW_LOCAL_PAYMENTS: 'true',
    MAIL_MODE: 'outbox',
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    REGISTER_RATE_LIMIT_PER_IP: '1000',
  };
}
