import { isIP } from 'node:net';
import * as z from 'zod/mini';
import { VIDEO_PROVIDERS, iceServerSchema } from '@vizita/shared/contracts/meetings';
import { parseSigningKey, parseVerifyKeys } from './lib/document-signing.ts';
import { parseEncryptionKey } from './lib/field-encryption.ts';

// The whole environment, parsed once (STYLE.md §2). Every variable is documented in the README.

const positiveInt = (fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.positive()), fallback);
/**
 * TRUST_PROXY: `false` (no proxy: the peer is the client), the number of proxies in front of the
 * server (`1`), or the proxies' addresses or networks (`127.0.0.1,10.0.0.0/8`). The client is then
 * the right-most address in X-Forwarded-For that is not a trusted proxy, so a client cannot pose
 * as another by sending the header itself. `true` (trust any sender) is refused: it made every
 * per-IP limit spoofable.
 */
/** Whether HOST binds the loopback interface only (nothing else on the network can connect). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export function trustedProxies(
  value: string,
): false | string[] | ((address: string, hop: number) => boolean) {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true')
    throw new Error(
      'Invalid configuration:\n  TRUST_PROXY: "true" would believe any X-Forwarded-For; give the proxy addresses (e.g. 127.0.0.1) or their number (e.g. 1)',
    );
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10)
      throw new Error('Invalid configuration:\n  TRUST_PROXY: a number of proxies from 1 to 10');
    // The `hops` nearest addresses are proxies (Fastify's own numeric form, typed as a function).
    return (_address, hop) => hop < hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || rest.length > 0)
      throw new Error(
        `Invalid configuration:\n  TRUST_PROXY: "${entry}" is not an IP address or network (e.g. 10.0.0.0/8)`,
      );
  }
  return entries;
}

/**
 * EXTRA_APP_ORIGINS: comma-separated http(s) origins — scheme, host and port, no path — as a
 * browser sends them in `Origin`.
 */
function parseExtraOrigins(text: string | undefined): string[] {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      // Not a URL at all: refused below, like a URL that is not an origin.
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash)
      throw new Error(
        `Invalid configuration:\n  EXTRA_APP_ORIGINS: "${entry}" is not an origin (e.g. https://video.example.org)`,
      );
    return url.origin;
  });
}

