import * as z from 'zod/mini';
import type {
  CompleteProfileRequest,
  Profile,
  UpdateProfileRequest,
} from '@vizita/shared/contracts/profile';
import { checkCountryRules } from '@vizita/shared/contracts/profile';
import {
  isProfileComplete,
  profileCompletionPercentage,
} from '@vizita/shared/domain/profile-completion';
import { countryName, type InsuranceType } from '@vizita/shared/domain/profile-options';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError, validationError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { audit } from '../../lib/audit.ts';
import { updateProfileFields } from '../auth/users.ts';
import { recordConsent } from '../legal/consents.ts';
import * as repo from './repo.ts';

/** The profile as the rules see it: plaintext, merged from what is stored and what is sent. */
type ProfileState = {
  gender: Profile['gender'];
  birthDate: string | null;
  street: string | null;
  streetNumber: string | null;
  postCode: string | null;
  city: string | null;
  countryCode: string | null;
  nationalId: string | null;
  insurance: { type: InsuranceType; company: string; number: string } | null;
};

// The same market rules as the forms, applied to the merged profile (an edit may send only a
// birth date that no longer matches the stored EGN).
const mergedRules = z
  .object({
    country: z.optional(z.string()),
    nationalIdNumber: z.optional(z.string()),
    birthDate: z.optional(z.string()),
    insurance: z.optional(
      z.object({
        type: z.optional(z.enum(['state', 'private'])),
        company: z.optional(z.string()),
        number: z.optional(z.string()),
      }),
    ),
  })
  .check(z.superRefine(checkCountryRules));

// Context strings bind each ciphertext to its owner and column (lib/field-encryption.ts); the
// restore's key check (db/backup/key-check.ts) opens a stored national ID with the same one.
export const nationalIdContext = (userId: string) => `${userId}:national_id`;
export const insuranceContext = (userId: string) => `${userId}:insurance_number`;

