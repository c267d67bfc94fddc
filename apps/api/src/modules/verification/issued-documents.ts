import { createHash, randomInt, randomUUID } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { IssuedDocumentKind } from '@vizita/shared/contracts/verification';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import {
  formatShortCode,
  isDocumentId,
  normalizeShortCode,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
} from '@vizita/shared/domain/verification-code';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DocumentSigner } from '../../lib/document-signing.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { findUserById } from '../auth/users.ts';
import { findDoctorProfile } from '../doctors/profiles.ts';
import * as repo from './repo.ts';

// What this module offers the others (ADR 0037): a document they issue is registered here in
// their transaction — its canonical content hashed, the registration signed with Ed25519 — and
// anyone holding the paper can check it at /verify/<id> without learning what it says.

/** The clinic as the document names it, frozen at issue (a later move changes no paper). */
export type IssuerSnapshot = {
  doctorName: string | null;
  clinic: { name: string; address: string[]; country: string; email: string; phone: string };
};

export type IssueDocumentInput = {
  kind: IssuedDocumentKind;
  /** The issuing module's own record (the invoice, the prescription): registered once. */
  sourceId: string;
  patientId: string;
  doctorId: string | null;
  appointmentId?: string | null;
  /** Calendar days, YYYY-MM-DD; `validUntil` null for a document without an end (an invoice). */
  validFrom: string;
  validUntil: string | null;
  /**
   * What the document says, as JSON (no Date objects: ISO strings). Only its hash is kept here;
   * the issuing module keeps the content and, through `contentSource`, gives it back to check.
   */
  content: unknown;
  /** Defaults to the clock's now. */
  issuedAt?: Date;
};

export type IssuedDocumentRef = { id: string; shortCode: string; verifyUrl: string };
/** A registration as its issuing module shows it: the reference and whether it was revoked. */
export type Registration = IssuedDocumentRef & { revokedAt: Date | null };

/** What a check found; the public answer is made from this and nothing else. */
export type DocumentCheck = {
  id: string;
  shortCode: string;
  kind: IssuedDocumentKind;
  /** The signature holds over the registration and, where the content is at hand, its hash. */
  authentic: boolean;
  /** False when the issuing module no longer has the content (erased): the signature alone. */
  contentChecked: boolean;
  issuedAt: Date;
  validFrom: string;
  validUntil: string | null;
  revokedAt: Date | null;
  issuer: IssuerSnapshot;
  patientId: string;
  doctorId: string | null;
};

/** Gives back a registered document's content from its source record, or undefined if gone. */
export type ContentSource = (db: Tx, sourceId: string) => Promise<unknown>;

// The doctor's words may name a health detail: sealed to the one registration (ADR 0009).
const reasonContext = (documentId: string) => `issued-document:${documentId}:revoke-reason`;

const CLINIC_ZONES: Record<string, string> = { DE: 'Europe/Berlin', BG: 'Europe/Sofia' };

/** RFC 8785 (JSON Canonicalization Scheme) through `canonicalize`, never a hand-made sort. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('document content is not JSON');
  return text;
}

/** SHA-256 of the canonical JSON, hex: what a registration stores and signs. */
export const contentHashOf = (content: unknown): string =>
  createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');

/**
 * The bytes the signature covers: every field of the registration a reader relies on, so that a
 * changed date, doctor or hash in the table fails the check as a changed content does. Revocation
 * is not in it — it happens later, and only ever makes a document weaker.
 */
function signedBytes(row: Omit<repo.IssuedDocumentRow, 'signature'>): Buffer {
  return Buffer.from(
    canonicalJson({
      v: 1,
      id: row.id,
      shortCode: row.shortCode,
      kind: row.kind,
      sourceId: row.sourceId,
      patientId: row.patientId,
      doctorId: row.doctorId,
      appointmentId: row.appointmentId,
      issuer: row.issuer,
      issuedAt: row.issuedAt.toISOString(),
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      contentHash: row.contentHash,
      keyId: row.keyId,
    }),
    'utf8',
  );
}

function newShortCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += SHORT_CODE_ALPHABET[randomInt(32)];
  return code;
}

