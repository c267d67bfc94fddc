import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { HealthText } from '../appointments/health-text.ts';
import type { AppointmentService } from '../appointments/service.ts';
import type { TwoFactorService } from '../auth/two-factor-service.ts';
import type { ClinicalDocumentService } from '../clinical-documents/service.ts';
import type { SummaryReader } from '../doctor-console/summaries.ts';
import type { ProfileService } from '../profile/service.ts';
import { createAccountErasure } from './account-erasure.ts';
import { createDataExport } from './data-export.ts';
import { privacyRoutes } from './routes.ts';

/** The patient's data rights (ADR 0025): the export, who saw their data, deleting the account. */
export async function registerPrivacy(
  app: FastifyInstance,
  {
    config,
    db,
    clock,
    rateLimiter,
    encryption,
    healthText,
    summaries,
    profiles,
    twoFactor,
    appointments,
    clinicalDocuments,
  }: {
    config: Pick<Config, 'secureCookies' | 'appUrl' | 'clinic'>;
    db: Db;
    clock: Clock;
    rateLimiter: RateLimiter;
    encryption: FieldEncryption;
    healthText: HealthText;
    summaries: SummaryReader;
    profiles: ProfileService;
    twoFactor: TwoFactorService;
    /** An erased account's upcoming appointments are cancelled as the patient would. */
    appointments: AppointmentService;
    /** Prescriptions, sick notes and referrals are in the export (issue #21). */
    clinicalDocuments: ClinicalDocumentService;
  },
) {
  await app.register(privacyRoutes, {
    db,
    clock,
    rateLimiter,
    secureCookies: config.secureCookies,
    appUrl: config.appUrl,
    clinic: config.clinic,
    dataExport: createDataExport({
      db,
      encryption,
      healthText,
      summaries,
      profiles,
      twoFactor,
      clinicalDocuments,
    }),
    erasure: createAccountErasure({
      db,
      clock,
      twoFactor,
      cancelAsPatient: (patientId, appointmentId, reason) =>
        appointments.cancel(patientId, appointmentId, reason),
    }),
  });
}
