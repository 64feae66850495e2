/**
 * Whether a value lies on a field's grid of steps counted from its minimum (0.25 D from -20, 0.5 cm from 0.5).
 * Floating point: 0.1 + 0.2 is a step of 0.1 from 0, so the count of steps is compared with a tolerance.
 */
export function onStep(value: number, min: number, step: number): boolean {
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}
