import { mockApi, ok, session } from '../../../test/mock-api';

export const SCHEDULE = {
  timeZone: 'Europe/Sofia',
  slotMinutes: 30,
  weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
  exceptions: [
    { _id: 'e1', date: '2099-01-05', kind: 'off', start: null, end: null, note: 'Holiday' },
  ],
};

export const CONFLICT = {
  status: 409,
  body: {
    success: false,
    message: 'Booked appointments fall outside these hours',
    code: 'scheduleConflict',
    conflicts: [{ _id: 'a1', date: '2099-01-05', slot: '10:00', patientName: 'Maria Ivanova' }],
  },
};

/** A signed-in doctor with the schedule above, plus the handlers a test adds. */
export function signedInDoctor(handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/status': () => ok(session({ userType: 'doctor' })),
    'GET /api/doctor/schedule': () => ok(SCHEDULE),
    'GET /api/doctor/schedule/preview': () =>
      ok([{ date: '2099-01-06', slots: ['09:00'], times: [] }]),
    ...handlers,
  });
}
