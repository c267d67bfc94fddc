import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadSignedInTranslations } from '../../../lib/i18n';
import { SlotList } from './slot-list';

const SOFIA_MORNING = [
  { slot: '10:00', startsAt: '2026-11-24T08:00:00.000Z' },
  { slot: '10:30', startsAt: '2026-11-24T08:30:00.000Z' },
];

beforeEach(() => loadSignedInTranslations());

describe('SlotList', () => {
  it("shows a Berlin patient a Sofia doctor's slots in her own time, with the doctor's beside", () => {
    render(
      <SlotList
        slots={SOFIA_MORNING}
        doctorZone="Europe/Sofia"
        viewerZone="Europe/Berlin"
        selectedSlot={null}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByText(/Times in your time zone \(Berlin\)/)).toBeVisible();
    expect(screen.getByRole('button', { name: '09:00 10:00 in Sofia' })).toBeVisible();
    expect(screen.getByRole('button', { name: '09:30 10:30 in Sofia' })).toBeVisible();
  });

  it('says nothing about zones when patient and doctor share one', () => {
    render(
      <SlotList
        slots={SOFIA_MORNING}
        doctorZone="Europe/Sofia"
        viewerZone="Europe/Sofia"
        selectedSlot="10:00"
        onSelect={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: '10:00' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(/time zone/)).not.toBeInTheDocument();
  });
});
