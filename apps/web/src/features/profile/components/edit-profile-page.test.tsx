import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bulgarianProfile, EGN, profileData } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

type Handlers = Parameters<typeof mockApi>[0];

function signedIn(handlers: Handlers) {
  return mockApi({
    'GET /auth/status': () => ok(session()),
    'PUT /auth/profile': () => ok(undefined, 'Profile updated successfully'),
    ...handlers,
  });
}

async function openEditor() {
  const user = userEvent.setup(
    vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {},
  );
  const view = renderApp('/dashboard/edit-profile');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Edit Profile' }),
  ).toBeInTheDocument();
  await screen.findByLabelText('Gender');
  return { user, ...view };
}

const sentUpdate = (calls: ReturnType<typeof signedIn>['calls']) =>
  calls.find((c) => c.method === 'PUT' && c.path === '/auth/profile')?.body;

describe('edit profile page', () => {
  it('loads the profile into the form; the country offers only Bulgaria and Germany', async () => {
    signedIn({ 'GET /auth/profile': () => ok(bulgarianProfile()) });
    await openEditor();
    expect(screen.getByLabelText('Gender')).toHaveValue('female');
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('1990-04-12');
    expect(screen.getByLabelText('Street Address')).toHaveValue('bul. Vitosha');
    expect(screen.getByLabelText('Post Code')).toHaveValue('1000');
    expect(screen.getByLabelText('National ID Number (EGN)')).toHaveValue(EGN);
    expect(screen.getByRole('heading', { name: 'Additional Information' })).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Insurance Information' }),
    ).not.toBeInTheDocument();
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('BG');
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'BG', 'DE']);
  });

  it('leaves empty fields out of the update and sends no insurance for Bulgaria', async () => {
    const { calls } = signedIn({ 'GET /auth/profile': () => ok(bulgarianProfile()) });
    const { user } = await openEditor();
    await user.clear(screen.getByLabelText('Number'));
    await user.clear(screen.getByLabelText('Post Code'));
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), '  Plovdiv ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Profile Updated Successfully!');
    expect(sentUpdate(calls)).toEqual({
      gender: 'female',
      birthDate: '1990-04-12',
      address: 'bul. Vitosha',
      city: 'Plovdiv',
      country: 'BG',
      nationalIdNumber: EGN,
    });
  });

  it('sends only what an incomplete profile has', async () => {
    const { calls } = signedIn({ 'GET /auth/profile': () => ok(profileData()) });
    const { user } = await openEditor();
    expect(screen.getByLabelText('Country')).toHaveValue('');
    await user.type(screen.getByLabelText('City'), 'Sofia');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile Updated Successfully!');
    expect(sentUpdate(calls)).toEqual({ city: 'Sofia' });
  });

  it('moves to Germany: the EGN goes, the insurance is asked for and sent', async () => {
    const { calls } = signedIn({ 'GET /auth/profile': () => ok(bulgarianProfile()) });
    const { user } = await openEditor();
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    expect(screen.queryByLabelText('National ID Number (EGN)')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Insurance Information' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('Insurance Type')).toHaveAccessibleDescription(
      'Insurance type is required for German residents',
    );
    expect(sentUpdate(calls)).toBeUndefined();

    await user.selectOptions(screen.getByLabelText('Insurance Type'), 'private');
    await user.selectOptions(screen.getByLabelText('Insurance Company'), 'DEBEKA');
    await user.type(screen.getByLabelText('Insurance Number'), 'PKV-998877');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile Updated Successfully!');
    expect(sentUpdate(calls)).toEqual({
      gender: 'female',
      birthDate: '1990-04-12',
      address: 'bul. Vitosha',
      addressNumber: '12',
      postCode: '1000',
      city: 'Sofia',
      country: 'DE',
      insurance: { type: 'private', company: 'DEBEKA', number: 'PKV-998877' },
    });
  });

  it('saves, refreshes the status, shows the banner and returns to the profile after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = signedIn({ 'GET /auth/profile': () => ok(bulgarianProfile()) });
    const { user, router } = await openEditor();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await user.click(save);

    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Profile Updated Successfully!');
    expect(banner).toHaveTextContent('Your profile information has been saved.');
    expect(screen.getByRole('button', { name: 'Back to Profile' })).toBeInTheDocument();
    const put = calls.findIndex((c) => c.method === 'PUT');
    await waitFor(() => expect(calls.slice(put).some((c) => c.path === '/auth/status')).toBe(true));

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/dashboard/edit-profile');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'));
  });

  it('shows "Saving..." while the update runs', async () => {
    let answer!: () => void;
    signedIn({
      'GET /auth/profile': () => ok(bulgarianProfile()),
      'PUT /auth/profile': () =>
        new Promise((resolve) => (answer = () => resolve(ok(undefined, 'ok')))),
    });
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const busy = screen.getByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    await act(async () => answer());
    expect(await screen.findByText('Profile Updated Successfully!')).toBeInTheDocument();
  });

  it.each([
    [
      fail(400, 'validationFailed', {
        errors: [
          {
            path: 'nationalIdNumber',
            msg: 'The EGN does not match the date of birth',
            code: 'egnBirthDateMismatch',
          },
        ],
      }),
      'Please check the highlighted fields.',
    ],
    [fail(500, 'internal'), 'Failed to update profile. Please try again.'],
  ])('says why an update failed (%#)', async (reply, text) => {
    signedIn({
      'GET /auth/profile': () => ok(bulgarianProfile()),
      'PUT /auth/profile': () => reply,
    });
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    if (reply.status === 400) {
      expect(screen.getByLabelText('National ID Number (EGN)')).toHaveAccessibleDescription(
        expect.stringContaining('The EGN does not match the date of birth'),
      );
    }
  });

  it('checks the EGN against a changed birth date before sending', async () => {
    const { calls } = signedIn({ 'GET /auth/profile': () => ok(bulgarianProfile()) });
    const { user } = await openEditor();
    const birthDate = screen.getByLabelText('Date of Birth');
    await user.clear(birthDate);
    await user.type(birthDate, '1991-04-12');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('National ID Number (EGN)')).toHaveAccessibleDescription(
      expect.stringContaining('The EGN does not match the date of birth'),
    );
    expect(sentUpdate(calls)).toBeUndefined();
  });

  it('says when the profile cannot be loaded, and tries again', async () => {
    let loads = 0;
    signedIn({
      'GET /auth/profile': () => (++loads === 1 ? fail(404, 'notFound') : ok(profileData())),
    });
    renderApp('/dashboard/edit-profile');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load your profile data. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Gender')).toBeInTheDocument();
  });

  it('cancels back to the profile', async () => {
    signedIn({ 'GET /auth/profile': () => ok(bulgarianProfile()) });
    const { user, router } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'));
  });
});
