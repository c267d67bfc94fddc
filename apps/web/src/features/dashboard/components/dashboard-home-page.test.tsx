import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appointmentData, appointmentListBody } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

type Handlers = Parameters<typeof mockApi>[0];
type Body = Parameters<typeof appointmentListBody>;

const list = (...args: Body) => ({ status: 200, body: appointmentListBody(...args) });

function signedIn(isProfileComplete: boolean, handlers: Handlers = {}) {
  return mockApi({
    'GET /auth/status': () => ok(session({ isProfileComplete })),
    'GET /api/appointments': () => list([]),
    ...handlers,
  });
}

/** The value of one of the three statistics cards. */
function stat(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

async function home() {
  const view = renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Welcome back!' });
  return view;
}

describe('dashboard home', () => {
  it('shows the counts of the answer and lists the three newest of the five it asks for', async () => {
    const { calls } = signedIn(true, {
      'GET /api/appointments': () =>
        list(
          [
            appointmentData({
              date: '2026-05-20',
              status: 'upcoming',
              doctorId: doctor('Dr. Ivan Georgiev'),
            }),
            appointmentData({
              date: '2026-06-10',
              slot: '14:00',
              status: 'upcoming',
              doctorId: doctor(''),
            }),
            appointmentData({
              date: '2026-04-01',
              status: 'cancelled',
              doctorId: doctor('Dr. Maria Hoffmann'),
            }),
            appointmentData({
              date: '2026-03-02',
              status: 'completed',
              doctorId: doctor('Dr. Anna Koleva'),
            }),
            appointmentData({
              date: '2026-01-05',
              status: 'completed',
              doctorId: doctor('Dr. Old'),
            }),
          ],
          // Over all of the patient's appointments, not only the five listed.
          { counts: { upcoming: 6, completed: 3, no_show: 0, cancelled: 1 }, limit: 5, total: 10 },
        ),
    });
    await home();
    await waitFor(() => expect(stat('Upcoming Appointments')).toBe('6'));
    expect(stat('Total Appointments')).toBe('9'); // upcoming plus completed
    expect(stat('Profile Complete')).toBe('100%');
    expect(calls.filter((c) => c.path.startsWith('/api/appointments')).map((c) => c.path)).toEqual([
      '/api/appointments?order=desc&limit=5',
    ]);

    const recent = screen.getByRole('heading', { name: 'Recent Appointments' }).closest('section')!;
    const items = within(recent).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Your doctorWed, Jun 10, 2026 · 14:00Upcoming',
      'Dr. Ivan GeorgievWed, May 20, 2026 · 09:30Upcoming',
      'Dr. Maria HoffmannWed, Apr 1, 2026 · 09:30Cancelled',
    ]);
    expect(within(recent).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/dashboard/appointments',
    );
  });

  it('says when a prescription request was asked, not a time with the doctor (issue #21)', async () => {
    signedIn(true, {
      'GET /api/appointments': () =>
        list([
          appointmentData({
            startsAt: '2026-06-11T15:42:00.000Z',
            plan: 'prescription',
            doctorId: doctor('Dr. Ivan Georgiev'),
          }),
        ]),
    });
    await home();
    const recent = screen.getByRole('heading', { name: 'Recent Appointments' }).closest('section')!;
    expect(
      (await within(recent).findAllByRole('listitem')).map((item) => item.textContent),
    ).toEqual(['Dr. Ivan GeorgievRequested on June 11, 2026Upcoming']);
  });

  it('has no completion banner and books straight away when the profile is complete', async () => {
    signedIn(true);
    const { router } = await home();
    expect(screen.queryByText('Your profile is incomplete')).not.toBeInTheDocument();
    expect(await screen.findByText('No appointments yet')).toBeInTheDocument();
    expect(stat('Upcoming Appointments')).toBe('0');
    expect(stat('Total Appointments')).toBe('0');

    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
  });

  it('asks an incomplete profile to complete it before booking', async () => {
    signedIn(false);
    const { router } = await home();
    const user = userEvent.setup();
    expect(stat('Profile Complete')).toBe('50%');
    const banner = screen
      .getByRole('heading', { name: 'Your profile is incomplete' })
      .closest('section')!;
    expect(within(banner).getByRole('link', { name: 'Complete Profile' })).toHaveAttribute(
      'href',
      '/complete-profile',
    );

    const book = screen.getByRole('button', { name: 'Book Appointment' });
    await user.click(book);
    const prompt = screen.getByRole('alertdialog', { name: 'Profile Incomplete' });
    expect(prompt).toHaveAttribute('aria-modal', 'true');
    expect(prompt).toHaveAccessibleDescription(
      'Please complete your profile before booking an appointment. Would you like to complete it now?',
    );
    expect(within(prompt).getByRole('button', { name: 'Not Now' })).toHaveFocus();
    await user.click(within(prompt).getByRole('button', { name: 'Not Now' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(book).toHaveFocus();
    expect(router.state.location.pathname).toBe('/dashboard');

    await user.keyboard('{Enter}');
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Complete Profile' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
  });

  it('asks an incomplete profile to complete it before seeing a doctor now', async () => {
    signedIn(false);
    const { router } = await home();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Start Video Call' }));
    const prompt = screen.getByRole('alertdialog', { name: 'Profile Incomplete' });
    expect(router.state.location.pathname).toBe('/dashboard');
    await user.click(within(prompt).getByRole('button', { name: 'Not Now' }));
    expect(screen.getByRole('link', { name: 'Start Video Call' })).toHaveFocus();
  });

  it('guards the link of the empty list the same way', async () => {
    signedIn(false);
    await home();
    await userEvent.click(await screen.findByRole('link', { name: 'Book Your First Appointment' }));
    expect(screen.getByRole('alertdialog', { name: 'Profile Incomplete' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says when the appointments cannot be loaded, and tries again', async () => {
    let loads = 0;
    signedIn(true, {
      'GET /api/appointments': () =>
        ++loads === 1 ? fail(404, 'notFound') : list([appointmentData({ status: 'upcoming' })]),
    });
    await home();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load appointments. Please try again.',
    );
    expect(stat('Upcoming Appointments')).toBe('—Not available');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(stat('Upcoming Appointments')).toBe('1'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leads to Messages, and Start Video Call to seeing a doctor now', async () => {
    signedIn(true);
    await home();
    // Issue #22: a doctor now, not a disabled "Coming soon".
    const call = screen.getByRole('link', { name: 'Start Video Call' });
    expect(call).toHaveAttribute('href', '/dashboard/see-a-doctor-now');
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    // "Contact Support" became the conversations with the practice (issue #20).
    expect(screen.queryByRole('button', { name: 'Contact Support' })).not.toBeInTheDocument();
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/dashboard/messages',
    );
    expect(screen.getByRole('link', { name: 'Update Profile' })).toHaveAttribute(
      'href',
      '/dashboard/edit-profile',
    );
  });
});

function doctor(name: string) {
  return { _id: `d-${name}`, name, email: 'doctor@example.bg', specialties: ['General Practice'] };
}
