import type { AccessLogEntry, DataExport } from '@vizita/shared/contracts/privacy';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import type { HealthText } from '../appointments/health-text.ts';
import { findUserById } from '../auth/users.ts';
import type { SummaryReader } from '../doctor-console/summaries.ts';
import { documentContext } from '../documents/service.ts';
import type { ClinicalDocumentService } from '../clinical-documents/service.ts';
import { followUpProposalsForExport } from '../follow-ups/patient-records.ts';
import { listConsents } from '../legal/consents.ts';
import { notificationsForExport } from '../notifications/data-export.ts';
import { messagesForExport } from '../messages/patient-export.ts';
import { patientAlerts } from '../waitlist/patient-alerts.ts';
import type { TwoFactorService } from '../auth/two-factor-service.ts';
import type { ProfileService } from '../profile/service.ts';
import { roleOf } from '../../plugins/roles.ts';
import { createMeetingEvents } from '../meetings/meeting-events.ts';
import { dependantNames, dependantsForExport } from '../family/dependants.ts';
import * as repo from './repo.ts';
import { requestDetailsOf } from '../appointments/request-details.ts';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const fullName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();

type Actor = Awaited<ReturnType<typeof repo.accessToRecordOf>>[number]['actor'];

/** Who acted, as the patient may see it: staff by name and role; a system action unnamed. */
function actorOf(actor: Actor): AccessLogEntry['actor'] {
  if (!actor) return { name: null, role: 'system' };
  const role = roleOf({ userType: actor.userType, isAdmin: actor.isAdmin });
  // Another patient never appears in one's record; if ever, not by name.
  return { name: role === 'patient' ? null : fullName(actor) || null, role };
}

/**
 * Everything Vizita holds about a patient, decrypted for them (GDPR Art. 15 and 20): account,
 * profile, appointments with what they wrote and the doctors' summaries and documents, payments
 * and invoices, consents, sessions, and the audit log about them.
 */
