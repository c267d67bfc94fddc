import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRIVATE_INSURERS, STATE_INSURERS } from '@vizita/shared/domain/profile-options';
import { initI18n } from '../../../lib/i18n';
import { EGN, EGN_BAD_CHECKSUM, profileData } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

type Handlers = Parameters<typeof mockApi>[0];

/** A signed-in patient whose profile is not complete yet; the status flips once it is. */
function incompletePatient(handlers: Handlers = {}) {
  let complete = false;
  const api = mockApi({
    'GET /auth/status': () => ok(session({ isProfileComplete: complete })),
    'GET /auth/profile': () => ok(profileData()),
    'GET /api/appointments': () => ok([]),
    'PUT /auth/complete-profile': () => {
      complete = true;
      return ok(undefined, 'Profile completed successfully');
    },
    ...handlers,
  });
  return api;
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

async function openForm() {
  const user = userEvent.setup();
  const view = renderApp('/complete-profile');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Complete Your Profile' }),
  ).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Elena'));
  return { user, ...view };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, country: string) {
  await user.selectOptions(screen.getByLabelText('Gender'), 'Female');
  await user.type(screen.getByLabelText('Date of Birth'), '1990-04-12');
  await user.type(screen.getByLabelText('Street Address'), 'bul. Vitosha');
  await user.type(screen.getByLabelText('City'), 'Sofia');
  await user.selectOptions(screen.getByLabelText('Country'), country);
}

