import { ageOn } from '../dates/calendar.ts';
import type { TargetIop, TrendEye, TrendPoint, TrendSeries } from './trends.schemas.ts';

/** Glaucoma screening's usual upper limit of normal IOP (mmHg); the chart shades above it. */
export const IOP_LIMIT_MMHG = 21;
/** A rise of this much between two visits is flagged, even under the limit (mmHg). */
export const IOP_RISE_MMHG = 5;
/** Keratoconus progression: Kmax up by this much (D) within KMAX_WINDOW_DAYS (the CXL criterion). */
export const KMAX_RISE_D = 1;
export const KMAX_WINDOW_DAYS = 365;
/** Two lines of acuity lost (logMAR). */
export const VA_LOSS_LOGMAR = 0.2;

/**
 * Corneal thinning in keratoconus: the thinnest pachymetry this much (µm) below its thickest value of the
 * KMAX_WINDOW_DAYS before. The Global Consensus on Keratoconus and Ectatic Diseases (Gomes JAP et al., Cornea
 * 2015;34:359–369) counts thinning as one of the signs of progression without a number; Scheimpflug
 * thinnest-point repeatability is about 8 µm in normal corneas (Duncan JK, Belin MW, Borgstrom M, Eye and Vision
 * 2016;3:6: 7.88 µm, 95 % one-sided) and worse in keratoconic ones, so 20 µm (about 5 % of a 450 µm cornea, the
 * fall Vinciguerra et al. 2009 used) is a change and not the instrument's noise.
 */
export const PACHYMETRY_FALL_UM = 20;
/**
 * Below this thinnest pachymetry (µm) standard epithelium-off cross-linking risks the endothelium (Wollensak G,
 * Spoerl E, Wilsch M, Seiler T, J Cataract Refract Surg 2003;29:1786–1790: the 400 µm minimum of the Dresden
 * protocol).
 */
export const PACHYMETRY_CXL_MIN_UM = 400;
/**
 * Central macular thickness up by this fraction since the visit before: DRCR.net found a change of more than
 * 10 % of OCT central subfield thickness to be beyond the measurement's variability (Krzystolik MG et al.,
 * Ophthalmology 2007;114:1520–1525).
 */
export const CMT_RISE_FRACTION = 0.1;
/**
 * Vertical cup-to-disc ratio: a growth of 0.2 over the eye's lowest earlier value (progressive cupping; more than
 * the 0.1–0.2 by which clinicians' estimates of one disc differ, Tielsch JM et al., Ophthalmology 1988;95:350–356),
 * and an asymmetry of 0.2 or more between the eyes at one visit: asymmetric cupping is a sign of glaucomatous
 * damage (AAO Preferred Practice Pattern, Primary Open-Angle Glaucoma Suspect, Ophthalmology 2021;128:P151–P192),
 * and 0.2 the inter-eye difference glaucoma studies take for glaucomatous optic neuropathy.
 */
export const CUP_DISC_GROWTH = 0.2;
export const CUP_DISC_ASYMMETRY = 0.2;
/**
 * Myopia progression in a child: the spherical equivalent 0.5 D a year or more towards myopia, in a patient under
 * MYOPIA_CHILD_AGE whose eye is myopic (SE ≤ −0.50 D, IMI: Flitcroft DI et al., IOVS 2019;60:M20–M30). 0.5 D a
 * year is where myopia control is usually considered (IMI Myopia Control Reports Overview, Wolffsohn JS et al.,
 * IOVS 2019;60:M1–M19; "slow" progressors are below it in Matsumura S et al., TVST 2020;9(13):12). The rate is
 * taken over at least MYOPIA_MIN_INTERVAL_DAYS: a quarter-dioptre difference between two visits a month apart is
 * the refraction's own variation, not 3 D a year.
 */
export const MYOPIA_RATE_D_PER_YEAR = 0.5;
export const MYOPIA_SE_D = -0.5;
export const MYOPIA_CHILD_AGE = 18;
export const MYOPIA_MIN_INTERVAL_DAYS = 182;

export type TrendFlag =
  | { code: 'iopHigh'; eye: TrendEye; value: number; at: string }
  | { code: 'iopRise'; eye: TrendEye; from: number; to: number; at: string }
  | { code: 'iopAboveTarget'; eye: TrendEye; value: number; target: number; at: string }
  | { code: 'kmaxProgression'; eye: TrendEye; change: number; since: string; at: string }
  | { code: 'vaLoss'; eye: TrendEye; from: number; to: number; at: string }
  | { code: 'cornealThinning'; eye: TrendEye; from: number; to: number; since: string; at: string }
  | { code: 'cornealThin'; eye: TrendEye; value: number; at: string }
  | { code: 'cmtRise'; eye: TrendEye; from: number; to: number; at: string }
  | { code: 'cupDiscGrowth'; eye: TrendEye; from: number; to: number; since: string; at: string }
  | { code: 'cupDiscAsymmetry'; right: number; left: number; at: string }
  | {
      code: 'myopiaProgression';
      eye: TrendEye;
      rate: number;
      from: number;
      to: number;
      since: string;
      at: string;
    };

/** What the flags read besides the series: the patient's birth date (children's myopia) and the IOP targets. */
export interface TrendFlagContext {
  birthDate?: string | null;
  targetIop?: TargetIop;
}

const EPSILON = 1e-9;
const DAY_MS = 86_400_000;
const YEAR_DAYS = 365.25;

type Point = TrendPoint;

