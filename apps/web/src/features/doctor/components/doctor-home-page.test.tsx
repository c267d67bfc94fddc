import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleEntry } from '@vizita/shared/contracts/doctor-console';
import type { DoctorPrescriptionRequest } from '@vizita/shared/contracts/prescription-requests';
import { appointmentData } from '../../../test/fixtures';
import { fail, mockApi, ok, session, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

// Tuesday 2026-11-24, 09:50 in Sofia (07:50 UTC).
const NOW = new Date('2026-11-24T07:50:00.000Z');

function entry(overrides: Partial<ScheduleEntry>): ScheduleEntry {
  return {
    _id: 'a1',
    startsAt: '2026-11-24T08:00:00.000Z',
    endsAt: '2026-11-24T08:30:00.000Z',
    timeZone: 'Europe/Sofia',
    date: '2026-11-24',
    slot: '10:00',
    status: 'upcoming',
    plan: 'consultation',
    reason: 'Chest pain',
    patient: { _id: 'p1', name: 'Maria Ivanova' },
    cancelledBy: null,
    cancelReason: null,
    hasNotes: false,
    isJoinable: true,
    minutesUntilJoinable: 0,
    hasPassed: false,
    room: null,
    prescriptionRequest: null,
    ...overrides,
  };
}

const NO_ROOM = {
  patientJoinedAt: null,
  waitingSince: null,
  admittedAt: null,
  waitedMinutes: null,
  patientLeftAt: null,
  quality: null,
} as const;

const ENTRIES = [
  entry({}),
  entry({
    _id: 'a2',
    date: '2026-11-26',
    slot: '15:00',
    startsAt: '2026-11-26T13:00:00.000Z',
    patient: { _id: 'p2', name: 'Jonas Becker' },
    status: 'cancelled',
  }),
  entry({
    _id: 'a3',
    date: '2026-11-23',
    slot: '09:00',
    startsAt: '2026-11-23T07:00:00.000Z',
    patient: { _id: 'p3', name: 'Petar Petrov' },
    status: 'no_show',
  }),
];

function doctorWith(entries: ScheduleEntry[], handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/status': () => ok(session({ userType: 'doctor', isProfileComplete: true })),
    'GET /api/doctor/appointments': (call) => {
      const url = new URL(call.path, 'http://x');
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      return ok({
        timeZone: 'Europe/Sofia',
        appointments: entries.filter((e) => e.date >= from && e.date <= to),
      });
    },
    'GET /api/doctor/prescription-requests': () => ok([]),
    'GET /api/doctor/on-call': () => ok({ until: null, waiting: 0, currentAppointmentId: null }),
    ...handlers,
  });
}

