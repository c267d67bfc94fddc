import { describe, expect, it } from 'vitest';
import {
  clinicalDocumentsIssuable,
  doctorMayCancel,
  doctorMaySeePatient,
  documentsShareable,
  notesEditable,
  outcomeAllowed,
} from './doctor-access.ts';

const startsAt = new Date('2026-11-24T08:00:00Z');
const at = (offsetMinutes: number) => new Date(startsAt.getTime() + offsetMinutes * 60_000);
const DAY = 24 * 60;

describe('the doctor data-access window', () => {
  it('opens the profile of an upcoming appointment however far ahead', () => {
    expect(doctorMaySeePatient({ status: 'upcoming', startsAt }, at(-30 * DAY))).toBe(true);
  });

  it('keeps it open 30 days after the start of a held one, then closes it', () => {
    for (const status of ['completed', 'no_show']) {
      expect(doctorMaySeePatient({ status, startsAt }, at(30 * DAY))).toBe(true);
      expect(doctorMaySeePatient({ status, startsAt }, at(30 * DAY + 1))).toBe(false);
    }
  });

  it('never opens it for a cancelled, pending or expired appointment', () => {
    for (const status of ['cancelled', 'pending', 'expired'])
      expect(doctorMaySeePatient({ status, startsAt }, at(0))).toBe(false);
  });
});

describe('notes, outcomes and documents', () => {
  it('lets notes be written from 15 minutes before the start for 7 days', () => {
    expect(notesEditable({ status: 'upcoming', startsAt }, at(-16))).toBe(false);
    expect(notesEditable({ status: 'upcoming', startsAt }, at(-15))).toBe(true);
    expect(notesEditable({ status: 'completed', startsAt }, at(7 * DAY))).toBe(true);
    expect(notesEditable({ status: 'completed', startsAt }, at(7 * DAY + 1))).toBe(false);
    expect(notesEditable({ status: 'cancelled', startsAt }, at(0))).toBe(false);
  });

  it('takes an outcome only after the start, and a correction while notes are open', () => {
    expect(outcomeAllowed({ status: 'upcoming', startsAt }, at(-1))).toBe(false);
    expect(outcomeAllowed({ status: 'upcoming', startsAt }, at(0))).toBe(true);
    expect(outcomeAllowed({ status: 'no_show', startsAt }, at(DAY))).toBe(true);
    expect(outcomeAllowed({ status: 'completed', startsAt }, at(8 * DAY))).toBe(false);
    expect(outcomeAllowed({ status: 'cancelled', startsAt }, at(10))).toBe(false);
  });

  it('lets the doctor cancel until the start, where the outcome takes over (ADR 0012)', () => {
    expect(doctorMayCancel({ status: 'upcoming', startsAt }, at(-1))).toBe(true);
    expect(doctorMayCancel({ status: 'upcoming', startsAt }, at(0))).toBe(false);
    expect(doctorMayCancel({ status: 'upcoming', startsAt }, at(1))).toBe(false);
    for (const status of ['cancelled', 'completed', 'no_show', 'pending'])
      expect(doctorMayCancel({ status, startsAt }, at(-60))).toBe(false);
    // The two never overlap and leave no gap: before the start a cancellation, from it an outcome.
    for (const minutes of [-1, 0, 1])
      expect(doctorMayCancel({ status: 'upcoming', startsAt }, at(minutes))).toBe(
        !outcomeAllowed({ status: 'upcoming', startsAt }, at(minutes)),
      );
  });

  it('lets documents be given from the call until the data window closes', () => {
    expect(documentsShareable({ status: 'upcoming', startsAt }, at(-16))).toBe(false);
    expect(documentsShareable({ status: 'upcoming', startsAt }, at(-15))).toBe(true);
    expect(documentsShareable({ status: 'completed', startsAt }, at(30 * DAY))).toBe(true);
    expect(documentsShareable({ status: 'completed', startsAt }, at(31 * DAY))).toBe(false);
  });

  it('lets prescriptions, sick notes and referrals be issued in the same window, not for a no-show', () => {
    expect(clinicalDocumentsIssuable({ status: 'upcoming', startsAt }, at(-16))).toBe(false);
    expect(clinicalDocumentsIssuable({ status: 'upcoming', startsAt }, at(-15))).toBe(true);
    expect(clinicalDocumentsIssuable({ status: 'completed', startsAt }, at(30 * DAY))).toBe(true);
    expect(clinicalDocumentsIssuable({ status: 'completed', startsAt }, at(31 * DAY))).toBe(false);
    expect(clinicalDocumentsIssuable({ status: 'no_show', startsAt }, at(60))).toBe(false);
    expect(clinicalDocumentsIssuable({ status: 'cancelled', startsAt }, at(60))).toBe(false);
  });
});
