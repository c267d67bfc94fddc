import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DataExport } from '@vizita/shared/contracts/privacy';
import { changeLocale } from '../../../lib/i18n';
import { bulgarianProfile, EGN } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

type Handlers = Parameters<typeof mockApi>[0];

const exported = (): DataExport => ({
  format: 'vizita-data-export',
  formatVersion: 1,
  exportedAt: '2026-11-24T10:00:00.000Z',
  account: {
    id: 'user-1',
    email: 'elena@example.com',
    firstName: 'Elena',
    lastName: 'Petrova',
    language: 'bg',
    registeredAt: '2026-01-02T09:00:00.000Z',
    emailValidatedAt: '2026-01-02T09:05:00.000Z',
    twoFactorEnabled: false,
    rememberedDevices: 0,
  },
  profile: {
    gender: 'female',
    birthDate: '1990-04-12',
    street: 'bul. Vitosha',
    streetNumber: '12',
    postCode: '1000',
    city: 'Sofia',
    countryCode: 'BG',
    nationalId: EGN,
    insurance: null,
  },
  appointments: [
    {
      id: 'a1',
      doctor: 'Dr. Ivan Georgiev',
      startsAt: '2026-11-20T08:00:00.000Z',
      endsAt: '2026-11-20T08:30:00.000Z',
      timeZone: 'Europe/Sofia',
      plan: 'consultation',
      status: 'completed',
      // What the patient typed goes into a page: it must stay text.
      reason: 'Headache <script>alert(1)</script>',
      notes: null,
      cancelReason: null,
      cancelledBy: null,
      cancelledAt: null,
      price: { amountMinor: 7500, currency: 'EUR' },
      summary: 'Rest and fluids.',
      documents: [],
      callEvents: [
        { kind: 'joined', role: 'patient', at: '2026-11-20T08:58:00.000Z', quality: null },
        { kind: 'left', role: 'patient', at: '2026-11-20T09:20:00.000Z', quality: 'fair' },
      ],
    },
    {
      id: 'a2',
      doctor: 'Dr. Ivan Georgiev',
      startsAt: '2026-11-22T10:00:00.000Z',
      endsAt: '2026-11-24T10:00:00.000Z',
      timeZone: 'Europe/Sofia',
      plan: 'prescription',
      status: 'completed',
      reason: 'My blood pressure medicine, as every quarter.',
      notes: null,
      cancelReason: null,
      cancelledBy: null,
      cancelledAt: null,
      price: { amountMinor: 2000, currency: 'EUR' },
      summary: null,
      documents: [],
      callEvents: [],
      prescriptionRequest: {
        medication: { atc: 'C09AA05', medicine: 'Ramipril', strength: '5 mg', form: 'tablet' },
        left: 'few-days',
        answerBy: '2026-11-24T10:00:00.000Z',
      },
    },
  ],
  payments: [],
  consents: [
    {
      document: 'terms',
      version: '2026-11-24',
      acceptedAt: '2026-01-02T09:00:00.000Z',
      context: 'registration',
    },
  ],
  sessions: [],
  accessLog: [
    {
      at: '2026-11-19T15:00:00.000Z',
      event: 'patient_profile.read',
      actor: { name: 'Dr. Ivan Georgiev', role: 'doctor' },
    },
  ],
  activity: [],
  notifications: {
    items: [
      {
        kind: 'documentShared',
        params: { name: 'Dr. Ivan Georgiev' },
        link: '/dashboard/appointments',
        createdAt: '2026-11-20T10:05:00.000Z',
        readAt: null,
      },
    ],
    emailTurnedOff: ['appointmentReminder'],
  },
  followUpProposals: [
    {
      id: 'f1',
      appointmentId: 'a1',
      followUpAppointmentId: null,
      doctor: 'Ivan Georgiev',
      offeredSlots: [],
      suggestedWeeks: 2,
      // The doctor's note goes into a page: it must stay text.
      note: 'Recheck <b>blood pressure</b>',
      price: { amountMinor: 0, currency: 'EUR' },
      state: 'withdrawn',
      createdAt: '2026-11-20T09:30:00.000Z',
      expiresAt: '2026-12-04T09:30:00.000Z',
    },
  ],
  messages: [
    {
      id: 't1',
      kind: 'appointment',
      appointmentId: 'a1',
      startedAt: '2026-11-20T10:00:00.000Z',
      patientMayReply: false,
      messages: [
        {
          at: '2026-11-20T10:00:00.000Z',
          from: 'patient',
          sender: 'Elena Petrova',
          // What the patient wrote goes into a page: it must stay text.
          text: 'The rash <img src=x onerror=alert(1)> is back',
          attachments: [
            {
              fileName: 'rash.jpg',
              contentType: 'image/jpeg',
              sizeBytes: 1200,
              sha256: 'ab',
              contentBase64: '/9j/',
            },
          ],
        },
        {
          at: '2026-11-20T11:00:00.000Z',
          from: 'doctor',
          sender: 'Ivan Georgiev',
          text: 'Noted.',
          attachments: [],
        },
      ],
    },
  ],
  waitlist: [
    {
      id: 'w1',
      doctor: null,
      specialty: 'dermatology',
      appointmentId: null,
      status: 'fulfilled',
      createdAt: '2026-11-20T08:00:00.000Z',
      expiresAt: '2026-12-04T08:00:00.000Z',
      offers: [
        {
          startsAt: '2026-11-23T09:00:00.000Z',
          offeredAt: '2026-11-21T08:00:00.000Z',
          takenAt: '2026-11-21T08:05:00.000Z',
        },
      ],
    },
  ],
  clinicalDocuments: [
    {
      documentId: 'c1',
      appointmentId: 'a1',
      kind: 'sick-note',
      version: 1,
      issuedAt: '2026-11-24T08:20:00.000Z',
      versionAt: '2026-11-24T08:20:00.000Z',
      doctor: 'Ivan Georgiev',
      content: { start: '2026-11-24', end: '2026-11-26', certificate: 'first' },
      shortCode: 'K7QF3-MZD8P',
      revokedAt: null,
    },
  ],
});

