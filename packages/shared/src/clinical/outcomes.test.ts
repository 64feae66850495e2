import { describe, expect, it } from 'vitest';
import { predictedRefraction } from './iol-formula.ts';
import { IOL_FORMULAS, recommendedIolFormula } from '../exams/biometry.ts';
import {
  AXIAL_LENGTH_BANDS,
  auditStatistics,
  axialLengthBand,
  errorHistogram,
  firstEyes,
  OUTCOME_BENCHMARKS,
  predictionError,
  predictionErrorForPower,
  type AuditOperation,
} from './outcomes.ts';

describe('predictionError: achieved SE − predicted SE', () => {
  it('sphere + cylinder / 2 minus the prediction', () => {
    // −0.75 / −0.50 → SE −1.00; predicted −0.50 → −0.50 (ended 0.50 D more myopic than planned)
    expect(predictionError({ sphere: -0.75, cylinder: -0.5 }, -0.5)).toBe(-0.5);
    // +0.25 / −1.00 → SE −0.25; predicted −0.40 → +0.15
    expect(predictionError({ sphere: 0.25, cylinder: -1 }, -0.4)).toBeCloseTo(0.15, 12);
    expect(predictionError({ sphere: 0.5 }, 0)).toBe(0.5);
    expect(predictionError({ sphere: 0.5, cylinder: null }, 0.5)).toBe(0);
  });

  // Retzlaff JA, Sanders DR, Kraff MC, JCRS 1990 (docs/clinical-optics.md §1.2): AL 23.50, K 43.50, A 118.4, the
  // 21.273 D lens is the one for −0.50 D. An eye that ends at −0.75 / −0.50 (SE −1.00) missed by −0.50 D.
  it('for the implanted power of the SRK/T worked example', () => {
    const biometry = { axialLength: 23.5, meanK: 43.5 };
    const error = predictionErrorForPower('srkt', biometry, 118.4, 21.273, { sphere: -0.75, cylinder: -0.5 });
    expect(error).toBeCloseTo(-0.5, 3);
    expect(error).toBe(-1 - predictedRefraction('srkt', biometry, 118.4, 21.273));
  });
});

describe('errorHistogram', () => {
  it('0.25 D bins from −2.00 to +2.00, [from, to), the last closed, with under- and overflow', () => {
    const bins = errorHistogram([-2.01, -2, -0.25, -0.01, 0, 0.25, 1.99, 2, 2.01]);
    expect(bins).toHaveLength(18);
    expect(bins[0]).toEqual({ from: -Infinity, to: -2, count: 1 }); // −2.01
    expect(bins[1]).toEqual({ from: -2, to: -1.75, count: 1 }); // −2.00
    expect(bins[8]).toEqual({ from: -0.25, to: 0, count: 2 }); // −0.25, −0.01
    expect(bins[9]).toEqual({ from: 0, to: 0.25, count: 1 }); // 0.00
    expect(bins[10]).toEqual({ from: 0.25, to: 0.5, count: 1 }); // 0.25
    expect(bins[16]).toEqual({ from: 1.75, to: 2, count: 2 }); // 1.99, 2.00
    expect(bins[17]).toEqual({ from: 2, to: Infinity, count: 1 }); // 2.01
    expect(bins.reduce((s, b) => s + b.count, 0)).toBe(9);
  });

  it('other widths and ranges; a width that is not positive throws', () => {
    expect(errorHistogram([0.3], 0.5, 1).map((b) => b.count)).toEqual([0, 0, 0, 1, 0, 0]);
    expect(() => errorHistogram([], 0)).toThrow(RangeError);
  });
});

/**
 * Ten operations on seven patients, worked by hand (date 2026-MM-DD, error D, corrected / uncorrected acuity):
 *
 *  #  patient eye  date   error  CDVA        UDVA        complications
 *  1  A       R    01-10  +0.10  6/6         6/9         —
 *  2  A       L    02-14  −0.30  6/9         6/12        —
 *  3  B       L    01-12  +0.50  20/40       20/60       —
 *  4  B       R    03-01  −0.60  0.4         —           PCR, vitreous loss
 *  5  C       R    01-20   0.00  0.2 logMAR  0.3 logMAR  —
 *  6  D       L    01-22  +1.20  6/18        CF          —
 *  7  E       R    02-01  −0.25  6/12-2      6/24        iris trauma
 *  8  E       L    02-01  −2.40  6/60        HM          PCR
 *  9  F       R    02-03  (none) —           —           PCR
 * 10  G       L    02-07  +0.75  6/7.5       6/12        —
 */
