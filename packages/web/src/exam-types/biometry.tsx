import type { BiometryDerived } from '@basira/shared/exams/biometry';
import type { ExamWebExtension, ResultsProps } from './exam-extension.ts';
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

/** The biometry: its lens power calculation, live under the form and on the report. */
export const biometryExtension: ExamWebExtension = { Results };
