import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../src/plugins/error-handler.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Text a person gives Vizita holds no control or bidi character (domain/safe-text.ts): a U+0000
// reached PostgreSQL and was a 500 for anyone, signed out included, and a right-to-left override
// in a name spoofed what consoles and mails show (issue #18). One row per route and field; each
// hostile value must be a 400 that names the field, never a 500.

const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
const tokens = { patient: '', doctor: '', admin: '' };
let appointmentId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  const [p] = await f.patients(1);
  tokens.patient = p!.token;
  ({ appointmentId } = await f.bookPaid(p!.token, '2026-11-25', '10:00'));
  tokens.doctor = (await f.signIn(f.doctorId)).token;
  tokens.admin = (await f.signIn((await f.otherStaff()).adminId)).token;
});
afterAll(() => t.close());

/** Refused in every text: NUL (PostgreSQL's SQLSTATE 22021), other C0 controls, DEL, C1, bidi. */
const NEVER = ['\u0000', '\r', '\u0007', '\u001B', '\u007F', '\u009B', '\u202E', '\u2066'];
/** Refused in a line (a name, a title, a search) but kept in free text. */
const NOT_IN_A_LINE = ['\n', '\t', '\u2028', '\u200B', '\u200F', '\uFEFF'];

type Caller = keyof typeof tokens | 'anonymous';
type Row = {
  route: string;
  as: Caller;
  field: string;
  kind: 'line' | 'free text';
  /** The request with `value` in the field under test. */
  request: (value: string) => { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object };
};

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const doctorFields = {
  title: 'Dr.',
  specialties: ['cardiology'],
  languages: ['en'],
  timeZone: 'Europe/Sofia',
  slotMinutes: 30,
  feeMinor: 5000,
};

const ROWS: Row[] = [
  ...(['firstName', 'lastName'] as const).map((field): Row => ({
    route: 'POST /auth/register-minimal',
    as: 'anonymous',
    field,
    kind: 'line',
    request: (value) => ({
      method: 'POST',
      url: '/auth/register-minimal',
      payload: {
        firstName: 'Maria',
        lastName: 'Ivanova',
        email: 'fuzz@example.bg',
        password: 'Sofia-2026!',
        termsAccepted: true,
        [field]: `Ma${value}ria`,
      },
    }),
  })),
  ...(['token'] as const).flatMap((field): Row[] =>
    ['/auth/reset-password', '/auth/check-reset-token', '/auth/accept-invite/check'].map((url) => ({
      route: `POST ${url}`,
      as: 'anonymous',
      field,
      kind: 'line',
      request: (value) => ({
        method: 'POST',
        url,
        payload: { token: `abc${value}def`, newPassword: 'Sofia-2026!' },
      }),
    })),
  ),
  ...(['firstName', 'address', 'city', 'postCode', 'addressNumber'] as const).map((field): Row => ({
    route: 'PUT /auth/complete-profile',
    as: 'patient',
    field,
    kind: 'line',
    request: (value) => ({
      method: 'PUT',
      url: '/auth/complete-profile',
      payload: {
        firstName: 'Maria',
        lastName: 'Ivanova',
        gender: 'female',
        birthDate: '1990-01-01',
        address: 'Vitosha',
        city: 'Sofia',
        country: 'BG',
        nationalIdNumber: '9001010008',
        termsAccepted: true,
        [field]: `Sof${value}ia 12`,
      },
    }),
  })),
  ...(['address', 'city'] as const).map((field): Row => ({
    route: 'PUT /auth/profile',
    as: 'patient',
    field,
    kind: 'line',
    request: (value) => ({
      method: 'PUT',
      url: '/auth/profile',
      payload: { [field]: `Plov${value}div` },
    }),
  })),
  ...(['reason', 'notes'] as const).map((field): Row => ({
    route: 'POST /api/payments/create-session',
    as: 'patient',
    field,
    kind: 'free text',
    request: (value) => ({
      method: 'POST',
      url: '/api/payments/create-session',
      payload: {
        doctorId: f.doctorId,
        date: '2026-11-26',
        slot: '11:00',
        country: 'Bulgaria',
        [field]: `Chest pain ${value} since Monday`,
      },
    }),
  })),
  {
    route: 'PUT /api/appointments/:id/cancel',
    as: 'patient',
    field: 'reason',
    kind: 'free text',
    request: (value) => ({
      method: 'PUT',
      url: `/api/appointments/${appointmentId}/cancel`,
      payload: { reason: `I cannot come ${value} on that day` },
    }),
  },
  {
    route: 'POST /api/guest-consultations',
    as: 'doctor',
    field: 'name',
    kind: 'line',
    request: (value) => ({
      method: 'POST',
      url: '/api/guest-consultations',
      payload: {
        name: `Anna ${value}Schmidt`,
        email: 'anna@example.de',
        locale: 'de',
        date: '2026-11-26',
        slot: '12:00',
      },
    }),
  },
  ...(['title', 'bios.en'] as const).map((field): Row => ({
    route: 'PUT /api/doctor/profile',
    as: 'doctor',
    field,
    kind: field === 'title' ? 'line' : 'free text',
    request: (value) => ({
      method: 'PUT',
      url: '/api/doctor/profile',
      payload: {
        title: field === 'title' ? `Dr${value}.` : 'Dr.',
        specialties: ['cardiology'],
        languages: ['en'],
        bios: { en: field === 'bios.en' ? `Cardiologist ${value} in Sofia` : 'Cardiologist' },
        experienceYears: 12,
      },
    }),
  })),
  ...(['note', 'cancelReason'] as const).map((field): Row => ({
    route: 'POST /api/doctor/schedule/exceptions',
    as: 'doctor',
    field,
    kind: field === 'note' ? 'line' : 'free text',
    request: (value) => ({
      method: 'POST',
      url: '/api/doctor/schedule/exceptions',
      payload: {
        date: '2026-12-01',
        kind: 'off',
        note: field === 'note' ? `Congress ${value} in Vienna` : 'Congress',
        ...(field === 'cancelReason'
          ? { cancelBooked: true, cancelReason: `I am at a congress ${value} that day` }
          : {}),
      },
    }),
  })),
  ...(['privateNotes', 'summary'] as const).map((field): Row => ({
    route: 'PUT /api/doctor/appointments/:id/notes',
    as: 'doctor',
    field,
    kind: 'free text',
    request: (value) => ({
      method: 'PUT',
      url: `/api/doctor/appointments/${appointmentId}/notes`,
      payload: { [field]: `Blood pressure ${value} 140/90` },
    }),
  })),
  {
    route: 'POST /api/doctor/appointments/:id/documents',
    as: 'doctor',
    field: 'title',
    kind: 'line',
    request: (value) => ({
      method: 'POST',
      url: `/api/doctor/appointments/${appointmentId}/documents?${q({ title: `Sick ${value}note`, fileName: 'note.pdf' })}`,
      payload: { pdf: true },
    }),
  },
  ...(['firstName', 'lastName', 'title'] as const).map((field): Row => ({
    route: 'POST /api/admin/doctors',
    as: 'admin',
    field,
    kind: 'line',
    request: (value) => ({
      method: 'POST',
      url: '/api/admin/doctors',
      payload: {
        email: 'new.doctor@clinic.test',
        firstName: 'Ivo',
        lastName: 'Kolev',
        locale: 'bg',
        ...doctorFields,
        [field]: `Ko${value}lev`,
      },
    }),
  })),
  ...(['patient', 'doctor'] as const).map((field): Row => ({
    route: 'GET /api/admin/appointments',
    as: 'admin',
    field,
    kind: 'line',
    request: (value) => ({
      method: 'GET',
      url: `/api/admin/appointments?${q({ [field]: `Iva${value}nova` })}`,
    }),
  })),
  ...(['actor', 'subject', 'action'] as const).map((field): Row => ({
    route: 'GET /api/admin/audit',
    as: 'admin',
    field,
    kind: 'line',
    request: (value) => ({
      method: 'GET',
      url: `/api/admin/audit?${q({ [field]: `admin${value}.` })}`,
    }),
  })),
  {
    route: 'POST /api/admin/appointments/:id/cancel',
    as: 'admin',
    field: 'reason',
    kind: 'free text',
    request: (value) => ({
      method: 'POST',
      url: `/api/admin/appointments/${appointmentId}/cancel`,
      payload: { reason: `The doctor is ill ${value} today` },
    }),
  },
];

