import { describe, expect, it } from 'vitest';
import { transpose } from './refraction.ts';
import { roundToStep } from './rounding.ts';
import {
  CORNEAL_PLANE_THRESHOLD,
  DEFAULT_VERTEX_DISTANCE_MM,
  cornealPlaneRefraction,
  needsCornealPlane,
  strongestMeridian,
} from './vertex.ts';

/** Independent oracle: the far point moves d nearer the eye; corneal power = 1 / (far point distance − d). */
function atCornea(power: number, vertexMm: number): number {
  if (power === 0) return 0;
  const farPoint = 1000 / power; // mm from the spectacle plane
  return 1000 / (farPoint - vertexMm);
}

describe('cornealPlaneRefraction (reference §3.3: Fc = F / (1 − d·F), each principal meridian)', () => {
  it('defaults to 12 mm when the record has no vertex distance', () => {
    expect(DEFAULT_VERTEX_DISTANCE_MM).toBe(12);
    const rx = { sphere: -6, cylinder: 0, axis: 180 };
    expect(cornealPlaneRefraction(rx)).toEqual(cornealPlaneRefraction(rx, 12));
    expect(cornealPlaneRefraction(rx, null)).toEqual(cornealPlaneRefraction(rx, 12));
  });

  // docs/clinical-optics.md §3.3 published examples (calhub.xyz, calcbee.com, firgelliauto.com,
  // calculator.7search.cc)
  it.each([
    [-6, undefined, -5.597, -5.5],
    [-10, undefined, -8.929, -9],
    [5, undefined, 5.319, 5.25],
    [-8, undefined, -7.299, -7.25],
    [5, 10, 5.263, 5.25],
    [10, 20, 12.5, 12.5],
  ])('%s D @ %s mm → %s (rounds to %s)', (sphere, vertex, cornea, rounded) => {
    const result = cornealPlaneRefraction({ sphere, cylinder: 0, axis: 90 }, vertex);
    expect(result.sphere).toBeCloseTo(cornea, 3);
    expect(result.cylinder).toBe(0);
    expect(result.axis).toBe(90);
    expect(roundToStep(result.sphere)).toBe(rounded);
  });

  it('converts each meridian: −6.00 −2.00 × 180 → −5.597 −1.702 × 180 (grlf/eyedock corneaPlane; reference §3.3)', () => {
    const result = cornealPlaneRefraction({ sphere: -6, cylinder: -2, axis: 180 });
    expect(result.sphere).toBeCloseTo(-5.597, 3);
    expect(result.cylinder).toBeCloseTo(-1.702, 3);
    expect(result.axis).toBe(180);
  });

  it('agrees with the far-point oracle, unrounded, keeping the cylinder sign as written', () => {
    for (const sphere of [-12, -6.25, -4, 0, 3.5, 8])
      for (const cylinder of [-4, -1.25, 0, 2.75])
        for (const vertex of [10, 12, 14]) {
          const axis = 35;
          const result = cornealPlaneRefraction({ sphere, cylinder, axis }, vertex);
          expect(result.sphere).toBeCloseTo(atCornea(sphere, vertex), 10);
          expect(result.cylinder).toBeCloseTo(
            atCornea(sphere + cylinder, vertex) - atCornea(sphere, vertex),
            10,
          );
          expect(Math.sign(result.cylinder)).toBe(Math.sign(cylinder));
          expect(result.axis).toBe(axis);
        }
  });

  it('gives the same lens whichever cylinder form the refraction is written in', () => {
    const minus = { sphere: -5, cylinder: -1.5, axis: 170 };
    const a = transpose(cornealPlaneRefraction(minus));
    const b = cornealPlaneRefraction(transpose(minus));
    expect(b.sphere).toBeCloseTo(a.sphere, 12);
    expect(b.cylinder).toBeCloseTo(a.cylinder, 12);
    expect(b.axis).toBe(a.axis);
  });
});

describe('when to show the corneal-plane refraction (strongest meridian ≥ 4 D)', () => {
  it.each([
    [-3.75, 0, -3.75, false],
    [-4, 0, -4, true],
    [-2.5, -1.5, -4, true],
    [+2, -6, -4, true],
    [+3.75, -0.5, 3.75, false],
    [+1, +3, 4, true],
    [+4.25, -8.5, 4.25, true], // equal magnitudes: the sphere is kept
  ])('%s / %s → strongest %s → %s', (sphere, cylinder, strongest, shown) => {
    expect(strongestMeridian({ sphere, cylinder })).toBe(strongest);
    expect(needsCornealPlane({ sphere, cylinder })).toBe(shown);
  });

  it('uses the 4 D threshold of reference §3.3 ("clinically significant above about ±4.00 D")', () => {
    expect(CORNEAL_PLANE_THRESHOLD).toBe(4);
  });
});