const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'test', 'production']), 'development'),
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535)), 3000),
  HOST: z._default(z.string(), 'localhost'),
  APP_URL: z.optional(z.url()),
  // Origins besides APP_URL's at which the same app is served (another host name), comma-separated:
  // pages there may open the signalling socket too (appOrigins below, ADR 0014).
  EXTRA_APP_ORIGINS: z.optional(z.string()),
  // A production APP_URL that is not https (no Secure cookies, no HSTS): only for a local demo,
  // and only when said so (productionDefaultProblems below).
  ALLOW_INSECURE_APP_URL: z.optional(z.enum(['true', 'false'])),
  DATABASE_URL: z.optional(z.string().check(z.minLength(1))),
  DATA_DIR: z._default(z.string(), './data'),
  // The built web app the server serves; unset: apps/web/dist beside the server's own build.
  WEB_ROOT: z.optional(z.string().check(z.minLength(1))),
  SMTP_URL: z.optional(z.string().check(z.minLength(1))),
  // `outbox` keeps every mail in the database and sends none; unset means smtp with SMTP_URL,
  // else the outbox — which production takes only when told (productionDefaultProblems below).
  MAIL_MODE: z.optional(z.enum(['smtp', 'outbox'])),
  MAIL_FROM: z._default(z.string(), 'Vizita <no-reply@vizita.local>'),
  JWT_SECRET: z.optional(
    z.string().check(z.minLength(32, 'JWT_SECRET must be at least 32 characters')),
  ),
  DATA_ENCRYPTION_KEY: z.optional(z.string().check(z.minLength(1))),
  LOG_LEVEL: z._default(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
  // Authentication rate limits (ADR 0005); the benchmark raises them.
  LOGIN_RATE_LIMIT_PER_IP: positiveInt(50),
  LOGIN_RATE_LIMIT_PER_EMAIL: positiveInt(10),
  REGISTER_RATE_LIMIT_PER_IP: positiveInt(20),
  PAYMENT_PROVIDER: z._default(z.enum(['local', 'stripe']), 'local'),
  // The local provider in production: only for a demo deployment, and only when said so.
  ALLOW_LOCAL_PAYMENTS: z.optional(z.enum(['true', 'false'])),
  STRIPE_SECRET_KEY: z.optional(z.string().check(z.minLength(1))),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(1))),
  STRIPE_API_URL: z.optional(z.url()),
  // "See a doctor now" (ADR 0042): the clinic's fee in euro cents, and how long a paid patient
  // waits in the queue at most before she is refunded in full.
  ON_DEMAND_FEE_MINOR: positiveInt(4900),
  // (A fraction of a minute is allowed: the journey that waits for nobody waits seconds.)
  ON_DEMAND_MAX_WAIT_MINUTES: z._default(z.coerce.number().check(z.positive()), 20),
  // Demo doctors on first start: on by default, except in production.
  SEED_DEMO_DATA: z.optional(z.enum(['true', 'false'])),
  // Reverse proxies may sit in front; trust their X-Forwarded-For only when told to.
  // Which peers may tell us the client's address in X-Forwarded-For (see trustedProxies below).
  TRUST_PROXY: z._default(z.string(), 'false'),
  // Video (modules/meetings): our own WebRTC signalling by default, or Daily's hosted rooms.
  VIDEO_PROVIDER: z._default(z.enum(VIDEO_PROVIDERS), 'builtin'),
  DAILY_API_KEY: z.optional(z.string().check(z.minLength(1))),
  DAILY_API_URL: z.optional(z.url()),
  // JSON array of RTCIceServer (STUN/TURN). Empty by default: host candidates are enough on one
  // machine or a LAN, and the product must work offline; the internet needs STUN and usually TURN.
  ICE_SERVERS: z.optional(z.string()),
  // A TURN server of our own (coturn with `use-auth-secret`): its turn:/turns: URLs, comma
  // separated, and the shared secret each join mints a credential with (modules/meetings).
  TURN_URLS: z.optional(z.string().check(z.minLength(1))),
  TURN_SECRET: z.optional(z.string().check(z.minLength(16, 'at least 16 characters'))),
  // How signalling reaches the other API instances; unset means Redis when REDIS_URL is given
  // (ARCHITECTURE.md §1), else in-process (one instance).
  BROADCASTER: z.optional(z.enum(['memory', 'postgres', 'redis'])),
  REDIS_URL: z.optional(z.string().check(z.minLength(1))),
  // Deployments (or test runs) sharing one Redis keep their channels apart with this.
  BROADCASTER_CHANNEL_PREFIX: z._default(z.string().check(z.regex(/^[\w.:-]{1,40}$/)), 'vizita'),
  // The clinic that issues the invoices (modules/invoices, ADR 0021): printed on every invoice and
  // required in production; development gets placeholders that say they are not a real business.
  CLINIC_NAME: z.optional(z.string().check(z.trim(), z.minLength(1))),
  // Lines separated by ";" — e.g. "Musterstraße 1; 10115 Berlin; Germany".
  CLINIC_ADDRESS: z.optional(z.string().check(z.trim(), z.minLength(1))),
  // Steuernummer (DE) or ЕИК/BULSTAT (BG); the VAT id only if the clinic has one.
  CLINIC_TAX_ID: z.optional(z.string().check(z.trim(), z.minLength(1))),
  CLINIC_VAT_ID: z.optional(z.string().check(z.trim(), z.minLength(1))),
  // Where the clinic is established decides which VAT exemption the invoice cites.
  CLINIC_COUNTRY: z.optional(z.enum(['DE', 'BG'])),
  // Where patients write to the clinic: shown as the doctor's contact instead of the doctor's own
  // sign-in address (which never leaves the staff side).
  CLINIC_EMAIL: z.optional(z.email()),
  // The operator's details the imprint (§ 5 DDG) and the privacy notice (GDPR Art. 13) must give:
  // a telephone number, who represents the clinic, and how to reach its data-protection officer.
  CLINIC_PHONE: z.optional(z.string().check(z.trim(), z.minLength(1))),
  CLINIC_REPRESENTATIVE: z.optional(z.string().check(z.trim(), z.minLength(1))),
  CLINIC_DPO: z.optional(z.string().check(z.trim(), z.minLength(1))),
  // The commercial register and number, and the professional chamber / supervisory authority with
  // the professional title and rules (§ 5(1) nos. 4 and 5 DDG) — printed when set.
  CLINIC_REGISTER: z.optional(z.string().check(z.trim(), z.minLength(1))),
  CLINIC_SUPERVISORY_AUTHORITY: z.optional(z.string().check(z.trim(), z.minLength(1))),
  // Prometheus metrics (ADR 0030): a Bearer token for /metrics on the main port, or a listener of
  // their own (METRICS_PORT on METRICS_HOST, loopback unless told). Neither: 404 in production.
  METRICS_TOKEN: z.optional(
    z.string().check(z.minLength(32, 'METRICS_TOKEN must be at least 32 characters')),
  ),
  METRICS_PORT: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535))),
  METRICS_HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  INVOICE_SERIES: z._default(
    z.string().check(z.regex(/^[A-Z0-9]{1,10}$/, 'INVOICE_SERIES: 1–10 capital letters or digits')),
    'VZ',
  ),
  // The Ed25519 key every issued document is signed with (ADR 0037); unset: main.ts keeps one
  // under DATA_DIR. Keys retired by a rotation stay in DOCUMENT_VERIFY_KEYS (comma-separated),
  // so the documents they signed still verify.
  DOCUMENT_SIGNING_KEY: z.optional(z.string().check(z.minLength(1))),
  DOCUMENT_VERIFY_KEYS: z.optional(z.string()),
});

