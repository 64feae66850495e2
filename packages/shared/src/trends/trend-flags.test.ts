import { describe, expect, it } from 'vitest';
import { trendFlags } from './trend-flags.ts';
import type { TrendKey, TrendSeries } from './trends.schemas.ts';

const series = (key: TrendKey, values: [string, number][], eye: 'right' | 'left' = 'right'): TrendSeries => ({
  key,
  eye,
  unit: '',
  points: values.map(([at, value], i) => ({
    at: `${at}T08:00:00.000Z`,
    value,
    examType: 'followUp',
    examId: i + 1,
  })),
});

describe('trend flags', () => {
  it('IOP above 21 mmHg, and a rise of 5 between two visits even below it', () => {
    expect(
      trendFlags([
        series('iop', [
          ['2026-01-01', 16],
          ['2026-03-01', 22],
        ]),
      ]),
    ).toEqual([
      { code: 'iopHigh', eye: 'right', value: 22, at: '2026-03-01T08:00:00.000Z' },
      { code: 'iopRise', eye: 'right', from: 16, to: 22, at: '2026-03-01T08:00:00.000Z' },
    ]);
    expect(
      trendFlags([
        series(
          'iop',
          [
            ['2026-01-01', 14],
            ['2026-03-01', 19],
          ],
          'left',
        ),
      ]),
    ).toEqual([{ code: 'iopRise', eye: 'left', from: 14, to: 19, at: '2026-03-01T08:00:00.000Z' }]);
    // 21 is the limit itself, and +4 is not a rise.
    expect(
      trendFlags([
        series('iop', [
          ['2026-01-01', 17],
          ['2026-03-01', 21],
        ]),
      ]),
    ).toEqual([]);
    // Only the latest reading counts: a high pressure since treated is not flagged.
    expect(
      trendFlags([
        series('iop', [
          ['2026-01-01', 30],
          ['2026-03-01', 18],
        ]),
      ]),
    ).toEqual([]);
  });

  it('Kmax up by 1 D or more against the lowest value of the 12 months before', () => {
    expect(
      trendFlags([
        series('kmax', [
          ['2025-01-01', 50],
          ['2025-06-01', 48.5],
          ['2025-12-01', 49.1],
          ['2026-05-01', 49.6],
        ]),
      ]),
    ).toEqual([
      {
        code: 'kmaxProgression',
        eye: 'right',
        change: expect.closeTo(1.1, 9) as number,
        since: '2025-06-01T08:00:00.000Z',
        at: '2026-05-01T08:00:00.000Z',
      },
    ]);
    // The low value is older than 12 months: no progression within the window.
    expect(
      trendFlags([
        series('kmax', [
          ['2024-01-01', 47],
          ['2025-06-01', 48.4],
          ['2026-05-01', 48.9],
        ]),
      ]),
    ).toEqual([]);
    expect(trendFlags([series('kmax', [['2026-01-01', 48]])])).toEqual([]);
  });

  it('best-corrected acuity worse by two lines (0.2 logMAR) since the visit before', () => {
    expect(
      trendFlags([
        series('vaLogMar', [
          ['2026-01-01', 0],
          ['2026-04-01', 0.2],
        ]),
      ]),
    ).toEqual([{ code: 'vaLoss', eye: 'right', from: 0, to: 0.2, at: '2026-04-01T08:00:00.000Z' }]);
    expect(
      trendFlags([
        series('vaLogMar', [
          ['2026-01-01', 0.3],
          ['2026-04-01', 0.4],
        ]),
      ]),
    ).toEqual([]);
    // Better acuity (a lower logMAR) is never flagged.
    expect(
      trendFlags([
        series('vaLogMar', [
          ['2026-01-01', 0.5],
          ['2026-04-01', 0.1],
        ]),
      ]),
    ).toEqual([]);
  });

  it('other measures and empty series raise nothing', () => {
    expect(
      trendFlags([
        series('cmt', [
          ['2026-01-01', 250],
          ['2026-04-01', 450],
        ]),
        series('iop', []),
      ]),
    ).toEqual([]);
  });
});
