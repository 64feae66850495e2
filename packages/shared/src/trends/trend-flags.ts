import type { TrendEye, TrendSeries } from './trends.schemas.ts';

/** Glaucoma screening's usual upper limit of normal IOP (mmHg); the chart shades above it. */
export const IOP_LIMIT_MMHG = 21;
/** A rise of this much between two visits is flagged, even under the limit (mmHg). */
export const IOP_RISE_MMHG = 5;
/** Keratoconus progression: Kmax up by this much (D) within KMAX_WINDOW_DAYS (the CXL criterion). */
export const KMAX_RISE_D = 1;
export const KMAX_WINDOW_DAYS = 365;
/** Two lines of acuity lost (logMAR). */
export const VA_LOSS_LOGMAR = 0.2;

export type TrendFlag =
  | { code: 'iopHigh'; eye: TrendEye; value: number; at: string }
  | { code: 'iopRise'; eye: TrendEye; from: number; to: number; at: string }
  | { code: 'kmaxProgression'; eye: TrendEye; change: number; since: string; at: string }
  | { code: 'vaLoss'; eye: TrendEye; from: number; to: number; at: string };

const EPSILON = 1e-9;
const DAY_MS = 86_400_000;

/** What a follow-up doctor should not miss, read from the latest point of each series against the ones before. */
export function trendFlags(series: readonly TrendSeries[]): TrendFlag[] {
  const flags: TrendFlag[] = [];
  for (const { key, eye, points } of series) {
    const last = points[points.length - 1];
    if (!last) continue;
    const previous = points[points.length - 2];
    if (key === 'iop') {
      if (last.value > IOP_LIMIT_MMHG) flags.push({ code: 'iopHigh', eye, value: last.value, at: last.at });
      if (previous && last.value - previous.value >= IOP_RISE_MMHG - EPSILON)
        flags.push({ code: 'iopRise', eye, from: previous.value, to: last.value, at: last.at });
    } else if (key === 'kmax') {
      const windowStart = Date.parse(last.at) - KMAX_WINDOW_DAYS * DAY_MS;
      const lowest = points
        .slice(0, -1)
        .filter((p) => Date.parse(p.at) >= windowStart)
        .reduce<(typeof points)[number] | undefined>(
          (low, p) => (!low || p.value < low.value ? p : low),
          undefined,
        );
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
    }
  }
  return flags;
}
