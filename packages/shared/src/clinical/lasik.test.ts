import { describe, expect, it } from 'vitest';
import {
  PTA_MAX_PERCENT,
  RSB_MIN_UM,
  lasikSafety,
  munnerlynAblationDepth,
  percentTissueAltered,
  residualStromalBed,
} from './lasik.ts';

describe('residualStromalBed and percentTissueAltered', () => {
  // Definitions: RSB = CCT − flap − ablation (Reinstein et al., J Refract Surg 2006;22:851–860);
  // PTA = (flap + ablation) / CCT (Santhiago et al., Am J Ophthalmol 2014;158:87–95). Values computed by hand.
  it('CCT 540, flap 110, ablation 80 → RSB 350 µm, PTA 35.19%', () => {
    expect(residualStromalBed(540, 110, 80)).toBe(350);
    expect(percentTissueAltered(540, 110, 80)).toBeCloseTo(35.185, 3);
  });

  it('CCT 500, flap 100, ablation 100 → RSB 300 µm, PTA exactly 40%', () => {
    expect(residualStromalBed(500, 100, 100)).toBe(300);
    expect(percentTissueAltered(500, 100, 100)).toBe(40);
  });

  it('keeps whole percentages whole (285 / 500 → 57, not 56.99999999999999)', () => {
    expect(percentTissueAltered(500, 160, 125)).toBe(57);
  });
});

describe('lasikSafety', () => {
  // Thresholds: RSB < 300 µm (Randleman et al., Ophthalmology 2008;115:37–50); PTA ≥ 40% (Santhiago 2014)
  it('uses the published thresholds', () => {
    expect(RSB_MIN_UM).toBe(300);
    expect(PTA_MAX_PERCENT).toBe(40);
  });

  it('flags neither for a comfortable budget', () => {
    expect(lasikSafety({ cct: 560, flap: 110, ablation: 60 })).toEqual({
      residualStromalBed: 390,
      percentTissueAltered: 30.357142857142858,
      lowResidualBed: false,
      highTissueAltered: false,
    });
  });

  it('flags PTA at exactly 40% but not RSB at exactly 300 µm (PTA ≥ 40, RSB < 300)', () => {
    expect(lasikSafety({ cct: 500, flap: 100, ablation: 100 })).toMatchObject({
      lowResidualBed: false,
      highTissueAltered: true,
    });
  });

  it('flags a thin residual bed: CCT 480, flap 110, ablation 80 → RSB 290, PTA 39.6%', () => {
    const result = lasikSafety({ cct: 480, flap: 110, ablation: 80 });
    expect(result?.residualStromalBed).toBe(290);
    expect(result?.percentTissueAltered).toBeCloseTo(39.583, 3);
    expect(result).toMatchObject({ lowResidualBed: true, highTissueAltered: false });
  });

  it('flags high PTA with a thick bed: CCT 600, flap 160, ablation 100 → RSB 340, PTA 43.3%', () => {
    expect(lasikSafety({ cct: 600, flap: 160, ablation: 100 })).toMatchObject({
      residualStromalBed: 340,
      lowResidualBed: false,
      highTissueAltered: true,
    });
  });

  it('is null while an input is missing or not a thickness', () => {
    expect(lasikSafety({ cct: null, flap: 110, ablation: 80 })).toBeNull();
    expect(lasikSafety({ cct: 540, flap: undefined, ablation: 80 })).toBeNull();
    expect(lasikSafety({ cct: 540, flap: 110, ablation: null })).toBeNull();
    expect(lasikSafety({ cct: 0, flap: 110, ablation: 80 })).toBeNull();
    expect(lasikSafety({ cct: 540, flap: -1, ablation: 80 })).toBeNull();
    expect(lasikSafety({ cct: Number.NaN, flap: 110, ablation: 80 })).toBeNull();
    expect(lasikSafety({ cct: 540, flap: 110, ablation: 0 })?.residualStromalBed).toBe(430);
  });
});

describe('munnerlynAblationDepth', () => {
  // Munnerlyn CR, Koons SJ, Marshall J, J Cataract Refract Surg 1988;14:46–52: depth ≈ S²·D/3
  it('6 mm zone: about 12 µm per dioptre', () => {
    expect(munnerlynAblationDepth(6, -1)).toBe(12);
    expect(munnerlynAblationDepth(6, -5)).toBe(60);
    expect(munnerlynAblationDepth(6, 5)).toBe(60);
  });

  it('grows with the square of the zone: 6.5 mm, −4.00 D → 56.3 µm', () => {
    expect(munnerlynAblationDepth(6.5, -4)).toBeCloseTo(56.333, 3);
    expect(munnerlynAblationDepth(0, -4)).toBe(0);
  });
});
