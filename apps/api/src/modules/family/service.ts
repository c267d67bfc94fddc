import { randomUUID } from 'node:crypto';
import type { Locale } from '@vizita/shared/constants';
import {
  DEPENDANTS_MAX,
  HANDOVER_LIFETIME_MS,
  type Dependant,
  type DependantInput,
  type HandoverRequest,
} from '@vizita/shared/contracts/family';
import { guardianship } from '@vizita/shared/domain/guardianship';
import { normalizeKvnr } from '@vizita/shared/domain/kvnr';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError, validationError } from '../../lib/api-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { hashToken, randomToken } from '../../lib/secure-token.ts';
import { dependantHasUpcoming } from '../appointments/rows.ts';
import { findUserById } from '../auth/users.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProfileService } from '../profile/service.ts';
import {
  dependantInsuranceContext,
  dependantNationalIdContext,
  openRecord,
} from './dependant-record.ts';
import { renderHandoverInvitation } from './handover-mail.ts';
import * as repo from './repo.ts';

/**
 * "People in my account" (issue #22, ADR 0043): the holder adds and corrects the people they
 * book for, and hands a record over once its person may keep it. Every call is for the caller's
 * own dependants; another holder's id is the same 404 as one that does not exist.
 */
export function createFamilyService({
  db,
  clock,
  encryption,
  mailer,
  profiles,
  appUrl,
}: {
  db: Db;
  clock: Clock;
  encryption: FieldEncryption;
  mailer: Mailer;
  /** A handed-over record becomes the receiving account's profile. */
  profiles: Pick<ProfileService, 'adopt'>;
  appUrl: string;
}) {
  function toDependant(row: repo.DependantRow, now: Date): Dependant {
    const g = guardianship(
      {
        relationship: row.relationship,
        birthDate: row.birthDate,
        country: row.countryCode,
        handedOverAt: row.handedOverAt,
      },
      now,
    );
    // Handed over: the identifiers belong to the other account now, and stay out of this one.
    const record = g.holderMayRead ? openRecord(encryption, row) : null;
    const invited =
      row.handoverEmail &&
      row.handoverExpiresAt &&
      row.handoverExpiresAt > now &&
      !row.handedOverAt;
    return {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      birthDate: row.birthDate,
      gender: row.gender,
      relationship: row.relationship,
      country: row.countryCode,
      nationalIdNumber: record?.nationalId ?? null,
      insurance: record?.insurance ?? null,
      age: g.age,
      state: g.state,
      mayBook: g.holderMayBook,
      mayHandOver: g.mayHandOver,
      handover: invited
        ? { email: row.handoverEmail!, expiresAt: row.handoverExpiresAt!.toISOString() }
        : null,
      handedOverAt: row.handedOverAt?.toISOString() ?? null,
    };
  }

  /** The columns the input sets: each market's identifiers kept only for that market. */
  function columnsOf(id: string, input: DependantInput, today: string) {
    if (input.birthDate > today)
      throw validationError([{ path: ['birthDate'], message: 'birthDateInvalid' }]);
    const insurance = input.country === 'DE' && input.insurance?.type ? input.insurance : null;
    const number = insurance?.number
      ? insurance.type === 'state'
        ? normalizeKvnr(insurance.number)
        : insurance.number
      : null;
    return {
      firstName: input.firstName,
      lastName: input.lastName,
      birthDate: input.birthDate,
      gender: input.gender,
      relationship: input.relationship,
      countryCode: input.country,
      nationalIdEncrypted:
        input.country === 'BG' && input.nationalIdNumber
          ? encryption.encrypt(input.nationalIdNumber, dependantNationalIdContext(id))
          : null,
      insuranceType: insurance?.type || null,
      insuranceCompany: insurance?.company ?? null,
      insuranceNumberEncrypted: number
        ? encryption.encrypt(number, dependantInsuranceContext(id))
        : null,
    };
  }

  async function lockOwn(tx: Tx, holderUserId: string, id: string) {
    const row = await repo.lockOwn(tx, holderUserId, id);
    if (!row) throw new ApiError(404, 'dependantNotFound');
    return row;
  }

  return {
    async list(holderUserId: string): Promise<Dependant[]> {
      const now = clock();
      return (await repo.dependantsOf(db, holderUserId)).map((row) => toDependant(row, now));
    },

    async add(holderUserId: string, input: DependantInput): Promise<Dependant> {
      const now = clock();
      const id = randomUUID();
      const values = columnsOf(id, input, now.toISOString().slice(0, 10));
      const row = await db.transaction(async (tx) => {
        // The cap counts what no parallel add of the same holder can add to meanwhile.
        await repo.lockHolder(tx, holderUserId);
        if ((await repo.countOf(tx, holderUserId)) >= DEPENDANTS_MAX)
          throw new ApiError(409, 'dependantsTooMany');
        const inserted = await repo.insertDependant(tx, { id, holderUserId, ...values });
        await audit(tx, 'dependant.added', {
          userId: holderUserId,
          subjectUserId: holderUserId,
          meta: { dependantId: id, relationship: input.relationship },
        });
        return inserted;
      });
      return toDependant(row, now);
    },

    async update(holderUserId: string, id: string, input: DependantInput): Promise<Dependant> {
      const now = clock();
      const values = columnsOf(id, input, now.toISOString().slice(0, 10));
      const row = await db.transaction(async (tx) => {
        const current = await lockOwn(tx, holderUserId, id);
        if (current.handedOverAt) throw new ApiError(409, 'dependantHandedOver');
        const updated = await repo.updateDependant(tx, id, values, now);
        await audit(tx, 'dependant.updated', {
          userId: holderUserId,
          subjectUserId: holderUserId,
          meta: { dependantId: id },
        });
        return updated;
      });
      return toDependant(row, now);
    },

    /**
     * Mails the person a single-use link to take their record into an account of their own. A
     * new invitation replaces an earlier one (its link stops working).
     */
    async sendHandover(
      holderUserId: string,
      id: string,
      { email }: HandoverRequest,
      locale: Locale,
    ): Promise<Dependant> {
      const now = clock();
      const token = randomToken();
      const { row, holderName } = await db.transaction(async (tx) => {
        const current = await lockOwn(tx, holderUserId, id);
        if (current.handedOverAt) throw new ApiError(409, 'dependantHandedOver');
        const g = guardianship(
          {
            relationship: current.relationship,
            birthDate: current.birthDate,
            country: current.countryCode,
            handedOverAt: null,
          },
          now,
        );
        if (!g.mayHandOver) throw new ApiError(409, 'dependantNotOfAge');
        const holder = await findUserById(tx, holderUserId);
        const updated = await repo.updateDependant(
          tx,
          id,
          {
            handoverEmail: email,
            handoverTokenHash: hashToken(token),
            handoverExpiresAt: new Date(now.getTime() + HANDOVER_LIFETIME_MS),
          },
          now,
        );
        await audit(tx, 'dependant.handover_sent', {
          userId: holderUserId,
          subjectUserId: holderUserId,
          meta: { dependantId: id },
        });
        return {
          row: updated,
          holderName: holder ? `${holder.firstName} ${holder.lastName}`.trim() : '',
        };
      });
      await mailer.send(
        renderHandoverInvitation({
          locale,
          to: email,
          name: row.firstName,
          holderName,
          link: `${appUrl}/handover?token=${encodeURIComponent(token)}`,
        }),
      );
      return toDependant(row, now);
    },

    /**
     * The signed-in account of the person takes the record: it becomes their profile, and the
     * holder keeps only the name and the day of the hand-over — no booking, no reading of the
     * visits (ADR 0043).
     */
    async acceptHandover(userId: string, token: string) {
      const now = clock();
      return db.transaction(async (tx) => {
        const row = await repo.lockByHandoverToken(tx, hashToken(token), now);
        if (!row) throw new ApiError(410, 'handoverTokenInvalid');
        if (row.holderUserId === userId) throw new ApiError(409, 'handoverToSelf');
        if (await dependantHasUpcoming(tx, row.id, now))
          throw new ApiError(409, 'dependantHasUpcoming');
        const record = openRecord(encryption, row);
        await profiles.adopt(tx, userId, {
          gender: record.gender,
          birthDate: record.birthDate,
          countryCode: record.country,
          nationalId: record.nationalId,
          insurance: record.insurance,
        });
        // The identifiers now live in the person's own profile; the holder's copy goes.
        await repo.updateDependant(
          tx,
          row.id,
          {
            handedOverAt: now,
            handedToUserId: userId,
            handoverTokenHash: null,
            handoverExpiresAt: null,
            handoverEmail: null,
            nationalIdEncrypted: null,
            insuranceNumberEncrypted: null,
          },
          now,
        );
        await audit(tx, 'dependant.handed_over', {
          userId,
          subjectUserId: row.holderUserId,
          meta: { dependantId: row.id },
        });
        return { firstName: row.firstName, lastName: row.lastName };
      });
    },
  };
}
export type FamilyService = ReturnType<typeof createFamilyService>;
