import type { ExamWebExtension, ResultsProps } from './exam-extension.ts';
import { KeratoconusResults, type KeratoconusEye, type Sides } from './exam-results.tsx';
import { KeratoconusStartPower } from './keratoconus-start-power.tsx';

/**
 * The keratoconus record: under the lens fitting, the start power from the patient's last spectacle record; its
 * progression, live under the form and on the report.
 */
export const keratoconusExtension: ExamWebExtension = {
  itemExtras: { 'fitting:after': KeratoconusStartPower },
  Results: ({ derived, cols, compact }: ResultsProps) => (
    <KeratoconusResults derived={derived as Sides<KeratoconusEye>} cols={cols} compact={compact} />
  ),
};