export function createDataExport(deps: {
  db: Db;
  encryption: FieldEncryption;
  healthText: HealthText;
  summaries: SummaryReader;
  profiles: ProfileService;
  twoFactor: Pick<TwoFactorService, 'isEnabled'>;
  clinicalDocuments: Pick<ClinicalDocumentService, 'exportOf'>;
}) {
  const { db, encryption, healthText, summaries, profiles, twoFactor, clinicalDocuments } = deps;

  return {
    /** Who else read or changed the patient's record, newest first ("who saw my data"). */
    async accessLog(patientId: string): Promise<AccessLogEntry[]> {
      const entries = await repo.accessToRecordOf(db, patientId);
      const named = await dependantNames(
        db,
        entries.map((e) => e.dependantId),
      );
      return entries.map((entry) => {
        const about = entry.dependantId ? named.get(entry.dependantId) : undefined;
        return {
          at: iso(entry.at),
          event: entry.event,
          actor: actorOf(entry.actor),
          // Only a record of a person in the account is named; the patient's own is not.
          ...(about ? { about } : {}),
        };
      });
    },

    async collect(userId: string, now: Date): Promise<DataExport> {
      const user = await findUserById(db, userId);
      if (!user) throw new ApiError(401, 'authRequired');
      const profile = await profiles.stored(userId);
      const rows = await repo.appointmentsOf(db, userId);
      const ids = rows.map((r) => r.appointment.id);
      const [
        summaryOf,
        documents,
        paymentRows,
        consents,
        sessionRows,
        devices,
        accessLog,
        activity,
        callEvents,
        followUpProposals,
      ] = await Promise.all([
        summaries.many(ids),
        repo.documentsOf(db, ids),
        repo.paymentsOf(db, userId),
        listConsents(db, userId),
        repo.sessionsOf(db, userId),
        repo.rememberedDevices(db, userId),
        this.accessLog(userId),
        repo.activityOf(db, userId),
        createMeetingEvents(db).list(ids),
        followUpProposalsForExport(db, encryption, userId, now),
      ]);
      const conversations = await messagesForExport(db, encryption, userId);
      const waitlist = await patientAlerts(db, userId);
      const invoiceRows = await repo.invoicesOf(
        db,
        paymentRows.map((p) => p.id),
      );

      return {
        format: 'vizita-data-export',
        formatVersion: 1,
        exportedAt: iso(now),
        account: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          language: user.locale,
          registeredAt: iso(user.createdAt),
          emailValidatedAt: isoOrNull(user.emailValidatedAt),
          twoFactorEnabled: await twoFactor.isEnabled(userId),
          rememberedDevices: devices,
        },
        profile,
        dependants: (await dependantsForExport(db, encryption, userId)).map((d) => ({
          id: d.id,
          firstName: d.firstName,
          lastName: d.lastName,
          birthDate: d.birthDate,
          gender: d.gender,
          relationship: d.relationship,
          countryCode: d.country,
          nationalId: d.nationalId,
          insurance: d.insurance,
          addedAt: iso(d.createdAt),
          handedOverAt: isoOrNull(d.handedOverAt),
        })),
        appointments: rows.map(({ appointment: a, doctor }) => ({
          id: a.id,
          dependantId: a.dependantId,
          // A visit with the first free doctor that nobody took has none (ADR 0042).
          doctor: doctor ? fullName(doctor) : '',
          startsAt: iso(a.startsAt),
          endsAt: iso(a.endsAt),
          timeZone: a.timeZone,
          plan: a.plan,
          status: a.status,
          ...healthText.all(a),
          // A prescription request's medicine and how much was left (issue #21); null for a visit.
          prescriptionRequest: requestDetailsOf(healthText, a),
          cancelledBy: a.cancelledBy,
          cancelledAt: isoOrNull(a.cancelledAt),
          price:
            a.priceMinor === null || a.currency === null
              ? null
              : { amountMinor: a.priceMinor, currency: a.currency },
          summary: summaryOf.get(a.id) ?? null,
          documents: documents
            .filter((d) => d.appointmentId === a.id)
            .map((d) => ({
              title: d.title,
              version: d.version,
              fileName: d.fileName,
              contentType: d.contentType,
              sizeBytes: d.sizeBytes,
              sha256: d.sha256,
              sharedAt: iso(d.createdAt),
              contentBase64: encryption
                .decryptBytes(d.contentEncrypted, documentContext(d))
                .toString('base64'),
            })),
          callEvents: callEvents
            .filter((e) => e.appointmentId === a.id)
            .map((e) => ({
              kind: e.kind,
              role: e.role,
              at: iso(e.at),
              quality:
                (e.details as { quality?: { quality?: 'good' | 'fair' | 'poor' } } | null)?.quality
                  ?.quality ?? null,
            })),
        })),
        payments: paymentRows.map((p) => ({
          id: p.id,
          appointmentId: p.appointmentId,
          provider: p.provider,
          amountMinor: p.amountMinor,
          currency: p.currency,
          status: p.status,
          createdAt: iso(p.createdAt),
          paidAt: isoOrNull(p.paidAt),
          refundedAt: isoOrNull(p.refundedAt),
          receiptNumber: p.receiptNumber,
          invoices: invoiceRows
            .filter((i) => i.paymentId === p.id)
            .map((i) => ({
              number: i.number,
              kind: i.kind,
              amountMinor: i.amountMinor,
              currency: i.currency,
              issuedAt: iso(i.issuedAt),
            })),
        })),
        consents: consents.map((c) => ({ ...c, acceptedAt: iso(c.acceptedAt) })),
        sessions: sessionRows.map((s) => ({
          createdAt: iso(s.createdAt),
          lastUsedAt: isoOrNull(s.lastUsedAt),
          expiresAt: iso(s.expiresAt),
          revokedAt: isoOrNull(s.revokedAt),
          userAgent: s.userAgent,
          ip: s.ip,
        })),
        accessLog,
        activity: activity.map((a) => ({ at: iso(a.at), event: a.event, ip: a.ip })),
        notifications: await notificationsForExport(db, userId),
        messages: conversations,
        followUpProposals,
        waitlist,
        clinicalDocuments: await clinicalDocuments.exportOf(db, userId),
      };
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExport>;
