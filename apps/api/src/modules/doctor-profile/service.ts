import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  DoctorOwnProfile,
  UpdateDoctorProfile,
} from '@vizita/shared/contracts/doctor-profile';
import type { Db } from '../../db/client.ts';
import { doctorPhotos } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../lib/audit.ts';
import { FEE_CURRENCY } from '../doctors/service.ts';
import { findDoctorProfile, updateDoctorProfile } from '../doctors/profiles.ts';
import { photoProblem } from './image-check.ts';

const PHOTO_ERRORS = {
  type: 'photoTypeInvalid',
  size: 'photoTooLarge',
  dimensions: 'photoDimensionsInvalid',
} as const;

/** A doctor's public profile as the doctor edits it, and their photo. */
export function createDoctorProfileService({ db, clock }: { db: Db; clock: Clock }) {
  const service = {
    async get(doctorId: string): Promise<DoctorOwnProfile> {
      const p = await findDoctorProfile(db, doctorId);
      if (!p) throw new ApiError(404, 'doctorNotFound');
      return {
        title: p.title,
        specialties: p.specialties,
        languages: p.languages,
        bios: p.bios,
        experienceYears: p.experienceYears,
        photoUrl: p.photoUrl,
        timeZone: p.timeZone,
        slotMinutes: p.slotMinutes,
        fee: { amountMinor: p.feeMinor, currency: FEE_CURRENCY },
      };
    },

    async update(doctorId: string, input: UpdateDoctorProfile): Promise<DoctorOwnProfile> {
      const bios = Object.fromEntries(Object.entries(input.bios).filter(([, text]) => text));
      await db.transaction(async (tx) => {
        await updateDoctorProfile(tx, doctorId, {
          title: input.title,
          specialties: [...new Set(input.specialties)],
          languages: [...new Set(input.languages)],
          bios,
          experienceYears: input.experienceYears,
        });
        await audit(tx, 'doctor.profile_updated', { userId: doctorId, subjectUserId: doctorId });
      });
      return service.get(doctorId);
    },

    /** Stores a checked photo; its URL changes with it, so caches never show an old one. */
    async setPhoto(doctorId: string, declaredType: string, bytes: Buffer) {
      const problem = photoProblem(declaredType, bytes);
      if (problem) throw new ApiError(problem === 'size' ? 413 : 415, PHOTO_ERRORS[problem]);
      const now = clock();
      await db.transaction(async (tx) => {
        await tx
          .insert(doctorPhotos)
          .values({ doctorId, contentType: declaredType, bytes, updatedAt: now })
          .onConflictDoUpdate({
            target: doctorPhotos.doctorId,
            set: { contentType: declaredType, bytes, updatedAt: now },
          });
        await updateDoctorProfile(tx, doctorId, {
          photoUrl: `/api/doctors/${doctorId}/photo?v=${now.getTime()}`,
        });
        await audit(tx, 'doctor.photo_updated', { userId: doctorId, subjectUserId: doctorId });
      });
      return service.get(doctorId);
    },

    async removePhoto(doctorId: string) {
      await db.transaction(async (tx) => {
        await tx.delete(doctorPhotos).where(eq(doctorPhotos.doctorId, doctorId));
        await updateDoctorProfile(tx, doctorId, { photoUrl: null });
      });
      return service.get(doctorId);
    },

    /** The stored photo with a strong ETag of its bytes. */
    async photo(doctorId: string) {
      const [row] = await db.select().from(doctorPhotos).where(eq(doctorPhotos.doctorId, doctorId));
      if (!row) throw new ApiError(404, 'notFound');
      const etag = `"${createHash('sha256').update(row.bytes).digest('base64url').slice(0, 27)}"`;
      return { contentType: row.contentType, bytes: row.bytes, etag };
    },
  };
  return service;
}
export type DoctorProfileService = ReturnType<typeof createDoctorProfileService>;
