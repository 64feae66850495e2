import { prescribedReading, type PRISM_BASES } from '../exams/spectacles.ts';

/**
 * A spectacle record as a FHIR R4 VisionPrescription (https://hl7.org/fhir/R4/visionprescription.html): the
 * prescribed reading (the one marked final, else the latest subjective, as the printout), one lens
 * specification per eye that has a sphere, values as recorded (not rounded again).
 */
export const FHIR_CONTENT_TYPE = 'application/fhir+json';
const PRODUCT_SYSTEM = 'http://terminology.hl7.org/CodeSystem/ex-visionprescriptionproduct';

type PrismBase = (typeof PRISM_BASES)[number];

interface EyeReading {
  sphere?: number | null;
  cylinder?: number | null;
  axis?: number | null;
  add?: number | null;
  prism?: number | null;
  prismBase?: PrismBase | null;
}

export interface SpectacleRecordForFhir {
  id: number;
  createdAt: string;
  createdBy: { name: string } | null;
  updatedBy: { name: string } | null;
  readings?:
    | {
        kind?: string | null;
        isFinal?: boolean | null;
        right?: EyeReading | null;
        left?: EyeReading | null;
      }[]
    | null;
}

export interface LensSpecification {
  product: { coding: { system: string; code: 'lens'; display: string }[] };
  eye: 'right' | 'left';
  sphere: number;
  cylinder?: number;
  axis?: number;
  prism?: { amount: number; base: PrismBase }[];
  add?: number;
}

/** A type, not an interface: an answer schema checks it as a JSON object. */
export type VisionPrescription = {
  resourceType: 'VisionPrescription';
  id: string;
  status: 'active';
  created: string;
  patient: { reference: string; display: string };
  dateWritten: string;
  prescriber: { display: string };
  lensSpecification: LensSpecification[];
};

function lens(eye: 'right' | 'left', reading: EyeReading | null | undefined): LensSpecification[] {
  if (reading?.sphere == null) return [];
  const spec: LensSpecification = {
    product: { coding: [{ system: PRODUCT_SYSTEM, code: 'lens', display: 'Lens' }] },
    eye,
    sphere: reading.sphere,
  };
  if (reading.cylinder) {
    spec.cylinder = reading.cylinder;
    spec.axis = reading.axis ?? 180;
  }
  if (reading.prism && reading.prismBase) spec.prism = [{ amount: reading.prism, base: reading.prismBase }];
  if (reading.add != null) spec.add = reading.add;
  return [spec];
}

export function toVisionPrescription(
  record: SpectacleRecordForFhir,
  patient: { id: number; name: string },
): VisionPrescription {
  const reading = prescribedReading(record.readings ?? undefined);
  const writer = record.updatedBy ?? record.createdBy;
  return {
    resourceType: 'VisionPrescription',
    id: String(record.id),
    status: 'active',
    created: record.createdAt,
    patient: { reference: `Patient/${patient.id}`, display: patient.name },
    dateWritten: record.createdAt,
    prescriber: { display: writer?.name ?? '' },
    lensSpecification: [...lens('right', reading?.right), ...lens('left', reading?.left)],
  };
}
