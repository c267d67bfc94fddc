import { createHash } from 'node:crypto';
import type { Money, Reference, Resource } from '@medplum/fhirtypes';
import type { DataExport } from '@vizita/shared/contracts/privacy';

/**
 * A stable id for a resource the export has no id for (a doctor known by name, the encounter of
 * an appointment, a consent): a UUID made from a hash of what identifies it (RFC 9562 version 8),
 * so that exporting twice gives a receiving app the same ids and it can update instead of doubling.
 */
export function fhirId(kind: string, ...parts: string[]): string {
  const hex = createHash('sha256')
    .update([kind, ...parts].join('\u0000'))
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The entries of a `collection` Bundle are named by `urn:uuid:` full URLs and point at each other
 * with them: the Bundle stands alone, with no server to resolve `Patient/<id>` against.
 */
export const fullUrl = (id: string) => `urn:uuid:${id}`;

export function ref<T extends Resource>(
  resourceType: T['resourceType'],
  id: string,
  display?: string,
): Reference<T> {
  return { reference: fullUrl(id), type: resourceType, ...(display ? { display } : {}) };
}

/** Money in minor units as FHIR's decimal amount, by the currency's own number of decimals. */
export function money(amountMinor: number, currency: string): Money {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  // The export's currencies are ISO 4217 codes (the server sets them): FHIR's type lists them all.
  return { value: amountMinor / 10 ** digits, currency: currency as Money['currency'] };
}

type Issued = DataExport['clinicalDocuments'][number];

/**
 * The newest version of each clinical document of these kinds: an older one was replaced by a
 * correction (and its verification revoked), so it is not part of the record any more.
 */
export function newestVersions(data: DataExport, kinds: readonly Issued['kind'][]): Issued[] {
  const newest = new Map<string, Issued>();
  for (const version of data.clinicalDocuments) {
    if (!kinds.includes(version.kind)) continue;
    const seen = newest.get(version.documentId);
    if (!seen || seen.version < version.version) newest.set(version.documentId, version);
  }
  return [...newest.values()];
}
