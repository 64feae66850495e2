import { describe, expect, it } from 'vitest';
import {
  astigmatismFromKeratometry,
  astigmatismFromRefraction,
  fromDoubleAngle,
  meanSia,
  surgicallyInducedAstigmatism,
  toDoubleAngle,
  type Astigmatism,
} from './sia.ts';

const at = (magnitude: number, axis: number | null): Astigmatism => ({ magnitude, axis });

/** Magnitude to 1e-9 D and axis to 1e-9°, the axis compared on the 180° circle. */
function expectAstigmatism(actual: Astigmatism, magnitude: number, axis: number | null) {
  expect(actual.magnitude).toBeCloseTo(magnitude, 9);
  if (axis === null) expect(actual.axis).toBeNull();
  else {
    const difference = Math.abs((actual.axis ?? Number.NaN) - axis) % 180;
    expect(Math.min(difference, 180 - difference)).toBeLessThan(1e-9);
  }
}

describe('the double-angle vector', () => {
  // Kim EJ, Weikert MP, "Using Vector Analysis to Calculate Surgically Induced Astigmatism and Refractive Change"
  // (Springer 2017, ch. 2, Fig. 2.1): +2.00 × 60° → x = 2·cos 120° = −1.00, y = 2·sin 120° = +1.732
  it('+2.00 @ 60 is (−1.00, +1.732), and back', () => {
    const v = toDoubleAngle(at(2, 60));
    expect(v.x).toBeCloseTo(-1, 12);
    expect(v.y).toBeCloseTo(Math.sqrt(3), 12);
    expectAstigmatism(fromDoubleAngle(v), 2, 60);
  });

  it('axes 180 and 90 sit on the x axis at opposite ends; 0 D has no axis', () => {
    expect(toDoubleAngle(at(1, 180)).x).toBeCloseTo(1, 12);
    expect(toDoubleAngle(at(1, 90)).x).toBeCloseTo(-1, 12);
    expect(fromDoubleAngle({ x: 1, y: 0 })).toEqual({ magnitude: 1, axis: 180 });
    expect(fromDoubleAngle({ x: 0, y: 0 })).toEqual({ magnitude: 0, axis: null });
    expect(toDoubleAngle(at(0, null))).toEqual({ x: 0, y: 0 });
  });
});

describe('astigmatism from keratometry and from refraction', () => {
  // docs/clinical-optics.md §5 (../shared/reference/clinical-optics.md): K1 42.50 @ 180, K2 44.00 @ 090 → 1.50 D,
  // steep at 90
  it('K1 42.50 @ 180, K2 44.00 @ 90 → 1.50 @ 90', () => {
    expectAstigmatism(astigmatismFromKeratometry(42.5, 180, 44, 90), 1.5, 90);
    expectAstigmatism(astigmatismFromKeratometry(44, 90, 42.5, 180), 1.5, 90);
    // the steep axis as measured, not rounded: 43.00 @ 12.5, 44.25 @ 102.5 → 1.25 @ 102.5
    expectAstigmatism(astigmatismFromKeratometry(43, 12.5, 44.25, 102.5), 1.25, 102.5);
    expectAstigmatism(astigmatismFromKeratometry(43, 180, 43, 90), 0, null);
    // one axis known: the steep meridian is 90° from the flat one
    expectAstigmatism(astigmatismFromKeratometry(42.5, 175, 44, null), 1.5, 85);
    expectAstigmatism(astigmatismFromKeratometry(42.5, undefined, 44, undefined), 1.5, null);
  });

  it('a refraction in plus-cylinder form at the corneal plane', () => {
    // −1.00 × 180 and its transposition −1.00 / +1.00 × 090 are both 1.00 D at 90 (the cornea steep at 90)
    expectAstigmatism(astigmatismFromRefraction({ sphere: 0, cylinder: -1, axis: 180 }, 0), 1, 90);
    expectAstigmatism(astigmatismFromRefraction({ sphere: -1, cylinder: 1, axis: 90 }, 0), 1, 90);
    // at 12 mm: meridians 0 and −1.00 → 0 and −1 / (1 + 0.012) = −0.98814 at the cornea
    expectAstigmatism(astigmatismFromRefraction({ sphere: 0, cylinder: -1, axis: 180 }), 1 / 1.012, 90);
    // −4.00 / −2.00 × 45 at 12 mm: −4/(1 + 0.048) = −3.81679, −6/(1 + 0.072) = −5.59701 → 1.78022 D at 135
    expectAstigmatism(
      astigmatismFromRefraction({ sphere: -4, cylinder: -2, axis: 45 }),
      6 / 1.072 - 4 / 1.048,
      135,
    );
    expectAstigmatism(astigmatismFromRefraction({ sphere: -2, cylinder: 0, axis: 180 }), 0, null);
  });
});

