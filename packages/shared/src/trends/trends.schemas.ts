import { z } from 'zod';
import { dataOf } from '../common/api.schemas.ts';

/**
 * `GET /api/mo/patient/{id}/trends`: the measures a glaucoma, keratoconus or retina follow-up watches over the
 * years, one series per measure and eye, read from the records where they are stored (trend-sources.ts).
 */
export const TREND_KEYS = [
  'iop',
  'vaLogMar',
  'sphericalEquivalent',
  'kmax',
  'thinnestPachymetry',
  'cmt',
  'cupDisc',
] as const;
export type TrendKey = (typeof TREND_KEYS)[number];

export const TREND_UNITS = {
  iop: 'mmHg',
  vaLogMar: 'logMAR',
  sphericalEquivalent: 'D',
  kmax: 'D',
  thinnestPachymetry: 'um',
  cmt: 'um',
  cupDisc: 'ratio',
} as const satisfies Record<TrendKey, string>;

export const TREND_EYES = ['right', 'left'] as const;
export type TrendEye = (typeof TREND_EYES)[number];

export const trendPointSchema = z.object({
  /** When it was measured: the visit's time (the record's creation for a record without a visit), UTC. */
  at: z.string(),
  value: z.number(),
  examType: z.string(),
  examId: z.number().int(),
});
export const trendSeriesSchema = z.object({
  key: z.enum(TREND_KEYS),
  eye: z.enum(TREND_EYES),
  unit: z.string(),
  /** Oldest first. */
  points: z.array(trendPointSchema),
});
/**
 * The target pressure the doctor set for each eye (mmHg): per eye, the latest consultation that gives one (so a
 * consultation that leaves it empty keeps the earlier target); null when none did. The IOP chart draws it, and a
 * pressure above it is flagged.
 */
export const targetIopSchema = z.object({ right: z.number().nullable(), left: z.number().nullable() });
export const patientTrendsSchema = z.object({
  series: z.array(trendSeriesSchema),
  targetIop: targetIopSchema,
});
export const patientTrendsResponseSchema = dataOf(patientTrendsSchema);

export type TrendPoint = z.infer<typeof trendPointSchema>;
export type TrendSeries = z.infer<typeof trendSeriesSchema>;
export type PatientTrends = z.infer<typeof patientTrendsSchema>;
export type TargetIop = z.infer<typeof targetIopSchema>;