type Row = [string, 'right' | 'left', string, number | null, string | null, string | null, string[]];
const ROWS: Row[] = [
  ['A', 'right', '2026-01-10', 0.1, '6/6', '6/9', []],
  ['A', 'left', '2026-02-14', -0.3, '6/9', '6/12', []],
  ['B', 'left', '2026-01-12', 0.5, '20/40', '20/60', []],
  ['B', 'right', '2026-03-01', -0.6, '0.4', null, ['posteriorCapsuleRupture', 'vitreousLoss']],
  ['C', 'right', '2026-01-20', 0, '0.2 logMAR', '0.3 logMAR', []],
  ['D', 'left', '2026-01-22', 1.2, '6/18', 'CF', []],
  ['E', 'right', '2026-02-01', -0.25, '6/12-2', '6/24', ['irisTrauma']],
  ['E', 'left', '2026-02-01', -2.4, '6/60', 'HM', ['posteriorCapsuleRupture']],
  ['F', 'right', '2026-02-03', null, null, null, ['posteriorCapsuleRupture']],
  ['G', 'left', '2026-02-07', 0.75, '6/7.5', '6/12', []],
];
const OPERATIONS: AuditOperation[] = ROWS.map(
  ([patientId, eye, date, predictionError, correctedAcuity, uncorrectedAcuity, complications]) => ({
    patientId,
    eye,
    date,
    predictionError,
    correctedAcuity,
    uncorrectedAcuity,
    complications,
  }),
);

describe('auditStatistics on the ten operations, both eyes', () => {
  const stats = auditStatistics(OPERATIONS);

  it('counts operations and eyes with an outcome', () => {
    expect(stats.operations).toBe(10);
    expect(stats.n).toBe(9); // #9 has no refraction yet
  });

  it('mean error, SD, mean and median absolute error', () => {
    // Σe = 0.10 − 0.30 + 0.50 − 0.60 + 0 + 1.20 − 0.25 − 2.40 + 0.75 = −1.00 → mean −1/9 = −0.1111
    expect(stats.meanError).toBeCloseTo(-1 / 9, 12);
    // Σe² = 0.01 + 0.09 + 0.25 + 0.36 + 0 + 1.44 + 0.0625 + 5.76 + 0.5625 = 8.535; SS = 8.535 − 9·(1/9)² =
    // 8.4239; SD = √(8.4239 / 8) = 1.0262
    expect(stats.sdError).toBeCloseTo(Math.sqrt((8.535 - 1 / 9) / 8), 12);
    expect(stats.sdError).toBeCloseTo(1.0262, 4);
    // |e|: 0.10 0.30 0.50 0.60 0 1.20 0.25 2.40 0.75, Σ 6.10 → 0.6778; sorted 0 0.10 0.25 0.30 [0.50] … → 0.50
    expect(stats.meanAbsoluteError).toBeCloseTo(6.1 / 9, 12);
    expect(stats.medianAbsoluteError).toBe(0.5);
  });

  it('shares within ±0.25, ±0.50, ±1.00, ±2.00 D (limits inclusive)', () => {
    // ±0.25: 0, 0.10, 0.25 → 3; ±0.50: + 0.30, 0.50 → 5; ±1.00: + 0.60, 0.75 → 7; ±2.00: + 1.20 → 8 (not 2.40)
    expect(stats.within.map((w) => [w.limit, w.count])).toEqual([
      [0.25, 3],
      [0.5, 5],
      [1, 7],
      [2, 8],
    ]);
    expect(stats.within.map((w) => w.share)).toEqual([3 / 9, 5 / 9, 7 / 9, 8 / 9]);
    // 5/9 = 56 % within ±0.50 D meets Gale's 55 %; 7/9 = 78 % within ±1.00 D misses Gale's 85 %
    expect(stats.within[1]!.share).toBeGreaterThanOrEqual(OUTCOME_BENCHMARKS.within050);
    expect(stats.within[2]!.share).toBeLessThan(OUTCOME_BENCHMARKS.within100);
  });

  it('the histogram', () => {
    // < −2.00: −2.40; [−0.75, −0.50): −0.60; [−0.50, −0.25): −0.30; [−0.25, 0): −0.25; [0, 0.25): 0, 0.10;
    // [0.50, 0.75): 0.50; [0.75, 1.00): 0.75; [1.00, 1.25): 1.20
    const counts = Object.fromEntries(
      stats.histogram.filter((b) => b.count > 0).map((b) => [b.from, b.count]),
    );
    expect(counts).toEqual({
      '-Infinity': 1,
      '-0.75': 1,
      '-0.5': 1,
      '-0.25': 1,
      '0': 2,
      '0.5': 1,
      '0.75': 1,
      '1': 1,
    });
  });

  it('posterior capsule rupture and any complication per 100 operations', () => {
    // PCR in #4, #8, #9: 3 of 10 operations (the one without an outcome counts) → 30 per 100; any: #4 #7 #8 #9 → 40
    expect(stats.pcr).toEqual({ count: 3, per100: 30 });
    expect(stats.complications).toEqual({ count: 4, per100: 40 });
  });

  it('the share reaching 6/12 or better, whatever the notation', () => {
    // CDVA read in 9 (not #9): 6/6 ✓, 6/9 ✓, 20/40 ✓ (= 6/12), 0.4 ✗ (decimal = 6/15), 0.2 logMAR ✓, 6/18 ✗,
    // 6/12-2 ✓ (letters not scored), 6/60 ✗, 6/7.5 ✓ → 6 of 9
    expect(stats.correctedReaching).toEqual({ count: 6, of: 9, share: 6 / 9 });
    // UDVA read in 8 (not #4, #9): 6/9 ✓, 6/12 ✓, 20/60 ✗, 0.3 logMAR ✓, CF ✗, 6/24 ✗, HM ✗, 6/12 ✓ → 4 of 8
    expect(stats.uncorrectedReaching).toEqual({ count: 4, of: 8, share: 0.5 });
  });
});

