import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dependant } from '@vizita/shared/contracts/family';
import { egnCheckDigit } from '@vizita/shared/domain/egn';
import { dependantData } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T09:00:00.000Z'));
});
afterEach(() => vi.unstubAllGlobals());

const IVAN_EGN = `194510123${egnCheckDigit('194510123')}`;

const ivan = dependantData({ nationalIdNumber: IVAN_EGN });

describe('people in my account', () => {
  it('lists the people and adds a child with the EGN checked against the birth date', async () => {
    let people: Dependant[] = [];
    const { calls } = mockApi({
      'GET /auth/status': () => ok(session()),
      'GET /api/dependants': () => ok(people),
      'POST /api/dependants': () => {
        people = [ivan];
        return { ...ok(ivan), status: 201 };
      },
    });
    renderApp('/dashboard/people');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'People in my account' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nobody has been added yet.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a person' }));
    await userEvent.type(screen.getByLabelText(/First Name/), 'Ivan');
    await userEvent.type(screen.getByLabelText(/Last Name/), 'Georgiev');
    await userEvent.type(screen.getByLabelText(/Date of birth/), '2019-05-11');
    await userEvent.selectOptions(screen.getByLabelText(/^Gender/), 'male');
    await userEvent.selectOptions(screen.getByLabelText(/Relationship to you/), 'child');
    await userEvent.selectOptions(screen.getByLabelText(/Country of residence/), 'BG');
    await userEvent.type(screen.getByLabelText(/National ID/), IVAN_EGN);
    await userEvent.click(screen.getByRole('button', { name: 'Add person' }));
    // The EGN encodes 10 May: the form says so before anything is sent.
    expect(await screen.findByText('The EGN does not match the date of birth')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const birth = screen.getByLabelText(/Date of birth/);
    await userEvent.clear(birth);
    await userEvent.type(birth, '2019-05-10');
    await userEvent.click(screen.getByRole('button', { name: 'Add person' }));
    const card = await screen.findByRole('article', { name: 'Ivan Georgiev' });
    expect(within(card).getByText('Managed by you')).toBeInTheDocument();
    expect(within(card).getByText(IVAN_EGN)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      firstName: 'Ivan',
      birthDate: '2019-05-10',
      relationship: 'child',
      country: 'BG',
      nationalIdNumber: IVAN_EGN,
    });
  });

  it('offers the hand-over of a record once its person came of age, and says when it is refused', async () => {
    const petar: Dependant = {
      ...ivan,
      id: 'd2',
      firstName: 'Petar',
      birthDate: '2008-11-19',
      age: 18,
      state: 'of_age',
      mayBook: false,
      mayHandOver: true,
    };
    mockApi({
      'GET /auth/status': () => ok(session()),
      'GET /api/dependants': () => ok([ivan, petar]),
      'POST /api/dependants/d2/handover': () => fail(409, 'dependantNotOfAge'),
    });
    renderApp('/dashboard/people');
    const ivanCard = await screen.findByRole('article', { name: 'Ivan Georgiev' });
    expect(within(ivanCard).queryByRole('button', { name: 'Hand over the record' })).toBeNull();
    const card = screen.getByRole('article', { name: 'Petar Georgiev' });
    expect(within(card).getByText(/they book for themselves now/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Hand over the record' }));
    await userEvent.type(within(card).getByLabelText(/E-mail address of Petar/), 'p@example.bg');
    await userEvent.click(within(card).getByRole('button', { name: 'Send the invitation' }));
    expect(
      await within(card).findByText(
        "A child's record can be handed over from their 18th birthday.",
      ),
    ).toBeInTheDocument();
  });
});
