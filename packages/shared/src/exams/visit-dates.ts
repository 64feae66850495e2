import { addToDay } from '../dates/calendar.ts';
import { mapLeaves, type Fields } from './fields.ts';

/** How far ahead a next visit may be booked (a consultation's, a follow-up's): a recall past two years is a slip. */
export const NEXT_VISIT_YEARS = 2;

/** The days a date bounded by its visit (`date({ fromVisit: { years } })`) may name: the visit's day to `years` on. */
export function visitDateBounds(visitDay: string, years: number): { from: string; to: string } {
  return { from: visitDay, to: addToDay(visitDay, years * 12, 'month') };
}

/**
 * Each date bounded by its visit that falls outside its days, by path: `nextVisit`: `value.before_visit` (a next
 * visit of 1900-01-01 is a typing slip, never a plan) or `value.too_far_ahead`. `visitDay` is the visit's day in
 * the clinic's zone; dates are ISO days, which compare as text.
 */
export function visitDateIssues(fields: Fields, data: unknown, visitDay: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  mapLeaves(fields, data, 'date', (value, path, leaf) => {
    if (leaf.kind !== 'date' || !leaf.fromVisit || typeof value !== 'string') return value;
    const { from, to } = visitDateBounds(visitDay, leaf.fromVisit.years);
    if (value < from) errors[path.join('.')] = ['value.before_visit'];
    else if (value > to) errors[path.join('.')] = ['value.too_far_ahead'];
    return value;
  });
  return errors;
}