describe('surgicallyInducedAstigmatism: post − pre on the double-angle plot (Alpins 1993, 2001; Holladay 1992)', () => {
  // Hand-worked, and the qualitative cases of Kim and Weikert, Fig. 2.2 (an incision at 180° flattens the cornea
  // along 180 and steepens it at 90).
  it('a spherical cornea made 0.50 @ 90 by an incision at 180: SIA 0.50 @ 90 (Fig. 2.2 A)', () => {
    expectAstigmatism(surgicallyInducedAstigmatism(at(0, null), at(0.5, 90)), 0.5, 90);
  });

  it('on-axis: 1.00 @ 180 (against the rule) reduced to 0.50 @ 180 by that incision: SIA 0.50 @ 90 (Fig. 2.2 C)', () => {
    // pre (1, 0), post (0.5, 0) → (−0.5, 0) → 0.50 @ 90
    const sia = surgicallyInducedAstigmatism(at(1, 180), at(0.5, 180));
    expectAstigmatism(sia, 0.5, 90);
    expect(sia.vector.x).toBeCloseTo(-0.5, 12);
    expect(sia.vector.y).toBeCloseTo(0, 12);
  });

  it('1.00 @ 90 removed entirely: SIA 1.00 @ 180', () => {
    // pre (−1, 0), post (0, 0) → (1, 0)
    expectAstigmatism(surgicallyInducedAstigmatism(at(1, 90), at(0, null)), 1, 180);
  });

  it('1.00 @ 90 turned to 1.00 @ 180: SIA 2.00 @ 180, twice the cylinder (the subtraction of magnitudes says 0)', () => {
    // pre (−1, 0), post (1, 0) → (2, 0)
    expectAstigmatism(surgicallyInducedAstigmatism(at(1, 90), at(1, 180)), 2, 180);
  });

  it('1.00 @ 90 to 1.00 @ 45: SIA 1.414 @ 22.5', () => {
    // pre (−1, 0), post: 2·45 = 90° → (0, 1); SIA (1, 1) → √2 at ½·atan2(1, 1) = 22.5°
    expectAstigmatism(surgicallyInducedAstigmatism(at(1, 90), at(1, 45)), Math.SQRT2, 22.5);
  });

  it('from keratometry: 43.00 @ 180 / 44.00 @ 90 to 43.50 @ 180 / 44.00 @ 90 → SIA 0.50 @ 180', () => {
    // pre 1.00 @ 90 (−1, 0), post 0.50 @ 90 (−0.5, 0) → (0.5, 0): a superior incision flattening the vertical
    const sia = surgicallyInducedAstigmatism(
      astigmatismFromKeratometry(43, 180, 44, 90),
      astigmatismFromKeratometry(43.5, 180, 44, 90),
    );
    expectAstigmatism(sia, 0.5, 180);
  });

  it('no change: no SIA', () => {
    expectAstigmatism(surgicallyInducedAstigmatism(at(0.75, 30), at(0.75, 30)), 0, null);
  });
});

describe('meanSia: the centroid and the mean magnitude', () => {
  it('0.50 @ 180, 0.50 @ 90, 0.50 @ 180 → centroid (1/6, 0) = 0.167 @ 180; mean magnitude 0.50', () => {
    const result = meanSia([at(0.5, 180), at(0.5, 90), at(0.5, 180)]);
    expect(result.n).toBe(3);
    expect(result.centroid.x).toBeCloseTo(1 / 6, 12);
    expect(result.centroid.y).toBeCloseTo(0, 12);
    expectAstigmatism(result.mean, 1 / 6, 180);
    expect(result.meanMagnitude).toBe(0.5);
    expect(result.points).toHaveLength(3);
    expect(result.points[1]!.x).toBeCloseTo(-0.5, 12);
  });

  it('axes 10 and 170 average to 180 on the double-angle plot, not to 90', () => {
    // 2·10 = 20°, 2·170 = 340°: y cancels, x = cos 20° → 0.9397 @ 180 for two 1.00 D vectors
    const result = meanSia([at(1, 10), at(1, 170)]);
    expectAstigmatism(result.mean, Math.cos((20 * Math.PI) / 180), 180);
    expect(result.meanMagnitude).toBe(1);
  });

  it('an empty set', () => {
    const result = meanSia([]);
    expect(result.n).toBe(0);
    expect(result.mean.axis).toBeNull();
    expect(result.meanMagnitude).toBeNaN();
    expect(result.points).toEqual([]);
  });
});
