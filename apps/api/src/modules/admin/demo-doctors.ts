import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { doctorProfiles } from '../../db/schema.ts';
import type { AdminService, NewDoctor } from './service.ts';
import { parseWeeklyHours } from './weekly-hours.ts';

/** Demo data only: documented in the README, never seeded in production unless asked. */
export const DEMO_DOCTOR_PASSWORD = 'Demo-Doctor-2026!';

type DemoDoctor = Omit<NewDoctor, 'password' | 'weekly'> & { hours: string };

const DEMO_DOCTORS: DemoDoctor[] = [
  {
    email: 'elena.petrova@demo.vizita.test',
    firstName: 'Elena',
    lastName: 'Petrova',
    city: 'Sofia',
    country: 'BG',
    specialties: ['general-practice', 'internal-medicine'],
    languages: ['bg', 'en'],
    locale: 'bg',
    bios: {
      en: 'Family doctor in Sofia; long-term care of adults with hypertension and diabetes.',
      bg: 'Общопрактикуващ лекар в София; дългосрочно проследяване на възрастни с хипертония и диабет.',
      de: 'Hausärztin in Sofia; Langzeitbetreuung Erwachsener mit Bluthochdruck und Diabetes.',
    },
    experienceYears: 14,
    timeZone: 'Europe/Sofia',
    slotMinutes: 30,
    hours: 'Mon-Fri 09:00-12:30,13:30-18:00',
  },
  {
    email: 'georgi.dimitrov@demo.vizita.test',
    firstName: 'Georgi',
    lastName: 'Dimitrov',
    city: 'Sofia',
    country: 'BG',
    specialties: ['cardiology'],
    languages: ['bg', 'de', 'en', 'ru'],
    locale: 'bg',
    bios: {
      en: 'Cardiologist; chest pain, palpitations and the follow-up of heart disease.',
      bg: 'Кардиолог; болка в гърдите, сърцебиене и проследяване на сърдечни заболявания.',
      de: 'Kardiologe; Brustschmerz, Herzrasen und die Nachsorge bei Herzerkrankungen.',
    },
    experienceYears: 21,
    timeZone: 'Europe/Sofia',
    slotMinutes: 30,
    hours: 'Mon-Thu 08:00-12:00,13:00-16:00; Sat 09:00-12:00',
  },
  {
    email: 'maria.ivanova@demo.vizita.test',
    firstName: 'Maria',
    lastName: 'Ivanova',
    city: 'Sofia',
    country: 'BG',
    specialties: ['pediatrics'],
    languages: ['bg', 'en', 'de'],
    locale: 'bg',
    bios: {
      en: 'Paediatrician; children from birth to 18, vaccinations and everyday illnesses.',
      bg: 'Педиатър; деца от раждането до 18 години, ваксинации и честите детски болести.',
      de: 'Kinderärztin; Kinder von der Geburt bis 18, Impfungen und häufige Erkrankungen.',
    },
    experienceYears: 9,
    timeZone: 'Europe/Sofia',
    slotMinutes: 20,
    hours: 'Mon-Fri 10:00-13:00,14:00-19:00',
  },
  {
    email: 'jonas.weber@demo.vizita.test',
    firstName: 'Jonas',
    lastName: 'Weber',
    city: 'Berlin',
    country: 'DE',
    specialties: ['dermatology'],
    languages: ['de', 'en'],
    locale: 'de',
    bios: {
      en: 'Dermatologist in Berlin; skin rashes, acne and the check of moles.',
      bg: 'Дерматолог в Берлин; обриви, акне и преглед на бенки.',
      de: 'Dermatologe in Berlin; Hautausschläge, Akne und Muttermal-Kontrolle.',
    },
    experienceYears: 11,
    timeZone: 'Europe/Berlin',
    slotMinutes: 30,
    hours: 'Mon-Fri 08:30-12:30,13:30-17:00',
  },
  {
    email: 'anna.schmidt@demo.vizita.test',
    firstName: 'Anna',
    lastName: 'Schmidt',
    city: 'Berlin',
    country: 'DE',
    specialties: ['psychiatry', 'psychotherapy'],
    languages: ['de', 'en', 'tr'],
    locale: 'de',
    bios: {
      en: 'Psychiatrist and psychotherapist; anxiety, depression and sleep problems.',
      bg: 'Психиатър и психотерапевт; тревожност, депресия и проблеми със съня.',
      de: 'Psychiaterin und Psychotherapeutin; Angst, Depression und Schlafprobleme.',
    },
    experienceYears: 16,
    timeZone: 'Europe/Berlin',
    slotMinutes: 45,
    hours: 'Mon-Wed 09:00-13:00,14:00-18:00; Fri 09:00-14:00',
  },
];

/** Creates the demo doctors when there are no doctors yet; answers the credentials it created. */
export async function seedDemoDoctors(
  db: Db,
  admin: AdminService,
): Promise<{ email: string; password: string; name: string; timeZone: string }[]> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(doctorProfiles);
  if ((row?.count ?? 0) > 0) return [];
  const created = [];
  for (const { hours, ...doctor } of DEMO_DOCTORS) {
    await admin.createDoctor({
      ...doctor,
      password: DEMO_DOCTOR_PASSWORD,
      weekly: parseWeeklyHours(hours),
    });
    created.push({
      email: doctor.email,
      password: DEMO_DOCTOR_PASSWORD,
      name: `Dr. ${doctor.firstName} ${doctor.lastName}`,
      timeZone: doctor.timeZone,
    });
  }
  return created;
}
