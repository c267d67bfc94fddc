import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OnDemandOptions } from '@vizita/shared/contracts/on-demand';
import { initI18n } from '../../../lib/i18n';
import { appointmentListBody, dependantData } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { expectNoAxeViolations } from '../../../test/axe';

const OPTIONS = 'GET /api/on-demand/options';
const JOIN = 'POST /api/on-demand';

function options(over: Partial<OnDemandOptions> = {}): OnDemandOptions {
  return {
    price: 35,
    currency: 'EUR',
    maxWaitMinutes: 20,
    availableNow: [
      { specialty: 'cardiology', languages: ['de'], doctors: 1 },
      { specialty: 'general-practice', languages: ['bg', 'en'], doctors: 2 },
    ],
    ...over,
  };
}

function patientWith(handlers: Parameters<typeof mockApi>[0], profileComplete = true) {
  return mockApi({
    'GET /auth/status': () => ok(session({ isProfileComplete: profileComplete })),
    'GET /api/appointments': () => ({ status: 200, body: appointmentListBody([]) }),
    ...handlers,
  });
}

async function open() {
  const view = renderApp('/dashboard/see-a-doctor-now');
  await screen.findByRole('heading', { level: 1, name: 'See a doctor now' });
  return view;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('see a doctor now: the form', () => {
  it('says who is available now, preselects a specialty that has a doctor, and pays', async () => {
    const assign = vi.fn();
    const api = patientWith({
      [OPTIONS]: () => ok(options()),
      [JOIN]: () =>
        ok({ appointmentId: 'od1', sessionUrl: 'https://pay.example/cs_1', sessionId: 'cs_1' }),
    });
    const user = userEvent.setup();
    await open();
    vi.stubGlobal('location', { ...window.location, assign });
    expect(document.title).toBe('See a doctor now · Vizita');

    const available = await screen.findByRole('region', { name: 'Available right now' });
    expect(
      within(available)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Cardiology: 1 doctor (German)',
      'General Practice: 2 doctors (Bulgarian, English)',
    ]);

    // The specialty with the most doctors who speak the screen's language, and that language.
    const specialty = screen.getByLabelText('Specialty');
    expect(specialty).toHaveValue('general-practice');
    expect(screen.getByRole('option', { name: 'General Practice · available now' })).toBeVisible();
    // Those with a doctor now come first.
    const names = within(specialty)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names.slice(0, 3)).toEqual([
      'Choose a specialty',
      'Cardiology · available now',
      'General Practice · available now',
    ]);
    const language = screen.getByLabelText('Language of the consultation');
    expect(language).toHaveValue('en');
    expect(specialty).toHaveAccessibleDescription(
      'A doctor of this specialty who speaks this language is available now.',
    );
    // The price and the refund, said with the button that pays.
    const pay = screen.getByRole('button', { name: 'Pay and join the queue' });
    expect(pay).toHaveAccessibleDescription(
      'Price: 35.00 EUR If no doctor takes you within 20 minutes, or you leave the queue, you get a full refund.',
    );
    await expectNoAxeViolations();

    // The reason is required, checked with the shared contract before anything is sent.
    await user.click(pay);
    const reason = screen.getByLabelText('Reason for the consultation');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.selectOptions(language, 'bg');
    await user.type(reason, 'Fever since yesterday evening.');
    await user.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    const [sent] = api.calls.filter((c) => c.method === 'POST');
    expect(sent?.body).toEqual({
      specialty: 'general-practice',
      language: 'bg',
      reason: 'Fever since yesterday evening.',
    });
  });

  it('lets her queue when nobody is available, saying she is refunded if nobody comes', async () => {
    patientWith({ [OPTIONS]: () => ok(options({ availableNow: [] })) });
    const user = userEvent.setup();
    await open();
    expect(
      await screen.findByText(
        'No doctor is available right now. You can still join the queue: if nobody takes you in time, you get a full refund.',
      ),
    ).toBeVisible();
    const specialty = screen.getByLabelText('Specialty');
    expect(specialty).toHaveValue('');
    await user.type(screen.getByLabelText('Reason for the consultation'), 'A rash on my arm.');
    await user.click(screen.getByRole('button', { name: 'Pay and join the queue' }));
    expect(specialty).toHaveFocus();
    expect(specialty).toHaveAccessibleDescription('Please choose a specialty.');

    await user.selectOptions(specialty, 'dermatology');
    expect(specialty).toHaveAccessibleDescription(
      'No doctor of this specialty who speaks this language is available right now. You can still join the queue: if nobody takes you within 20 minutes, you get a full refund.',
    );
  });

  it.each([
    ['alreadyInQueue', 409, 'You are already waiting for a doctor.'],
    ['paymentProviderUnavailable', 503, 'The payment provider could not be reached.'],
    ['someNewCode', 500, 'Could not join the queue. Please try again.'],
  ])('says why joining was refused (%s)', async (code, status, text) => {
    patientWith({
      [OPTIONS]: () => ok(options()),
      [JOIN]: () => fail(status, code),
    });
    const user = userEvent.setup();
    await open();
    await user.type(await screen.findByLabelText('Reason for the consultation'), 'Headache.');
    await user.click(screen.getByRole('button', { name: 'Pay and join the queue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says when the options cannot be loaded, and tries again', async () => {
    let loads = 0;
    patientWith({
      [OPTIONS]: () => (++loads === 1 ? fail(404, 'notFound') : ok(options())),
    });
    const user = userEvent.setup();
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load what is available now. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Specialty')).toHaveValue('general-practice');
  });

  it('sends an incomplete profile to complete it first', async () => {
    patientWith({ [OPTIONS]: () => ok(options()) }, false);
    const { router } = renderApp('/dashboard/see-a-doctor-now');
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
  });

  it('speaks Bulgarian', async () => {
    await initI18n('bg');
    patientWith({ [OPTIONS]: () => ok(options()) });
    renderApp('/dashboard/see-a-doctor-now');
    await screen.findByRole('heading', { level: 1, name: 'Лекар сега' });
    expect(await screen.findByLabelText('Специалност')).toHaveValue('general-practice');
    expect(
      screen.getByRole('option', { name: 'Обща медицина · на разположение сега' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Език на консултацията')).toHaveValue('bg');
    expect(
      screen.getByRole('button', { name: 'Платете и се наредете на опашката' }),
    ).toHaveAccessibleDescription(expect.stringContaining('Цена: 35.00 EUR'));
  });

  it('asks for whom when she has a child to book for, and queues for the child she chooses', async () => {
    const assign = vi.fn();
    const api = patientWith({
      [OPTIONS]: () => ok(options()),
      'GET /api/dependants': () => ok([dependantData()]),
      [JOIN]: () =>
        ok({ appointmentId: 'od1', sessionUrl: 'https://pay.example/cs_1', sessionId: 'cs_1' }),
    });
    const user = userEvent.setup();
    await open();
    vi.stubGlobal('location', { ...window.location, assign });
    const forWhom = await screen.findByRole('group', { name: 'For whom is this appointment?' });
    expect(within(forWhom).getByRole('radio', { name: 'For me' })).toBeChecked();
    await user.click(within(forWhom).getByRole('radio', { name: 'Ivan Georgiev, age 7' }));
    await user.type(
      screen.getByLabelText('Reason for the consultation'),
      'Earache since the night.',
    );
    await user.click(screen.getByRole('button', { name: 'Pay and join the queue' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ dependantId: 'd1' });
  });
});
