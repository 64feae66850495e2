import { describe, expect, it } from 'vitest';
import { queueFiltersFromParams, queueFiltersToParams } from './queue-list-params.ts';
import { viewFilters, viewOf } from './queue-list-filters.tsx';

const TODAY = '2026-12-05';
const read = (query: string) => queueFiltersFromParams(new URLSearchParams(query), TODAY);

describe('the queue list’s filters in the address', () => {
  it('reads no status when there is none (not Booked, whose id is 0)', () => {
    expect(read('').status).toBeUndefined();
    expect(read('status=').status).toBeUndefined();
  });

  it('reads every status, Booked (0) and NoShow (5) too, and drops what is not one', () => {
    expect(read('status=0').status).toEqual([0]);
    expect(read('status=1,5,9,x,').status).toEqual([1, 5]);
  });

  it('the bookings’ view is Booked from today on, and round-trips through the address', () => {
    const filters = { ...read(''), ...viewFilters('booked', TODAY) };
    const params = queueFiltersToParams(filters, TODAY, new URLSearchParams());
    expect(params.get('status')).toBe('0');
    const back = queueFiltersFromParams(params, TODAY);
    expect(back.status).toEqual([0]);
    expect(viewOf(back, TODAY)).toBe('booked');
    expect(viewOf(read(''), TODAY)).toBe('today');
  });
});