const accessLog = () => ok(exported().accessLog);

function signedIn(handlers: Handlers, twoFactor = 'off') {
  return mockApi({
    'GET /auth/status': () => ok(session({ twoFactor })),
    'GET /auth/profile': () => ok(bulgarianProfile()),
    'GET /api/privacy/access-log': accessLog,
    ...handlers,
  });
}

/** The files the page handed to the browser as downloads, read back as text. */
function captureDownloads() {
  const files: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return `blob:${files.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { files, names };
}

describe('privacy and data rights on the profile', () => {
  it('downloads everything as a data file and as a readable page', async () => {
    signedIn({ 'GET /api/privacy/export': () => ok(exported()) });
    const { files, names } = captureDownloads();
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Download as a data file (JSON)' }));
    expect(await screen.findByText('Your data was downloaded.')).toBeVisible();
    expect(names).toEqual(['vizita-data-2026-11-24.json']);
    const json = JSON.parse(await files[0]!.text()) as DataExport;
    expect(json.profile?.nationalId).toBe(EGN);

    await user.click(screen.getByRole('button', { name: 'Download as a readable page' }));
    await waitFor(() => expect(names).toHaveLength(2));
    expect(names[1]).toBe('vizita-data-2026-11-24.html');
    const html = await files[1]!.text();
    expect(html).toContain('<h1>Your data at Vizita</h1>');
    expect(html).toContain(EGN);
    expect(html).toContain('Medical Consultation');
    // A prescription request: what was asked, and how much was left (issue #21).
    expect(html).toContain('Prescription Request');
    expect(html).toContain('<dt>Medicine requested</dt><dd>Ramipril 5 mg · Tablet</dd>');
    expect(html).toContain('<dt>How much was left</dt><dd>Enough for a few days</dd>');
    // What the video room recorded of the call is part of the record too (ADR 0027).
    expect(html).toContain('Video call record');
    expect(html).toMatch(/joined \(you\); .*left \(you\), connection fair/);
    expect(html).toContain('Read a patient&#39;s health profile');
    expect(html).toContain('Headache &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('<h2>Messages with the practice</h2>');
    expect(html).toContain('The practice closed replies in this conversation.');
    expect(html).toContain('The rash &#60;img src=x onerror=alert(1)&#62; is back');
    expect(html).toContain('rash.jpg — 1 file, included in the data file (JSON)');
    expect(html).toContain('Ivan Georgiev, your doctor');
    expect(html).not.toContain('<img');
    // The follow-up visit the doctor proposed, with the note, in the reader's words (issue #20).
    // What the bell said (issue #20), and the e-mails she turned off.
    expect(html).toContain('<h2>Notifications</h2>');
    expect(html).toContain('A document was shared with you, Dr. Ivan Georgiev');
    expect(html).toContain('Not read yet');
    expect(html).toContain('Appointment reminders');
    expect(html).toContain('<h2>Follow-up visits</h2>');
    expect(html).toContain('in about 2 weeks');
    expect(html).toContain('Recheck &#60;b&#62;blood pressure&#60;/b&#62;');
    expect(html).toContain('free of charge');
    expect(html).toContain('withdrawn by the doctor');
    expect(html).toContain('<h2>Earlier-time alerts</h2>');
    expect(html).toContain('a time in Dermatology');
    expect(html).toMatch(/Nov 23, 2026, 9:00\sAM \(taken\)/);
    expect(html).toContain('<h2>Prescriptions, sick notes and referrals</h2>');
    expect(html).toContain('unfit for work from 2026-11-24 to 2026-11-26 (first certificate)');
    expect(html).toContain('K7QF3-MZD8P');
    expect(html).not.toContain('<script>');
  });

  it("lists the people in the account, and names the child a visit and a doctor's read were for", async () => {
    const data = exported();
    data.dependants = [
      {
        id: 'd1',
        firstName: 'Boris',
        lastName: 'Petrov',
        birthDate: '2019-05-10',
        gender: 'male',
        relationship: 'child',
        countryCode: 'BG',
        nationalId: '1945101238',
        insurance: null,
        addedAt: '2026-11-01T10:00:00.000Z',
        handedOverAt: null,
      },
    ];
    data.appointments = [{ ...data.appointments[0]!, dependantId: 'd1' }];
    data.accessLog = [{ ...data.accessLog[0]!, about: 'Boris Petrov' }];
    signedIn({ 'GET /api/privacy/export': () => ok(data) });
    const { files, names } = captureDownloads();
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Download as a readable page' }));
    await waitFor(() => expect(names).toHaveLength(1));
    const html = await files[0]!.text();
    expect(html).toContain('<h2>People in your account</h2>');
    expect(html).toContain('<td>Boris Petrov</td>');
    expect(html).toContain('<td>1945101238</td>');
    expect(html).toContain('<dt>For</dt><dd>Boris Petrov</dd>');
    expect(html).toContain('(Boris Petrov)');
  });

  it('writes the readable page in the language of the reader', async () => {
    await changeLocale('de');
    signedIn({ 'GET /api/privacy/export': () => ok(exported()) });
    const { files } = captureDownloads();
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    await user.click(
      await screen.findByRole('button', { name: 'Als lesbare Seite herunterladen' }),
    );
    await waitFor(() => expect(files).toHaveLength(1));
    const html = await files[0]!.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h2>Gesundheitsprofil</h2>');
    expect(html).toContain('Ärztliche Beratung');
    expect(html).toContain('Nutzungsbedingungen');
  });

  it('says when the export was asked for too often', async () => {
    signedIn({ 'GET /api/privacy/export': () => fail(429, 'exportRateLimited') });
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Download as a data file (JSON)' }));
    expect(
      await screen.findByText(
        'You downloaded your data several times in the last hour. Please try again later.',
      ),
    ).toBeVisible();
  });

  it('downloads the record as FHIR for other health apps, described for screen readers', async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      timestamp: '2026-11-24T10:00:00.000Z',
      entry: [
        {
          fullUrl: 'urn:uuid:user-1',
          resource: {
            resourceType: 'Patient',
            id: 'user-1',
            identifier: [{ system: 'urn:vizita:sid:bg-egn', value: EGN }],
          },
        },
      ],
    };
    const { calls } = signedIn({
      'GET /api/privacy/export': (call) =>
        call.path.endsWith('?format=fhir') ? ok(bundle) : fail(400, 'invalidValue'),
    });
    const { files, names } = captureDownloads();
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    const button = await screen.findByRole('button', {
      name: 'Download as FHIR (for other health apps)',
    });
    expect(button).toHaveAccessibleDescription(/the format in which health apps/);
    await user.click(button);
    expect(await screen.findByText('Your data was downloaded.')).toBeVisible();
    expect(calls.map((c) => c.path)).toContain('/api/privacy/export?format=fhir');
    expect(names).toEqual(['vizita-record-fhir-2026-11-24.json']);
    expect(files[0]!.type).toBe('application/fhir+json');
    // The Bundle as the server made it, every field of every resource kept.
    expect(JSON.parse(await files[0]!.text())).toEqual(bundle);
  });

  it('offers the FHIR download in Bulgarian and German, and says when it was asked for too often', async () => {
    signedIn({ 'GET /api/privacy/export': () => fail(429, 'exportRateLimited') });
    const user = userEvent.setup();
    await changeLocale('bg');
    const { unmount } = renderApp('/dashboard/profile');
    expect(
      await screen.findByRole('button', {
        name: 'Изтегляне като FHIR (за други здравни приложения)',
      }),
    ).toBeVisible();
    unmount();
    await changeLocale('de');
    renderApp('/dashboard/profile');
    await user.click(
      await screen.findByRole('button', {
        name: 'Als FHIR herunterladen (für andere Gesundheits-Apps)',
      }),
    );
    expect(
      await screen.findByText(
        'Sie haben Ihre Daten in der letzten Stunde mehrmals heruntergeladen. Bitte versuchen Sie es später erneut.',
      ),
    ).toBeVisible();
  });

  it('lists who opened the record', async () => {
    signedIn({});
    renderApp('/dashboard/profile');
    const section = (await screen.findByRole('heading', { name: 'Who opened my record' }))
      .parentElement!;
    expect(await within(section).findByText("Read a patient's health profile")).toBeVisible();
    expect(section).toHaveTextContent('Dr. Ivan Georgiev, Doctor');
  });

  it('says so when nobody else opened the record', async () => {
    signedIn({ 'GET /api/privacy/access-log': () => ok([]) });
    renderApp('/dashboard/profile');
    expect(await screen.findByText('Nobody but you has opened your record.')).toBeVisible();
  });

  it('deletes the account after the password and a code, then signs out to the welcome page', async () => {
    const { calls } = signedIn(
      {
        'POST /api/privacy/delete-account': (call) => {
          const body = call.body as { password: string; code?: string };
          if (body.password !== 'Secret-2026!') return fail(400, 'currentPasswordIncorrect');
          if (body.code !== '123456') return fail(400, 'twoFactorCodeWrong');
          return ok(undefined, 'accountDeleted');
        },
      },
      'on',
    );
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    // The consequences are said before anything happens.
    expect(dialog).toHaveAccessibleDescription(/upcoming appointments are cancelled/);
    expect(dialog).toHaveTextContent(
      'Invoices and credit notes stay with the clinic as issued for up to 10 years',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText('Current password is required')).toBeVisible();
    expect(calls.some((c) => c.path === '/api/privacy/delete-account')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Your password/), 'wrong');
    await user.type(within(dialog).getByLabelText(/6-digit code/), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeVisible();

    await user.clear(within(dialog).getByLabelText(/Your password/));
    await user.type(within(dialog).getByLabelText(/Your password/), 'Secret-2026!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText(/The code is not correct/)).toBeVisible();

    await user.clear(within(dialog).getByLabelText(/6-digit code/));
    await user.type(within(dialog).getByLabelText(/6-digit code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByText('Your account was deleted. Thank you for using Vizita.'),
    ).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/privacy/delete-account').at(-1)?.body).toEqual({
      password: 'Secret-2026!',
      code: '123456',
    });
  });

  it('asks no code of a patient without two-factor sign-in, and can be cancelled', async () => {
    const { calls } = signedIn({});
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(within(dialog).queryByLabelText(/6-digit code/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.path === '/api/privacy/delete-account')).toBe(false);
  });
});
