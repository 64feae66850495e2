import { foldTypedText } from '../clinical/visual-acuity.ts';
import { formatAxis, formatDiopters } from '../clinical/rounding.ts';
import type { Leaf, NumberField, VaValue } from './fields.ts';
import { frequencyText, type Frequency } from './medication-schedule.ts';

/** How many decimals a step shows: 0.25 → 2, 0.5 → 1, 1 → 0, 0.05 → 2. */
export function decimalsOf(step: number): number {
  const text = String(step);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

/**
 * A number as clinicians write it: dioptres signed with two decimals (`+1.50`), a number with a chosen unit as
 * written (`0.5`, `250`), others with their step's decimals (`23.45`).
 */
export function formatNumber(field: NumberField, value: number): string {
  if (field.signed) return formatDiopters(value);
  const fixed = value.toFixed(decimalsOf(field.step));
  return field.unitField === undefined ? fixed : String(Number(fixed));
}

/**
 * What a clinician types, read forgivingly: `-2` → -2, `+1.5` → 1.5, `.75` → 0.75, `٢٫٥` → 2.5, `1,25` → 1.25.
 * Empty text is null (the field is cleared); text that is not a number is undefined.
 */
export function parseTypedNumber(text: string): number | null | undefined {
  const folded = foldTypedText(text).replace(/\s+/g, '');
  if (folded === '') return null;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(folded)) return undefined;
  const value = Number(folded);
  return Number.isFinite(value) ? value : undefined;
}

/** A stored value as text, for the board, an index row or a print (empty when there is none). */
export function formatLeaf(leaf: Leaf, value: unknown, lang: 'ar' | 'en' = 'en'): string {
  if (value === null || value === undefined) return '';
  switch (leaf.kind) {
    case 'number':
      return typeof value === 'number' ? formatNumber(leaf, value) : '';
    case 'axis':
      return typeof value === 'number' ? formatAxis(value) : '';
    case 'va':
      return typeof value === 'object' ? (value as VaValue).text : String(value);
    case 'checks':
    case 'documents':
      return Array.isArray(value) ? value.join(', ') : '';
    case 'flag':
      return value ? '✓' : '';
    case 'frequency':
      return typeof value === 'string' || typeof value === 'object'
        ? frequencyText(value as Frequency, lang)
        : '';
    default:
      return String(value);
  }
}
