import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { appointmentRoutes } from './modules/appointments/routes.ts';
import { createAppointmentService } from './modules/appointments/service.ts';
import { registerPayments } from './modules/payments/plugin.ts';
import { createBroadcaster } from './broadcast/create-broadcaster.ts';
import { registerMeetings } from './modules/meetings/plugin.ts';
import { createAppointmentMails } from './modules/appointments/appointment-mails.ts';
import { startBackgroundWork } from './modules/jobs/background.ts';
import { createRetention } from './modules/retention/retention.ts';
import { createAfterResponse } from './lib/after-response.ts';
import { registerAccountMails } from './modules/auth/account-mails.ts';
import { twoFactorRoutes } from './modules/auth/two-factor-routes.ts';
import { createTwoFactorService } from './modules/auth/two-factor-service.ts';
import { createHealthText, encryptLegacyHealthText } from './modules/appointments/health-text.ts';
import { createJobWorker } from './modules/jobs/queue.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { legalRoutes } from './modules/legal/routes.ts';
import { createAccountErasure } from './modules/privacy/account-erasure.ts';
import { createDataExport } from './modules/privacy/data-export.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { doctorRoutes } from './modules/doctors/routes.ts';
import { shareAvailabilityChanges } from './modules/doctors/availability-changes.ts';
import { createDoctorService } from './modules/doctors/service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { createProfileService } from './modules/profile/service.ts';
import { createFieldEncryption } from './lib/field-encryption.ts';
import { doctorConsoleRoutes } from './modules/doctor-console/routes.ts';
import { guestConsultationRoutes } from './modules/guest-consultations/routes.ts';
import { createGuestConsultations } from './modules/guest-consultations/service.ts';
import { createDoctorConsoleService } from './modules/doctor-console/service.ts';
import { createNotesCrypto } from './modules/doctor-console/notes-crypto.ts';
import { createSummaryReader } from './modules/doctor-console/summaries.ts';
import { doctorProfileRoutes } from './modules/doctor-profile/routes.ts';
import { createDoctorProfileService } from './modules/doctor-profile/service.ts';
import { clinicRoutes } from './modules/admin/clinic-routes.ts';
import { createClinicService } from './modules/admin/clinic-service.ts';
import { staffInviteRoutes } from './modules/admin/staff-invite-routes.ts';
import { createStaffInviteService } from './modules/admin/staff-invite-service.ts';
import { scheduleRoutes } from './modules/schedules/routes.ts';
import { createScheduleService } from './modules/schedules/service.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { createDocumentService } from './modules/documents/service.ts';
import { devMailRoutes } from './modules/mail/dev-mail-routes.ts';
import { withLegalFooter } from './modules/mail/legal-footer.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './modules/mail/mailer.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { inputTextGuardPlugin } from './plugins/input-text-guard.ts';
import { createMetrics, metricsPlugin } from './plugins/metrics.ts';
import { withFailureCount } from './modules/mail/counted-mailer.ts';
import { rolesPlugin } from './plugins/roles.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { spaPlugin } from './plugins/spa.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { serializeRequest } from './lib/redact-url.ts';
import { safeLogMethod, serializeError } from './lib/log-errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** One pass of the periodic work now (tests, and operators through the admin CLI). */
    /** `tick` runs one pass of the periodic work; `settled` waits for work after responses. */
    backgroundWork: { tick: () => Promise<void>; settled: () => Promise<void> };
  }
  interface FastifyContextConfig {
    /**
     * A successful answer of this route ends sign-in sessions (a sign-out, an account deleted):
     * the video sockets those sessions opened are closed once it has left (modules/meetings).
     */
    endsSessions?: boolean;
    /**
     * This route may take, free or move a slot (a hold, a payment's end, a cancellation, a
     * schedule edit): every instance's availability cache is emptied before its answer leaves
     * (ADR 0033). Marking a route that changes nothing costs a little speed, never correctness.
     */
    changesAvailability?: boolean;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** 32-byte AES key for health identifiers at rest. */
  dataEncryptionKey: Buffer;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Where the built SPA lives; the default is the web workspace's dist folder. */
  webRoot?: string;
  /** How often background work runs (holds, completions, jobs); 0 leaves it to `tick()`. */
  backgroundIntervalMs?: number;
  /** The database's URL, for what needs its own connection (`BROADCASTER=postgres`). */
  databaseUrl?: string;
};

const BACKGROUND_INTERVAL_MS = 30_000;

