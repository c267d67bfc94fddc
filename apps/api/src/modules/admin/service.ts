import { eq } from 'drizzle-orm';
import { normalizeEmail } from '@vizita/shared/domain/email';
import type { WeeklyInterval } from '@vizita/shared/domain/slots';
import { passwordPolicyViolations } from '@vizita/shared/domain/password-policy';
import type { Db } from '../../db/client.ts';
import {
  doctorProfiles,
  doctorScheduleExceptions,
  doctorWeeklyHours,
  users,
} from '../../db/schema.ts';
import { audit, findUserByEmail } from '../auth/repo.ts';
import { hashPassword } from '../auth/passwords.ts';
import { formatWeeklyHours } from './weekly-hours.ts';

export type NewDoctor = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  title?: string;
  specialties: string[];
  experienceYears?: number | undefined;
  photoUrl?: string | undefined;
  timeZone: string;
  slotMinutes: number;
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

/** What a clinic operator does from the command line (and what the demo seed does on start). */
export function createAdminService(db: Db) {
  async function doctorIdByEmail(email: string) {
    const user = await findUserByEmail(db, normalizeEmail(email));
    if (!user || user.userType !== 'doctor') throw new Error(`No doctor with the e-mail ${email}`);
    return user.id;
  }

  return {
    async createDoctor(input: NewDoctor): Promise<string> {
      assertTimeZone(input.timeZone);
      assertPassword(input.password);
      if (!Number.isInteger(input.slotMinutes) || input.slotMinutes < 10 || input.slotMinutes > 240)
        throw new Error('Slot minutes must be a whole number from 10 to 240');
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: normalizeEmail(input.email),
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            userType: 'doctor',
            // An operator vouches for the address; doctors do not validate by mail.
            emailValidatedAt: new Date(),
            isProfileComplete: true,
          })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!user) throw new Error(`A user with the e-mail ${input.email} already exists`);
        await tx.insert(doctorProfiles).values({
          userId: user.id,
          title: input.title ?? 'Dr.',
          specialties: input.specialties,
          experienceYears: input.experienceYears ?? null,
          photoUrl: input.photoUrl ?? null,
          timeZone: input.timeZone,
          slotMinutes: input.slotMinutes,
        });
        await tx.insert(doctorWeeklyHours).values(
          input.weekly.map((w) => ({
            doctorId: user.id,
            weekday: w.weekday,
            startTime: w.start,
            endTime: w.end,
          })),
        );
        await audit(tx, 'admin.doctor_created', { userId: user.id });
        return user.id;
      });
    },

    /** Replaces the doctor's weekly hours. Booked appointments are kept. */
    async setSchedule(email: string, weekly: WeeklyInterval[]) {
      const doctorId = await doctorIdByEmail(email);
      await db.transaction(async (tx) => {
        await tx.delete(doctorWeeklyHours).where(eq(doctorWeeklyHours.doctorId, doctorId));
        await tx.insert(doctorWeeklyHours).values(
          weekly.map((w) => ({
            doctorId,
            weekday: w.weekday,
            startTime: w.start,
            endTime: w.end,
          })),
        );
      });
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
      if (!/^\d{4}-\d{2}-\d{2}$/.test(exception.date))
        throw new Error('The date must be YYYY-MM-DD');
      if ((exception.start === undefined) !== (exception.end === undefined))
        throw new Error('Give both --from and --to, or neither');
      if (exception.kind === 'extra' && !exception.start)
        throw new Error('Extra hours need --from and --to');
      const doctorId = await doctorIdByEmail(email);
      await db.insert(doctorScheduleExceptions).values({
        doctorId,
        date: exception.date,
        kind: exception.kind,
        startTime: exception.start ?? null,
        endTime: exception.end ?? null,
        note: exception.note ?? null,
      });
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
        name: `${r.profile.title} ${r.firstName} ${r.lastName}`,
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
      const [user] = await db
        .insert(users)
        .values({
          email: normalizeEmail(input.email),
          passwordHash: await hashPassword(input.password),
          firstName: input.firstName,
          lastName: input.lastName,
          isAdmin: true,
          userType: 'admin',
          emailValidatedAt: new Date(),
          isProfileComplete: true,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!user) throw new Error(`A user with the e-mail ${input.email} already exists`);
      await audit(db, 'admin.admin_created', { userId: user.id });
      return user.id;
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
