import { memo } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { initEnglish } from '../../test/i18n.ts';
import { ExamSections } from './exam-fields.tsx';
import { ExamFormContext, useExamForm } from './exam-form-context.ts';
import { useExamRecordForm } from './use-exam-record-form.ts';

beforeAll(async () => {
  await initEnglish();
});

const RIGHT = 'measurements.right.axialLength';
const LEFT = 'measurements.left.axialLength';

/** Reads one value of the form and counts its own renders. */
const renders = new Map<string, number>();
function Probe({ path }: { path: string }) {
  const form = useExamForm();
  renders.set(path, (renders.get(path) ?? 0) + 1);
  return <output data-testid={`probe-${path}`}>{String(form.getValue(path) ?? '')}</output>;
}

/** Out of the form's own renders, as the sections are. */
const Probes = memo(function Probes() {
  return (
    <>
      <Probe path={RIGHT} />
      <Probe path={LEFT} />
    </>
  );
});

/** The real biometry form (the record form hook and the generic sections), with a probe on each eye's length. */
function BiometryForm() {
  const exam = useExamRecordForm({
    type: 'biometry',
    patientId: 7,
    queueId: 3,
    record: null,
    readOnly: false,
  });
  return (
    <ExamFormContext.Provider value={exam.access}>
      <ExamSections type="biometry" />
      <Probes />
    </ExamFormContext.Provider>
  );
}

describe('an exam form input renders again only when what it read has changed (useExamForm)', () => {
  it('commits one eye’s axial length without rendering what reads the other eye', async () => {
    render(
      <Providers i18n={i18next} direction="ltr">
        <QueryClientProvider client={createQueryClient()}>
          <BiometryForm />
        </QueryClientProvider>
      </Providers>,
    );
    const leftBefore = renders.get(LEFT)!;
    const rightBefore = renders.get(RIGHT)!;

    const user = userEvent.setup();
    await user.type(screen.getByTestId(`exam-field-${RIGHT}`), '23.5');
    await user.tab();

    // The value reached the form and what reads it; the other eye's reader was left alone.
    expect(screen.getByTestId(`probe-${RIGHT}`)).toHaveTextContent('23.5');
    expect(renders.get(RIGHT)).toBeGreaterThan(rightBefore);
    expect(renders.get(LEFT)).toBe(leftBefore);
    expect(screen.getByTestId(`exam-field-${RIGHT}`)).toHaveValue('23.50');

    // And the other eye, typed next, follows as well.
    await user.type(screen.getByTestId(`exam-field-${LEFT}`), '24');
    await user.tab();
    expect(screen.getByTestId(`probe-${LEFT}`)).toHaveTextContent('24');
    expect(screen.getByTestId(`exam-field-${LEFT}`)).toHaveValue('24.00');
  });
});
