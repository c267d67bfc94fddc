import {
  inviteDoctorSchema,
  updateDoctorSchema,
  type AdminDoctor,
  type InviteDoctor,
  type UpdateDoctor,
} from '@vizita/shared/contracts/admin';

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
};
export type InviteFields = DoctorFields & {
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
};
export type FieldErrors = Partial<Record<keyof InviteFields, string>>;

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
};

export function fieldsOf(doctor: AdminDoctor): DoctorFields {
  return {
    title: doctor.title,
    specialties: doctor.specialties,
    languages: doctor.languages,
    timeZone: doctor.timeZone,
    slotMinutes: String(doctor.slotMinutes),
    fee: (doctor.feeMinor / 100).toFixed(2),
  };
}

// Euro with at most two decimals ("60", "60.5", "60,50"): anything else is not a fee.
const EURO = /^\d{1,7}(?:[.,]\d{1,2})?$/;

function feeMinorOf(fee: string): number {
  const text = fee.trim();
  return EURO.test(text) ? Math.round(Number(text.replace(',', '.')) * 100) : Number.NaN;
}

const FIELD_OF_PATH: Record<string, keyof InviteFields> = { feeMinor: 'fee' };

type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

function judge<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) =>
      | { success: true; data: T }
      | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): Parsed<T> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = String(issue.path[0]);
    const field = FIELD_OF_PATH[path] ?? (path as keyof InviteFields);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

const numbers = (f: DoctorFields) => ({
  title: f.title,
  specialties: f.specialties,
  languages: f.languages,
  timeZone: f.timeZone.trim(),
  slotMinutes: Number(f.slotMinutes),
  feeMinor: feeMinorOf(f.fee),
});

/** The edit form's values as PUT /api/admin/doctors/:id takes them, or the errors by field. */
export const parseDoctorFields = (f: DoctorFields): Parsed<UpdateDoctor> =>
  judge(updateDoctorSchema, numbers(f));

/** The invitation form's values as POST /api/admin/doctors takes them, or the errors by field. */
export const parseInviteFields = (f: InviteFields): Parsed<InviteDoctor> =>
  judge(inviteDoctorSchema, {
    ...numbers(f),
    email: f.email,
    firstName: f.firstName,
    lastName: f.lastName,
    locale: f.locale,
  });
