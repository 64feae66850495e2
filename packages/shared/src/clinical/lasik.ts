/**
 * LASIK tissue budget. Residual stromal bed: Reinstein DZ, Srivannaboon S, Archer TJ et al., J Refract Surg
 * 2006;22:851–860 (RSB = CCT − flap − ablation); RSB < 300 µm is a risk factor of the Randleman ectasia risk
 * score (Randleman JB et al., Ophthalmology 2008;115:37–50). Percent tissue altered: Santhiago MR et al.,
 * Am J Ophthalmol 2014;158:87–95, PTA = (flap + ablation) / CCT, with PTA ≥ 40% the strongest risk factor
 * for ectasia in eyes with normal topography. All thicknesses in µm.
 */

export const RSB_MIN_UM = 300;
export const PTA_MAX_PERCENT = 40;

/** CCT − flap − ablation, µm. */
export function residualStromalBed(cctUm: number, flapUm: number, ablationUm: number): number {
  return cctUm - flapUm - ablationUm;
}

/** (flap + ablation) / CCT × 100, a percentage, unrounded. */
export function percentTissueAltered(cctUm: number, flapUm: number, ablationUm: number): number {
  // ×100 before dividing keeps whole percentages whole: 285 / 500 × 100 gives 56.99999999999999.
  return ((flapUm + ablationUm) * 100) / cctUm;
}

export interface LasikSafetyInput {
  cct: number | null | undefined;
  flap: number | null | undefined;
  ablation: number | null | undefined;
}

export interface LasikSafety {
  residualStromalBed: number;
  percentTissueAltered: number;
  /** RSB < 300 µm. */
  lowResidualBed: boolean;
  /** PTA ≥ 40%. */
  highTissueAltered: boolean;
}

/**
 * RSB and PTA with their flags, or null while an input is missing (or not a thickness: CCT ≤ 0, or a negative
 * flap or ablation).
 */
export function lasikSafety({ cct, flap, ablation }: LasikSafetyInput): LasikSafety | null {
  if (!isThickness(cct) || !isThickness(flap) || !isThickness(ablation) || cct <= 0) return null;
  const rsb = residualStromalBed(cct, flap, ablation);
  const pta = percentTissueAltered(cct, flap, ablation);
  return {
    residualStromalBed: rsb,
    percentTissueAltered: pta,
    lowResidualBed: rsb < RSB_MIN_UM,
    highTissueAltered: pta >= PTA_MAX_PERCENT,
  };
}

function isThickness(value: number | null | undefined): value is number {
  return value != null && Number.isFinite(value) && value >= 0;
}

/**
 * Munnerlyn's approximation of the central ablation depth, µm ≈ S²·|D| / 3 with S the optical zone (mm) and D
 * the correction (D): Munnerlyn CR, Koons SJ, Marshall J, J Cataract Refract Surg 1988;14:46–52. Lasers'
 * own profiles (aspheric, transition zones) ablate more; use the laser's figure when it is known.
 */
export function munnerlynAblationDepth(opticalZoneMm: number, diopters: number): number {
  return (opticalZoneMm * opticalZoneMm * Math.abs(diopters)) / 3;
}
