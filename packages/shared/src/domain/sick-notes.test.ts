import { describe, expect, it } from 'vitest';
import { checkSickNote, type SickNoteCertificate } from './sick-notes.ts';

// The limits at their boundaries: the last day allowed, and the first one beyond it.

const consultationDate = '2026-11-27';
const check = (
  start: string,
  end: string,
  {
    knownPatient = false,
    certificate = 'first',
  }: { knownPatient?: boolean; certificate?: SickNoteCertificate } = {},
) => checkSickNote({ start, end, certificate, knownPatient, consultationDate });

describe('a sick note after a video consultation', () => {
  it('covers at most 3 calendar days for a patient the practice does not know', () => {
    expect(check('2026-11-27', '2026-11-27')).toEqual({ ok: true, days: 1 });
    expect(check('2026-11-27', '2026-11-29')).toEqual({ ok: true, days: 3 });
    expect(check('2026-11-27', '2026-11-30')).toEqual({
      ok: false,
      problem: 'tooLong',
      maxDays: 3,
    });
  });

  it('covers at most 7 calendar days for a patient the practice knows', () => {
    expect(check('2026-11-27', '2026-12-03', { knownPatient: true })).toEqual({
      ok: true,
      days: 7,
    });
    expect(check('2026-11-27', '2026-12-04', { knownPatient: true })).toMatchObject({
      ok: false,
      problem: 'tooLong',
      maxDays: 7,
    });
  });

  it('counts calendar days across a month and a year, weekends included', () => {
    const atNewYear = checkSickNote({
      start: '2026-12-30',
      end: '2027-01-01',
      certificate: 'first',
      knownPatient: false,
      consultationDate: '2026-12-30',
    });
    expect(atNewYear).toEqual({ ok: true, days: 3 });
  });

  it('may begin up to 3 days before the consultation, counted in the limit, never after it', () => {
    expect(check('2026-11-24', '2026-11-26')).toEqual({ ok: true, days: 3 });
    expect(check('2026-11-23', '2026-11-25')).toMatchObject({ problem: 'startTooEarly' });
    expect(check('2026-11-24', '2026-11-27')).toMatchObject({ problem: 'tooLong' });
    expect(check('2026-11-28', '2026-11-29')).toMatchObject({ problem: 'startAfterConsultation' });
  });

  it('refuses an end before the start', () => {
    expect(check('2026-11-27', '2026-11-26')).toMatchObject({ problem: 'endBeforeStart' });
  });

  it('is a follow-up certificate by video only for a patient the practice knows', () => {
    expect(check('2026-11-27', '2026-11-28', { certificate: 'follow-up' })).toMatchObject({
      problem: 'followUpNeedsKnownPatient',
    });
    expect(
      check('2026-11-27', '2026-12-03', { certificate: 'follow-up', knownPatient: true }),
    ).toEqual({ ok: true, days: 7 });
  });
});
