import type { ExamWebExtension, ResultsProps } from './exam-extension.ts';
import { LasikResults, type LasikEye, type Sides } from './exam-results.tsx';

/** The LASIK assessment: each eye's residual stroma and safety, live under the form and on the report. */
export const lasikExtension: ExamWebExtension = {
  Results: ({ derived, cols, compact }: ResultsProps) => (
    <LasikResults derived={derived as Sides<LasikEye>} cols={cols} compact={compact} />
  ),
};