describe('complete profile page', () => {
  it('prefills the names and marks what the profile needs as required', async () => {
    incompletePatient();
    await openForm();
    expect(screen.getByLabelText('Last Name')).toHaveValue('Petrova');
    for (const label of [
      'First Name',
      'Last Name',
      'Gender',
      'Date of Birth',
      'Street Address',
      'City',
      'Country',
    ]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    for (const label of ['Number', 'Post Code']) {
      expect(screen.getByLabelText(label)).not.toBeRequired();
    }
    expect(screen.getByLabelText('Date of Birth')).toHaveAttribute('type', 'date');
    expect(optionTexts(screen.getByLabelText('Gender'))).toEqual([
      'Select gender',
      'Male',
      'Female',
      'Other',
    ]);
    // The ten countries in the spec's order (§3).
    expect(optionTexts(screen.getByLabelText('Country')).slice(1)).toEqual([
      'Bulgaria',
      'Germany',
      'United States',
      'United Kingdom',
      'France',
      'Italy',
      'Spain',
      'Netherlands',
      'Austria',
      'Switzerland',
    ]);
    expect(screen.queryByLabelText('National ID Number (EGN)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Insurance Type')).not.toBeInTheDocument();
  });

  it("shows the spec's EGN messages on blur, linked to the field", async () => {
    incompletePatient();
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Date of Birth'), '1990-04-13');
    await user.selectOptions(screen.getByLabelText('Country'), 'BG');
    const egn = screen.getByLabelText('National ID Number (EGN)');
    expect(egn).toHaveAttribute('maxLength', '10');
    expect(egn).toHaveAttribute('inputMode', 'numeric');
    expect(egn).toBeRequired();

    await user.type(egn, '12345');
    await user.tab();
    expect(egn).toHaveAttribute('aria-invalid', 'true');
    expect(egn).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid 10-digit EGN'),
    );

    await user.clear(egn);
    await user.type(egn, EGN_BAD_CHECKSUM);
    await user.tab();
    expect(egn).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid 10-digit EGN'),
    );

    await user.clear(egn);
    await user.tab();
    expect(egn).toHaveAccessibleDescription(
      expect.stringContaining('National ID number is required for Bulgarian residents'),
    );

    await user.type(egn, EGN);
    await user.tab();
    expect(egn).toHaveAccessibleDescription(
      expect.stringContaining('The EGN does not match the date of birth'),
    );

    const birthDate = screen.getByLabelText('Date of Birth');
    await user.clear(birthDate);
    await user.type(birthDate, '1990-04-12');
    await user.click(egn);
    await user.tab();
    expect(egn).not.toHaveAttribute('aria-invalid');
  });

  it('clears the national ID and the insurance when the country changes', async () => {
    incompletePatient();
    const { user } = await openForm();
    const country = screen.getByLabelText('Country');
    await user.selectOptions(country, 'BG');
    await user.type(screen.getByLabelText('National ID Number (EGN)'), EGN);

    await user.selectOptions(country, 'DE');
    expect(screen.queryByLabelText('National ID Number (EGN)')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Insurance Type'), 'state');
    await user.selectOptions(screen.getByLabelText('Insurance Company'), 'Barmer');
    await user.type(screen.getByLabelText('Insurance Number'), 'A123456780');

    await user.selectOptions(country, 'BG');
    expect(screen.getByLabelText('National ID Number (EGN)')).toHaveValue('');
    expect(screen.queryByLabelText('Insurance Type')).not.toBeInTheDocument();

    await user.selectOptions(country, 'DE');
    expect(screen.getByLabelText('Insurance Type')).toHaveValue('');
    expect(screen.getByLabelText('Insurance Company')).toHaveValue('');
    expect(screen.getByLabelText('Insurance Number')).toHaveValue('');
  });

  it('lists the insurers of the chosen type, and a new type clears company and number', async () => {
    incompletePatient();
    const { user } = await openForm();
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    const type = screen.getByLabelText('Insurance Type');
    const company = screen.getByLabelText('Insurance Company');
    expect(optionTexts(type)).toEqual(['Select insurance type', 'State (public)', 'Private']);
    expect(company).toBeDisabled();
    expect(company).toHaveAccessibleDescription('Choose the insurance type first.');

    await user.selectOptions(type, 'state');
    expect(company).toBeEnabled();
    expect(optionTexts(company).slice(1)).toEqual([...STATE_INSURERS]);
    await user.selectOptions(company, 'Barmer');
    await user.type(screen.getByLabelText('Insurance Number'), 'A123456780');

    await user.selectOptions(type, 'private');
    expect(company).toHaveValue('');
    expect(screen.getByLabelText('Insurance Number')).toHaveValue('');
    expect(optionTexts(company).slice(1)).toEqual([...PRIVATE_INSURERS]);
  });

  it('asks for the German insurance on submit and focuses the first problem', async () => {
    const { calls } = incompletePatient();
    const { user } = await openForm();
    await fillRequired(user, 'DE');
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));

    const type = screen.getByLabelText('Insurance Type');
    expect(type).toHaveFocus();
    expect(type).toHaveAccessibleDescription('Insurance type is required for German residents');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('completes the profile, refreshes the session status and shows the banner', async () => {
    const { calls } = incompletePatient();
    const { user, router } = await openForm();
    await fillRequired(user, 'BG');
    await user.type(screen.getByLabelText('Number'), '12');
    await user.type(screen.getByLabelText('National ID Number (EGN)'), EGN);
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));

    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Profile completed successfully!');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/auth/complete-profile',
      body: {
        firstName: 'Elena',
        lastName: 'Petrova',
        gender: 'female',
        birthDate: '1990-04-12',
        address: 'bul. Vitosha',
        addressNumber: '12',
        city: 'Sofia',
        country: 'BG',
        countryName: 'Bulgaria',
        nationalIdNumber: EGN,
        termsAccepted: true,
      },
    });
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('postCode');
    expect(body).not.toHaveProperty('insurance');

    // The status is asked again after the completion, so the session knows at once.
    const put = calls.findIndex((c) => c.method === 'PUT');
    await waitFor(() => expect(calls.slice(put).some((c) => c.path === '/auth/status')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('100%')).toBeInTheDocument();
    expect(screen.queryByText('Your profile is incomplete')).not.toBeInTheDocument();
    // The booking guard lets a complete profile through now.
    await router.navigate('/calendar');
    expect(await screen.findByRole('heading', { name: 'Book Appointment' })).toBeInTheDocument();
  });

  it("puts the server's field errors on their fields, translated", async () => {
    incompletePatient({
      'PUT /auth/complete-profile': () =>
        fail(400, 'validationFailed', {
          errors: [
            { path: 'insurance.company', msg: 'Insurance company is required', code: 'x' },
            {
              path: 'insurance.number',
              msg: 'Insurance number is required',
              code: 'insuranceNumberInvalid',
            },
          ],
        }),
    });
    const { user } = await openForm();
    await fillRequired(user, 'DE');
    await user.selectOptions(screen.getByLabelText('Insurance Type'), 'private');
    await user.selectOptions(screen.getByLabelText('Insurance Company'), 'DEBEKA');
    await user.type(screen.getByLabelText('Insurance Number'), 'PKV-1');
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check the highlighted fields.',
    );
    expect(screen.getByLabelText('Insurance Number')).toHaveAccessibleDescription(
      'Please enter a valid insurance number',
    );
    // A code we do not know is never shown raw.
    expect(screen.getByLabelText('Insurance Company')).toHaveAccessibleDescription('Invalid value');
  });

  it('says so when the completion fails', async () => {
    incompletePatient({ 'PUT /auth/complete-profile': () => fail(500, 'internal') });
    const { user } = await openForm();
    await fillRequired(user, 'FR');
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to complete profile. Please try again.',
    );
  });

  it('skips to the dashboard', async () => {
    incompletePatient();
    const { user, router } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Skip for Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('names its fields and buttons in German', async () => {
    await initI18n('de');
    incompletePatient();
    const user = userEvent.setup();
    renderApp('/complete-profile');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profil vervollständigen' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Vorname')).toHaveValue('Elena'));
    for (const label of [
      'Nachname',
      'Geschlecht',
      'Geburtsdatum',
      'Straße',
      'Hausnummer',
      'Postleitzahl',
      'Ort',
      'Land',
      'Ich akzeptiere die Allgemeinen Geschäftsbedingungen',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    await user.selectOptions(screen.getByLabelText('Land'), 'Bulgarien');
    expect(screen.getByLabelText('Bulgarische Personennummer (EGN)')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Land'), 'Deutschland');
    for (const label of ['Versicherungsart', 'Krankenversicherung', 'Versichertennummer']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Vorerst überspringen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profil vervollständigen' })).toBeInTheDocument();
  });
});
