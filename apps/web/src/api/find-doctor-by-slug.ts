import type { Doctor } from '@vizita/shared/contracts/doctors';
import { getDoctors } from './get-doctors';

/**
 * The doctor a public page's booking link names by its slug (issue #22), or null when no bookable
 * doctor has it. A plain call, without TanStack Query: the link is followed signed out as often as
 * signed in, and the signed-out screens do without it (ADR 0010).
 */
export async function findDoctorBySlug(slug: string): Promise<Doctor | null> {
  const doctors = await getDoctors();
  return doctors.find((doctor) => doctor.slug === slug) ?? null;
}