// Bodies are small JSON documents; files travel peer to peer, never through these routes.
const BODY_LIMIT_BYTES = 64 * 1024;

/** Secrets and credentials never reach the logs (URLs: LOG_SERIALIZERS below). */
export const LOG_REDACTIONS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
];

/**
 * Every request line shows its URL without the credentials mailed links carry in it, and every
 * error — a failed query's above all — its SQL and SQLSTATE without the values (issue #18).
 */
export const LOG_SERIALIZERS = { req: serializeRequest, err: serializeError };
/** …and no line's message repeats a failed query's values either (lib/log-errors.ts). */
export const LOG_HOOKS = { logMethod: safeLogMethod };

/** Composition only: platform plugins, then modules (ARCHITECTURE.md §2). */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: LOG_REDACTIONS,
      serializers: LOG_SERIALIZERS,
      hooks: LOG_HOOKS,
    },
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Unknown fields are refused by the strict schemas, not silently dropped.
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();

  if (config.insecureAppUrl)
    // Said at every start, so a demo's choice is not forgotten when it becomes a clinic's server.
    app.log.warn(
      { appUrl: config.appUrl },
      'ALLOW_INSECURE_APP_URL=true: production on a plain-http APP_URL — the sign-in cookie is not Secure and no HSTS is sent; only for a local demo',
    );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Daily's call frame comes from the clinic's own subdomain of daily.co, only with that provider.
  const DAILY_ORIGINS = config.video.provider === 'daily' ? ['https://*.daily.co'] : [];
  await app.register(errorHandlerPlugin);
  // Before every route: each one's input strings must refuse control characters (issue #18).
  await app.register(inputTextGuardPlugin);
  // Before every route, so that each one's requests are timed (ADR 0030).
  const metrics = createMetrics();
  await app.register(metricsPlugin, {
    metrics,
    access: config.metrics,
    pool: database.pool,
    db: database.db,
    clock,
    // Registered below; the gauges read it at each scrape.
    liveCalls: () => app.meetings.live(),
    availabilityCache: () => app.availability.stats(),
  });
  // Before every route: helmet's headers, the permissions policy, no-store for answers about people.
  await app.register(securityHeadersPlugin, {
    frameOrigins: DAILY_ORIGINS,
    secure: config.secureCookies,
  });
  // Before every route: JSON answers above 1 KB leave compressed (ADR 0029).
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(openApiPlugin);

  const { db, pool } = database;
  const footedMailer = withLegalFooter(
    deps.mailer ??
      (config.mailMode === 'smtp' && config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom, { requireTls: config.isProduction })
        : createOutboxMailer(db, (line) => app.log.info(line), {
            viewerUrl: config.devTools ? `${config.appUrl}/dev/mail` : undefined,
          })),
    config.appUrl,
  );
  // Every mail of every module passes here: one place counts the transport's refusals.
  const mailer = withFailureCount(footedMailer, metrics.mailFailures);
  const rateLimiter = createRateLimiter(db, clock);
  const jobs = createJobWorker({ db, clock, log: app.log });
  const afterResponse = createAfterResponse(app.log);
  app.addHook('onClose', () => afterResponse.settled());
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config.endsSessions && reply.statusCode < 300)
      afterResponse.run('close the video sockets of ended sessions', () =>
        app.meetings.sessionsEnded(),
      );
  });
  const doctors = createDoctorService({ db, clock });
  // One bus per process: the video rooms' signalling and the availability cache's news.
  const broadcaster = await createBroadcaster(config.broadcaster, deps.databaseUrl, app.log);
  // onClose runs after every preClose, so the sockets' goodbyes (signalling-routes) still have it.
  app.addHook('onClose', () => broadcaster.close());
  await shareAvailabilityChanges(app, {
    broadcaster,
    channelPrefix: config.broadcaster.channelPrefix,
    forget: () => doctors.availabilityChanged(),
    stats: () => doctors.cacheStats(),
  });
  registerAccountMails({ db, clock, jobs, mailer, appUrl: config.appUrl });
  const encryption = createFieldEncryption(deps.dataEncryptionKey);
  const twoFactor = createTwoFactorService({
    db,
    clock,
    encryption,
    rateLimiter,
    jwtSecret: deps.jwtSecret,
  });
  const auth = createAuthService({
    db,
    clock,
    mailer,
    accessTokens: createAccessTokens(deps.jwtSecret, clock),
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
  await app.register(healthRoutes, { pool });
  await app.register(authRoutes, { auth, secureCookies: config.secureCookies });
  await app.register(twoFactorRoutes, { twoFactor, db, secureCookies: config.secureCookies });
  await app.register(legalRoutes, { db, clock, clinic: config.clinic });
  const healthText = createHealthText(encryption);
  const profiles = createProfileService({ db, clock, encryption });
  await app.register(profileRoutes, { profiles });
  await app.register(doctorRoutes, { doctors });
  await app.register(doctorProfileRoutes, {
    profiles: createDoctorProfileService({ db, clock }),
  });
  const notesCrypto = createNotesCrypto(encryption);
  const summaries = createSummaryReader(db, notesCrypto);
  createAppointmentMails({
    db,
    mailer,
    clock,
    appUrl: config.appUrl,
    jobs,
    readSummary: (id) => summaries.one(id),
    mailFrom: config.mailFrom,
    healthText,
  });
  const payments = await registerPayments(app, {
    config,
    db,
    clock,
    receiptSecret: deps.jwtSecret,
    jobs,
    rateLimiter,
    healthText,
    counters: metrics,
  });
  const appointments = createAppointmentService({
    db,
    clock,
    appUrl: config.appUrl,
    clinicEmail: config.clinic.email,
    healthText,
    jobs,
    summaries,
    // Registered below; a cancellation ends the appointment's live call on every instance.
    onCancelled: (appointmentId) =>
      app.meetings.recheck(appointmentId).catch((err: unknown) => {
        app.log.error({ err, appointmentId }, 'could not end the call of a cancelled appointment');
      }),
  });
  await app.register(appointmentRoutes, { appointments });
  await app.register(privacyRoutes, {
    db,
    clock,
    rateLimiter,
    secureCookies: config.secureCookies,
    dataExport: createDataExport({ db, encryption, healthText, summaries, profiles, twoFactor }),
    erasure: createAccountErasure({
      db,
      clock,
      twoFactor,
      cancelAsPatient: (patientId, appointmentId, reason) =>
        appointments.cancel(patientId, appointmentId, reason),
    }),
  });
  const schedules = createScheduleService({ db, clock, appointments });
  await app.register(scheduleRoutes, { schedules, doctors });
  const invites = createStaffInviteService({
    db,
    clock,
    mailer,
    rateLimiter,
    twoFactor,
    appUrl: config.appUrl,
    log: app.log,
  });
  await app.register(staffInviteRoutes, { invites });
  await app.register(clinicRoutes, {
    clinic: createClinicService({ db, clock, invites, appointments, jobs, healthText }),
    schedules,
  });
  await app.register(doctorConsoleRoutes, {
    console: createDoctorConsoleService({
      db,
      clock,
      jobs,
      profiles,
      notesCrypto,
      healthText,
    }),
  });
  await app.register(documentRoutes, {
    documents: createDocumentService({ db, clock, encryption }),
  });
  const { meetings, preflight } = await registerMeetings(app, {
    config,
    db,
    clock,
    jwtSecret: deps.jwtSecret,
    broadcaster,
    rateLimiter,
  });
  await app.register(guestConsultationRoutes, {
    guests: createGuestConsultations({
      db,
      clock,
      mailer,
      appUrl: config.appUrl,
      meetings,
      rateLimiter,
      sessionsEnded: () => app.meetings.sessionsEnded(),
      counters: metrics,
      log: app.log,
    }),
    preflight,
    secureCookies: config.secureCookies,
  });
  const retention = createRetention({ db, clock, rateLimiter });
  // Lapsed holds already count as free for availability and new holds; their sweep only brings
  // the rows up to date. Completion and jobs (reminders, refunds, mails) need no client at all.
  const background = startBackgroundWork(
    app,
    [
      { name: 'expire lapsed holds', run: () => payments.expireLapsedHolds() },
      { name: 'complete ended appointments', run: () => appointments.completeEnded() },
      { name: 'run due jobs', run: () => jobs.runDue() },
      { name: 'encrypt legacy health texts', run: () => encryptLegacyHealthText(db, healthText) },
      { name: 'apply retention', run: () => retention.pruneIfDue() },
    ],
    deps.backgroundIntervalMs ?? BACKGROUND_INTERVAL_MS,
  );
  app.decorate('backgroundWork', { ...background, settled: () => afterResponse.settled() });
  if (config.devTools && mailer.kind === 'outbox') await app.register(devMailRoutes, { db });
  await app.register(spaPlugin, {
    webRoot: deps.webRoot ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
  });

  return app;
}
