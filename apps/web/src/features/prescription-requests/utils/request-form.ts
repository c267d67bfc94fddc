import type { RequestedMedication } from '@vizita/shared/contracts/prescription-request-details';
import {
  createPrescriptionRequestSchema,
  type PrescriptionRequestOption,
} from '@vizita/shared/contracts/prescription-requests';
import { formSchema } from '../../../lib/form-schema';

/** The medicine's choice: one of the doctor's earlier prescriptions, or typed ("Another medicine"). */
export const OTHER_MEDICINE = 'other';
const EARLIER = 'earlier:';

/** The choice of the doctor's `index`-th earlier medicine (options' `medications`). */
export const earlierChoice = (index: number) => `${EARLIER}${index}`;

/**
 * The request form's values: the doctor, the medicine's choice (with what the patient typed for
 * another one), the reason and how much is left — all text, as the controls hold them.
 */
export type RequestFields = {
  doctorId: string;
  /** `earlier:<n>`, `other`, or '' while none is chosen. */
  choice: string;
  medicine: string;
  strength: string;
  reason: string;
  left: string;
};

/** The medicine the choice stands for; undefined while none is chosen. */
export function chosenMedication(
  fields: RequestFields,
  options: readonly PrescriptionRequestOption[],
): RequestedMedication | undefined {
  if (fields.choice === OTHER_MEDICINE)
    return { atc: null, medicine: fields.medicine, strength: fields.strength, form: null };
  if (!fields.choice.startsWith(EARLIER)) return undefined;
  const option = options.find((o) => o.doctor._id === fields.doctorId);
  return option?.medications[Number(fields.choice.slice(EARLIER.length))];
}

/** The typed medicine's issues belong to its two fields; any other one to the choice itself. */
const TYPED_FIELDS: Record<string, string> = { medicine: 'medicine', strength: 'strength' };

/**
 * The form judged as POST /api/prescription-requests takes it (the shared contract), for the
 * doctors the patient may ask now: an earlier medicine is sent as the API listed it.
 */
export function requestFormSchema(options: readonly PrescriptionRequestOption[]) {
  return formSchema({
    schema: createPrescriptionRequestSchema,
    toInput: (f: RequestFields) => ({
      doctorId: f.doctorId,
      medication: chosenMedication(f, options),
      reason: f.reason,
      left: f.left,
    }),
    fieldOf: (path) =>
      path[0] === 'medication' ? [TYPED_FIELDS[String(path[1])] ?? 'choice'] : path,
  });
}
