import { describe, expect, it } from 'vitest';
import { mean, median, sampleSd, tCritical } from './statistics.ts';

describe('mean, sample SD, median', () => {
  // by hand: 2, 4, 4, 4, 5, 5, 7, 9 → mean 40 / 8 = 5; squared deviations 9+1+1+1+0+0+4+16 = 32; SD √(32 / 7)
  it('the textbook set 2, 4, 4, 4, 5, 5, 7, 9', () => {
    const values = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(mean(values)).toBe(5);
    expect(sampleSd(values)).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(median(values)).toBe(4.5);
    expect(median([3, 1, 2])).toBe(2);
  });

  it('NaN when there is nothing to average', () => {
    expect(mean([])).toBeNaN();
    expect(median([])).toBeNaN();
    expect(sampleSd([1])).toBeNaN();
  });
});

describe('tCritical: two-sided Student t', () => {
  // The t table (two-sided 95 %, e.g. NIST/SEMATECH e-Handbook of Statistical Methods §1.3.6.7.2, upper 0.025
  // critical values): df 1 12.706, 2 4.303, 5 2.571, 10 2.228, 19 2.093, 29 2.045, 100 1.984; z 1.960 at infinity.
  it.each([
    [1, 12.706],
    [2, 4.303],
    [5, 2.571],
    [10, 2.228],
    [19, 2.093],
    [29, 2.045],
    [100, 1.984],
  ])('df %i → %s', (df, t) => {
    expect(tCritical(df)).toBeCloseTo(t, 3);
  });

  it('tends to z = 1.960 and takes other confidences (99 %, df 19 → 2.861)', () => {
    expect(tCritical(1e6)).toBeCloseTo(1.96, 3);
    expect(tCritical(19, 0.99)).toBeCloseTo(2.861, 3);
  });

  it('NaN outside its domain', () => {
    expect(tCritical(0)).toBeNaN();
    expect(tCritical(10, 1)).toBeNaN();
  });
});
