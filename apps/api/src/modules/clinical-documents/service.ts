import { randomUUID } from 'node:crypto';
import type {
  ClinicalDocument,
  DocumentLanguage,
  IssueClinicalDocument,
} from '@vizita/shared/contracts/clinical-documents';
import type { RequestedMedication } from '@vizita/shared/contracts/prescription-request-details';
import { isLocale } from '@vizita/shared/constants';
import {
  clinicalDocumentsIssuable,
  doctorMaySeePatient,
} from '@vizita/shared/domain/doctor-access';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import { checkSickNote, type SickNoteProblem } from '@vizita/shared/domain/sick-notes';
import { addDays, zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { roleOf } from '../../plugins/roles.ts';
import {
  findAppointment,
  hadCompletedVisitBefore,
  lockAppointment,
  recordOutcome,
  type AppointmentRow,
} from '../appointments/rows.ts';
import { findUserById } from '../auth/users.ts';
import { findDoctorProfile } from '../doctors/profiles.ts';
import { notifyAboutAppointment } from '../notifications/appointment-notices.ts';
import type { ProfileService } from '../profile/service.ts';
import type { SummaryReader } from '../doctor-console/summaries.ts';
import type { IssuedDocuments } from '../verification/issued-documents.ts';
import type { DocumentCrypto } from './document-crypto.ts';
import { documentPdf } from './document-pdf.ts';
import { documentView, type DocumentFacts } from './document-view.ts';
import { holderStillHolds } from '../family/dependants.ts';
import * as repo from './repo.ts';

// Prescriptions, sick notes and referrals the doctor issues from a consultation (issue #21): each
// a structured content, frozen with the facts printed beside it (the patient's name, birth date
// and insurance, the doctor, the clinic), encrypted at rest, registered and signed for anyone to
// verify (the verification module, ADR 0037), and rendered as a PDF in the reader's language. A
// correction is a new version with a registration of its own; the old one's is revoked as
// replaced. A document is revoked by revoking its current registration (the verification
// module's one revocation route): one truth, which this module and the verification page read.

/** What a version stores, encrypted: the content and the facts of the day it was written. */
type StoredVersion = {
  content: IssueClinicalDocument['content'];
  facts: Pick<DocumentFacts, 'consultationDate' | 'clinic' | 'doctor' | 'patient'>;
};

type PrescriptionContent = Extract<IssueClinicalDocument, { kind: 'prescription' }>['content'];

type Caller = { id: string; role: 'patient' | 'doctor' | 'admin'; locale: string };

/** A private prescription is valid for three months in Germany (AMVV § 2); a referral for about a quarter. */
const VALID_DAYS = { prescription: 90, referral: 90 } as const;
/** The reason recorded on a version's registration when a correction replaces it. */
const SUPERSEDED = 'Replaced by a corrected version.';

const SICK_NOTE_ERRORS = {
  endBeforeStart: 'sickNoteEndBeforeStart',
  startTooEarly: 'sickNoteStartTooEarly',
  startAfterConsultation: 'sickNoteStartAfterConsultation',
  tooLong: 'sickNoteTooLong',
  followUpNeedsKnownPatient: 'sickNoteFollowUpNeedsKnownPatient',
} as const satisfies Record<SickNoteProblem, string>;

export function createClinicalDocumentService({
  db,
  clock,
  crypto,
  issued,
  profiles,
  clinic,
  summaries,
}: {
  db: Db;
  clock: Clock;
  crypto: DocumentCrypto;
  issued: IssuedDocuments;
  profiles: ProfileService;
  clinic: { name: string; address: string[] };
  /** The doctor's summaries for the patient, each a signed visit summary (printed here too). */
  summaries: Pick<SummaryReader, 'printable'>;
}) {
  async function callerOf(userId: string): Promise<Caller> {
    const user = await findUserById(db, userId);
    if (!user) throw new ApiError(401, 'authRequired');
    return { id: user.id, role: roleOf(user), locale: user.locale };
  }

  /** The days the verification page shows: a sick note's own, else from the issue for a while. */
  function validity(request: IssueClinicalDocument, issuedOn: string) {
    if (request.kind === 'sick-note')
      return { validFrom: request.content.start, validUntil: request.content.end };
    return { validFrom: issuedOn, validUntil: addDays(issuedOn, VALID_DAYS[request.kind]) };
  }

  /** The sick-note rule for video consultations, with the patient known to the practice or not. */
  async function checkRules(tx: Tx, a: AppointmentRow, request: IssueClinicalDocument) {
    if (request.kind !== 'sick-note') return;
    const check = checkSickNote({
      ...request.content,
      knownPatient: await hadCompletedVisitBefore(tx, a.patientId, a.startsAt),
      consultationDate: zonedDateAndSlot(a.startsAt, a.timeZone).date,
    });
    if (!check.ok) throw new ApiError(400, SICK_NOTE_ERRORS[check.problem]);
  }

  /** What is printed beside the content, as it stands when the version is written. */
  async function factsOf(tx: Tx, a: AppointmentRow): Promise<StoredVersion['facts']> {
    // Only a doctor's own appointment gets documents, so it has its doctor (ADR 0042).
    const doctorId = a.doctorId ?? '';
    const [profile, doctorUser, doctorProfile] = await Promise.all([
      profiles.get(a.patientId),
      findUserById(tx, doctorId),
      findDoctorProfile(tx, doctorId),
    ]);
    const insurance = profile.insurance
      ? profile.insurance.type === 'private'
        ? profile.insurance.company
        : `${profile.insurance.company} · ${profile.insurance.number}`
      : null;
    return {
      consultationDate: zonedDateAndSlot(a.startsAt, a.timeZone).date,
      clinic: { name: clinic.name, lines: clinic.address },
      doctor: {
        name: doctorDisplayName({
          title: doctorProfile?.title ?? 'Dr.',
          firstName: doctorUser?.firstName ?? '',
          lastName: doctorUser?.lastName ?? '',
        }),
        specialties: doctorProfile?.specialties ?? [],
      },
      patient: { name: profile.fullName, birthDate: profile.birthday, insurance },
    };
  }

  /** What a version's signature covers: the whole document as printed, with its identity. */
  const signedContent = (
    document: { id: string; kind: string; issuedAt: Date },
    version: number,
    stored: StoredVersion,
  ) => ({
    documentId: document.id,
    version,
    kind: document.kind,
    issuedAt: document.issuedAt.toISOString(),
    ...stored,
  });

  /** Writes and registers version `version` of a document; answers its registration. */
  async function writeVersion(
    tx: Tx,
    a: AppointmentRow,
    document: { id: string; kind: IssueClinicalDocument['kind']; issuedAt: Date },
    version: number,
    request: IssueClinicalDocument,
  ) {
    const stored: StoredVersion = { content: request.content, facts: await factsOf(tx, a) };
    const versionId = randomUUID();
    await repo.insertVersion(tx, {
      id: versionId,
      documentId: document.id,
      version,
      contentEncrypted: crypto.seal(stored, document.id, version),
      createdAt: clock(),
    });
    return issued.issueDocument(tx, {
      kind: request.kind,
      sourceId: versionId,
      patientId: a.patientId,
      doctorId: a.doctorId,
      appointmentId: a.id,
      ...validity(request, issued.clinicDate(document.issuedAt)),
      content: signedContent(document, version, stored),
    });
  }

  /** The doctor's own appointment inside the window, locked; anyone else's is a 404. */
  async function ownConsultation(tx: Tx, doctorId: string, appointmentId: string) {
    const a = await lockAppointment(tx, appointmentId);
    if (!a || a.doctorId !== doctorId) throw new ApiError(404, 'appointmentNotFound');
    if (!clinicalDocumentsIssuable(a, clock()))
      throw new ApiError(409, 'clinicalDocumentNotIssuable');
    return a;
  }

  /** The doctor's own current document, locked, for a correction or a revocation. */
  async function ownDocument(tx: Tx, doctorId: string, documentId: string) {
    const current = await repo.documentWithLatest(tx, documentId, true);
    if (!current || current.document.doctorId !== doctorId)
      throw new ApiError(404, 'clinicalDocumentNotFound');
    const registration = (await issued.registrationsOf(tx, [current.version.id])).get(
      current.version.id,
    );
    if (registration?.revokedAt) throw new ApiError(409, 'clinicalDocumentRevoked');
    const a = await ownConsultation(tx, doctorId, current.document.appointmentId);
    return { current, registration: registration!, appointment: a };
  }

  function open(row: { document: repo.DocumentRow; version: repo.VersionRow }) {
    return crypto.open<StoredVersion>(
      row.version.contentEncrypted,
      row.document.id,
      row.version.version,
    );
  }

  function toDocument(
    row: { document: repo.DocumentRow; version: repo.VersionRow },
    registration: Registration,
  ): ClinicalDocument {
    const { document: d, version: v } = row;
    const stored = open(row);
    return {
      _id: d.id,
      appointmentId: d.appointmentId,
      kind: d.kind,
      version: v.version,
      issuedAt: d.issuedAt.toISOString(),
      versionAt: v.createdAt.toISOString(),
      doctor: { _id: d.doctorId, name: stored.facts.doctor.name },
      content: stored.content,
      revokedAt: registration.revokedAt?.toISOString() ?? null,
      verification: {
        id: registration.id,
        shortCode: registration.shortCode,
        url: registration.verifyUrl,
      },
    };
  }

  /**
   * Who may read an appointment's documents: its patient, and its doctor while the patient's data
   * is open to them (ADR 0016), a read that is audited. Anyone else: the same 404.
   */
  async function readableAppointment(caller: Caller, appointmentId: string) {
    const a = await findAppointment(db, appointmentId);
    if (
      a &&
      caller.role === 'patient' &&
      a.patientId === caller.id &&
      (await holderStillHolds(db, a.dependantId))
    )
      return a;
    if (
      a &&
      caller.role === 'doctor' &&
      a.doctorId === caller.id &&
      doctorMaySeePatient(a, clock())
    )
      return a;
    return undefined;
  }

  async function auditStaffRead(caller: Caller, a: AppointmentRow, meta: Record<string, unknown>) {
    if (caller.role === 'patient') return;
    await audit(db, 'clinical_document.read', {
      userId: caller.id,
      subjectUserId: a.patientId,
      meta: { appointmentId: a.id, ...meta },
    });
  }

  /** One document for a reader, newest version, with its registration. */
  async function readable(caller: Caller, documentId: string) {
    const row = await repo.documentWithLatest(db, documentId);
    const a = row && (await readableAppointment(caller, row.document.appointmentId));
    if (!row || !a) throw new ApiError(404, 'clinicalDocumentNotFound');
    const registration = (await issued.registrationsOf(db, [row.version.id])).get(row.version.id)!;
    return { row, appointment: a, registration };
  }

  /** The doctor's answer after a change: the document as it now stands, not audited as a read. */
  async function forIssuer(documentId: string) {
    const row = (await repo.documentWithLatest(db, documentId))!;
    const registration = (await issued.registrationsOf(db, [row.version.id])).get(row.version.id)!;
    return toDocument(row, registration);
  }

  // The verification page also checks the content: it is re-read from here (decrypted, as signed).
  issued.contentSource(['prescription', 'sick-note', 'referral'], async (tx, versionId) => {
    const row = await repo.versionById(tx, versionId);
    return row ? signedContent(row.document, row.version.version, open(row)) : undefined;
  });

  return {
    /** The doctor issues a prescription, sick note or referral from one of their consultations. */
    async issue(doctorId: string, appointmentId: string, request: IssueClinicalDocument) {
      const documentId = randomUUID();
      await db.transaction(async (tx) => {
        const a = await ownConsultation(tx, doctorId, appointmentId);
        // A prescription request (issue #21) is answered with a prescription, which completes it.
        if (a.plan === 'prescription') {
          if (request.kind !== 'prescription')
            throw new ApiError(409, 'prescriptionRequestTakesPrescription');
          if (a.status === 'upcoming') await recordOutcome(tx, a.id, 'completed', clock());
        }
        await checkRules(tx, a, request);
        const document = { id: documentId, kind: request.kind, issuedAt: clock() };
        await repo.insertDocument(tx, {
          ...document,
          appointmentId,
          patientId: a.patientId,
          doctorId,
        });
        await writeVersion(tx, a, document, 1, request);
        await audit(tx, 'clinical_document.issued', {
          userId: doctorId,
          subjectUserId: a.patientId,
          meta: { appointmentId, documentId, kind: request.kind },
        });
        // The patient hears of it on the bell and by a mail without the document or its kind.
        await notifyAboutAppointment(tx, appointmentId, [
          { to: 'patient', kind: 'documentShared' },
        ]);
      });
      return forIssuer(documentId);
    },

    /** A correction: a new version of the same kind, registered anew; the old one's replaced. */
    async correct(doctorId: string, documentId: string, request: IssueClinicalDocument) {
      try {
        await db.transaction(async (tx) => {
          const {
            current,
            registration,
            appointment: a,
          } = await ownDocument(tx, doctorId, documentId);
          if (current.document.kind !== request.kind)
            throw new ApiError(409, 'clinicalDocumentKindFixed');
          await checkRules(tx, a, request);
          const version = current.version.version + 1;
          await writeVersion(tx, a, current.document, version, request);
          await issued.revokeDocument(tx, registration.id, {
            userId: doctorId,
            reason: SUPERSEDED,
          });
          await audit(tx, 'clinical_document.corrected', {
            userId: doctorId,
            subjectUserId: a.patientId,
            meta: { appointmentId: a.id, documentId, version },
          });
        });
      } catch (error) {
        // Two corrections at once: the second would reuse the version number.
        if (isUniqueViolation(error)) throw new ApiError(409, 'clinicalDocumentChanged');
        throw error;
      }
      return forIssuer(documentId);
    },

    /** An appointment's documents, newest version of each, for its patient or its doctor. */
    async listForAppointment(userId: string, appointmentId: string): Promise<ClinicalDocument[]> {
      const caller = await callerOf(userId);
      const a = await readableAppointment(caller, appointmentId);
      if (!a) throw new ApiError(404, 'appointmentNotFound');
      const rows = await repo.documentsOfAppointment(db, appointmentId);
      if (rows.length > 0) await auditStaffRead(caller, a, { documents: rows.length });
      const registrations = await issued.registrationsOf(
        db,
        rows.map((r) => r.version.id),
      );
      return rows
        .map((row) => toDocument(row, registrations.get(row.version.id)!))
        .sort((x, y) => x.issuedAt.localeCompare(y.issuedAt));
    },

    /**
     * The newest version as a PDF: in the language asked for (one of the three, or Bulgarian and
     * German side by side), else in the reader's own.
     */
    async pdf(userId: string, documentId: string, language: DocumentLanguage | undefined) {
      const caller = await callerOf(userId);
      const { row, appointment, registration } = await readable(caller, documentId);
      const chosen = language ?? (isLocale(caller.locale) ? caller.locale : 'en');
      await auditStaffRead(caller, appointment, { documentId, pdf: chosen });
      const stored = open(row);
      const view = documentView(
        {
          kind: row.document.kind,
          content: stored.content,
          version: row.version.version,
          issuedAt: row.document.issuedAt,
          revoked: registration.revokedAt !== null,
          verification: {
            shortCode: registration.shortCode,
            url: registration.verifyUrl,
            pageUrl: registration.verifyUrl.replace(/\/[^/]+$/, ''),
          },
          ...stored.facts,
        },
        chosen,
      );
      const bytes = await documentPdf(view, registration.verifyUrl);
      return { bytes, fileName: `${row.document.kind}-${registration.shortCode}.pdf` };
    },

    /**
     * The medicines a doctor prescribed to a patient, newest first and each once, from the newest
     * version of each prescription that stands (not revoked): what a repeat request picks from.
     */
    async prescribedMedicines(patientId: string, doctorId: string) {
      const rows = (await repo.versionsOfPatient(db, patientId)).filter(
        (r) => r.document.doctorId === doctorId && r.document.kind === 'prescription',
      );
      const newest = new Map<string, (typeof rows)[number]>();
      for (const row of rows) newest.set(row.document.id, row);
      const current = [...newest.values()].reverse();
      const registrations = await issued.registrationsOf(
        db,
        current.map((r) => r.version.id),
      );
      const seen = new Set<string>();
      const medicines: RequestedMedication[] = [];
      for (const row of current) {
        if (registrations.get(row.version.id)?.revokedAt) continue;
        const content = open(row).content as PrescriptionContent;
        for (const item of content.items) {
          const key = `${item.atc ?? ''}|${item.medicine}|${item.strength}|${item.form}`;
          if (seen.has(key)) continue;
          seen.add(key);
          medicines.push({
            atc: item.atc,
            medicine: item.medicine,
            strength: item.strength,
            form: item.form,
          });
        }
      }
      return medicines;
    },

    /**
     * The appointment's visit summary — the doctor's summary for the patient, as it now stands —
     * as a PDF like the documents': the same readers, the same languages, its QR code and code.
     */
    async summaryPdf(
      userId: string,
      appointmentId: string,
      language: DocumentLanguage | undefined,
    ) {
      const caller = await callerOf(userId);
      const a = await readableAppointment(caller, appointmentId);
      if (!a) throw new ApiError(404, 'appointmentNotFound');
      const summary = await summaries.printable(a.id);
      if (!summary) throw new ApiError(404, 'visitSummaryNotFound');
      const chosen = language ?? (isLocale(caller.locale) ? caller.locale : 'en');
      await auditStaffRead(caller, a, { visitSummary: summary.version, pdf: chosen });
      const { url, shortCode } = summary.verification;
      const view = documentView(
        {
          kind: 'visit-summary',
          content: { summary: summary.text },
          version: summary.version,
          issuedAt: summary.writtenAt,
          revoked: false,
          verification: { shortCode, url, pageUrl: url.replace(/\/[^/]+$/, '') },
          ...(await factsOf(db, a)),
        },
        chosen,
      );
      return {
        bytes: await documentPdf(view, url),
        fileName: `visit-summary-${shortCode}.pdf`,
      };
    },

    /** Every version of a patient's documents, decrypted, for the data export (ADR 0025). */
    async exportOf(tx: Tx, patientId: string) {
      const rows = await repo.versionsOfPatient(tx, patientId);
      const registrations = await issued.registrationsOf(
        tx,
        rows.map((r) => r.version.id),
      );
      return rows.map((row) => {
        const stored = open(row);
        const registration = registrations.get(row.version.id);
        return {
          documentId: row.document.id,
          appointmentId: row.document.appointmentId,
          kind: row.document.kind,
          version: row.version.version,
          issuedAt: row.document.issuedAt.toISOString(),
          versionAt: row.version.createdAt.toISOString(),
          content: stored.content,
          doctor: stored.facts.doctor.name,
          shortCode: registration?.shortCode ?? null,
          revokedAt: registration?.revokedAt?.toISOString() ?? null,
        };
      });
    },
  };
}
export type ClinicalDocumentService = ReturnType<typeof createClinicalDocumentService>;

type Registration = { id: string; shortCode: string; verifyUrl: string; revokedAt: Date | null };
