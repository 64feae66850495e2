import { describe, expect, it } from 'vitest';
import { formatTrendValue, trendRows, trendValueText } from './trends.format.ts';

describe('trend rows and values', () => {
  it('merges the two eyes by time, oldest first, and keeps one measure only', () => {
    const point = (at: string, value: number) => ({ at, value, examType: 'followUp', examId: 1 });
    expect(
      trendRows(
        [
          {
            key: 'iop',
            eye: 'right',
            unit: 'mmHg',
            points: [point('2026-01-02', 16), point('2026-03-01', 22)],
          },
          {
            key: 'iop',
            eye: 'left',
            unit: 'mmHg',
            points: [point('2026-01-02', 15), point('2026-02-01', 17)],
          },
          { key: 'cmt', eye: 'left', unit: 'um', points: [point('2026-01-02', 300)] },
        ],
        'iop',
      ),
    ).toEqual([
      { at: '2026-01-02', right: 16, left: 15 },
      { at: '2026-02-01', left: 17 },
      { at: '2026-03-01', right: 22 },
    ]);
  });

  it('writes each measure as clinicians do', () => {
    expect(formatTrendValue('sphericalEquivalent', -2.375)).toBe('-2.375');
    expect(formatTrendValue('sphericalEquivalent', -2.5)).toBe('-2.50');
    expect(formatTrendValue('vaLogMar', 0.30103)).toBe('0.30');
    expect(formatTrendValue('kmax', 49.5)).toBe('49.50');
    expect(formatTrendValue('iop', 21)).toBe('21');
    // Acuity with its 6 m chart line beside the logMAR.
    expect(trendValueText('vaLogMar', 0.30103)).toBe('0.30 · 6/12');
    expect(trendValueText('vaLogMar', 0)).toBe('0.00 · 6/6');
    expect(trendValueText('iop', 21)).toBe('21');
  });
});
