import { describe, expect, it } from 'vitest';
import { auditFiltersFrom } from './audit-page.tsx';
import {
  astigmatismText,
  axisLabelPosition,
  histogramLayout,
  meetsBenchmark,
  per100,
  percent,
  plainD,
  plotRadius,
  refractionText,
  ringsOf,
  signedD,
  toPlot,
} from './outcome-format.ts';

/** The server's bins: < −2.00, sixteen of 0.25 D, > +2.00. */
const BINS = [
  { from: null, to: -2, count: 1 },
  ...Array.from({ length: 16 }, (_, i) => ({
    from: -2 + i * 0.25,
    to: -2 + (i + 1) * 0.25,
    count: i === 8 ? 10 : 2,
  })),
  { from: 2, to: null, count: 0 },
];

describe('outcome numbers', () => {
  it('write errors signed with two decimals, magnitudes unsigned, nothing as a dash', () => {
    expect(signedD(0.123)).toBe('+0.12');
    expect(signedD(-0.5)).toBe('-0.50');
    expect(signedD(-0.001)).toBe('0.00');
    expect(signedD(null)).toBe('—');
    expect(plainD(0.456)).toBe('0.46');
    expect(plainD(undefined)).toBe('—');
    expect(percent(0.555)).toBe('56 %');
    expect(percent(null)).toBe('—');
    expect(per100(1.25)).toBe('1.3');
  });

  it('write a refraction and an astigmatism as the chart does', () => {
    expect(refractionText(-0.5, -0.75, 90)).toBe('-0.50 / -0.75 × 090');
    expect(refractionText(0, null, null)).toBe('Plano');
    expect(refractionText(1.25, 0, 180)).toBe('+1.25');
    expect(astigmatismText({ magnitude: 0.4213, axis: 95 })).toBe('0.42 D @ 095');
    expect(astigmatismText({ magnitude: 0, axis: null })).toBe('0.00 D');
    expect(astigmatismText(null)).toBe('—');
  });

  it('judge a share against a benchmark, a share on the line passing', () => {
    expect(meetsBenchmark(0.55, 0.55)).toBe(true);
    expect(meetsBenchmark(0.54, 0.55)).toBe(false);
    expect(meetsBenchmark(null, 0.55)).toBeNull();
  });
});

describe('the histogram', () => {
  const plot = { x: 0, y: 0, width: 180, height: 100 };
  const layout = histogramLayout(BINS, plot);

  it('draws one bar per bin, left to right, scaled to the largest count', () => {
    expect(layout.bars).toHaveLength(18);
    expect(layout.max).toBe(10);
    expect(layout.bars.map((b) => b.x)).toEqual([...layout.bars.map((b) => b.x)].sort((a, b) => a - b));
    const tallest = layout.bars[9]!;
    expect(tallest.height).toBe(100);
    expect(tallest.y).toBe(0);
    expect(layout.bars[1]!.height).toBeCloseTo(20);
    expect(layout.bars[17]!.height).toBe(0);
  });

  it('labels the open end bins and the closed ones by their edges', () => {
    expect(layout.bars[0]!.label).toBe('< -2.00');
    expect(layout.bars[17]!.label).toBe('> +2.00');
    expect(layout.bars[9]!.label).toBe('0.00 … +0.25');
  });

  it('ticks the axis at every whole dioptre, zero in the middle', () => {
    expect(layout.ticks.map((t) => t.label)).toEqual([
      '< -2.00',
      '-2.00',
      '-1.00',
      '0.00',
      '+1.00',
      '+2.00',
      '> +2.00',
    ]);
    expect(layout.ticks.find((t) => t.label === '0.00')!.x).toBe(90);
  });

  it('draws nothing tall for no eyes', () => {
    const empty = histogramLayout(
      BINS.map((b) => ({ ...b, count: 0 })),
      plot,
    );
    expect(empty.bars.every((b) => b.height === 0)).toBe(true);
  });
});

describe('the double-angle plot', () => {
  it('sizes to the next 0.5 D ring, at least 1 D', () => {
    expect(plotRadius([])).toBe(1);
    expect(plotRadius([{ x: 0.3, y: 0.2 }])).toBe(1);
    expect(plotRadius([{ x: 1.2, y: 0 }])).toBe(1.5);
    expect(plotRadius([{ x: 0, y: -1.5 }])).toBe(1.5);
    expect(ringsOf(1.5)).toEqual([0.5, 1, 1.5]);
  });

  it('puts x to the right and y upward around the centre', () => {
    expect(toPlot({ x: 0, y: 0 }, 1, 200, 20)).toEqual({ cx: 100, cy: 100 });
    expect(toPlot({ x: 1, y: 0 }, 1, 200, 20)).toEqual({ cx: 180, cy: 100 });
    expect(toPlot({ x: 0, y: 0.5 }, 1, 200, 20)).toEqual({ cx: 100, cy: 60 });
    expect(toPlot({ x: -1, y: -1 }, 2, 200, 20)).toEqual({ cx: 60, cy: 140 });
  });

  it('places the axes of the eye at twice their angle: 0° right, 45° up, 90° left, 135° down', () => {
    const at = (axis: number) => axisLabelPosition(axis, 200, 20, 10);
    const round = (p: { x: number; y: number }) => ({ x: Math.round(p.x), y: Math.round(p.y) });
    expect(round(at(0))).toEqual({ x: 190, y: 100 });
    expect(round(at(45))).toEqual({ x: 100, y: 10 });
    expect(round(at(90))).toEqual({ x: 10, y: 100 });
    expect(round(at(135))).toEqual({ x: 100, y: 190 });
  });
});

describe('the audit filters in the address', () => {
  it('keep the valid ones, drop the rest, first eyes only unless said false', () => {
    expect(auditFiltersFrom(new URLSearchParams(''))).toEqual({ firstEyesOnly: 'true' });
    expect(
      auditFiltersFrom(
        new URLSearchParams(
          'surgeonId=3&lensId=x&formula=srkt&band=huge&from=2026-01-01&to=01/02/2026&firstEyesOnly=false',
        ),
      ),
    ).toEqual({ surgeonId: '3', formula: 'srkt', from: '2026-01-01', firstEyesOnly: 'false' });
  });
});
