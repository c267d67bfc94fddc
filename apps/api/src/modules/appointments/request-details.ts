import type {
  MedicationLeft,
  PrescriptionRequestDetails,
  RequestedMedication,
} from '@vizita/shared/contracts/prescription-request-details';
import type { AppointmentRow } from './rows.ts';
import type { HealthText } from './health-text.ts';

// A prescription request's own details (issue #21, ADR 0039) on its appointment row: the medicine
// and how much is left, sealed as one JSON text beside the reason; its answer deadline is the
// row's end. Read here for every module that shows a request (the patient's card, the console).

type Stored = { medication: RequestedMedication; left: MedicationLeft };

/** The sealed JSON of a request's details, for the row's `requestEncrypted`. */
export const sealRequestDetails = (
  healthText: HealthText,
  appointmentId: string,
  details: Stored,
) => healthText.seal(appointmentId, 'request', JSON.stringify(details));

/** A request's details, or null for a visit (and for a request whose patient was erased). */
export function requestDetailsOf(
  healthText: HealthText,
  row: AppointmentRow,
): PrescriptionRequestDetails | null {
  if (row.plan !== 'prescription') return null;
  const text = healthText.open(row, 'request');
  if (!text) return null;
  const stored = JSON.parse(text) as Stored;
  return { ...stored, answerBy: row.endsAt.toISOString() };
}
