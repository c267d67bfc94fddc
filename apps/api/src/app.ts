import { randomUUID, type KeyObject } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createBroadcaster } from './broadcast/create-broadcaster.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createAfterResponse } from './lib/after-response.ts';
import { ephemeralSigningKey } from './lib/document-signing.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createFieldEncryption } from './lib/field-encryption.ts';
import { safeLogMethod, serializeError } from './lib/log-errors.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { serializeRequest } from './lib/redact-url.ts';
import { registerAdmin } from './modules/admin/plugin.ts';
import { createHealthText, encryptLegacyHealthText } from './modules/appointments/health-text.ts';
import { registerAppointments } from './modules/appointments/plugin.ts';
import { registerAuth } from './modules/auth/plugin.ts';
import { createNotesCrypto } from './modules/doctor-console/notes-crypto.ts';
import { registerDoctorConsole } from './modules/doctor-console/plugin.ts';
import { createSummaryReader } from './modules/doctor-console/summaries.ts';
import { registerDoctorProfile } from './modules/doctor-profile/plugin.ts';
import { registerDoctors } from './modules/doctors/plugin.ts';
import { registerFamily } from './modules/family/plugin.ts';
import { registerClinicalDocuments } from './modules/clinical-documents/plugin.ts';
import { registerDocuments } from './modules/documents/plugin.ts';
import { registerFollowUps } from './modules/follow-ups/plugin.ts';
import { registerPrescriptionRequests } from './modules/prescription-requests/plugin.ts';
import { registerGuestConsultations } from './modules/guest-consultations/plugin.ts';
import { registerHealth } from './modules/health/plugin.ts';
import { startBackgroundWork } from './modules/jobs/background.ts';
import { registerOnDemand } from './modules/on-demand/plugin.ts';
import { createJobWorker } from './modules/jobs/queue.ts';
import { registerLegal } from './modules/legal/plugin.ts';
import { registerMail } from './modules/mail/plugin.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { registerMeetings } from './modules/meetings/plugin.ts';
import { MAX_FRAME_BYTES } from './modules/meetings/signalling-routes.ts';
import { registerNotifications } from './modules/notifications/plugin.ts';
import { registerMessages } from './modules/messages/plugin.ts';
import { registerPayments } from './modules/payments/plugin.ts';
import { registerPrivacy } from './modules/privacy/plugin.ts';
import { registerProfile } from './modules/profile/plugin.ts';
import { registerPublicPages } from './modules/public-pages/plugin.ts';
import { createRetention } from './modules/retention/retention.ts';
import { registerSchedules } from './modules/schedules/plugin.ts';
import { registerVerification } from './modules/verification/plugin.ts';
import { registerWaitlist } from './modules/waitlist/plugin.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { inputTextGuardPlugin } from './plugins/input-text-guard.ts';
import { createMetrics, metricsPlugin } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { websocketPlugin } from './plugins/websocket.ts';
import { inlineScriptSources, spaPlugin } from './plugins/spa.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A successful answer of this route ends sign-in sessions (a sign-out, an account deleted):
     * the video sockets those sessions opened are closed once it has left (modules/meetings).
     */
    endsSessions?: boolean;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** 32-byte AES key for health identifiers at rest. */
  dataEncryptionKey: Buffer;
  /**
   * Ed25519 key issued documents are signed with (ADR 0037); main.ts always gives one. Without
   * it (tests) DOCUMENT_SIGNING_KEY's is used, else the app makes its own, and what that signs
   * verifies only while the app runs.
   */
  documentSigningKey?: KeyObject;
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
  const { config, database, jwtSecret } = deps;
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
  const webRoot =
    deps.webRoot ?? config.webRoot ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  await app.register(securityHeadersPlugin, {
    frameOrigins: DAILY_ORIGINS,
    secure: config.secureCookies,
    scriptSources: inlineScriptSources(webRoot),
  });
  // Before every route: JSON answers above 1 KB leave compressed (ADR 0029).
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(openApiPlugin);
  // Before every module: the one WebSocket server of the video rooms and the bell.
  await app.register(websocketPlugin, { maxPayload: MAX_FRAME_BYTES });

  const { db, pool } = database;
  const { mailer } = await registerMail(app, {
    config,
    db,
    given: deps.mailer,
    // Every mail of every module passes there: one place counts the transport's refusals.
    failures: metrics.mailFailures,
  });
  const rateLimiter = createRateLimiter(db, clock);
  const jobs = createJobWorker({ db, clock, log: app.log });
  const afterResponse = createAfterResponse(app.log);
  app.addHook('onClose', () => afterResponse.settled());
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config.endsSessions && reply.statusCode < 300)
      afterResponse.run('close the video and bell sockets of ended sessions', () =>
        Promise.all([app.meetings.sessionsEnded(), notifications.sessionsEnded()]),
      );
  });
  // One bus per process: the video rooms' signalling and the availability cache's news.
  const broadcaster = await createBroadcaster(config.broadcaster, deps.databaseUrl, app.log);
  // onClose runs after every preClose, so the sockets' goodbyes (signalling-routes) still have it.
  app.addHook('onClose', () => broadcaster.close());
  // Health data at rest, read by several modules: the appointment's texts and the doctor's notes.
  const encryption = createFieldEncryption(deps.dataEncryptionKey);
  const healthText = createHealthText(encryption);
  const notesCrypto = createNotesCrypto(encryption);
  // What any module may use. Each plugin's parameter type names what it takes from here; the
  // calls below name the rest, the edges between modules.
  const platform = { config, db, clock, mailer, jobs, rateLimiter, encryption, healthText };

  // The modules. Doctors first: its hook must exist before any route is added (its plugin.ts).
  const { doctors } = await registerDoctors(app, { ...platform, broadcaster });
  await registerHealth(app, { pool });
  // Before every module whose routes name `app.authenticate` or `app.requireRole`.
  const { twoFactor } = await registerAuth(app, { ...platform, jwtSecret, afterResponse });
  await registerLegal(app, platform);
  const { profiles } = await registerProfile(app, platform);
  await registerFamily(app, { ...platform, profiles });
  const { photos } = await registerDoctorProfile(app, platform);
  // Before every module that issues documents: each registers what it issues here (ADR 0037).
  const { issuedDocuments } = await registerVerification(app, {
    ...platform,
    signingKey: deps.documentSigningKey ?? config.documentSigningKey ?? ephemeralSigningKey(),
  });
  // The doctor's summaries for the patient, each a signed visit summary (ADR 0037).
  const summaries = createSummaryReader(db, notesCrypto, issuedDocuments);
  const { payments } = await registerPayments(app, {
    ...platform,
    issuedDocuments,
    receiptSecret: jwtSecret,
    counters: metrics,
  });
  const { appointments } = await registerAppointments(app, { ...platform, summaries });
  // Prescriptions, sick notes and referrals: registered for verification, and in the export.
  const { clinicalDocuments } = await registerClinicalDocuments(app, {
    ...platform,
    issued: issuedDocuments,
    profiles,
    clinic: config.clinic,
    summaries,
  });
  await registerPrivacy(app, {
    ...platform,
    summaries,
    profiles,
    twoFactor,
    appointments,
    clinicalDocuments,
  });
  const { schedules } = await registerSchedules(app, { ...platform, appointments, doctors });
  const { waitlist } = await registerWaitlist(app, { ...platform, appointments, payments });
  await registerAdmin(app, { ...platform, twoFactor, appointments, schedules });
  await registerDoctorConsole(app, {
    ...platform,
    profiles,
    notesCrypto,
    issued: issuedDocuments,
  });
  await registerDocuments(app, platform);
  await registerMessages(app, platform);
  await registerFollowUps(app, { ...platform, doctors, payments });
  await registerPrescriptionRequests(app, {
    ...platform,
    payments,
    appointments,
    clinicalDocuments,
  });
  const { notifications } = await registerNotifications(app, {
    ...platform,
    jwtSecret,
    broadcaster,
    afterResponse,
  });
  const { meetings, preflight } = await registerMeetings(app, {
    ...platform,
    jwtSecret,
    broadcaster,
  });
  await registerGuestConsultations(app, { ...platform, meetings, preflight, counters: metrics });
  // "See a doctor now": paid through payments' checkout, taken through appointments' visits.
  const { onDemand } = await registerOnDemand(app, { ...platform, doctors, payments });

  const retention = createRetention({ db, clock, rateLimiter });
  // Lapsed holds already count as free for availability and new holds; their sweep only brings
  // the rows up to date. Completion and jobs (reminders, refunds, mails) need no client at all.
  startBackgroundWork(
    app,
    [
      { name: 'expire lapsed holds', run: () => payments.expireLapsedHolds() },
      { name: 'complete ended appointments', run: () => appointments.completeEnded() },
      {
        name: 'refund unanswered prescription requests',
        run: () => appointments.lapseUnansweredRequests(),
      },
      { name: 'expire ended waitlist alerts', run: () => waitlist.expireEnded() },
      { name: 'refund untaken on-demand visits', run: () => onDemand.endTimedOut() },
      { name: 'run due jobs', run: () => jobs.runDue() },
      { name: 'encrypt legacy health texts', run: () => encryptLegacyHealthText(db, healthText) },
      { name: 'apply retention', run: () => retention.pruneIfDue() },
    ],
    deps.backgroundIntervalMs ?? BACKGROUND_INTERVAL_MS,
    () => afterResponse.settled(),
  );
  // The doctor directory as whole HTML for visitors and search engines, in the app's look.
  await registerPublicPages(app, { config, clock, doctors, photos, webRoot });
  // Last: the page answers whatever no route above did.
  await app.register(spaPlugin, {
    webRoot,
    // The booking page's doctors come with its HTML, as GET /api/doctors answers them (ADR 0056).
    pageAnswers: {
      '/calendar': async (locale) => ({ success: true, data: await doctors.list({}, locale) }),
    },
  });

  return app;
}
