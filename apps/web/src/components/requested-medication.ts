import { useTranslation } from 'react-i18next';
import type {
  MedicationLeft,
  RequestedMedication,
} from '@vizita/shared/contracts/prescription-request-details';
import { catalogueMedicine, type MedicineForm } from '@vizita/shared/domain/medicine-catalogue';
import { isLocale } from '@vizita/shared/constants';

// A repeat prescription request's medicine and how much of it is left (issue #21), as the patient
// (her request page, her appointment card) and the doctor (the queue, the request's page) read it.

/** A medicine's form as the reader's language names it (keys of `clinicalDocuments`). */
export const MEDICINE_FORM_KEYS = {
  tablet: 'prescription.forms.tablet',
  'film-coated-tablet': 'prescription.forms.filmCoatedTablet',
  capsule: 'prescription.forms.capsule',
  granules: 'prescription.forms.granules',
  inhaler: 'prescription.forms.inhaler',
  'nasal-spray': 'prescription.forms.nasalSpray',
  gel: 'prescription.forms.gel',
} as const satisfies Record<MedicineForm, string>;

/** How much of the medicine the patient has left, in words (keys of `prescriptionRequests`). */
export const MEDICATION_LEFT_KEYS = {
  none: 'left.none',
  'few-days': 'left.fewDays',
  'one-to-two-weeks': 'left.oneToTwoWeeks',
  more: 'left.more',
} as const satisfies Record<MedicationLeft, string>;

/**
 * The requested medicine's name: a catalogue medicine's in the reader's language, as its
 * prescription's PDF names it; else as it was typed.
 */
export function useMedicineName() {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  return (medication: Pick<RequestedMedication, 'atc' | 'medicine'>): string =>
    (medication.atc && catalogueMedicine(medication.atc)?.name[locale]) || medication.medicine;
}

/**
 * The requested medicine in a line — "Ibuprofen 400 mg · Film-coated tablet" — its strength and
 * form only when known (a typed medicine may have neither).
 */
export function useMedicationLine() {
  const { t } = useTranslation('clinicalDocuments');
  const medicineName = useMedicineName();
  return (medication: RequestedMedication): string => {
    const name = medicineName(medication);
    const named = medication.strength ? `${name} ${medication.strength}` : name;
    return medication.form ? `${named} · ${t(MEDICINE_FORM_KEYS[medication.form])}` : named;
  };
}
