import { parseArgs } from 'node:util';
import {
  MARKET_COUNTRY_CODES,
  type MarketCountryCode,
} from '@vizita/shared/domain/profile-options';
import { createBroadcaster } from './broadcast/create-broadcaster.ts';
import { loadConfig, type Config } from './config.ts';
import { createDatabase } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { applyMigrations } from './db/migrate.ts';
import { createAdminService } from './modules/admin/service.ts';
import { availabilityChannel } from './modules/doctors/availability-changes.ts';
import { parseWeeklyHours } from './modules/admin/weekly-hours.ts';
import { readSecret } from './lib/read-secret.ts';
import { describeError } from './lib/log-errors.ts';

// `npm run admin -- <command> [options]`: what a clinic operator does. Same database as the
// server: DATABASE_URL, or the embedded cluster in DATA_DIR (used while the server runs).

const HELP = `Usage: npm run admin -- <command> [options]

Commands:
  create-doctor   --email E --first-name F --last-name L --specialties "A,B"
                  --time-zone Europe/Sofia --hours "Mon-Fri 09:00-12:00,13:00-17:00"
                  [--slot-minutes 30] [--experience 12] [--title Dr.]
                  [--city Sofia --country BG]   (the public directory's place; BG or DE)
  set-schedule    --email E --hours "Mon-Fri 09:00-17:00; Sat 09:00-12:00"
  add-time-off    --email E --date YYYY-MM-DD [--from HH:MM --to HH:MM] [--note TEXT]
  add-extra-hours --email E --date YYYY-MM-DD --from HH:MM --to HH:MM [--note TEXT]
  list-doctors
  create-admin    --email E --first-name F --last-name L

Passwords are never arguments (shell history and the process list would keep them): create-doctor
and create-admin ask for one at a prompt, or read the first line of standard input when it is
piped. Doctors can instead be invited from the clinic administration, choosing their own.

Hours: day or day range, then one or more HH:MM-HH:MM ranges separated by commas (the gaps are
breaks); several days separated by semicolons. Times are the doctor's local time. The rules are
the doctor console's: no overlapping ranges, each at least one slot long, dates from today to a
year ahead; a change that leaves booked appointments outside the hours is refused, naming them.`;

const options = {
  email: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  title: { type: 'string' },
  specialties: { type: 'string' },
  experience: { type: 'string' },
  'time-zone': { type: 'string' },
  'slot-minutes': { type: 'string' },
  city: { type: 'string' },
  country: { type: 'string' },
  hours: { type: 'string' },
  date: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  note: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * A doctor's hours changed: running servers forget the availability they keep (ADR 0033). With
 * several instances there is a broadcaster to tell them; a single server without one sees the
 * change when its copy expires, within 30 seconds.
 */
async function announceAvailabilityChange(config: Config, databaseUrl: string) {
  if (config.broadcaster.kind === 'memory') {
    process.stdout.write('The booking page shows the change within 30 seconds.\n');
    return;
  }
  const broadcaster = await createBroadcaster(config.broadcaster, databaseUrl, {
    warn: (_obj, msg) => process.stderr.write(`${msg}\n`),
  });
  try {
    await broadcaster.publish(availabilityChannel(config.broadcaster.channelPrefix), 'changed');
  } finally {
    await broadcaster.close();
  }
}

async function main(argv: string[]) {
  if (argv.some((arg) => arg === '--password' || arg.startsWith('--password=')))
    throw new Error(
      'Passwords are not taken as arguments: leave out --password, then type it at the prompt or pipe it on standard input.',
    );
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
  const command = positionals[0];
  if (!command || values.help || command === 'help') {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const marketCountry = (code: string): MarketCountryCode => {
    const upper = code.toUpperCase();
    if (!(MARKET_COUNTRY_CODES as readonly string[]).includes(upper))
      throw new Error(`--country must be one of ${MARKET_COUNTRY_CODES.join(', ')}`);
    return upper as MarketCountryCode;
  };
  const need = (name: keyof typeof values): string => {
    const value = values[name];
    if (typeof value !== 'string' || value === '') throw new Error(`${command} needs --${name}`);
    return value;
  };

  const config = loadConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir });
  const url = config.databaseUrl ?? embedded!.url;
  await applyMigrations(url);
  const database = createDatabase(url, { max: 2 });
  const admin = createAdminService(database.db);
  try {
    switch (command) {
      case 'create-doctor': {
        const email = need('email');
        const id = await admin.createDoctor({
          email,
          password: await readSecret(`Password for ${email}: `),
          firstName: need('first-name'),
          lastName: need('last-name'),
          ...(values.title ? { title: values.title } : {}),
          specialties: need('specialties')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          experienceYears: values.experience ? Number(values.experience) : undefined,
          timeZone: need('time-zone'),
          slotMinutes: Number(values['slot-minutes'] ?? 30),
          ...(values.city ? { city: values.city } : {}),
          ...(values.country ? { country: marketCountry(values.country) } : {}),
          weekly: parseWeeklyHours(need('hours')),
        });
        process.stdout.write(`Created doctor ${values.email} (${id})\n`);
        await announceAvailabilityChange(config, url);
        break;
      }
      case 'set-schedule':
        await admin.setSchedule(need('email'), parseWeeklyHours(need('hours')));
        process.stdout.write(`Weekly hours of ${values.email} replaced\n`);
        await announceAvailabilityChange(config, url);
        break;
      case 'add-time-off':
      case 'add-extra-hours':
        await admin.addException(need('email'), {
          date: need('date'),
          kind: command === 'add-time-off' ? 'off' : 'extra',
          start: values.from,
          end: values.to,
          note: values.note,
        });
        process.stdout.write(
          `${command === 'add-time-off' ? 'Time off' : 'Extra hours'} added for ${values.email} on ${values.date}\n`,
        );
        await announceAvailabilityChange(config, url);
        break;
      case 'list-doctors':
        for (const d of await admin.listDoctors()) {
          process.stdout.write(
            `${d.name} <${d.email}> — ${d.specialties.join(', ')} — ${d.timeZone}, ${d.slotMinutes} min — ${d.hours}\n`,
          );
        }
        break;
      case 'create-admin': {
        const email = need('email');
        const id = await admin.createAdmin({
          email,
          password: await readSecret(`Password for ${email}: `),
          firstName: need('first-name'),
          lastName: need('last-name'),
        });
        process.stdout.write(`Created admin ${values.email} (${id})\n`);
        break;
      }
      default:
        throw new Error(`Unknown command "${command}". Run "npm run admin -- help".`);
    }
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // Not the raw message: a failed query's carries its values (a new account's password hash …).
  process.stderr.write(`${describeError(error)}\n`);
  process.exit(1);
});
