import { roundToStep } from './rounding.ts';

/** One available IOL power and the spectacle refraction it is predicted to leave. */
export interface IolLensOption {
  power: number;
  /** Unrounded predicted spectacle refraction with this lens. */
  predictedRefraction: number;
}

/** The result of an IOL formula for one eye, all unrounded (the shape of `srkt()`). */
export interface IolFormulaResult {
  emmetropicPower: number;
  powerForTarget: number;
  options: IolLensOption[];
}

export interface IolLensOptionsSettings {
  /** Power step of the lens range, D (default 0.5). */
  step?: number;
  /** How many powers to list (default 7, never fewer than 5). */
  count?: number;
}

/**
 * The available powers around `powerForTarget` (on the `step` grid, centred on that power rounded to the step,
 * ties away from zero), ascending, each with `predictedRefraction(power)`. An even count puts the extra power on
 * the side of the unrounded power. A count below 5 is raised to 5; a power that is not finite gives []; a step
 * that is not positive throws. The same rule as `srktLensOptions` (srkt.ts), shared by Hoffer Q and Holladay 1.
 */
export function iolLensOptions(
  powerForTarget: number,
  predictedRefraction: (power: number) => number,
  settings: IolLensOptionsSettings = {},
): IolLensOption[] {
  const step = settings.step ?? 0.5;
  const count = Math.max(5, Math.floor(settings.count ?? 7));
  if (!Number.isFinite(powerForTarget)) return [];
  const centre = Math.round(roundToStep(powerForTarget, step) / step);
  const below =
    count % 2 === 1 ? (count - 1) / 2 : powerForTarget >= centre * step ? count / 2 - 1 : count / 2;
  return Array.from({ length: count }, (_, i) => {
    const power = roundToStep((centre - below + i) * step, step);
    return { power, predictedRefraction: predictedRefraction(power) };
  });
}
