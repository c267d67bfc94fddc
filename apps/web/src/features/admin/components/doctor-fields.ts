import {
  inviteDoctorSchema,
  updateDoctorSchema,
  type AdminDoctor,
} from '@vizita/shared/contracts/admin';
import type { MarketCountryCode } from '@vizita/shared/domain/profile-options';
import { formSchema } from '../../../lib/form-schema';

/**
 * The doctor forms hold text (a fee typed in euro, a length typed in minutes) and lists; the
 * shared schemas judge the numbers they become, so the form, the route and the CLI agree.
 */
export type DoctorFields = {
  title: string;
  specialties: string[];
  languages: string[];
  timeZone: string;
  slotMinutes: string;
  fee: string;
  /** Empty: a follow-up visit costs the consultation fee. */
  followUpFee: string;
  /** Empty: a prescription request costs the consultation fee (issue #21). */
  prescriptionFee: string;
  /** Where the doctor practises, for the public directory (issue #22); empty: not said. */
  city: string;
  country: string;
};
export type InviteFields = DoctorFields & {
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
};
export const EMPTY_INVITE: InviteFields = {
  email: '',
  firstName: '',
  lastName: '',
  locale: 'bg',
  title: 'Dr.',
  specialties: ['general-practice'],
  languages: ['bg'],
  timeZone: 'Europe/Sofia',
  slotMinutes: '30',
  fee: '60.00',
  followUpFee: '',
  prescriptionFee: '',
  city: '',
  country: 'BG',
};

/** A fee the clinic may leave unset (null: the consultation fee), as the form shows it. */
const optionalFee = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));

export function fieldsOf(doctor: AdminDoctor): DoctorFields {
  return {
    title: doctor.title,
    specialties: doctor.specialties,
    languages: doctor.languages,
    timeZone: doctor.timeZone,
    slotMinutes: String(doctor.slotMinutes),
    fee: (doctor.feeMinor / 100).toFixed(2),
    followUpFee: optionalFee(doctor.followUpFeeMinor),
    prescriptionFee: optionalFee(doctor.prescriptionFeeMinor),
    city: doctor.city ?? '',
    country: doctor.country ?? '',
  };
}

// Euro with at most two decimals ("60", "60.5", "60,50"): anything else is not a fee.
const EURO = /^\d{1,7}(?:[.,]\d{1,2})?$/;

function feeMinorOf(fee: string): number {
  const text = fee.trim();
  return EURO.test(text) ? Math.round(Number(text.replace(',', '.')) * 100) : Number.NaN;
}

/** An optional fee: empty is none (the consultation fee), else cents as `feeMinorOf`. */
const optionalFeeMinorOf = (fee: string) => (fee.trim() === '' ? null : feeMinorOf(fee));

/** The fees are judged in cents and typed in euro: their issues belong to the euro fields. */
const FEE_FIELDS: Record<string, string> = {
  feeMinor: 'fee',
  followUpFeeMinor: 'followUpFee',
  prescriptionFeeMinor: 'prescriptionFee',
};
const feeField = (path: readonly PropertyKey[]) => {
  const field = FEE_FIELDS[String(path[0])];
  return field ? [field, ...path.slice(1)] : path;
};

const numbers = (f: DoctorFields) => ({
  title: f.title,
  specialties: f.specialties,
  languages: f.languages,
  timeZone: f.timeZone.trim(),
  slotMinutes: Number(f.slotMinutes),
  feeMinor: feeMinorOf(f.fee),
  followUpFeeMinor: optionalFeeMinorOf(f.followUpFee),
  prescriptionFeeMinor: optionalFeeMinorOf(f.prescriptionFee),
  city: f.city.trim() === '' ? null : f.city,
  country: f.country === '' ? null : (f.country as MarketCountryCode),
});

/** The edit form, judged as PUT /api/admin/doctors/:id takes it. */
export const doctorFormSchema = formSchema({
  schema: updateDoctorSchema,
  toInput: (f: DoctorFields) => numbers(f),
  fieldOf: feeField,
});

/** The invitation form, judged as POST /api/admin/doctors takes it. */
export const inviteFormSchema = formSchema({
  schema: inviteDoctorSchema,
  toInput: (f: InviteFields) => ({
    ...numbers(f),
    email: f.email,
    firstName: f.firstName,
    lastName: f.lastName,
    locale: f.locale,
  }),
  fieldOf: feeField,
});