describe('the doctor schedule (/doctor)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('puts the next consultation first with Join inside the window, then the week', async () => {
    const api = doctorWith(ENTRIES);
    renderApp('/doctor');
    const next = await screen.findByRole('region', { name: 'Next consultation' });
    expect(next).toHaveTextContent('Maria Ivanova');
    expect(next).toHaveTextContent('Chest pain');
    expect(within(next).getByRole('link', { name: 'Join' })).toHaveAttribute(
      'href',
      '/doctor/meeting/a1',
    );
    const week = screen.getByRole('region', { name: /Week of Mon, Nov 23, 2026/ });
    // Every status in words, not colour alone.
    expect(week).toHaveTextContent('No-show');
    expect(week).toHaveTextContent('Cancelled');
    expect(within(week).getAllByRole('link', { name: /Maria Ivanova/ })[0]).toHaveAttribute(
      'href',
      '/doctor/appointments/a1',
    );
    expect(api.calls.map((c) => c.path)).toContain(
      '/api/doctor/appointments?from=2026-11-23&to=2026-11-29',
    );
  });

  it('moves a week at a time and back to this week', async () => {
    const api = doctorWith(ENTRIES);
    renderApp('/doctor');
    await screen.findByRole('region', { name: /Week of Mon, Nov 23/ });
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('region', { name: /Week of Mon, Nov 30/ })).toBeVisible();
    expect(api.calls.map((c) => c.path)).toContain(
      '/api/doctor/appointments?from=2026-11-30&to=2026-12-06',
    );
    await userEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(await screen.findByRole('region', { name: /Week of Mon, Nov 23/ })).toBeVisible();
  });

  it("keeps the doctor's calendar when the browser's day differs, and works by keyboard", async () => {
    // Monday 2026-11-30 00:30 in Sofia, still Sunday in the browser's UTC.
    vi.setSystemTime(new Date('2026-11-29T22:30:00.000Z'));
    const api = doctorWith(ENTRIES);
    renderApp('/doctor');
    expect(await screen.findByRole('region', { name: /Week of Mon, Nov 30/ })).toBeVisible();
    expect(api.calls.map((c) => c.path)).toContain(
      '/api/doctor/appointments?from=2026-11-30&to=2026-12-06',
    );
    const previous = screen.getByRole('button', { name: 'Previous week' });
    previous.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: /Week of Mon, Nov 23/ })).toBeVisible();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'This week' })).toHaveFocus();
  });

  it('names a child booked by a parent with age and guardian, in the next consultation and the week', async () => {
    const [first, ...rest] = ENTRIES;
    doctorWith([
      {
        ...first!,
        patient: {
          _id: 'p1',
          name: 'Ivan Georgiev',
          dependant: { relationship: 'child', age: 7, guardianName: 'Maria Ivanova' },
        },
      },
      ...rest,
    ]);
    renderApp('/doctor');
    const next = await screen.findByRole('region', { name: 'Next consultation' });
    expect(next).toHaveTextContent('Ivan Georgiev');
    expect(next).toHaveTextContent('child, 7, with guardian Maria Ivanova');
    const week = screen.getByRole('region', { name: /Week of Mon, Nov 23, 2026/ });
    expect(within(week).getAllByRole('link', { name: /Ivan Georgiev/ })[0]).toHaveTextContent(
      'child, 7, with guardian Maria Ivanova',
    );
  });

  it("shows tonight's consultation when the browser's day is already tomorrow", async () => {
    // 02:00 UTC on Wednesday; the doctor works in New York, where it is still Tuesday 21:00.
    vi.setSystemTime(new Date('2026-11-25T02:00:00.000Z'));
    const tonight = entry({
      _id: 'n1',
      date: '2026-11-24',
      slot: '21:30',
      startsAt: '2026-11-25T02:30:00.000Z',
      endsAt: '2026-11-25T03:00:00.000Z',
      timeZone: 'America/New_York',
      patient: { _id: 'p9', name: 'Lena Weber' },
    });
    mockApi({
      'GET /auth/status': () => ok(session({ userType: 'doctor', isProfileComplete: true })),
      'GET /api/doctor/appointments': (call) => {
        const from = new URL(call.path, 'http://x').searchParams.get('from')!;
        return ok({
          timeZone: 'America/New_York',
          appointments: tonight.date >= from ? [tonight] : [],
        });
      },
    });
    renderApp('/doctor');
    const next = await screen.findByRole('region', { name: 'Next consultation' });
    expect(await within(next).findByText(/Lena Weber/)).toBeVisible();
  });

  it('shows who is in the waiting room now, and how long the last patient waited', async () => {
    doctorWith([
      entry({ room: { ...NO_ROOM, waitingSince: '2026-11-24T07:47:00.000Z' } }),
      entry({
        _id: 'a4',
        date: '2026-11-23',
        slot: '11:00',
        startsAt: '2026-11-23T09:00:00.000Z',
        status: 'completed',
        patient: { _id: 'p4', name: 'Eva Schulz' },
        room: {
          ...NO_ROOM,
          admittedAt: '2026-11-23T08:55:00.000Z',
          waitedMinutes: 4,
          quality: 'fair',
        },
      }),
    ]);
    renderApp('/doctor');
    const next = await screen.findByRole('region', { name: 'Next consultation' });
    // 09:47 in Sofia: the doctor's own zone.
    expect(next).toHaveTextContent('In the waiting room since 09:47');
    const week = screen.getByRole('region', { name: /Week of/ });
    // The week grid and the phone's day list both say it.
    for (const link of within(week).getAllByRole('link', { name: /Maria Ivanova/ }))
      expect(link).toHaveTextContent('In the waiting room since 09:47');
    const eva = within(week).getAllByRole('link', { name: /Eva Schulz/ });
    expect(eva.map((l) => l.textContent).join(' ')).toContain(
      'The patient waited 4 minutes before being admitted · Connection: fair',
    );
  });

  it('says when nothing is coming', async () => {
    doctorWith([]);
    renderApp('/doctor');
    expect(await screen.findByText('No consultation in the next two weeks.')).toBeInTheDocument();
    expect(screen.getAllByText('No consultations').length).toBeGreaterThanOrEqual(7);
  });
});

