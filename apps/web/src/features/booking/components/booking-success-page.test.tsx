import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appointmentData, appointmentListBody } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

type Handlers = Parameters<typeof mockApi>[0];

function signedIn(handlers: Handlers) {
  return mockApi({ 'GET /auth/status': () => ok(session()), ...handlers });
}

const booked = appointmentData({
  _id: 'ap-1',
  date: '2026-11-24',
  slot: '10:00',
  reason: 'Chest pain',
  paymentAmount: 60,
  paymentCurrency: 'EUR',
  doctorId: {
    _id: 'd1',
    name: 'Dr. Elena Petrova',
    email: 'elena@example.bg',
    specialties: ['Cardiology', 'Internal Medicine'],
  },
});

describe('booking success page', () => {
  it('resolves a session: the payment, then its appointment, with every detail of spec §2', async () => {
    localStorage.setItem('pendingAppointmentId', 'ap-1');
    const { calls } = signedIn({
      'GET /api/payments/session/cs_1': () =>
        ok({
          payment: {
            id: 'p1',
            appointmentId: 'ap-1',
            status: 'completed',
            amount: 6000,
            currency: 'EUR',
            receiptUrl: null,
          },
        }),
      'GET /api/appointments/ap-1': () => ok(booked),
    });
    renderApp('/booking/success?session_id=cs_1');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' });
    expect(heading).toHaveFocus();
    const details = screen.getByRole('region', { name: 'Appointment Details' });
    for (const text of [
      'Dr. Elena Petrova',
      'Cardiology, Internal Medicine',
      'Tuesday, November 24, 2026',
      '10:00',
      '60.00 EUR',
      'Paid successfully',
      'Chest pain',
    ]) {
      expect(details).toHaveTextContent(text);
    }
    expect(
      within(screen.getByRole('region', { name: "What's Next?" })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View My Appointments' })).toHaveAttribute(
      'href',
      '/dashboard/appointments',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Book Another Appointment' })).toHaveAttribute(
      'href',
      '/calendar',
    );
    // Once, also under strict mode; the pending id is done with.
    expect(calls.filter((c) => c.path === '/api/payments/session/cs_1')).toHaveLength(1);
    expect(localStorage.getItem('pendingAppointmentId')).toBeNull();
  });

  it('fulfils a session without an appointment through the dev call on localhost', async () => {
    const { calls } = signedIn({
      'GET /api/payments/session/cs_2': () =>
        ok({
          payment: {
            id: 'p2',
            appointmentId: null,
            status: 'pending',
            amount: 6000,
            currency: 'EUR',
            receiptUrl: null,
          },
        }),
      'POST /api/payments/process-dev-payment': () => ok({ appointmentId: 'ap-1' }),
      'GET /api/appointments/ap-1': () => ok(booked),
    });
    renderApp('/booking/success?session_id=cs_2');
    await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' });
    expect(calls.find((c) => c.path === '/api/payments/process-dev-payment')?.body).toEqual({
      sessionId: 'cs_2',
    });
  });

  it('shows the newest appointment when the URL names none', async () => {
    signedIn({
      'GET /api/appointments': () => ({
        status: 200,
        body: appointmentListBody([
          appointmentData({ createdAt: '2026-11-01T10:00:00.000Z', slot: '08:00' }),
          { ...booked, createdAt: '2026-11-20T10:00:00.000Z' },
        ]),
      }),
    });
    renderApp('/booking/success');
    await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' });
    expect(screen.getByRole('region', { name: 'Appointment Details' })).toHaveTextContent('10:00');
  });

  it('says a prescription request went to the doctor and by when it is answered, no time booked', async () => {
    const request = appointmentData({
      _id: 'rx-1',
      startsAt: '2026-11-20T09:00:00.000Z',
      plan: 'prescription',
      reason: 'My blood pressure medicine, as every quarter.',
      paymentAmount: 25,
      paymentCurrency: 'EUR',
      doctorId: booked.doctorId,
      prescriptionRequest: {
        medication: { atc: 'C09AA05', medicine: 'Ramipril', strength: '5 mg', form: 'tablet' },
        left: 'few-days',
        answerBy: '2026-11-22T09:00:00.000Z',
      },
    });
    signedIn({
      'GET /api/payments/session/cs_rx': () =>
        ok({
          payment: {
            id: 'p3',
            appointmentId: 'rx-1',
            status: 'completed',
            amount: 2500,
            currency: 'EUR',
            receiptUrl: null,
          },
        }),
      'GET /api/appointments/rx-1': () => ok(request),
    });
    renderApp('/booking/success?session_id=cs_rx');
    await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' });
    expect(
      screen.getByText(
        'Your request was sent to Dr. Elena Petrova and will be answered by Nov 22, 2026, 9:00 AM.',
      ),
    ).toBeVisible();
    const details = screen.getByRole('region', { name: 'Request Details' });
    for (const text of [
      'Dr. Elena Petrova',
      'Ramipril 5 mg · Tablet',
      'November 20, 2026',
      'Nov 22, 2026, 9:00 AM',
      '25.00 EUR',
      'My blood pressure medicine, as every quarter.',
    ])
      expect(details).toHaveTextContent(text);
    // Nothing of a booked time: no date and time, no call to prepare or join.
    expect(screen.queryByRole('region', { name: 'Appointment Details' })).toBeNull();
    expect(details).not.toHaveTextContent('Time');
    const next = screen.getByRole('region', { name: "What's Next?" });
    expect(next).not.toHaveTextContent('video call');
    expect(next).toHaveTextContent('you get a full refund');
    expect(screen.queryByRole('link', { name: 'Book Another Appointment' })).toBeNull();
  });

  it('says "Something went wrong" with the reason, and Try Again resolves again', async () => {
    let found = false;
    signedIn({
      'GET /api/appointments/ap-404': () => (found ? ok(booked) : fail(404, 'notFound')),
    });
    const user = userEvent.setup();
    renderApp('/booking/success?appointment_id=ap-404');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Appointment not found');
    found = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' }),
    ).toBeInTheDocument();
  });
});

describe('booking cancel page', () => {
  it('releases the hold once and offers another time', async () => {
    const { calls } = signedIn({
      'POST /api/payments/release-hold': () => ok({ status: 'cancelled' }),
    });
    renderApp('/booking/cancel?appointment_id=ap-9');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/is free again/)).toBeInTheDocument();
    expect(
      screen.getByText('Your payment was cancelled and nothing was charged.'),
    ).toBeInTheDocument();
    const releases = calls.filter((c) => c.path === '/api/payments/release-hold');
    expect(releases).toHaveLength(1);
    expect(releases[0]!.body).toEqual({ appointmentId: 'ap-9' });
    expect(screen.getByRole('link', { name: 'Choose Another Time' })).toHaveAttribute(
      'href',
      '/calendar',
    );
  });

  it('closes a prescription request whose checkout was left, and offers to send it again', async () => {
    const { calls } = signedIn({
      'POST /api/payments/release-hold': () => ok({ status: 'cancelled' }),
    });
    renderApp('/booking/cancel?appointment_id=rx-9&plan=prescription');
    expect(await screen.findByText(/Your request was not sent/)).toBeInTheDocument();
    // It held no time: nothing says a time is free again.
    expect(screen.queryByText(/free again/)).toBeNull();
    expect(calls.filter((c) => c.path === '/api/payments/release-hold')[0]!.body).toEqual({
      appointmentId: 'rx-9',
    });
    expect(screen.getByRole('link', { name: 'Request Again' })).toHaveAttribute(
      'href',
      '/dashboard/prescriptions/new',
    );
  });
});
