import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AfterResponse } from '../../lib/after-response.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { authenticatePlugin } from '../../plugins/authenticate.ts';
import { rolesPlugin } from '../../plugins/roles.ts';
import type { JobWorker } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createAccessTokens } from './access-token.ts';
import { registerAccountMails } from './account-mails.ts';
import { authRoutes } from './routes.ts';
import { createAuthService } from './service.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';
import { createTwoFactorService } from './two-factor-service.ts';

/**
 * Accounts, sessions and the second factor: the /auth/* calls, and `app.authenticate` and
 * `app.requireRole`, which every later module's routes name (so this module registers before
 * them). Answers the second factor's service for the modules that check or erase it.
 */
export async function registerAuth(
  app: FastifyInstance,
  {
    config,
    db,
    clock,
    jwtSecret,
    encryption,
    mailer,
    jobs,
    rateLimiter,
    afterResponse,
  }: {
    config: Pick<Config, 'appUrl' | 'rateLimits' | 'secureCookies'>;
    db: Db;
    clock: Clock;
    jwtSecret: string;
    encryption: FieldEncryption;
    mailer: Mailer;
    jobs: JobWorker;
    rateLimiter: RateLimiter;
    afterResponse: AfterResponse;
  },
) {
  registerAccountMails({ db, clock, jobs, mailer, appUrl: config.appUrl });
  const twoFactor = createTwoFactorService({ db, clock, encryption, rateLimiter, jwtSecret });
  const auth = createAuthService({
    db,
    clock,
    mailer,
    accessTokens: createAccessTokens(jwtSecret, clock),
    rateLimiter,
    jobs,
    afterResponse,
    twoFactor,
    appUrl: config.appUrl,
    limits: config.rateLimits,
    log: app.log,
  });
  await app.register(authenticatePlugin, { auth });
  await app.register(rolesPlugin, { db });
  const { secureCookies } = config;
  await app.register(authRoutes, { auth, secureCookies });
  await app.register(twoFactorRoutes, { twoFactor, db, secureCookies });
  return { twoFactor };
}