/** ICE_SERVERS as JSON, checked against the contract's schema; a readable error otherwise. */
function parseIceServers(raw: string | undefined) {
  if (raw === undefined || raw.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new Error(
      `Invalid configuration:\n  ICE_SERVERS: not valid JSON (${(error as Error).message}); expected e.g. [{"urls":"stun:stun.example.org:3478"}]`,
    );
  }
  const parsed = z.array(iceServerSchema).safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ICE_SERVERS${i.path.map((p) => `[${String(p)}]`).join('')}: ${i.message}`,
    );
    throw new Error(
      `Invalid configuration:\n${lines.join('\n')}\n  (expected an array of {urls, username?, credential?})`,
    );
  }
  return parsed.data;
}

type Env = z.infer<typeof envSchema>;

/**
 * The zero-setup defaults that would harm a clinic in production (ADR 0029): the local payment
 * provider takes test cards as payment, and without SMTP no patient gets a validation, reset or
 * appointment mail; without an https APP_URL the refresh cookie is not Secure and no HSTS is sent
 * (issue #18). Production keeps any of them only when the operator chose it by name.
 */
function productionDefaultProblems(e: Env): string[] {
  if (e.NODE_ENV !== 'production') return [];
  return [
    ...(!e.APP_URL?.startsWith('https://') && e.ALLOW_INSECURE_APP_URL !== 'true'
      ? [
          `  APP_URL: ${e.APP_URL ? `${e.APP_URL} is not https` : 'required in production'}: without https the sign-in cookie is not Secure and no HSTS is sent; set APP_URL=https://<the public address> (TLS at the proxy in front), or ALLOW_INSECURE_APP_URL=true for a local demo without TLS`,
        ]
      : []),
    ...(e.PAYMENT_PROVIDER === 'local' && e.ALLOW_LOCAL_PAYMENTS !== 'true'
      ? [
          '  PAYMENT_PROVIDER: the local provider books appointments paid with test cards (4242 4242 4242 4242); set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_LOCAL_PAYMENTS=true for a demo deployment',
        ]
      : []),
    ...(!e.SMTP_URL && e.MAIL_MODE !== 'outbox'
      ? [
          '  SMTP_URL: required in production (validation, password-reset and appointment mails); or MAIL_MODE=outbox to keep every mail in the database and send none',
        ]
      : []),
  ];
}

/** A key that is not the documented 32 bytes is refused in any environment (issue #18). */
function encryptionKeyProblems(e: Env): string[] {
  if (e.DATA_ENCRYPTION_KEY === undefined) return [];
  try {
    parseEncryptionKey(e.DATA_ENCRYPTION_KEY);
    return [];
  } catch (error) {
    return [`  ${(error as Error).message}`];
  }
}

