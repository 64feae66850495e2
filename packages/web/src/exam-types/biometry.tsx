import type { BiometryDerived } from '@basira/shared/exams/biometry';
import type { ExamWebExtension, ResultsProps } from './exam-extension.ts';
import { BiometryLensFill } from './biometry-lens-fill.tsx';
import { BiometryResults } from './exam-results.tsx';

const target = (value: unknown) => (typeof value === 'number' ? value : null);

/** Hoffer Q, Holladay 1 and SRK/T per eye, the lens closest to each eye's target refraction marked. */
function Results({ derived, read, cols, compact }: ResultsProps) {
  return (
    <BiometryResults
      derived={derived as BiometryDerived | null | undefined}
      targets={{
        right: target(read('lens.right.targetRefraction')),
        left: target(read('lens.left.targetRefraction')),
      }}
      cols={cols}
      compact={compact}
    />
  );
}

/**
 * The biometry: its lens power calculation, live under the form and on the report; a lens picked from the clinic's
 * list fills that eye's model and constants.
 */
export const biometryExtension: ExamWebExtension = {
  Results,
  itemExtras: { 'lens:after': BiometryLensFill },
};
