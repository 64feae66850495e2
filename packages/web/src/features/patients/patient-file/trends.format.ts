import { sixMetreAcuity } from '@basira/shared/clinical/visual-acuity';
import type { TrendKey, TrendSeries } from '@basira/shared/trends/trends.schemas';
import { formatClinicalValue, type ClinicalValueKind } from '../../../components/clinical-value.tsx';

/** How each measure is written: SE to 0.125 D signed, Kmax two decimals, logMAR two, C/D two, the rest whole. */
export const TREND_FORMAT: Record<TrendKey, { kind: ClinicalValueKind; decimals?: number }> = {
  iop: { kind: 'plain', decimals: 0 },
  vaLogMar: { kind: 'plain', decimals: 2 },
  sphericalEquivalent: { kind: 'se' },
  kmax: { kind: 'plain', decimals: 2 },
  thinnestPachymetry: { kind: 'plain', decimals: 0 },
  cmt: { kind: 'plain', decimals: 0 },
  cupDisc: { kind: 'plain', decimals: 2 },
};

export const formatTrendValue = (key: TrendKey, value: number): string =>
  formatClinicalValue(value, TREND_FORMAT[key].kind, TREND_FORMAT[key].decimals);

/** A value as the table and the chart's tooltip write it: acuity in logMAR with its 6 m chart line (`0.30 · 6/12`). */
export const trendValueText = (key: TrendKey, value: number): string =>
  key === 'vaLogMar'
    ? `${formatTrendValue(key, value)} · ${sixMetreAcuity(value)}`
    : formatTrendValue(key, value);

/**
 * The band a chart shades: IOP above 21 mmHg (glaucoma screening's limit) and a cup-to-disc ratio of 0.6 or more
 * (a glaucoma suspect's), drawn from the limit to the chart's top.
 */
export const TREND_ALERT_ABOVE: Partial<Record<TrendKey, number>> = { iop: 21, cupDisc: 0.6 };

export interface TrendRow {
  at: string;
  right?: number;
  left?: number;
}

/** One measure's two eyes as rows by time (the chart's and the table's data), oldest first. */
export function trendRows(series: readonly TrendSeries[], key: TrendKey): TrendRow[] {
  const rows = new Map<string, TrendRow>();
  for (const s of series) {
    if (s.key !== key) continue;
    for (const point of s.points) {
      const row = rows.get(point.at) ?? { at: point.at };
      row[s.eye] = point.value;
      rows.set(point.at, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.at.localeCompare(b.at));
}
