import { useState, type ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamDefinition } from '@basira/shared/exams/exam-definition';
import type { ExamType } from '@basira/shared/exams/exam-types';
import { group, list, num, text, type ValuesOf } from '@basira/shared/exams/fields';
import { registerTestExamDefinition } from '@basira/shared/exams/registry';
import { Providers } from '../app/providers.tsx';
import { DerivedPanel } from '../features/exams/exam-derived.tsx';
import { ExamSections } from '../features/exams/exam-fields.tsx';
import { ExamFormContext } from '../features/exams/exam-form-context.ts';
import { getPath, setPath } from '../features/exams/use-exam-record-form.ts';
import { ExamSheet, useExamSheetFrame } from '../features/print/exam-sheet.tsx';
import { initEnglish } from '../test/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import {
  ExamExtensionsContext,
  type ExamExtensions,
  type ExamWebExtension,
  type ResultsProps,
} from './exam-extension.ts';
import { EXAM_EXTENSIONS } from './registry.ts';

/**
 * A fixture exam type the product does not have (the "tenth and a half"), registered only here: its definition
 * through the shared registry's test seam, its web extension through the extensions context. The generic form,
 * results panel and print sheet must render it from the declarations alone, as they render the real types.
 */
const FIXTURE = 'tenthAndAHalf' as ExamType;

const fields = {
  reading: group({ depth: num({ unit: 'mm', min: 0, max: 10, step: 0.5 }) }),
  notes: list(group({ line: text(100) }), 3),
};
type FixtureData = ValuesOf<typeof fields>;

const fixtureDefinition: ExamDefinition<typeof fields, { twice: number | null }> = {
  type: FIXTURE,
  permissions: { add: [], edit: [], delete: [], show: [], print: [] },
  fields,
  derive: {
    schema: z.object({ twice: z.number().nullable() }),
    compute: (data) => ({ twice: typeof data.reading?.depth === 'number' ? data.reading.depth * 2 : null }),
  },
  summary: (data) => String(data.reading?.depth ?? ''),
};

/** Beside each note: its path. */
const NoteExtra = ({ path }: { path: string }) => <span data-testid="fixture-note-extra">{path}</span>;

/** The computed value, live and on paper; `read` reaches the record's own fields. */
const FixtureResults = ({ derived, read, compact }: ResultsProps) => (
  <span data-testid="fixture-results">
    {(derived as { twice: number | null } | null)?.twice ?? '—'} / {String(read('reading.depth'))}
    {compact ? ' (print)' : ''}
  </span>
);

const fixtureExtension: ExamWebExtension = {
  itemExtras: { notes: NoteExtra },
  Results: FixtureResults,
  print: {
    titleKey: 'print.titles.report',
    doctorsDocument: true,
    Sheet: ({ data, patient }) => (
      <div data-testid="fixture-sheet">
        {patient.name}: {String((data as FixtureData).reading?.depth)}
      </div>
    ),
  },
};

/** The product's extensions with the fixture's beside them: what a test provides, never what production reads. */
const withFixture = (extension: ExamWebExtension): ExamExtensions => ({
  ...EXAM_EXTENSIONS,
  [FIXTURE]: extension,
});

let unregister: () => void;
beforeAll(async () => {
  await initEnglish();
  unregister = registerTestExamDefinition(fixtureDefinition as unknown as ExamDefinition);
});
afterAll(() => unregister());

function wrap(extensions: ExamExtensions, children: ReactNode) {
  return render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <ExamExtensionsContext.Provider value={extensions}>{children}</ExamExtensionsContext.Provider>
      </QueryClientProvider>
    </Providers>,
  );
}

/** The generic form of the fixture, its derived values computed from its definition as the form does. */
function FixtureForm({ initial }: { initial: Record<string, unknown> }) {
  const [values, setValues] = useState(initial);
  const derived = fixtureDefinition.derive!.compute(values as FixtureData, undefined);
  return (
    <ExamFormContext.Provider
      value={{
        getValue: (p) => getPath(values, p),
        setValue: (p, v) => setValues((current) => setPath(current, p, v)),
        errors: {},
        patientId: 7,
        readOnly: false,
        derived,
      }}
    >
      <ExamSections type={FIXTURE} />
      <DerivedPanel type={FIXTURE} derived={derived} />
    </ExamFormContext.Provider>
  );
}

const patient = {
  name: 'Fixture Patient',
  fileNumber: 1,
  birthDate: null,
  isMale: true,
  allergies: [],
} as unknown as Parameters<typeof ExamSheet>[0]['patient'];

function SheetFrame({ type }: { type: ExamType }) {
  const { title, doctorsDocument } = useExamSheetFrame(type);
  return <p data-testid="sheet-frame">{`${title} · ${doctorsDocument ? 'signed' : 'unsigned'}`}</p>;
}

describe('an exam type registered only in a test (the "tenth and a half")', () => {
  it('renders its form from its definition, with its own item extras and live results', async () => {
    wrap(withFixture(fixtureExtension), <FixtureForm initial={{ notes: [{ line: 'first' }] }} />);
    expect(screen.getByTestId('exam-section-reading')).toBeInTheDocument();
    expect(screen.getByTestId('exam-section-notes')).toBeInTheDocument();
    expect(screen.getByTestId('fixture-note-extra')).toHaveTextContent('notes.0');
    const results = within(screen.getByTestId('exam-derived')).getByTestId('fixture-results');
    expect(results).toHaveTextContent('— / undefined');

    // A number is committed as it is left (number-text.tsx).
    await userEvent.setup().type(screen.getByTestId('exam-field-reading.depth'), '2.5{Tab}');
    expect(await screen.findByText('5 / 2.5')).toHaveAttribute('data-testid', 'fixture-results');
  });

  it('prints its own sheet, titled and signed as its extension says', () => {
    const data = { reading: { depth: 3 }, derived: { twice: 6 } };
    wrap(
      withFixture(fixtureExtension),
      <>
        <SheetFrame type={FIXTURE} />
        <ExamSheet type={FIXTURE} data={data} patient={patient} zeroAs="plano" />
      </>,
    );
    expect(screen.getByTestId('fixture-sheet')).toHaveTextContent('Fixture Patient: 3');
    expect(screen.getByTestId('sheet-frame')).toHaveTextContent('signed');
    expect(screen.queryByTestId('print-section-derived')).not.toBeInTheDocument();
  });

  it('without a sheet of its own, prints the generic report with its results under it', () => {
    const data = { reading: { depth: 3 }, derived: { twice: 6 } };
    const { print: _ownSheet, ...reportOnly } = fixtureExtension;
    wrap(
      withFixture(reportOnly),
      <>
        <SheetFrame type={FIXTURE} />
        <ExamSheet type={FIXTURE} data={data} patient={patient} zeroAs="plano" />
      </>,
    );
    expect(screen.queryByTestId('fixture-sheet')).not.toBeInTheDocument();
    expect(screen.getByTestId('sheet-frame')).toHaveTextContent('unsigned');
    const section = screen.getByTestId('print-section-derived');
    expect(within(section).getByTestId('fixture-results')).toHaveTextContent('6 / 3 (print)');
  });

  it('is wholly generic without an extension: no results card, no extras', () => {
    wrap(EXAM_EXTENSIONS, <FixtureForm initial={{ reading: { depth: 1 }, notes: [{ line: 'x' }] }} />);
    expect(screen.getByTestId('exam-section-reading')).toBeInTheDocument();
    expect(screen.queryByTestId('exam-derived')).not.toBeInTheDocument();
    expect(screen.queryByTestId('fixture-note-extra')).not.toBeInTheDocument();
  });
});
