import { eq } from 'drizzle-orm';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import { normalizeEmail } from '@vizita/shared/domain/email';
import type { WeeklyInterval } from '@vizita/shared/domain/slots';
import { passwordPolicyViolations } from '@vizita/shared/domain/password-policy';
import type { Db } from '../../db/client.ts';
import { doctorProfiles, doctorWeeklyHours, users } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { findUserByEmail, insertUser } from '../auth/users.ts';
import { insertDoctorProfile } from '../doctors/profiles.ts';
import { hashPassword } from '../auth/passwords.ts';
import { formatWeeklyHours } from './weekly-hours.ts';
import {
  scheduleExceptionRequestSchema,
  weeklyHoursRequestSchema,
  type ScheduleConflict,
} from '@vizita/shared/contracts/schedule';
import { ApiError } from '../../lib/api-error.ts';
import { validationMessageEn } from '@vizita/shared/messages/validation';
import type { Locale } from '@vizita/shared/constants';
import type { MarketCountryCode } from '@vizita/shared/domain/profile-options';
import { isSpecialtyCode, SPECIALTY_CODES } from '@vizita/shared/domain/specialties';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { insertFirstWeeklyHours } from '../schedules/first-hours.ts';
import { createScheduleService } from '../schedules/service.ts';

export type NewDoctor = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  title?: string;
  /** Codes of the specialty catalogue (packages/shared/src/domain/specialties.ts). */
  specialties: string[];
  /** ISO 639-1 codes of the languages the doctor consults in. */
  languages?: string[];
  bios?: Partial<Record<Locale, string>>;
  /** The language of the doctor's mails. */
  locale?: Locale;
  feeMinor?: number;
  experienceYears?: number | undefined;
  timeZone: string;
  slotMinutes: number;
  /** Where the doctor practises, for the public directory's filter (issue #22). */
  city?: string;
  country?: MarketCountryCode;
  weekly: WeeklyInterval[];
};

function assertTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new Error(`Unknown time zone "${timeZone}" (use an IANA name such as Europe/Sofia)`);
  }
}

function assertPassword(password: string) {
  const broken = passwordPolicyViolations(password);
  if (broken.length > 0)
    throw new Error(
      `The password breaks the policy (${broken.join(', ')}): at least 8 characters with upper, lower, digit and one of @$!%*?&`,
    );
}

/** A schema's verdict as an operator reads it: the first problem, in English. */
function validated<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) =>
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new Error(`${issue.path.join('.') || 'value'}: ${validationMessageEn(issue.message)}`);
}

/** A refused schedule change, as an operator reads it: which booked appointments are in the way. */
async function operatorChange(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'scheduleConflict') {
      const conflicts = (error.extra.conflicts ?? []) as ScheduleConflict[];
      throw new Error(
        `Booked appointments fall outside these hours: ${conflicts
          .map((c) => `${c.date} ${c.slot} (${c.patientName})`)
          .join(', ')}. Cancel them in the doctor console or the administration first.`,
      );
    }
    if (error instanceof ApiError) throw new Error(error.message);
    throw error;
  }
}