export function createProfileService({
  db,
  clock,
  encryption,
}: {
  db: Db;
  clock: Clock;
  encryption: FieldEncryption;
}) {
  function decode(userId: string, row: repo.ProfileRow | null): ProfileState {
    return {
      gender: row?.gender ?? null,
      birthDate: row?.birthDate ?? null,
      street: row?.street ?? null,
      streetNumber: row?.streetNumber ?? null,
      postCode: row?.postCode ?? null,
      city: row?.city ?? null,
      countryCode: row?.countryCode ?? null,
      nationalId: row?.nationalIdEncrypted
        ? encryption.decrypt(row.nationalIdEncrypted, nationalIdContext(userId))
        : null,
      insurance:
        row?.insuranceType && row.insuranceCompany && row.insuranceNumberEncrypted
          ? {
              type: row.insuranceType,
              company: row.insuranceCompany,
              number: encryption.decrypt(row.insuranceNumberEncrypted, insuranceContext(userId)),
            }
          : null,
    };
  }

  function assertRules(state: ProfileState) {
    const today = clock().toISOString().slice(0, 10);
    if (state.birthDate && state.birthDate > today)
      throw validationError([{ path: ['birthDate'], message: 'birthDateInvalid' }]);
    const result = mergedRules.safeParse({
      country: state.countryCode ?? undefined,
      nationalIdNumber: state.nationalId ?? undefined,
      birthDate: state.birthDate ?? undefined,
      insurance: state.insurance ?? undefined,
    });
    if (!result.success) throw validationError(result.error.issues);
  }

  const completionFacts = (
    user: { firstName: string; lastName: string; email: string },
    s: ProfileState,
  ) => ({
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    gender: s.gender,
    birthday: s.birthDate,
    address: { street: s.street, city: s.city, countryCode: s.countryCode },
  });

  async function save(
    userId: string,
    state: ProfileState,
    names: { firstName?: string; lastName?: string },
    termsAccepted: boolean,
  ) {
    await db.transaction((tx) => saveIn(tx, userId, state, names, termsAccepted));
  }

  /** `save` in the caller's transaction. */
  async function saveIn(
    tx: Tx,
    userId: string,
    state: ProfileState,
    names: { firstName?: string; lastName?: string },
    termsAccepted: boolean,
  ) {
    const row = await repo.findUserWithProfile(tx, userId);
    if (!row) throw new ApiError(401, 'authRequired');
    const user = { ...row.user, ...names };
    const complete = isProfileComplete(completionFacts(user, state));
    await repo.saveProfile(tx, {
      userId,
      gender: state.gender,
      birthDate: state.birthDate,
      street: state.street,
      streetNumber: state.streetNumber,
      postCode: state.postCode,
      city: state.city,
      countryCode: state.countryCode,
      nationalIdEncrypted: state.nationalId
        ? encryption.encrypt(state.nationalId, nationalIdContext(userId))
        : null,
      insuranceType: state.insurance?.type ?? null,
      insuranceCompany: state.insurance?.company ?? null,
      insuranceNumberEncrypted: state.insurance
        ? encryption.encrypt(state.insurance.number, insuranceContext(userId))
        : null,
    });
    if (termsAccepted) await recordConsent(tx, userId, 'profile', clock());
    await updateProfileFields(tx, userId, { ...names, isProfileComplete: complete });
    await audit(tx, 'profile.updated', { userId, meta: { complete } });
  }

  return {
    /**
     * A record handed over to this account (ADR 0043), in the caller's transaction: its birth
     * date, gender, market and that market's identifiers replace the profile's; the address and
     * names the account holder typed stay.
     */
    async adopt(
      tx: Tx,
      userId: string,
      record: {
        gender: NonNullable<Profile['gender']>;
        birthDate: string;
        countryCode: 'BG' | 'DE';
        nationalId: string | null;
        insurance: ProfileState['insurance'];
      },
    ) {
      const row = await repo.findUserWithProfile(tx, userId);
      if (!row) throw new ApiError(401, 'authRequired');
      const current = decode(userId, row.profile);
      await saveIn(
        tx,
        userId,
        {
          ...current,
          gender: record.gender,
          birthDate: record.birthDate,
          countryCode: record.countryCode,
          nationalId: record.countryCode === 'BG' ? record.nationalId : null,
          insurance: record.countryCode === 'DE' ? record.insurance : null,
        },
        {},
        false,
      );
    },

    /** The stored profile decrypted as it is kept (for the patient's data export), or null. */
    async stored(userId: string): Promise<ProfileState | null> {
      const row = await repo.findUserWithProfile(db, userId);
      return row?.profile ? decode(userId, row.profile) : null;
    },

    async get(userId: string): Promise<Profile> {
      const row = await repo.findUserWithProfile(db, userId);
      if (!row) throw new ApiError(401, 'authRequired');
      const s = decode(userId, row.profile);
      const facts = completionFacts(row.user, s);
      const hasAddress = s.street || s.streetNumber || s.postCode || s.city || s.countryCode;
      return {
        firstName: row.user.firstName,
        lastName: row.user.lastName,
        fullName: facts.fullName,
        email: row.user.email,
        gender: s.gender,
        birthday: s.birthDate,
        address: hasAddress
          ? {
              street: s.street,
              number: s.streetNumber,
              postCode: s.postCode,
              city: s.city,
              country: s.countryCode
                ? { code: s.countryCode, name: countryName(s.countryCode) ?? s.countryCode }
                : null,
            }
          : null,
        nationalIdNumber: s.nationalId,
        insurance: s.insurance,
        emailVerified: row.user.emailValidatedAt !== null,
        memberSince: row.user.createdAt.toISOString(),
        isComplete: isProfileComplete(facts),
        completionPercentage: profileCompletionPercentage(facts),
      };
    },

    async complete(userId: string, input: CompleteProfileRequest) {
      const state: ProfileState = {
        gender: input.gender,
        birthDate: input.birthDate,
        street: input.address,
        streetNumber: input.addressNumber ?? null,
        postCode: input.postCode ?? null,
        city: input.city,
        countryCode: input.country,
        // Each market's identifiers are kept only for residents of that market.
        nationalId: input.country === 'BG' ? (input.nationalIdNumber ?? null) : null,
        insurance:
          input.country === 'DE' && input.insurance?.type
            ? {
                type: input.insurance.type,
                company: input.insurance.company ?? '',
                number: input.insurance.number ?? '',
              }
            : null,
      };
      assertRules(state);
      await save(userId, state, { firstName: input.firstName, lastName: input.lastName }, true);
    },

    async update(userId: string, input: UpdateProfileRequest) {
      const row = await repo.findUserWithProfile(db, userId);
      if (!row) throw new ApiError(401, 'authRequired');
      const current = decode(userId, row.profile);
      const countryCode = input.country ?? current.countryCode;
      const countryChanged = countryCode !== current.countryCode;
      const sentInsurance = input.insurance?.type
        ? {
            type: input.insurance.type,
            company: input.insurance.company ?? '',
            number: input.insurance.number ?? '',
          }
        : null;
      const state: ProfileState = {
        gender: input.gender ?? current.gender,
        birthDate: input.birthDate ?? current.birthDate,
        street: input.address ?? current.street,
        streetNumber: input.addressNumber ?? current.streetNumber,
        postCode: input.postCode ?? current.postCode,
        city: input.city ?? current.city,
        countryCode,
        // Changing the country clears the other market's identifiers (spec §5).
        nationalId:
          countryCode === 'BG'
            ? (input.nationalIdNumber ?? (countryChanged ? null : current.nationalId))
            : null,
        insurance:
          countryCode === 'DE'
            ? (sentInsurance ?? (countryChanged ? null : current.insurance))
            : null,
      };
      assertRules(state);
      await save(userId, state, {}, false);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
