/**
 * Display rounding of dioptric values and axes (docs/clinical-optics.md §3.6). Values are stored
 * unrounded; these functions are for showing them.
 */

/** Float noise tolerated when a value sits on a tie, in units of the step (1e-9 × 0.25 D is far below 0.01 D). */
const TIE_EPSILON = 1e-9;

/**
 * The nearest multiple of `step`, ties away from zero: −1.375 → −1.50, 1.375 → 1.50 (JavaScript's Math.round
 * would give −1.25). Works in integer units of the step so 0.1 + 0.2 style noise does not move a tie.
 */
export function roundToStep(value: number, step = 0.25): number {
  if (!(step > 0) || !Number.isFinite(step))
    throw new RangeError(`step must be a positive number, got ${step}`);
  if (!Number.isFinite(value)) return value;
  const units = Math.floor(Math.abs(value) / step + 0.5 + TIE_EPSILON);
  if (units === 0) return 0;
  // Trims the noise of units × step for steps that are not binary fractions (3 × 0.1 = 0.30000000000000004).
  const magnitude = Math.round(units * step * 1e9) / 1e9;
  return Math.sign(value) * magnitude;
}

/**
 * Signed, two decimals, ASCII minus: +1.50, -0.25, 0.00 (never -0.00), or Plano for a zero when asked.
 * The value is not rounded to 0.25 D first: callers round when they want to. Not a finite number → ''.
 */
export function formatDiopters(value: number, options: { plano?: boolean } = {}): string {
  if (!Number.isFinite(value)) return '';
  const fixed = Math.abs(value).toFixed(2);
  if (Number(fixed) === 0) return options.plano ? 'Plano' : '0.00';
  return `${value < 0 ? '-' : '+'}${fixed}`;
}

/** An axis as an integer 1..180: 0 → 180, 181 → 1, 270 → 90, −10 → 170. Not a finite number → NaN. */
export function normalizeAxis(axis: number): number {
  if (!Number.isFinite(axis)) return Number.NaN;
  const degrees = ((Math.round(axis) % 180) + 180) % 180;
  return degrees === 0 ? 180 : degrees;
}

/** Three digits after normalising: 005, 090, 180 (never 000). Not a finite number → ''. */
export function formatAxis(axis: number): string {
  const degrees = normalizeAxis(axis);
  return Number.isNaN(degrees) ? '' : String(degrees).padStart(3, '0');
}

/** The step a spherical equivalent is shown to: an eighth of a dioptre, so -2.00 / -0.75 shows -2.375, not -2.50. */
export const SE_STEP = 0.125;

/**
 * THE rule for showing a spherical equivalent, on screen and on paper: rounded to the nearest 0.125 D,
 * ties away from zero (`roundToStep`), signed like every dioptric value; two decimals when the result is a
 * quarter (`-2.50`, `+0.25`), three when it is an eighth (`-2.375`, `+0.125`), `0.00` for zero. So -0.0625 → -0.125.
 */
export function formatSphericalEquivalent(value: number): string {
  if (!Number.isFinite(value)) return '';
  const rounded = roundToStep(value, SE_STEP);
  if (rounded === 0) return '0.00';
  const isQuarter = Math.abs(rounded * 4 - Math.round(rounded * 4)) < 1e-9;
  return `${rounded < 0 ? '-' : '+'}${Math.abs(rounded).toFixed(isQuarter ? 2 : 3)}`;
}
