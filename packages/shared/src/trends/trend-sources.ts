import { sphericalEquivalent } from '../clinical/refraction.ts';
import type { consultation } from '../exams/consultation.ts';
import type { ExamType } from '../exams/exam-types.ts';
import type { Fields, ValuesOf } from '../exams/fields.ts';
import type { followUp } from '../exams/follow-up.ts';
import type { keratoconus } from '../exams/keratoconus.ts';
import type { lasik } from '../exams/lasik.ts';
import type { prism } from '../exams/prism.ts';
import type { retina } from '../exams/retina.ts';
import type { spectacles } from '../exams/spectacles.ts';
import { TREND_EYES, type TrendEye, type TrendKey } from './trends.schemas.ts';

/** A definition's stored data, typed from its fields. */
type DataOf<D extends { fields: Fields }> = ValuesOf<D['fields']>;

export interface TrendReading {
  key: TrendKey;
  eye: TrendEye;
  value: number;
}

type Found = [TrendKey, number | null | undefined][];

function eachEye(read: (eye: TrendEye) => Found): TrendReading[] {
  return TREND_EYES.flatMap((eye) =>
    read(eye).flatMap(([key, value]) => (value == null ? [] : [{ key, eye, value }])),
  );
}

/**
 * Where each trended measure is stored, per exam type. One value per record, measure and eye: a follow-up's
 * IOP is its last reading of the visit (the one the plan was made on); the spherical equivalent is the reading
 * marked final (what was prescribed); best-corrected acuity comes from the records that record it as such.
 * Stored data was validated when written, so its shape is the definition's.
 */
export const TREND_SOURCES: Partial<Record<ExamType, (data: unknown) => TrendReading[]>> = {
  followUp: (data) => {
    const d = data as DataOf<typeof followUp>;
    return eachEye((eye) => [
      ['iop', d.iop?.findLast((reading) => reading[eye]?.value != null)?.[eye]?.value],
      ['vaLogMar', d.vision?.[eye]?.bcva?.logMAR],
    ]);
  },
  lasik: (data) => {
    const d = data as DataOf<typeof lasik>;
    return eachEye((eye) => [
      ['iop', d.measurements?.[eye]?.iop],
      ['vaLogMar', d.vision?.[eye]?.bcva?.logMAR],
      ['kmax', d.tomography?.[eye]?.kmax],
      ['thinnestPachymetry', d.tomography?.[eye]?.thinnestPachymetry],
    ]);
  },
  prism: (data) => {
    const d = data as DataOf<typeof prism>;
    return eachEye((eye) => [['vaLogMar', d.vision?.[eye]?.bestCorrected?.logMAR]]);
  },
  spectacles: (data) => {
    const final = (data as DataOf<typeof spectacles>).readings?.find((reading) => reading.isFinal);
    return eachEye((eye) => {
      const rx = final?.[eye];
      return [
        ['sphericalEquivalent', rx?.sphere != null ? sphericalEquivalent(rx.sphere, rx.cylinder ?? 0) : null],
        ['vaLogMar', rx?.va?.logMAR],
      ];
    });
  },
  keratoconus: (data) => {
    const d = data as DataOf<typeof keratoconus>;
    return eachEye((eye) => [
      ['kmax', d.tomography?.[eye]?.kmax],
      ['thinnestPachymetry', d.tomography?.[eye]?.thinnestPachymetry],
    ]);
  },
  retina: (data) => {
    const d = data as DataOf<typeof retina>;
    return eachEye((eye) => [
      ['cmt', d.fundus?.[eye]?.cmt],
      ['cupDisc', d.fundus?.[eye]?.cupDisc],
    ]);
  },
};

export const TRENDED_EXAM_TYPES = Object.keys(TREND_SOURCES) as ExamType[];

/** The exam type whose records set the target pressure, and where: `targetIop.<eye>.value`. */
export const TARGET_IOP_TYPE: ExamType = 'consultation';
export function targetIopOf(data: unknown): Partial<Record<TrendEye, number>> {
  const target = (data as DataOf<typeof consultation>).targetIop;
  return Object.fromEntries(
    TREND_EYES.flatMap((eye) => (target?.[eye]?.value != null ? [[eye, target[eye].value]] : [])),
  );
}