/** Document keys that are not Ed25519 keys in an accepted form, in any environment. */
function documentKeyProblems(e: Env): string[] {
  const problems: string[] = [];
  try {
    if (e.DOCUMENT_SIGNING_KEY !== undefined) parseSigningKey(e.DOCUMENT_SIGNING_KEY);
  } catch (error) {
    problems.push(`  ${(error as Error).message}`);
  }
  try {
    parseVerifyKeys(e.DOCUMENT_VERIFY_KEYS);
  } catch (error) {
    problems.push(`  ${(error as Error).message}`);
  }
  return problems;
}

/** Mail and payment settings that contradict each other, in any environment. */
function mailAndPaymentProblems(e: Env): string[] {
  return [
    ...(e.MAIL_MODE === 'smtp' && !e.SMTP_URL
      ? ['  SMTP_URL: required when MAIL_MODE is smtp']
      : []),
    ...(e.MAIL_MODE === 'outbox' && e.SMTP_URL
      ? ['  MAIL_MODE: outbox sends no mail, but SMTP_URL is set too; unset one of them']
      : []),
    ...(e.PAYMENT_PROVIDER === 'stripe'
      ? (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
          .filter((k) => !e[k])
          .map((k) => `  ${k}: required when PAYMENT_PROVIDER is stripe`)
      : []),
  ];
}

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment; throws a readable list of problems instead of a stack trace. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const missing =
    e.NODE_ENV === 'production'
      ? (
          [
            'JWT_SECRET',
            'DATA_ENCRYPTION_KEY',
            'CLINIC_NAME',
            'CLINIC_ADDRESS',
            'CLINIC_TAX_ID',
            'CLINIC_COUNTRY',
            'CLINIC_EMAIL',
            'CLINIC_PHONE',
            'CLINIC_REPRESENTATIVE',
            'CLINIC_DPO',
          ] as const
        ).filter((k) => !e[k])
      : [];
  // All at once: an operator setting up production fixes the whole list in one go.
  const problems = [
    ...missing.map((k) => `  ${k}: required in production`),
    ...productionDefaultProblems(e),
    ...encryptionKeyProblems(e),
    ...documentKeyProblems(e),
    ...mailAndPaymentProblems(e),
  ];
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  const broadcaster = e.BROADCASTER ?? (e.REDIS_URL ? 'redis' : 'memory');
  const turnUrls = (e.TURN_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const videoProblems = [
    ...(e.VIDEO_PROVIDER === 'daily' && !e.DAILY_API_KEY
      ? ['  DAILY_API_KEY: required when VIDEO_PROVIDER is daily']
      : []),
    ...(broadcaster === 'redis' && !e.REDIS_URL
      ? ['  REDIS_URL: required when BROADCASTER is redis']
      : []),
    ...(Boolean(e.TURN_URLS) !== Boolean(e.TURN_SECRET)
      ? ['  TURN_URLS, TURN_SECRET: give both (the TURN server and its shared secret) or neither']
      : []),
    ...turnUrls
      .filter((url) => !/^turns?:[^\s]+$/.test(url))
      .map((url) => `  TURN_URLS: ${url} is not a turn: or turns: URL`),
  ];
  if (videoProblems.length > 0)
    throw new Error(`Invalid configuration:\n${videoProblems.join('\n')}`);
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    throw new Error(
      'Invalid configuration:\n  METRICS_PORT: a port of its own (the main port is PORT); unset it to serve /metrics with METRICS_TOKEN on the main port',
    );
  const iceServers = parseIceServers(e.ICE_SERVERS);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const appOrigins = [new URL(appUrl).origin, ...parseExtraOrigins(e.EXTRA_APP_ORIGINS)];
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    isProduction,
    /**
     * The developer's conveniences — /dev/mail, paying through process-dev-payment, demo doctors
     * with a published password — only outside production and only while the server listens on
     * this machine alone: HOST=0.0.0.0 in development must not publish them to the network.
     */
    devTools: !isProduction && isLoopbackHost(e.HOST),
    port: e.PORT,
    host: e.HOST,
    appUrl,
    /**
     * The origins whose pages are the app (APP_URL's, then EXTRA_APP_ORIGINS): a browser's
     * signalling socket is accepted only from these (ADR 0014).
     */
    appOrigins,
    secureCookies: appUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    webRoot: e.WEB_ROOT,
    smtpUrl: e.SMTP_URL,
    mailMode: e.MAIL_MODE ?? (e.SMTP_URL ? 'smtp' : 'outbox'),
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    /** 32 bytes, checked above; unset outside production: main.ts keeps one under DATA_DIR. */
    dataEncryptionKey:
      e.DATA_ENCRYPTION_KEY === undefined ? undefined : parseEncryptionKey(e.DATA_ENCRYPTION_KEY),
    /** Ed25519; unset: main.ts keeps one under DATA_DIR (ADR 0037). */
    documentSigningKey:
      e.DOCUMENT_SIGNING_KEY === undefined ? undefined : parseSigningKey(e.DOCUMENT_SIGNING_KEY),
    /** Public keys of earlier signing keys, for documents signed before a rotation. */
    documentVerifyKeys: parseVerifyKeys(e.DOCUMENT_VERIFY_KEYS),
    /** Production with a plain-http APP_URL because ALLOW_INSECURE_APP_URL said so (a demo). */
    insecureAppUrl: isProduction && !appUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    trustProxy: trustedProxies(e.TRUST_PROXY),
    payments: {
      provider: e.PAYMENT_PROVIDER,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
    },
    video: {
      provider: e.VIDEO_PROVIDER,
      dailyApiKey: e.DAILY_API_KEY,
      dailyApiUrl: e.DAILY_API_URL,
      iceServers,
      turn: e.TURN_SECRET && turnUrls.length > 0 ? { urls: turnUrls, secret: e.TURN_SECRET } : null,
    },
    broadcaster: {
      kind: broadcaster,
      redisUrl: e.REDIS_URL,
      channelPrefix: e.BROADCASTER_CHANNEL_PREFIX,
    },
    clinic: {
      name: e.CLINIC_NAME ?? 'Vizita Demo Clinic — not a real business',
      address: (e.CLINIC_ADDRESS ?? 'Demo Street 1; 1000 Sofia; Bulgaria')
        .split(';')
        .map((line) => line.trim())
        .filter(Boolean),
      taxId: e.CLINIC_TAX_ID ?? 'DEMO-000000000',
      vatId: e.CLINIC_VAT_ID ?? null,
      country: e.CLINIC_COUNTRY ?? 'BG',
      email: e.CLINIC_EMAIL ?? 'clinic@vizita.local',
      phone: e.CLINIC_PHONE ?? '+359 000 000 000 (demo)',
      representative: e.CLINIC_REPRESENTATIVE ?? 'Demo Representative (set CLINIC_REPRESENTATIVE)',
      dataProtectionOfficer: e.CLINIC_DPO ?? 'Demo DPO, dpo@vizita.local (set CLINIC_DPO)',
      register: e.CLINIC_REGISTER ?? null,
      supervisoryAuthority: e.CLINIC_SUPERVISORY_AUTHORITY ?? null,
      invoiceSeries: e.INVOICE_SERIES,
    },
    onDemand: { feeMinor: e.ON_DEMAND_FEE_MINOR, maxWaitMinutes: e.ON_DEMAND_MAX_WAIT_MINUTES },
    metrics: {
      /** The Bearer token /metrics asks for, wherever it is served. */
      token: e.METRICS_TOKEN ?? null,
      /** /metrics on a listener of its own, and not on the main port. */
      internal:
        e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
      /** Without a token or a port: open on the main port only with the development tools. */
      open: !isProduction && isLoopbackHost(e.HOST),
    },
    seedDemoData: e.SEED_DEMO_DATA
      ? e.SEED_DEMO_DATA === 'true'
      : !isProduction && isLoopbackHost(e.HOST),
    rateLimits: {
      loginPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
      loginPerEmail: e.LOGIN_RATE_LIMIT_PER_EMAIL,
      registerPerIp: e.REGISTER_RATE_LIMIT_PER_IP,
    },
  };
}
