import { describe, expect, it } from 'vitest';
import { appointmentData } from '../../../test/fixtures';
import { joinStateAt } from '../../../lib/join-state';
import { canCancel, canReschedule, meetingAction } from './card-actions';

const START = '2026-11-20T10:00:00.000Z';
const at = (iso: string) => new Date(iso);
const consultation = appointmentData({ startsAt: START, plan: 'consultation', status: 'upcoming' });
const actionAt = (appointment: typeof consultation, iso: string) =>
  meetingAction(appointment, joinStateAt(appointment, at(iso)));

describe('the meeting action of a card', () => {
  it('counts down until 15 minutes before the start, then offers to join', () => {
    expect(actionAt(consultation, '2026-11-20T09:00:00.000Z')).toEqual({
      kind: 'availableIn',
      minutes: 45,
    });
    expect(actionAt(consultation, '2026-11-20T09:44:30.000Z')).toEqual({
      kind: 'availableIn',
      minutes: 1,
    });
    expect(actionAt(consultation, '2026-11-20T09:45:00.000Z')).toEqual({ kind: 'join' });
    expect(actionAt(consultation, '2026-11-20T10:30:00.000Z')).toEqual({ kind: 'join' });
  });

  it('says the meeting ended more than 30 minutes after the start', () => {
    expect(actionAt(consultation, '2026-11-20T10:30:00.001Z')).toEqual({ kind: 'ended' });
    const completed = { ...consultation, status: 'completed' as const };
    expect(actionAt(completed, '2026-11-21T10:00:00.000Z')).toEqual({ kind: 'ended' });
  });

  it('has no meeting for a cancelled appointment or a plan without a call', () => {
    const cancelled = { ...consultation, status: 'cancelled' as const };
    expect(actionAt(cancelled, '2026-11-20T10:00:00.000Z')).toEqual({ kind: 'none' });
    expect(actionAt(cancelled, '2026-11-21T10:00:00.000Z')).toEqual({ kind: 'none' });
    const prescription = { ...consultation, plan: 'prescription' as const };
    expect(actionAt(prescription, '2026-11-20T09:00:00.000Z')).toEqual({ kind: 'none' });
    expect(actionAt(prescription, '2026-11-20T10:00:00.000Z')).toEqual({ kind: 'none' });
    expect(actionAt(prescription, '2026-11-21T10:00:00.000Z')).toEqual({ kind: 'none' });
  });

  it('meets a follow-up visit by video, like the consultation it follows', () => {
    const followUp = { ...consultation, plan: 'follow-up' as const };
    expect(actionAt(followUp, '2026-11-20T09:00:00.000Z')).toEqual({
      kind: 'availableIn',
      minutes: 45,
    });
    expect(actionAt(followUp, '2026-11-20T10:00:00.000Z')).toEqual({ kind: 'join' });
    expect(actionAt(followUp, '2026-11-21T10:00:00.000Z')).toEqual({ kind: 'ended' });
  });

  it('keeps the server’s join state when there is no start instant to compute from', () => {
    const unknown = {
      ...consultation,
      startsAt: 'not a date',
      isJoinable: false,
      minutesUntilJoinable: 12,
      hasPassed: false,
    };
    expect(actionAt(unknown, '2026-11-20T10:00:00.000Z')).toEqual({
      kind: 'availableIn',
      minutes: 12,
    });
  });

  it('lets only upcoming appointments be rescheduled or cancelled', () => {
    expect(canCancel(consultation)).toBe(true);
    expect(canReschedule(consultation)).toBe(true);
    expect(canCancel({ status: 'completed' })).toBe(false);
    expect(canCancel({ status: 'cancelled' })).toBe(false);
    expect(canReschedule({ status: 'completed', plan: 'consultation' })).toBe(false);
    expect(canReschedule({ status: 'cancelled', plan: 'follow-up' })).toBe(false);
  });

  it('lets a prescription request be cancelled while unanswered, never moved', () => {
    expect(canCancel({ status: 'upcoming' })).toBe(true);
    expect(canReschedule({ status: 'upcoming', plan: 'prescription' })).toBe(false);
  });

  it('never moves a visit with the first free doctor, made for the moment she was taken', () => {
    expect(canReschedule({ status: 'upcoming', plan: 'on-demand' })).toBe(false);
  });
});
