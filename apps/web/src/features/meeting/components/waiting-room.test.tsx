import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadSignedInTranslations } from '../../../lib/i18n';
import { WaitingRoom } from './waiting-room';

const PATIENT = {
  peerId: 'p1',
  role: 'patient' as const,
  userName: 'Patient 1a2b3c4d',
  waitingSince: '2026-11-25T09:47:00.000Z',
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T09:51:30.000Z'));
  await loadSignedInTranslations();
});

describe('the waiting room', () => {
  it('tells the patient who lets them in and when the appointment is', () => {
    render(
      <WaitingRoom
        admission={{ admitted: false, waiting: [] }}
        role="patient"
        otherName="Dr. Elena Petrova"
        when="Nov 25 · 10:00"
        onAdmit={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Waiting room' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Dr. Elena Petrova will let you in.');
    expect(screen.getByText('Your appointment: Nov 25 · 10:00')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the doctor who waits and for how long, and admits them with one click', async () => {
    const onAdmit = vi.fn();
    render(
      <WaitingRoom
        admission={{ admitted: false, waiting: [PATIENT] }}
        role="doctor"
        otherName="Maria Ivanova"
        when="Nov 25 · 10:00"
        onAdmit={onAdmit}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      /Maria Ivanova is waiting since \d\d:47 \(4 minutes\)\./,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Admit Maria Ivanova' }));
    expect(onAdmit).toHaveBeenCalledTimes(1);
  });

  it('tells the doctor nobody is there yet, offers nothing to click, and goes once admitted', () => {
    const { rerender } = render(
      <WaitingRoom
        admission={{ admitted: false, waiting: [] }}
        role="doctor"
        otherName="Maria Ivanova"
        when="Nov 25 · 10:00"
        onAdmit={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Maria Ivanova has not arrived yet.');
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <WaitingRoom
        admission={{ admitted: true, waiting: [] }}
        role="doctor"
        otherName="Maria Ivanova"
        when="Nov 25 · 10:00"
        onAdmit={() => {}}
      />,
    );
    expect(screen.queryByRole('heading', { name: 'Waiting room' })).toBeNull();
  });

  it('speaks the reader’s language', async () => {
    await initI18n('de');
    await loadSignedInTranslations();
    render(
      <WaitingRoom
        admission={{ admitted: false, waiting: [] }}
        role="patient"
        otherName="Dr. Elena Petrova"
        when="25.11. · 10:00"
        onAdmit={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Dr. Elena Petrova lässt Sie gleich herein.',
    );
  });
});
