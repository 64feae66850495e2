import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { boardEntry, bookDayLink, daysOverdue, moveErrorMessage, visibleActions } from './queue-actions.ts';

const RECEPTION = ['add queue', 'show queues', 'cancel board', 'waiting board'];
const DOCTOR = ['open board', 'show board', 'finish board', 'rewaiting board', 'cancel board'];

describe('state actions shown (the shared state machine and the server’s permission names)', () => {
  it('offers every legal move to an administrator, and only those', () => {
    const admin = ['Administrator'];
    expect(visibleActions(1, admin)).toEqual(['rewait', 'cancel']);
    expect(visibleActions(2, admin)).toEqual(['finish', 'rewait', 'cancel']);
    expect(visibleActions(3, admin)).toEqual(['rewait', 'wait']);
    expect(visibleActions(4, admin)).toEqual(['wait']);
  });

  it('hides what the user may not do', () => {
    expect(visibleActions(2, RECEPTION)).toEqual(['cancel']);
    expect(visibleActions(4, RECEPTION)).toEqual(['wait']);
    expect(visibleActions(3, DOCTOR)).toEqual(['rewait']);
    expect(visibleActions(2, ['FINISH BOARD'])).toEqual(['finish']);
    expect(visibleActions(2, [])).toEqual([]);
    expect(visibleActions(2, undefined)).toEqual([]);
  });

  it('arrives a Booked entry, or marks it a no-show, once its day has come, for who books appointments', () => {
    const admin = ['Administrator'];
    expect(visibleActions(0, admin)).toEqual(['arrive', 'noshow', 'rewait', 'cancel']);
    expect(visibleActions(0, admin, false)).toEqual(['rewait', 'cancel']);
    expect(visibleActions(5, admin)).toEqual(['arrive']);
    expect(visibleActions(5, admin, false)).toEqual([]);
    expect(visibleActions(0, ['book appointments'])).toEqual(['arrive', 'noshow']);
    expect(visibleActions(0, RECEPTION)).toEqual(['cancel']);
    expect(visibleActions(0, DOCTOR)).toEqual(['rewait', 'cancel']);
  });

  it('opens a Waiting entry for who holds `open board`, else shows it read-only', () => {
    expect(boardEntry(1, DOCTOR)).toBe('open');
    expect(boardEntry(2, DOCTOR)).toBe('show');
    expect(boardEntry(1, ['show board'])).toBe('show');
    expect(boardEntry(2, ['open board'])).toBeNull();
    expect(boardEntry(1, RECEPTION)).toBeNull();
  });
});

describe('a refused move', () => {
  const t = Object.assign(
    (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`,
    { exists: () => true },
  );
  const refused = (status: number) =>
    new ApiError({
      kind: 'http',
      status: 409,
      method: 'POST',
      path: 'mo/queue/finished/3',
      body: { code: 'queue.illegal_transition', message: 'Cannot move…', data: { status: { id: status } } },
    });

  it('names both states in the chosen language', () => {
    expect(moveErrorMessage(t, refused(4), 'finish')).toBe(
      'queue.illegalMove{"from":"queue.status.Canceled","to":"queue.status.Finished"}',
    );
    expect(moveErrorMessage(t, refused(4), 'cancel')).toBe(
      'queue.alreadyIn{"from":"queue.status.Canceled","to":"queue.status.Canceled"}',
    );
    expect(moveErrorMessage(t, refused(2), 'open')).toBe(
      'queue.alreadyIn{"from":"queue.status.WithDoctor","to":"queue.status.WithDoctor"}',
    );
  });

  it('falls back to the error catalogue for anything else', () => {
    const gone = new ApiError({
      kind: 'http',
      status: 404,
      method: 'POST',
      path: 'x',
      body: { code: 'not_found', message: 'Queue entry not found.' },
    });
    expect(moveErrorMessage(t, gone, 'cancel')).toBe('errors.codes.not_found{"seconds":60}');
  });
});

describe('a booking’s day', () => {
  it('counts the days a recall is overdue, by calendar days', () => {
    expect(daysOverdue('2026-12-01', '2026-12-05')).toBe(4);
    expect(daysOverdue('2026-12-05', '2026-12-05')).toBe(0);
    expect(daysOverdue('2026-12-09', '2026-12-05')).toBe(0);
    // Across a month and a year.
    expect(daysOverdue('2025-12-30', '2026-01-02')).toBe(3);
  });

  it('links the appointment book at a day', () => {
    expect(bookDayLink('2026-12-09')).toBe('/appointments?day=2026-12-09');
  });
});
