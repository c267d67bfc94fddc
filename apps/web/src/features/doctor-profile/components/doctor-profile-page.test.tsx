import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

const PROFILE = {
  title: 'Dr.',
  specialties: ['cardiology'],
  languages: ['bg'],
  bios: { en: 'Heart doctor.' },
  experienceYears: 12,
  photoUrl: null,
  timeZone: 'Europe/Sofia',
  slotMinutes: 30,
  fee: { amountMinor: 6000, currency: 'EUR' },
};

describe("the doctor's profile (/doctor/profile)", () => {
  it('edits specialties, languages and the bios, named in the interface language', async () => {
    await changeLocale('de');
    let sent: unknown;
    mockApi({
      'GET /auth/status': () => ok(session({ userType: 'doctor' })),
      'GET /api/doctor/profile': () => ok(PROFILE),
      'PUT /api/doctor/profile': (call) => {
        sent = call.body;
        return ok({ ...PROFILE, ...(call.body as object) });
      },
    });
    const user = userEvent.setup();
    renderApp('/doctor/profile');
    const specialties = await screen.findByRole('group', { name: 'Fachgebiete' });
    expect(within(specialties).getByLabelText('Kardiologie')).toBeChecked();
    await user.click(within(specialties).getByLabelText('Innere Medizin'));
    await user.click(
      within(screen.getByRole('group', { name: 'Sprachen Ihrer Sprechstunden' })).getByLabelText(
        'Deutsch',
      ),
    );
    await user.type(screen.getByLabelText('Kurzvorstellung auf Deutsch'), 'Herzärztin.');
    await user.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(await screen.findByText('Ihr Profil ist gespeichert.')).toBeVisible();
    expect(sent).toEqual({
      title: 'Dr.',
      specialties: ['cardiology', 'internal-medicine'],
      languages: ['bg', 'de'],
      bios: { en: 'Heart doctor.', de: 'Herzärztin.' },
      experienceYears: 12,
    });
  });

  it('refuses a profile without a specialty before sending', async () => {
    const api = mockApi({
      'GET /auth/status': () => ok(session({ userType: 'doctor' })),
      'GET /api/doctor/profile': () => ok(PROFILE),
    });
    const user = userEvent.setup();
    renderApp('/doctor/profile');
    await user.click(await screen.findByLabelText('Cardiology'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    // Said at the choices, which take the focus (their first box) so the doctor hears why.
    const specialties = screen.getByRole('group', { name: 'Specialties' });
    expect(specialties).toHaveAccessibleDescription('Please choose one to five specialties.');
    expect(within(specialties).getAllByRole('checkbox')[0]).toHaveFocus();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