describe('the prescription requests waiting for the doctor (/doctor)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  /** Asked yesterday; its 48 hours end today at 17:00 UTC — less than 12 hours from NOW. */
  const urgent: DoctorPrescriptionRequest = {
    appointmentId: 'r1',
    requestedAt: '2026-11-22T17:00:00.000Z',
    answerBy: '2026-11-24T17:00:00.000Z',
    patient: { _id: 'p1', name: 'Maria Ivanova' },
    medication: { atc: 'C09AA05', medicine: 'Ramipril', strength: '5 mg', form: 'tablet' },
    left: 'none',
    reason: 'My blood pressure medicine, as every quarter.',
  };
  const later: DoctorPrescriptionRequest = {
    appointmentId: 'r2',
    requestedAt: '2026-11-24T07:00:00.000Z',
    answerBy: '2026-11-26T07:00:00.000Z',
    patient: { _id: 'p2', name: 'Jonas Becker' },
    medication: { atc: null, medicine: 'Salbutamol spray', strength: '', form: null },
    left: 'one-to-two-weeks',
    reason: 'For the pollen season.',
  };

  const queue = () => screen.findByRole('region', { name: 'Prescription requests' });
  const item = (within_: HTMLElement, name: string) =>
    within(within_).getByRole('article', { name });

  it('lists them, the most urgent first and marked in words, each to open or decline', async () => {
    doctorWith([], { 'GET /api/doctor/prescription-requests': () => ok([urgent, later]) });
    renderApp('/doctor');
    const region = await queue();
    const maria = await within(region).findByRole('article', { name: 'Maria Ivanova' });
    expect(maria).toHaveTextContent('Ramipril 5 mg · Tablet');
    expect(maria).toHaveTextContent('None left');
    expect(maria).toHaveTextContent('My blood pressure medicine, as every quarter.');
    expect(maria).toHaveTextContent('Answer byNov 24, 2026, 5:00 PM');
    expect(maria).toHaveTextContent('Less than 12 hours left');
    expect(within(maria).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/doctor/appointments/r1',
    );
    expect(within(maria).getByRole('button', { name: 'Decline' })).toBeEnabled();

    const jonas = item(region, 'Jonas Becker');
    // A typed medicine without strength or form is named as typed.
    expect(jonas).toHaveTextContent('Salbutamol spray');
    expect(jonas).toHaveTextContent('Enough for one to two weeks');
    expect(jonas).not.toHaveTextContent('Less than 12 hours left');
    expect(
      within(region)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toEqual(['prescription-request-r1', 'prescription-request-r2']);
  });

  it('declines one with a reason the patient reads, then shows the queue again', async () => {
    let open = [urgent, later];
    let sent: RecordedCall | undefined;
    doctorWith([], {
      'GET /api/doctor/prescription-requests': () => ok(open),
      'POST /api/doctor/prescription-requests/r1/decline': (call) => {
        sent = call;
        open = [later];
        return ok(
          appointmentData({
            _id: 'r1',
            plan: 'prescription',
            status: 'cancelled',
            cancelledBy: 'doctor',
            cancelReason: (call.body as { reason: string }).reason,
          }),
        );
      },
    });
    const user = userEvent.setup();
    renderApp('/doctor');
    const region = await queue();
    const maria = await within(region).findByRole('article', { name: 'Maria Ivanova' });
    await user.click(within(maria).getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the prescription request' });
    expect(dialog).toHaveAccessibleDescription(
      'Maria Ivanova reads your reason and is refunded in full.',
    );
    const reason = within(dialog).getByLabelText('Reason for the patient');
    await user.type(reason, 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Decline and refund' }));
    // The shared rule of a doctor's cancellation: at least 10 characters.
    expect(reason).toHaveAccessibleDescription(
      expect.stringContaining('Please provide a more detailed reason (at least 10 characters)'),
    );
    expect(sent).toBeUndefined();

    await user.clear(reason);
    await user.type(reason, 'Please come to a consultation: the dose needs checking.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline and refund' }));
    expect(
      await within(region).findByText('The request was declined and the patient refunded.'),
    ).toBeVisible();
    expect(sent?.body).toEqual({
      reason: 'Please come to a consultation: the dose needs checking.',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() =>
      expect(within(region).queryByRole('article', { name: 'Maria Ivanova' })).toBeNull(),
    );
    expect(item(region, 'Jonas Becker')).toBeVisible();
  });

  it('says in the dialog when the request was answered meanwhile', async () => {
    doctorWith([], {
      'GET /api/doctor/prescription-requests': () => ok([urgent]),
      'POST /api/doctor/prescription-requests/r1/decline': () =>
        fail(409, 'prescriptionRequestAnswered'),
    });
    const user = userEvent.setup();
    renderApp('/doctor');
    const maria = await within(await queue()).findByRole('article', { name: 'Maria Ivanova' });
    await user.click(within(maria).getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the prescription request' });
    await user.type(
      within(dialog).getByLabelText('Reason for the patient'),
      'Please come to a consultation first.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline and refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This request was answered or withdrawn meanwhile.',
    );
  });

  it('says when none is waiting', async () => {
    doctorWith([]);
    renderApp('/doctor');
    expect(
      await within(await queue()).findByText(
        'No prescription requests are waiting for your answer.',
      ),
    ).toBeVisible();
  });
});
