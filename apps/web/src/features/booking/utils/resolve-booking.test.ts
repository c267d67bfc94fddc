import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { appointmentData } from '../../../test/fixtures';
import { resolutionErrorKey, resolveBookedAppointment, type ResolveDeps } from './resolve-booking';

function deps(overrides: Partial<ResolveDeps> = {}) {
  return {
    getPaymentSession: vi.fn(async () => ({ appointmentId: null as string | null })),
    processDevPayment: vi.fn(async () => null as string | null),
    processWebhookManually: vi.fn(async () => null as string | null),
    getAppointment: vi.fn(async (id: string) => appointmentData({ _id: id })),
    getMyAppointments: vi.fn(async () => [] as ReturnType<typeof appointmentData>[]),
    isLocalHost: false,
    wait: vi.fn(async () => {}),
    ...overrides,
  } satisfies ResolveDeps;
}

const bySession = { sessionId: 'cs_1', appointmentId: null };

async function failureKey(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return resolutionErrorKey(error);
  }
  throw new Error('resolved');
}

describe('booking success resolution (spec §4)', () => {
  it('with session_id: the appointment of the paid session', async () => {
    const d = deps({ getPaymentSession: vi.fn(async () => ({ appointmentId: 'a-7' })) });
    const appointment = await resolveBookedAppointment(bySession, d);
    expect(appointment._id).toBe('a-7');
    expect(d.processDevPayment).not.toHaveBeenCalled();
    expect(d.processWebhookManually).not.toHaveBeenCalled();
  });

  it('on localhost, processes the dev payment when the session has no appointment yet', async () => {
    const d = deps({ isLocalHost: true, processDevPayment: vi.fn(async () => 'a-8') });
    expect((await resolveBookedAppointment(bySession, d))._id).toBe('a-8');
    expect(d.processDevPayment).toHaveBeenCalledWith('cs_1');
    expect(d.processWebhookManually).not.toHaveBeenCalled();
    expect(d.wait).not.toHaveBeenCalled();
  });

  it('elsewhere, processes the webhook manually, waits, then looks the session up again', async () => {
    const lookups = [null, 'a-9'];
    const d = deps({ getPaymentSession: vi.fn(async () => ({ appointmentId: lookups.shift()! })) });
    expect((await resolveBookedAppointment(bySession, d))._id).toBe('a-9');
    expect(d.processWebhookManually).toHaveBeenCalledWith('cs_1');
    expect(d.wait).toHaveBeenCalledTimes(1);
    expect(d.getPaymentSession).toHaveBeenCalledTimes(2);
    expect(d.processDevPayment).not.toHaveBeenCalled();
  });

  it('fails with "creation failed" when the session still has no appointment', async () => {
    expect(await failureKey(resolveBookedAppointment(bySession, deps()))).toBe(
      'success.errors.notCreated',
    );
  });

  it('with appointment_id: that appointment; a 404 is "Appointment not found"', async () => {
    const ref = { sessionId: null, appointmentId: 'a-3' };
    expect((await resolveBookedAppointment(ref, deps()))._id).toBe('a-3');
    const missing = deps({
      getAppointment: vi.fn(async () => {
        throw new ApiError(404, 'Not found', null, 'notFound');
      }),
    });
    expect(await failureKey(resolveBookedAppointment(ref, missing))).toBe(
      'success.errors.notFound',
    );
  });

  it('with neither: the most recently created appointment, else "no information"', async () => {
    const ref = { sessionId: null, appointmentId: null };
    const d = deps({
      getMyAppointments: vi.fn(async () => [
        appointmentData({ _id: 'old', createdAt: '2026-11-01T10:00:00.000Z' }),
        appointmentData({ _id: 'new', createdAt: '2026-11-20T10:00:00.000Z' }),
        appointmentData({ _id: 'mid', createdAt: '2026-11-10T10:00:00.000Z' }),
      ]),
    });
    expect((await resolveBookedAppointment(ref, d))._id).toBe('new');
    expect(await failureKey(resolveBookedAppointment(ref, deps()))).toBe(
      'success.errors.noInformation',
    );
  });

  it('reports any other failure as "Failed to load appointment details"', async () => {
    const d = deps({
      getPaymentSession: vi.fn(async () => {
        throw new ApiError(500, 'boom');
      }),
    });
    expect(await failureKey(resolveBookedAppointment(bySession, d))).toBe('success.errors.generic');
  });
});