async function send(row: Row, value: string) {
  const { method, url, payload } = row.request(value);
  return t.app.inject({
    method,
    url,
    headers: row.as === 'anonymous' ? {} : { authorization: `Bearer ${tokens[row.as]}` },
    ...(payload ? { payload } : {}),
  });
}

const visible = (value: string) => `U+${value.codePointAt(0)!.toString(16).toUpperCase()}`;

describe('control and bidi characters in what people type', () => {
  it.each(ROWS.map((row) => [`${row.route} ${row.field}`, row] as const))(
    '%s: refused with a 400 that names the field',
    async (_name, row) => {
      const hostile = row.kind === 'line' ? [...NEVER, ...NOT_IN_A_LINE] : NEVER;
      for (const value of hostile) {
        const res = await send(row, value);
        const what = `${row.route} ${row.field} with ${visible(value)}`;
        expect(res.statusCode, what).toBe(400);
        expect(res.json().errors, what).toContainEqual(
          expect.objectContaining({ path: row.field, code: 'textInvalidCharacters' }),
        );
      }
    },
  );

  it('free text keeps its line breaks and tabs', async () => {
    const res = await send(
      ROWS.find((row) => row.route === 'POST /api/payments/create-session')!,
      '\n\t',
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('says so in the English words of the message catalogue', async () => {
    const res = await send(ROWS[0]!, '\u0000');
    expect(res.json()).toMatchObject({
      success: false,
      message: 'This field contains characters that are not allowed',
    });
  });
});

describe('a NUL that still reaches PostgreSQL', () => {
  it('is a 400, not a 500 (SQLSTATE 22021 mapped by the error handler)', async () => {
    // Every contract refuses it now; this is the backstop for a column written another way.
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.get('/echo', async () => t.db.execute(sql`select ${'a\u0000b'}::text as echoed`));
    const res = await app.inject({ url: '/echo' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'validationFailed' });
    await app.close();
  });
});
