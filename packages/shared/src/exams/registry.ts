import { biometry } from './biometry.ts';
import { consultation } from './consultation.ts';
import type { ExamDefinition, ExamProvision } from './exam-definition.ts';
import type { ExamType } from './exam-types.ts';
import { leavesOf, type Leaf } from './fields.ts';
import { followUp } from './follow-up.ts';
import { keratoconus } from './keratoconus.ts';
import { lasik } from './lasik.ts';
import { lowVision } from './low-vision.ts';
import { operation } from './operation.ts';
import { outer } from './outer.ts';
import { prism } from './prism.ts';
import { retina } from './retina.ts';
import { spectacles } from './spectacles.ts';

/**
 * Every exam type's definition, in the order of EXAM_TYPES (exam-types.ts). The server's routes, the web app's
 * screens, the board, the option lists and the print views are derived from them. A new type is one definition
 * file, one line here and its word in EXAM_TYPES (docs/exams.md).
 */
export const EXAM_DEFINITIONS = [
  spectacles,
  prism,
  lasik,
  followUp,
  biometry,
  keratoconus,
  retina,
  lowVision,
  outer,
  consultation,
  operation,
] as const;

const byType = new Map<string, ExamDefinition>(
  EXAM_DEFINITIONS.map((d) => [d.type, d as unknown as ExamDefinition]),
);

/** The definition of a type, with its fields' types erased (for generic code: the server module, the form). */
export function examDefinition(type: ExamType): ExamDefinition {
  return byType.get(type)!;
}

const PRODUCT_DEFINITIONS = EXAM_DEFINITIONS as readonly unknown[] as readonly ExamDefinition[];

/** The product's types whose records provide `provision` (the letters find their records by it). */
export function examTypesProviding(provision: ExamProvision): ExamType[] {
  return PRODUCT_DEFINITIONS.filter((d) => d.provides?.includes(provision)).map((d) => d.type as ExamType);
}

/** The product's types whose forms hold a field of one of these kinds (the code lists' pickers: drug, diagnosis). */
export function examTypesWithFields(kinds: readonly Leaf['kind'][]): ExamType[] {
  return PRODUCT_DEFINITIONS.filter((d) =>
    leavesOf(d.fields).some(({ leaf }) => kinds.includes(leaf.kind)),
  ).map((d) => d.type as ExamType);
}

/**
 * Test seam: a fixture exam type (one the product does not have, the web's "tenth and a half") is found by
 * `examDefinition` while a test holds it; the returned function removes it again. Only tests call this. The
 * product's types stay the static lists above: EXAM_DEFINITIONS and EXAM_TYPES (and the routes, the server's
 * modules and the permissions built from them) never see a fixture; this map is read by `examDefinition` alone.
 * Casting a fixture's type word to ExamType is then the test's own business.
 */
export function registerTestExamDefinition(definition: ExamDefinition): () => void {
  if (byType.has(definition.type)) throw new Error(`exam type ${definition.type} is registered already`);
  byType.set(definition.type, definition);
  return () => {
    byType.delete(definition.type);
  };
}