describe('auditStatistics, first eyes only', () => {
  it('takes the earliest operation of each patient, the right eye first on the same day', () => {
    // A #1 (01-10 before 02-14), B #3 (01-12 before 03-01), C #5, D #6, E #7 (same day: right), F #9, G #10
    expect(firstEyes(OPERATIONS).map((op) => OPERATIONS.indexOf(op) + 1)).toEqual([1, 3, 5, 6, 7, 9, 10]);
  });

  it('the figures of the seven first eyes', () => {
    const stats = auditStatistics(OPERATIONS, { firstEyesOnly: true });
    expect(stats.operations).toBe(7);
    expect(stats.n).toBe(6);
    // e: 0.10 0.50 0 1.20 −0.25 0.75, Σ 2.30 → mean 0.3833; Σe² = 2.325, SS = 2.325 − 6·0.38333² = 1.44333,
    // SD = √(1.44333 / 5) = 0.5373
    expect(stats.meanError).toBeCloseTo(2.3 / 6, 12);
    expect(stats.sdError).toBeCloseTo(Math.sqrt((2.325 - 2.3 ** 2 / 6) / 5), 12);
    expect(stats.sdError).toBeCloseTo(0.5373, 4);
    // |e| Σ 2.80 → 0.4667; sorted 0 0.10 0.25 0.50 0.75 1.20 → median (0.25 + 0.50) / 2 = 0.375
    expect(stats.meanAbsoluteError).toBeCloseTo(2.8 / 6, 12);
    expect(stats.medianAbsoluteError).toBe(0.375);
    expect(stats.within.map((w) => w.count)).toEqual([3, 4, 5, 6]);
    // PCR #9 only: 1 / 7 → 14.29 per 100; any complication #7 #9 → 28.57
    expect(stats.pcr.count).toBe(1);
    expect(stats.pcr.per100).toBeCloseTo(100 / 7, 12);
    expect(stats.complications.per100).toBeCloseTo(200 / 7, 12);
    // CDVA: 6/6 ✓, 20/40 ✓, 0.2 logMAR ✓, 6/18 ✗, 6/12-2 ✓, 6/7.5 ✓ → 5 of 6
    expect(stats.correctedReaching).toEqual({ count: 5, of: 6, share: 5 / 6 });
  });

  it("an operation's own firstEye wins (the patient's first eye was operated before the audit's period)", () => {
    const marked = OPERATIONS.map((op, i) =>
      i === 1 ? { ...op, firstEye: true } : i === 0 ? { ...op, firstEye: false } : op,
    );
    expect(firstEyes(marked).map((op) => marked.indexOf(op) + 1)).toEqual([2, 3, 5, 6, 7, 9, 10]);
  });
});

describe('auditStatistics edge cases', () => {
  it('an empty set: zero counts and NaN figures', () => {
    const stats = auditStatistics([]);
    expect(stats.operations).toBe(0);
    expect(stats.n).toBe(0);
    expect(stats.meanError).toBeNaN();
    expect(stats.within[0]!.share).toBeNaN();
    expect(stats.pcr.per100).toBeNaN();
    expect(stats.correctedReaching.of).toBe(0);
  });

  it('another acuity threshold, and an unreadable one refused', () => {
    // 6/9 or better: 6/6, 6/9, 6/7.5 → 3 of 9
    expect(auditStatistics(OPERATIONS, { acuityThreshold: '6/9' }).correctedReaching.count).toBe(3);
    expect(() => auditStatistics(OPERATIONS, { acuityThreshold: 'good' })).toThrow(RangeError);
  });
});

describe('axialLengthBand', () => {
  it('short < 22.0 ≤ medium ≤ 26.0 < long, as the recommended formula', () => {
    expect([21.99, 22, 23.5, 26, 26.01].map(axialLengthBand)).toEqual([
      'short',
      'medium',
      'medium',
      'medium',
      'long',
    ]);
    expect(axialLengthBand(Number.NaN)).toBeNull();
    expect(axialLengthBand(0)).toBeNull();
    // one band per recommended formula
    const byBand = new Map([21, 24, 27].map((al) => [axialLengthBand(al), recommendedIolFormula(al)]));
    expect([...byBand.keys()]).toEqual([...AXIAL_LENGTH_BANDS]);
    expect(new Set(byBand.values()).size).toBe(IOL_FORMULAS.length);
  });
});
