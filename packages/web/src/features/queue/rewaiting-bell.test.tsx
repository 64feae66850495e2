import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { setBellSound } from '../../lib/storage.ts';
import { newlyDue, splitRewaiting } from './rewaiting-split.ts';
import { DueLabel, ringFor } from './rewaiting-bell.tsx';
import { initEnglish, textsOf } from '../../test/i18n.ts';
import { renderWithClinic } from '../../test/render-with-clinic.tsx';
import { SPLIT_INTERVAL_MS, useRewaitingSplit } from './use-rewaiting-bell.ts';

const NOW = Date.parse('2026-03-01T09:00:00Z');

function entry(id: number, date: string, booked = false): QueueEntry {
  return {
    id,
    patientId: id,
    patient: {
      id,
      fileNumber: id,
      name: `Patient ${id}`,
      phone: '+9647701234567',
      birthDate: '1990-01-01',
      age: 36,
      isMale: 1,
      hasAlerts: false,
      lastQueueAt: null,
    },
    // A recall to a later day is Booked, without a ticket until it arrives; one due today waits with its ticket.
    ticketNumber: booked ? null : id,
    ticketDay: booked ? null : date.slice(0, 10),
    isVisitDate: 0,
    date,
    note: null,
    isRewaiting: 1,
    status: booked
      ? { id: 0, name: 'Booked', color: '#7048e8' }
      : { id: 1, name: 'Waiting', color: '#f08c00' },
    examTypes: [],
    doctor: null,
    statusSince: '2026-02-20T09:00:00Z',
    waitingSince: booked ? null : date,
    slotMinutes: null,
    overbooked: 0,
    arrivedAt: null,
    version: 2,
    createdAt: '2026-02-20T09:00:00Z',
    updatedAt: '2026-02-20T09:00:00Z',
  };
}

describe('re-waiting split (spec section 4)', () => {
  it('puts later dates under Bigger Date and now or earlier under Waiting, each by date', () => {
    const entries = [
      entry(1, '2026-03-08T09:00:00Z'),
      entry(2, '2026-03-01T09:00:00Z'), // exactly now: due
      entry(3, '2026-02-27T09:00:00Z'),
      entry(4, '2026-03-01T09:00:01Z'),
    ];
    const split = splitRewaiting(entries, NOW);
    expect(split.bigger.map((e) => e.id)).toEqual([4, 1]);
    expect(split.waiting.map((e) => e.id)).toEqual([3, 2]);
  });

  it('names the entries that moved from Bigger Date to Waiting since the last split', () => {
    const entries = [entry(1, '2026-03-01T09:00:05Z'), entry(2, '2026-02-01T09:00:00Z')];
    const before = splitRewaiting(entries, NOW);
    const after = splitRewaiting(entries, NOW + 10_000);
    expect(newlyDue(new Set(before.bigger.map((e) => e.id)), after).map((e) => e.id)).toEqual([1]);
    // An entry that was already due does not ring again.
    expect(newlyDue(new Set(after.bigger.map((e) => e.id)), after)).toEqual([]);
  });
});

describe('the bell recalculates every 10 s and rings when a recall falls due', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('hears nothing on the first list, then the entry that fell due at the next recalculation', () => {
    const entries = [entry(1, '2026-03-01T09:00:05Z'), entry(2, '2026-03-05T09:00:00Z')];
    const onDue = vi.fn();
    const { result } = renderHook(() => useRewaitingSplit(entries, onDue));
    expect(result.current.bigger.map((e) => e.id)).toEqual([1, 2]);
    expect(onDue).not.toHaveBeenCalled();

    act(() => void vi.advanceTimersByTime(SPLIT_INTERVAL_MS - 1));
    expect(onDue).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.waiting.map((e) => e.id)).toEqual([1]);
    expect(onDue).toHaveBeenCalledTimes(1);
    expect(onDue.mock.calls[0]![0].map((e: QueueEntry) => e.id)).toEqual([1]);

    act(() => void vi.advanceTimersByTime(SPLIT_INTERVAL_MS));
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it('rings when a refetch brings an entry re-waited to a past date', () => {
    const onDue = vi.fn();
    const { rerender } = renderHook(({ list }) => useRewaitingSplit(list, onDue), {
      initialProps: { list: [entry(1, '2026-03-09T09:00:00Z')] },
    });
    rerender({ list: [entry(1, '2026-02-28T09:00:00Z')] });
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it('plays the chime unless the sound is switched off in the settings', () => {
    const play = vi.fn();
    const due = [entry(1, '2026-03-01T08:00:00Z')];
    expect(ringFor(due, play)).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
    setBellSound(false);
    expect(ringFor(due, play)).toBe(false);
    expect(play).toHaveBeenCalledTimes(1);
    setBellSound(true);
    expect(ringFor([], play)).toBe(false);
    expect(localStorage.getItem('bellSound')).toBe('1');
  });
});

describe('a due recall says how late it is', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('reads "due today", "overdue 1 day" and "overdue 4 days" by the clinic’s days', async () => {
    await initEnglish();
    renderWithClinic(
      <>
        {/* 23:30 in Baghdad on 4 Dec: one day before 5 Dec although less than 24 hours. */}
        <DueLabel date="2026-12-04T20:30:00Z" today="2026-12-05" timeZone="Asia/Baghdad" />
        <DueLabel date="2026-12-01T06:00:00Z" today="2026-12-05" timeZone="Asia/Baghdad" />
        <DueLabel date="2026-12-04T21:30:00Z" today="2026-12-05" timeZone="Asia/Baghdad" />
      </>,
    );
    const [one, four, today] = screen.getAllByTestId('bell-due');
    expect(one).toHaveTextContent('overdue 1 day');
    expect(four).toHaveTextContent('overdue 4 days');
    expect(four).toHaveAttribute('data-days', '4');
    expect(today).toHaveTextContent('due today');
  });

  it('has the Arabic plural forms', () => {
    const bell = textsOf('ar').bell as Record<string, string>;
    for (const form of ['zero', 'one', 'two', 'few', 'many', 'other'])
      expect(bell[`overdue_${form}`], form).toBeTruthy();
  });
});