/** What a clinic operator does from the command line (and what the demo seed does on start). */
export function createAdminService(db: Db, clock: Clock = systemClock) {
  // The command line only refuses a change that conflicts with bookings; cancelling them with
  // refunds is done in the console, where the doctor or an admin gives the patients a reason.
  const schedules = createScheduleService({
    db,
    clock,
    appointments: {
      cancel: () => Promise.reject(new Error('Cancel the appointments in the console first')),
    },
  });
  async function doctorIdByEmail(email: string) {
    const user = await findUserByEmail(db, normalizeEmail(email));
    if (!user || user.userType !== 'doctor') throw new Error(`No doctor with the e-mail ${email}`);
    return user.id;
  }

  return {
    async createDoctor(input: NewDoctor): Promise<string> {
      assertTimeZone(input.timeZone);
      assertPassword(input.password);
      validated(weeklyHoursRequestSchema, { ranges: input.weekly });
      const unknown = input.specialties.filter((s) => !isSpecialtyCode(s));
      if (unknown.length > 0 || input.specialties.length === 0)
        throw new Error(
          `Unknown specialties "${unknown.join(', ')}" (use catalogue codes: ${SPECIALTY_CODES.join(', ')})`,
        );
      if (!Number.isInteger(input.slotMinutes) || input.slotMinutes < 10 || input.slotMinutes > 240)
        throw new Error('Slot minutes must be a whole number from 10 to 240');
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          email: normalizeEmail(input.email),
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          userType: 'doctor',
          // An operator vouches for the address; doctors do not validate by mail.
          emailValidatedAt: new Date(),
          isProfileComplete: true,
          locale: input.locale ?? 'en',
        });
        if (!user) throw new Error(`A user with the e-mail ${input.email} already exists`);
        await insertDoctorProfile(
          tx,
          {
            languages: input.languages ?? [],
            bios: input.bios ?? {},
            ...(input.feeMinor !== undefined ? { feeMinor: input.feeMinor } : {}),
            userId: user.id,
            title: input.title ?? 'Dr.',
            specialties: input.specialties,
            experienceYears: input.experienceYears ?? null,
            timeZone: input.timeZone,
            slotMinutes: input.slotMinutes,
            city: input.city ?? null,
            country: input.country ?? null,
          },
          input,
        );
        await insertFirstWeeklyHours(tx, user.id, input.weekly);
        await audit(tx, 'admin.doctor_created', { userId: user.id });
        return user.id;
      });
    },

    /**
     * Replaces the doctor's weekly hours, by the same rules as the doctor's own console; refused
     * (with the appointments named) when booked appointments would fall outside them.
     */
    async setSchedule(email: string, weekly: WeeklyInterval[]) {
      const doctorId = await doctorIdByEmail(email);
      const ranges = validated(weeklyHoursRequestSchema, { ranges: weekly });
      await operatorChange(() => schedules.setWeekly(doctorId, null, ranges));
    },

    /** A day off, or part of one (`start`–`end`), or extra hours with `kind: 'extra'`. */
    async addException(
      email: string,
      exception: {
        date: string;
        kind: 'off' | 'extra';
        start?: string | undefined;
        end?: string | undefined;
        note?: string | undefined;
      },
    ) {
      const doctorId = await doctorIdByEmail(email);
      await operatorChange(() =>
        schedules.addException(
          doctorId,
          null,
          validated(scheduleExceptionRequestSchema, exception),
        ),
      );
    },

    async listDoctors() {
      const rows = await db
        .select({
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          profile: doctorProfiles,
        })
        .from(doctorProfiles)
        .innerJoin(users, eq(users.id, doctorProfiles.userId));
      const hours = await db.select().from(doctorWeeklyHours);
      return rows.map((r) => ({
        email: r.email,
        name: doctorDisplayName({ ...r, title: r.profile.title }),
        specialties: r.profile.specialties,
        timeZone: r.profile.timeZone,
        slotMinutes: r.profile.slotMinutes,
        hours: formatWeeklyHours(
          hours
            .filter((h) => h.doctorId === r.profile.userId)
            .map((h) => ({ weekday: h.weekday, start: h.startTime, end: h.endTime })),
        ),
      }));
    },

    async createAdmin(input: {
      email: string;
      password: string;
      firstName: string;
      lastName: string;
    }) {
      assertPassword(input.password);
      const user = await insertUser(db, {
        email: normalizeEmail(input.email),
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        isAdmin: true,
        userType: 'admin',
        emailValidatedAt: new Date(),
        isProfileComplete: true,
      });
      if (!user) throw new Error(`A user with the e-mail ${input.email} already exists`);
      await audit(db, 'admin.admin_created', { userId: user.id });
      return user.id;
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
