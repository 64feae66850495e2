import { describe, expect, it } from 'vitest';
import {
  nearRx,
  prenticePrism,
  sphericalEquivalent,
  transpose,
  vertexToCornea,
  vertexToSpectacle,
  type SphCyl,
} from './refraction.ts';
import { roundToStep } from './rounding.ts';

/**
 * Power in meridian θ, S + C·sin²(θ − axis): the principal-meridian view of docs/clinical-optics.md §3.2, an
 * independent check.
 */
function meridianPower(rx: SphCyl, theta: number): number {
  return rx.sphere + rx.cylinder * Math.sin(((theta - rx.axis) * Math.PI) / 180) ** 2;
}

describe('sphericalEquivalent', () => {
  // docs/clinical-optics.md §3.1 (Tomey AL-100 "AREF = S + C/2"; eyedock sphEquiv)
  it('is S + C/2, unrounded', () => {
    expect(sphericalEquivalent(-1.0, -0.75)).toBe(-1.375);
    expect(sphericalEquivalent(2.5, -1.5)).toBe(1.75);
    expect(sphericalEquivalent(-3)).toBe(-3);
    // Rounded only for display, ties away from zero (§3.6)
    expect(roundToStep(sphericalEquivalent(-1.0, -0.75))).toBe(-1.5);
  });
});

describe('transpose', () => {
  // docs/clinical-optics.md §3.2 (laramyk.com, opterio.com): +2.50 −1.50 × 170 → +1.00 +1.50 × 080, not × 010
  it('transposes the worked example', () => {
    expect(transpose({ sphere: 2.5, cylinder: -1.5, axis: 170 })).toEqual({
      sphere: 1,
      cylinder: 1.5,
      axis: 80,
    });
  });

  it.each([
    [90, 180],
    [180, 90],
    [0, 90],
    [1, 91],
    [45, 135],
    [135, 45],
    [91, 1],
  ])('axis %s → %s (90 never becomes 0)', (axis, expected) => {
    expect(transpose({ sphere: -1, cylinder: -2, axis }).axis).toBe(expected);
  });

  it('keeps a zero cylinder with a normalised axis', () => {
    expect(transpose({ sphere: -2.25, cylinder: 0, axis: 0 })).toEqual({
      sphere: -2.25,
      cylinder: 0,
      axis: 180,
    });
    expect(transpose({ sphere: 1, cylinder: -0, axis: 90 })).toEqual({ sphere: 1, cylinder: 0, axis: 90 });
  });

  it('is its own inverse, keeps SE and the power of every meridian (§3.1, §3.2)', () => {
    for (const sphere of [-6, -1.25, 0, 2.5]) {
      for (const cylinder of [-3, -0.75, 0.5, 2]) {
        for (const axis of [1, 30, 90, 135, 180]) {
          const rx = { sphere, cylinder, axis };
          const t = transpose(rx);
          expect(transpose(t)).toEqual(rx);
          expect(sphericalEquivalent(t.sphere, t.cylinder)).toBe(sphericalEquivalent(sphere, cylinder));
          for (const theta of [0, 20, 45, 90, 100, 170]) {
            expect(meridianPower(t, theta)).toBeCloseTo(meridianPower(rx, theta), 12);
          }
        }
      }
    }
  });
});

describe('nearRx', () => {
  // docs/clinical-optics.md §3.4 (contactsadvice.com examples)
  it.each([
    [-2.0, 2.25, 0.25],
    [1.0, 1.75, 2.75],
    [-1.25, 1.5, 0.25],
    [2.0, 1.5, 3.5],
  ])('%s + add %s → %s, cylinder and axis unchanged', (sphere, add, near) => {
    expect(nearRx({ sphere, cylinder: -0.75, axis: 95 }, add)).toEqual({
      sphere: near,
      cylinder: -0.75,
      axis: 95,
    });
  });
});

describe('vertex distance', () => {
  // docs/clinical-optics.md §3.3 (calhub.xyz, calcbee.com, firgelliauto.com): Fc = F / (1 − d·F)
  it.each([
    [-6, 12, -5.597, -5.5],
    [-10, 12, -8.929, -9],
    [5, 12, 5.319, 5.25],
    [-8, 12, -7.299, -7.25],
    [5, 10, 5.263, 5.25],
    [10, 20, 12.5, 12.5],
  ])('%s D @ %s mm → %s at the cornea (rounds to %s)', (power, vertexMm, cornea, rounded) => {
    const result = vertexToCornea({ sphere: power, cylinder: 0, axis: 180 }, vertexMm);
    expect(result.sphere).toBeCloseTo(cornea, 3);
    expect(result.cylinder).toBe(0);
    expect(roundToStep(result.sphere)).toBe(rounded);
  });

  it('compensates each principal meridian (eyedock corneaPlane): −6.00 −2.00 × 180 @ 12 mm', () => {
    const result = vertexToCornea({ sphere: -6, cylinder: -2, axis: 180 }, 12);
    expect(result.sphere).toBeCloseTo(-5.597, 3);
    expect(result.cylinder).toBeCloseTo(-1.702, 3);
    expect(result.axis).toBe(180);
  });

  it('goes back to the spectacle plane (the inverse form, firgelliauto.com)', () => {
    expect(vertexToSpectacle({ sphere: 12.5, cylinder: 0, axis: 90 }, 20).sphere).toBeCloseTo(10, 12);
    for (const rx of [
      { sphere: -6, cylinder: -2, axis: 180 },
      { sphere: 4.5, cylinder: 1.25, axis: 35 },
      { sphere: -12, cylinder: 3, axis: 90 },
    ]) {
      const back = vertexToSpectacle(vertexToCornea(rx, 13), 13);
      expect(back.sphere).toBeCloseTo(rx.sphere, 12);
      expect(back.cylinder).toBeCloseTo(rx.cylinder, 12);
      expect(back.axis).toBe(rx.axis);
    }
  });

  it('gives the same corneal Rx from either cylinder form', () => {
    const minus = { sphere: -4, cylinder: -2.5, axis: 20 };
    const viaMinus = transpose(vertexToCornea(minus, 12));
    const viaPlus = vertexToCornea(transpose(minus), 12);
    expect(viaPlus.sphere).toBeCloseTo(viaMinus.sphere, 12);
    expect(viaPlus.cylinder).toBeCloseTo(viaMinus.cylinder, 12);
    expect(viaPlus.axis).toBe(viaMinus.axis);
  });
});

describe('prenticePrism', () => {
  // docs/clinical-optics.md §3.5 (open-exam-prep.com ABO guide, opticaltraining.com): Δ = mm × D / 10
  it('5 mm below the centre of a +6.00 lens gives 3Δ', () => {
    expect(prenticePrism(5, 6)).toBe(3);
  });

  it('uses the power of the decentration meridian: −1.00 −2.00 × 180, 4 mm vertical → 1.2Δ', () => {
    const power = meridianPower({ sphere: -1, cylinder: -2, axis: 180 }, 90);
    expect(power).toBeCloseTo(-3, 12);
    expect(prenticePrism(4, power)).toBeCloseTo(1.2, 12);
  });

  it('is a magnitude whatever the signs', () => {
    expect(prenticePrism(-3, -4)).toBeCloseTo(1.2, 12);
    expect(prenticePrism(-3, 4)).toBeCloseTo(1.2, 12);
    expect(prenticePrism(0, 8)).toBe(0);
  });
});
