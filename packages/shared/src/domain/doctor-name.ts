/**
 * A doctor's name as patients and staff read it — "Dr. Anna Petrova" — skipping a missing or
 * empty part; a caller that shows "Dr." for a doctor without a profile passes `title ?? 'Dr.'`.
 */
export function doctorDisplayName(doctor: {
  title?: string | null | undefined;
  firstName: string;
  lastName: string;
}): string {
  return [doctor.title, doctor.firstName, doctor.lastName].filter(Boolean).join(' ');
}
