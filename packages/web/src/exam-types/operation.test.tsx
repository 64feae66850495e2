import { useState } from 'react';
import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExamType } from '@basira/shared/exams/exam-types';
import { predictedRefraction } from '@basira/shared/clinical/iol-formula';
import { biometry } from '@basira/shared/exams/biometry';
import { operation, type OperationDerived } from '@basira/shared/exams/operation';
import { operationPlanContext } from '@basira/shared/exams/operation-plan';
import { Providers } from '../app/providers.tsx';
import { initEnglish } from '../test/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { dayIn } from '../lib/format.ts';
import { storeSession } from '../lib/storage.ts';
import { clinicUser } from '../test/render-with-clinic.tsx';
import { ExamFormContext } from '../features/exams/exam-form-context.ts';
import { ExamSections } from '../features/exams/exam-fields.tsx';
import { getPath, setPath } from '../features/exams/use-exam-record-form.ts';
import { lensFill } from './biometry-lens-fill.tsx';
import { operationExtension, OperationResults } from './operation.tsx';

const constant = (value: number) => ({ value, source: 'manufacturer', sourceDate: '2025-01-10' });
const LENSES = [
  {
    id: 3,
    model: 'SN60WF',
    manufacturer: 'Alcon',
    description: '',
    aConstant: constant(119),
    pACD: constant(5.64),
    surgeonFactor: null,
    isActive: true,
    version: 1,
    updatedAt: '2026-01-01T00:00:00Z',
  },
];
const PLAN = {
  id: 12,
  type: 'biometry',
  patientId: 7,
  queueId: 1,
  version: 1,
  createdBy: null,
  updatedBy: null,
  createdAt: '2026-11-02T09:00:00Z',
  updatedAt: '2026-11-02T09:00:00Z',
  lens: { right: { iolPower: 21.5, lensId: 3 } },
  derived: null,
};
const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await initEnglish();
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.pathname.endsWith('/iol-lenses')) return json({ data: LENSES });
    if (url.pathname.endsWith('/mo/queue/doctors')) return json({ data: [{ id: 2, name: 'Dr Salim' }] });
    if (url.pathname.endsWith('/mo/exam/biometry/12')) return json({ data: PLAN });
    if (url.pathname.endsWith('/mo/exam/biometry'))
      return json({ data: [PLAN], meta: { page: 1, perPage: 20, total: 1, lastPage: 1 } });
    return new Response(JSON.stringify({ message: 'not found', code: 'not_found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

let values: Record<string, unknown> = {};
function Harness({
  type,
  initial = {},
  derived,
}: {
  type: ExamType;
  initial?: Record<string, unknown>;
  derived?: unknown;
}) {
  const [state, setState] = useState<Record<string, unknown>>(initial);
  values = state;
  return (
    <ExamFormContext.Provider
      value={{
        getValue: (p) => getPath(state, p),
        setValue: (p, v) => setState((current) => setPath(current, p, v)),
        errors: {},
        patientId: 7,
        readOnly: false,
        derived,
      }}
    >
      <ExamSections type={type} />
      {derived !== undefined && <OperationResults derived={derived} read={() => undefined} cols={1} />}
    </ExamFormContext.Provider>
  );
}

function renderForm(props: Parameters<typeof Harness>[0]) {
  return render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <Harness {...props} />
      </QueryClientProvider>
    </Providers>,
  );
}

/** Opens a picker and clicks its option, in its own list (each eye's picker keeps one in the page). */
async function pick(testId: string, option: string | RegExp) {
  const user = userEvent.setup();
  const input = screen.getByTestId(testId);
  await user.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('the operation form', () => {
  it('picks the lens, the surgeon and the plan by name and stores their ids', async () => {
    renderForm({ type: 'operation' });
    await pick('exam-field-lens.lensId', 'SN60WF — Alcon');
    await pick('exam-field-operation.surgeonId', 'Dr Salim');
    // The plan by its day and its summary line.
    await pick('exam-field-plan.biometryId', /^2 Nov 2026 · /);
    await waitFor(() =>
      expect(values).toMatchObject({
        lens: { lensId: 3 },
        operation: { surgeonId: 2 },
        plan: { biometryId: 12 },
      }),
    );
  });

  it('shows the prediction signed with its unit, the formula and constant, and the warnings in words', () => {
    const derived: OperationDerived = {
      lensModel: 'SN60WF',
      manufacturer: 'Alcon',
      formula: 'srkt',
      constant: 119,
      axialLength: 23.41,
      plannedPower: 21.5,
      predictedRefraction: -0.25,
      warnings: [{ code: 'powerDiffersFromPlan', value: 0.5 }],
    };
    renderForm({ type: 'operation', derived });
    expect(screen.getByTestId('operation-predicted')).toHaveTextContent('Predicted refraction: -0.25 D');
    expect(screen.getByTestId('operation-formula')).toHaveTextContent('SRK/T · A-constant: 119.00');
    expect(screen.getByTestId('operation-axial-length')).toHaveTextContent('23.41 mm');
    expect(screen.getByTestId('operation-lens')).toHaveTextContent('SN60WF — Alcon');
    expect(screen.getByTestId('operation-warning-powerDiffersFromPlan')).toHaveTextContent(
      "differs from the plan's by",
    );
    expect(screen.getByTestId('operation-warning-powerDiffersFromPlan')).toHaveTextContent('+0.50 D');
  });

  it("offers the plan's power and lens once the plan and the eye are picked", async () => {
    renderForm({
      type: 'operation',
      initial: { operation: { eye: 'right' }, plan: { biometryId: 12 } },
      derived: { warnings: [] },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('operation-prefill'));
    await waitFor(() => expect(values.lens).toEqual({ power: 21.5, lensId: 3 }));
    expect(screen.queryByTestId('operation-prefill')).toBeNull();
  });
});

describe('the biometry lens block', () => {
  it('fills the eye from a lens of the list when one is picked', async () => {
    renderForm({ type: 'biometry' });
    await pick('exam-field-lens.right.lensId', 'SN60WF — Alcon');
    await waitFor(() =>
      expect(values.lens).toEqual({ right: { lensId: 3, lensModel: 'SN60WF', aConstant: 119, pACD: 5.64 } }),
    );
  });

  it('clears a constant the new lens lacks only when the previous one came from the list', () => {
    const lens = { ...LENSES[0]!, pACD: null } as Parameters<typeof lensFill>[0];
    expect(lensFill(lens, false)).toEqual({ lensModel: 'SN60WF', aConstant: 119 });
    expect(lensFill(lens, true)).toEqual({
      lensModel: 'SN60WF',
      aConstant: 119,
      pACD: null,
      surgeonFactor: null,
    });
  });
});

describe("the operation's live context", () => {
  it('is built from the picked plan and lens as the server builds it, so the live prediction is the saved one', async () => {
    const planData = {
      measurements: { right: { axialLength: 23.5, k1: 43.25, k1Axis: 180, k2: 43.75, k2Axis: 90 } },
      lens: { right: { aConstant: 118.4, iolPower: 21.5, lensId: 3 } },
    };
    const record = { ...PLAN, ...planData, derived: biometry.derive!.compute(planData as never, undefined) };
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url.pathname.endsWith('/iol-lenses')) return json({ data: LENSES });
      if (url.pathname.endsWith('/mo/exam/biometry/12')) return json({ data: record });
      return new Response('{}', { status: 404 });
    });
    const data = {
      operation: { eye: 'right' },
      lens: { lensId: 3, power: 22 },
      plan: { biometryId: 12, formula: 'srkt' },
    };
    const useContext = operationExtension.useDeriveContext!;
    const client = createQueryClient();
    const { result } = renderHook(() => useContext((path) => getPath(data, path), { diagnoses: {} }), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(result.current?.operation?.plan).toBeDefined());
    await waitFor(() => expect(result.current?.operation?.lens).toBeDefined());
    const expected = {
      diagnoses: {},
      operation: {
        plan: operationPlanContext({ id: 12, data: planData as never, derived: record.derived }, 'right'),
        lens: { model: 'SN60WF', manufacturer: 'Alcon' },
      },
    };
    expect(result.current).toEqual(expected);
    const live = operation.derive!.compute(data as never, undefined, result.current);
    expect(live.predictedRefraction).toBeCloseTo(
      predictedRefraction('srkt', { axialLength: 23.5, meanK: 43.5 }, 118.4, 22),
      9,
    );
    expect(live.lensModel).toBe('SN60WF');
  });
});

describe('the operation note', () => {
  it('names the surgeon and the lens (as saved) instead of their ids, under its own title', async () => {
    const sheet = operationExtension.print!;
    expect(i18next.t(sheet.titleKey)).toBe('Operation note');
    expect(sheet.doctorsDocument).toBe(true);
    const data = {
      operation: { eye: 'right', surgeonId: 2, procedure: 'phaco' },
      lens: { lensId: 3, power: 22, placement: 'bag' },
      plan: { biometryId: 12 },
      derived: { lensModel: 'SN60WF', manufacturer: 'Alcon', predictedRefraction: -0.25, warnings: [] },
    };
    render(
      <Providers i18n={i18next} direction="ltr">
        <QueryClientProvider client={createQueryClient()}>
          <sheet.Sheet data={data} patient={{} as never} zeroAs="plano" />
        </QueryClientProvider>
      </Providers>,
    );
    const names = await screen.findByTestId('print-operation-names');
    await waitFor(() => expect(names).toHaveTextContent('Surgeon: Dr Salim'));
    expect(names).toHaveTextContent('Lens: SN60WF — Alcon');
    expect(screen.getByTestId('print-section-operation')).toHaveTextContent('Phacoemulsification');
    expect(screen.queryByTestId('print-field-operation.surgeonId')).toBeNull();
    expect(screen.queryByTestId('print-field-lens.lensId')).toBeNull();
    expect(screen.queryByTestId('print-section-plan')).toBeNull();
    expect(screen.getByTestId('operation-predicted')).toHaveTextContent('-0.25 D');
  });
});

describe('a new operation', () => {
  it('starts today, with the signed-in doctor as its surgeon (a non-doctor leaves it to pick)', async () => {
    const useDefaults = operationExtension.useNewRecordDefaults!;
    const run = async (doctors: { id: number; name: string }[]) => {
      storeSession('test-token', clinicUser([]));
      fetchMock.mockImplementation(async (input) => {
        const url = String(input);
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
        if (url.endsWith('/api/me')) return json({ data: clinicUser([]) });
        if (url.endsWith('/mo/queue/doctors')) return json({ data: doctors });
        return new Response('{}', { status: 404 });
      });
      const client = createQueryClient();
      const { result } = renderHook(() => useDefaults(), {
        wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
      });
      await waitFor(() => expect(result.current).not.toBeNull());
      return result.current;
    };
    const today = dayIn('Asia/Baghdad');
    expect(await run([{ id: 1, name: 'Reception' }])).toEqual({ operation: { date: today, surgeonId: 1 } });
    expect(await run([{ id: 2, name: 'Dr Salim' }])).toEqual({ operation: { date: today } });
    localStorage.clear();
  });
});
