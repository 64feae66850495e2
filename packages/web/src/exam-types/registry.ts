import type { ExamType } from '@basira/shared/exams/exam-types';
import type { ExamWebExtension } from './exam-extension.ts';
import { biometryExtension } from './biometry.tsx';
import { consultationExtension } from './consultation.tsx';
import { followUpExtension } from './follow-up.tsx';
import { keratoconusExtension } from './keratoconus.tsx';
import { lasikExtension } from './lasik.tsx';
import { operationExtension } from './operation.tsx';
import { spectaclesExtension } from './spectacles.tsx';

/**
 * Every exam type's web extension (exam-extension.ts), by type: the one place a type's own screens are named. A
 * type not listed (prism, retina, low vision, outer) is wholly generic: its definition is all it needs.
 */
export const EXAM_EXTENSIONS: Readonly<Partial<Record<ExamType, ExamWebExtension>>> = {
  spectacles: spectaclesExtension,
  followUp: followUpExtension,
  biometry: biometryExtension,
  lasik: lasikExtension,
  keratoconus: keratoconusExtension,
  consultation: consultationExtension,
  operation: operationExtension,
};
