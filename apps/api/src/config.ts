import * as z from 'zod/mini';

// The whole environment, parsed once (STYLE.md §2). Every variable is documented in the README.

const positiveInt = (fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.positive()), fallback);
const flag = (fallback: 'true' | 'false') =>
  z.pipe(
    z._default(z.enum(['true', 'false']), fallback),
    z.transform((v) => v === 'true'),
  );

const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'test', 'production']), 'development'),
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535)), 3000),
  HOST: z._default(z.string(), 'localhost'),
  APP_URL: z.optional(z.url()),
  DATABASE_URL: z.optional(z.string().check(z.minLength(1))),
  DATA_DIR: z._default(z.string(), './data'),
  SMTP_URL: z.optional(z.string().check(z.minLength(1))),
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
  STRIPE_SECRET_KEY: z.optional(z.string().check(z.minLength(1))),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(1))),
  STRIPE_API_URL: z.optional(z.url()),
  // Demo doctors on first start: on by default, except in production.
  SEED_DEMO_DATA: z.optional(z.enum(['true', 'false'])),
  // Reverse proxies may sit in front; trust their X-Forwarded-For only when told to.
  TRUST_PROXY: flag('false'),
});

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
      ? (['JWT_SECRET', 'DATA_ENCRYPTION_KEY'] as const).filter((k) => !e[k])
      : [];
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required in production`).join('\n')}`,
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    payments: {
      provider: e.PAYMENT_PROVIDER,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
    },
    seedDemoData: e.SEED_DEMO_DATA ? e.SEED_DEMO_DATA === 'true' : e.NODE_ENV !== 'production',
    rateLimits: {
      loginPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
      loginPerEmail: e.LOGIN_RATE_LIMIT_PER_EMAIL,
      registerPerIp: e.REGISTER_RATE_LIMIT_PER_IP,
    },
  };
}