/** The earlier points within `days` before the last one. */
const within = (points: readonly Point[], last: Point, days: number) => {
  const start = Date.parse(last.at) - days * DAY_MS;
  return points.slice(0, -1).filter((p) => Date.parse(p.at) >= start);
};
const lowestOf = (points: readonly Point[]) =>
  points.reduce<Point | undefined>((low, p) => (!low || p.value < low.value ? p : low), undefined);
const highestOf = (points: readonly Point[]) =>
  points.reduce<Point | undefined>((high, p) => (!high || p.value > high.value ? p : high), undefined);

/** What a follow-up doctor should not miss, read from the latest point of each series against the ones before. */
export function trendFlags(series: readonly TrendSeries[], context: TrendFlagContext = {}): TrendFlag[] {
  const flags: TrendFlag[] = [];
  for (const { key, eye, points } of series) {
    const last = points[points.length - 1];
    if (!last) continue;
    const previous = points[points.length - 2];
    if (key === 'iop') {
      if (last.value > IOP_LIMIT_MMHG) flags.push({ code: 'iopHigh', eye, value: last.value, at: last.at });
      if (previous && last.value - previous.value >= IOP_RISE_MMHG - EPSILON)
        flags.push({ code: 'iopRise', eye, from: previous.value, to: last.value, at: last.at });
      const target = context.targetIop?.[eye];
      if (target != null && last.value > target)
        flags.push({ code: 'iopAboveTarget', eye, value: last.value, target, at: last.at });
    } else if (key === 'kmax') {
      const lowest = lowestOf(within(points, last, KMAX_WINDOW_DAYS));
      if (lowest && last.value - lowest.value >= KMAX_RISE_D - EPSILON)
        flags.push({
          code: 'kmaxProgression',
          eye,
          change: last.value - lowest.value,
          since: lowest.at,
          at: last.at,
        });
    } else if (key === 'vaLogMar') {
      // A higher logMAR is worse acuity.
      if (previous && last.value - previous.value >= VA_LOSS_LOGMAR - EPSILON)
        flags.push({ code: 'vaLoss', eye, from: previous.value, to: last.value, at: last.at });
    } else if (key === 'thinnestPachymetry') {
      const thickest = highestOf(within(points, last, KMAX_WINDOW_DAYS));
      if (thickest && thickest.value - last.value >= PACHYMETRY_FALL_UM - EPSILON)
        flags.push({
          code: 'cornealThinning',
          eye,
          from: thickest.value,
          to: last.value,
          since: thickest.at,
          at: last.at,
        });
      if (last.value < PACHYMETRY_CXL_MIN_UM)
        flags.push({ code: 'cornealThin', eye, value: last.value, at: last.at });
    } else if (key === 'cmt') {
      if (previous && last.value - previous.value >= previous.value * CMT_RISE_FRACTION - EPSILON)
        flags.push({ code: 'cmtRise', eye, from: previous.value, to: last.value, at: last.at });
    } else if (key === 'cupDisc') {
      const lowest = lowestOf(points.slice(0, -1));
      if (lowest && last.value - lowest.value >= CUP_DISC_GROWTH - EPSILON)
        flags.push({
          code: 'cupDiscGrowth',
          eye,
          from: lowest.value,
          to: last.value,
          since: lowest.at,
          at: last.at,
        });
    } else if (key === 'sphericalEquivalent') {
      const flag = myopiaProgression(eye, points, context.birthDate);
      if (flag) flags.push(flag);
    }
  }
  const asymmetry = cupDiscAsymmetry(series);
  if (asymmetry) flags.push(asymmetry);
  return flags;
}

/** The two eyes' cup-to-disc ratios of the latest visit that measured both, 0.2 or more apart. */
function cupDiscAsymmetry(series: readonly TrendSeries[]): TrendFlag | null {
  const right = series.find((s) => s.key === 'cupDisc' && s.eye === 'right')?.points ?? [];
  const left = new Map(
    (series.find((s) => s.key === 'cupDisc' && s.eye === 'left')?.points ?? []).map((p) => [p.at, p.value]),
  );
  const both = right.findLast((p) => left.has(p.at));
  if (!both) return null;
  const leftValue = left.get(both.at)!;
  if (Math.abs(both.value - leftValue) < CUP_DISC_ASYMMETRY - EPSILON) return null;
  return { code: 'cupDiscAsymmetry', right: both.value, left: leftValue, at: both.at };
}

/**
 * A child's myopic eye whose spherical equivalent moved towards myopia at MYOPIA_RATE_D_PER_YEAR or more, from the
 * latest final prescription at least MYOPIA_MIN_INTERVAL_DAYS before the last one. Needs the birth date.
 */
function myopiaProgression(eye: TrendEye, points: readonly Point[], birthDate: string | null | undefined) {
  const last = points[points.length - 1];
  if (!last || !birthDate || last.value > MYOPIA_SE_D + EPSILON) return null;
  const age = ageOn(birthDate, last.at.slice(0, 10));
  if (age === null || age >= MYOPIA_CHILD_AGE) return null;
  const cutoff = Date.parse(last.at) - MYOPIA_MIN_INTERVAL_DAYS * DAY_MS;
  const before = points.slice(0, -1).findLast((p) => Date.parse(p.at) <= cutoff);
  if (!before) return null;
  const years = (Date.parse(last.at) - Date.parse(before.at)) / DAY_MS / YEAR_DAYS;
  const rate = (before.value - last.value) / years;
  if (rate < MYOPIA_RATE_D_PER_YEAR - EPSILON) return null;
  return {
    code: 'myopiaProgression' as const,
    eye,
    rate,
    from: before.value,
    to: last.value,
    since: before.at,
    at: last.at,
  };
}