export function createIssuedDocuments(deps: {
  db: Db;
  clock: Clock;
  signer: DocumentSigner;
  clinic: Config['clinic'];
  appUrl: string;
  encryption: FieldEncryption;
}) {
  const { db, clock, signer, clinic, appUrl, encryption } = deps;
  const sources = new Map<IssuedDocumentKind, ContentSource>();
  const verifyUrl = (id: string) => `${appUrl}/verify/${id}`;
  const refOf = (row: repo.IssuedDocumentRow): IssuedDocumentRef => ({
    id: row.id,
    shortCode: formatShortCode(row.shortCode),
    verifyUrl: verifyUrl(row.id),
  });

  async function doctorName(tx: Tx, doctorId: string | null) {
    if (!doctorId) return null;
    const doctor = await findUserById(tx, doctorId);
    if (!doctor) return null;
    const profile = await findDoctorProfile(tx, doctorId);
    return doctorDisplayName({ ...doctor, title: profile?.title ?? 'Dr.' });
  }

  async function revokeDocument(
    tx: Tx,
    id: string,
    by: { userId: string; reason: string },
  ): Promise<{ id: string; revokedAt: Date; alreadyRevoked: boolean } | undefined> {
    const revoked = await repo.markRevoked(tx, id, {
      revokedAt: clock(),
      revokedBy: by.userId,
      revokeReasonEncrypted: encryption.encrypt(by.reason, reasonContext(id)),
    });
    if (revoked) return { id, revokedAt: revoked.revokedAt!, alreadyRevoked: false };
    const row = await repo.findById(tx, id);
    return row?.revokedAt ? { id, revokedAt: row.revokedAt, alreadyRevoked: true } : undefined;
  }

  async function find(idOrCode: string) {
    if (isDocumentId(idOrCode)) return repo.findById(db, idOrCode.toLowerCase());
    const code = normalizeShortCode(idOrCode);
    return code ? repo.findByShortCode(db, code) : undefined;
  }

  return {
    /**
     * Registers a document in the caller's transaction: hashes its canonical content, signs the
     * registration, gives it a short code. Registering the same source again answers the first
     * registration (a retried issue prints the same code).
     */
    async issueDocument(tx: Tx, input: IssueDocumentInput): Promise<IssuedDocumentRef> {
      const existing = await repo.findBySource(tx, input.kind, input.sourceId);
      if (existing) return refOf(existing);
      const issuer: IssuerSnapshot = {
        doctorName: await doctorName(tx, input.doctorId),
        clinic: {
          name: clinic.name,
          address: clinic.address,
          country: clinic.country,
          email: clinic.email,
          phone: clinic.phone,
        },
      };
      const contentHash = contentHashOf(input.content);
      // 50 random bits: a clash is rare, and then another code is drawn.
      for (let attempt = 0; attempt < 5; attempt++) {
        const unsigned = {
          id: randomUUID(),
          shortCode: newShortCode(),
          kind: input.kind,
          sourceId: input.sourceId,
          patientId: input.patientId,
          doctorId: input.doctorId,
          appointmentId: input.appointmentId ?? null,
          issuer,
          issuedAt: input.issuedAt ?? clock(),
          validFrom: input.validFrom,
          validUntil: input.validUntil,
          contentHash,
          keyId: signer.keyId,
          revokedAt: null,
          revokedBy: null,
          revokeReasonEncrypted: null,
          createdAt: clock(),
        };
        const row = await repo.insertIssuedDocument(tx, {
          ...unsigned,
          signature: signer.sign(signedBytes(unsigned)),
        });
        if (row) return refOf(row);
        const raced = await repo.findBySource(tx, input.kind, input.sourceId);
        if (raced) return refOf(raced);
      }
      throw new Error('no free short code after 5 attempts');
    },

    /**
     * Checks a document by id or short code: the signature over its registration, and the hash
     * over `content` — given, or else re-read from its issuing module. Undefined when unknown.
     */
    async verifyDocument(idOrCode: string, content?: unknown): Promise<DocumentCheck | undefined> {
      const row = await find(idOrCode);
      if (!row) return undefined;
      const signatureHolds = signer.verify(row.keyId, signedBytes(row), row.signature);
      const current =
        content !== undefined ? content : await sources.get(row.kind)?.(db, row.sourceId);
      const contentChecked = current !== undefined;
      const hashHolds = !contentChecked || contentHashOf(current) === row.contentHash;
      return {
        id: row.id,
        shortCode: formatShortCode(row.shortCode),
        kind: row.kind,
        authentic: signatureHolds && hashHolds,
        contentChecked,
        issuedAt: row.issuedAt,
        validFrom: row.validFrom,
        validUntil: row.validUntil,
        revokedAt: row.revokedAt,
        issuer: row.issuer as IssuerSnapshot,
        patientId: row.patientId,
        doctorId: row.doctorId,
      };
    },

    /** The registration of a source record (to print its code), or undefined. */
    async registrationOf(tx: Tx, kind: IssuedDocumentKind, sourceId: string) {
      const row = await repo.findBySource(tx, kind, sourceId);
      return row ? refOf(row) : undefined;
    },

    /**
     * Registrations by their sources' ids (a module's list of documents), keyed by source id;
     * a source never registered is absent.
     */
    async registrationsOf(
      tx: Tx,
      sourceIds: readonly string[],
    ): Promise<Map<string, Registration>> {
      const rows = await repo.findBySources(tx, sourceIds);
      return new Map(
        rows.map((row) => [row.sourceId, { ...refOf(row), revokedAt: row.revokedAt }]),
      );
    },

    /**
     * Marks a document revoked, in the caller's transaction (the caller audits it); the reason is
     * kept encrypted. Answers the revocation — the first one if it was revoked before — or
     * undefined for an unknown id. The public check says "revoked" from now on.
     */
    revokeDocument,
    /**
     * The issuing module names where a kind's content can be re-read, so the public check also
     * catches a changed content, not only a changed registration.
     */
    contentSource(kinds: readonly IssuedDocumentKind[], source: ContentSource) {
      for (const kind of kinds) sources.set(kind, source);
    },

    /** Where today falls in a validity period, in the clinic's own zone. */
    validity(check: Pick<DocumentCheck, 'validFrom' | 'validUntil'>, now: Date) {
      const today = zonedDateAndSlot(now, CLINIC_ZONES[clinic.country] ?? 'UTC').date;
      if (today < check.validFrom) return 'not-yet-valid' as const;
      if (check.validUntil !== null && today > check.validUntil) return 'expired' as const;
      return 'current' as const;
    },

    /** The issue date in the clinic's zone: an invoice's `validFrom`. */
    clinicDate: (instant: Date) =>
      zonedDateAndSlot(instant, CLINIC_ZONES[clinic.country] ?? 'UTC').date,

    verifyUrl,
    publicKeys: () => signer.publicKeys(),
  };
}
export type IssuedDocuments = ReturnType<typeof createIssuedDocuments>;
