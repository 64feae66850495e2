import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  Audit,
  ConstantOptimisationRow,
  IolLens,
  OperationOutcome,
} from '@basira/shared/outcomes/outcomes.schemas';
import { renderScreenWithApi, type ApiAnswer } from '../../test/render-with-clinic.tsx';
import { initEnglish } from '../../test/i18n.ts';
import { OutcomesAuditPage } from './audit-page.tsx';
import { OperationOutcomePanel } from './operation-outcome-panel.tsx';

const renderAt = (
  element: ReactElement,
  url: string,
  permissions: string[],
  answer: (method: string, url: string) => ApiAnswer,
) => renderScreenWithApi(element, url, permissions, answer);

const BINS = [
  { from: null, to: -2, count: 0 },
  ...Array.from({ length: 16 }, (_, i) => ({
    from: -2 + i * 0.25,
    to: -2 + (i + 1) * 0.25,
    count: i === 8 ? 2 : 0,
  })),
  { from: 2, to: null, count: 1 },
];

const AUDIT: Audit = {
  operations: 4,
  n: 3,
  meanError: 0.123,
  sdError: 0.4,
  meanAbsoluteError: 0.31,
  medianAbsoluteError: 0.25,
  within: [
    { limit: 0.25, count: 1, share: 1 / 3 },
    { limit: 0.5, count: 2, share: 2 / 3 },
    { limit: 1, count: 3, share: 1 },
    { limit: 2, count: 3, share: 1 },
  ],
  histogram: BINS,
  pcr: { count: 1, per100: 25 },
  complications: { count: 1, per100: 25 },
  correctedReaching: { count: 3, of: 3, share: 1 },
  uncorrectedReaching: { count: 1, of: 2, share: 0.5 },
  benchmarks: { within050: 0.55, within100: 0.85, goodWithin050: 0.8 },
  sia: [
    {
      site: 'temporal',
      n: 2,
      mean: { magnitude: 0.42, axis: 95 },
      meanMagnitude: 0.5,
      centroid: { x: -0.41, y: -0.07 },
      points: [
        { x: -0.5, y: 0 },
        { x: -0.3, y: -0.1 },
      ],
    },
  ],
  eyes: [
    {
      operationId: 11,
      patientId: 5,
      queueId: 8,
      patientName: 'Zainab Ali',
      eye: 'right',
      date: '2026-09-01',
      surgeon: { id: 2, name: 'Dr Salim' },
      lensModel: 'SN60WF',
      formula: 'srkt',
      axialLength: 23.45,
      power: 21.5,
      predictedRefraction: -0.25,
      achievedSE: -0.125,
      predictionError: 0.125,
      firstEye: true,
      complications: [],
    },
  ],
};

const LENS: IolLens = {
  id: 7,
  model: 'SN60WF',
  manufacturer: 'Alcon',
  description: '',
  aConstant: { value: 118.7, source: 'manufacturer', sourceDate: null },
  pACD: null,
  surgeonFactor: null,
  isActive: true,
  version: 3,
  updatedAt: '2026-01-01T00:00:00Z',
};

const CONSTANTS: ConstantOptimisationRow[] = [
  {
    lensId: 7,
    lensModel: 'SN60WF',
    formula: 'srkt',
    constant: 'aConstant',
    current: 118.7,
    eyes: 24,
    minimumEyes: 20,
    optimised: {
      value: 118.92,
      n: 23,
      excluded: 1,
      sd: 0.3,
      confidenceInterval: [118.8, 119.04],
      meanErrorBefore: 0.15,
      meanErrorAfter: 0,
      meanAbsoluteErrorBefore: 0.4,
      meanAbsoluteErrorAfter: 0.33,
    },
    refused: null,
  },
  {
    lensId: 7,
    lensModel: 'SN60WF',
    formula: 'hofferQ',
    constant: 'pACD',
    current: 5.6,
    eyes: 4,
    minimumEyes: 20,
    optimised: null,
    refused: 'tooFewEyes',
  },
];

const base = (method: string, url: string): ApiAnswer => {
  if (url === 'mo/queue/doctors') return { body: { data: [{ id: 2, name: 'Dr Salim' }] } };
  if (url === 'iol-lenses') return { body: { data: [LENS] } };
  if (url === 'outcomes/settings' && method === 'GET')
    return { body: { data: { minimumEyes: 20, version: 1 } } };
  return undefined;
};

beforeAll(initEnglish);
afterEach(() => vi.unstubAllGlobals());

describe('the outcomes audit screen', () => {
  it('asks with the address filters and shows the figures, the marks, the charts and the eyes', async () => {
    const { calls } = renderAt(
      <OutcomesAuditPage />,
      '/outcomes?formula=srkt',
      ['show outcomes'],
      (m, url) => (url.startsWith('outcomes/audit') ? { body: { data: AUDIT } } : base(m, url)),
    );
    expect(await screen.findByTestId('outcomes-figure-mean')).toHaveTextContent('+0.12 ± 0.40 D');
    expect(calls.find((c) => c.url.startsWith('outcomes/audit'))!.url).toBe(
      'outcomes/audit?firstEyesOnly=true&formula=srkt',
    );
    expect(screen.getByTestId('outcomes-figure-mae')).toHaveTextContent('0.31 D');
    // 67 % within ±0.50: above the 55 % benchmark, below the 80 % of a good service; 100 % within ±1.00.
    expect(screen.getAllByTestId('outcomes-benchmark-pass')).toHaveLength(2);
    expect(screen.getAllByTestId('outcomes-benchmark-below')).toHaveLength(1);
    expect(screen.getAllByTestId('outcomes-histogram-bar')).toHaveLength(18);
    expect(screen.getByTestId('outcomes-sia-mean')).toHaveTextContent('Temporal: 0.42 D @ 095');
    const row = screen.getByTestId('outcomes-eye-row');
    expect(within(row).getByRole('link', { name: 'Zainab Ali' })).toHaveAttribute('href', '/patient/5');
    // The error opens the operation record.
    expect(within(row).getByTestId('outcomes-eye-operation')).toHaveAttribute('href', '/operation/5/8/11');
    expect(row).toHaveTextContent('+0.13');
  });

  it('says so when no eye has an outcome', async () => {
    renderAt(<OutcomesAuditPage />, '/outcomes', ['show outcomes'], (m, url) =>
      url.startsWith('outcomes/audit')
        ? { body: { data: { ...AUDIT, n: 0, meanError: null, sdError: null, eyes: [], sia: [] } } }
        : base(m, url),
    );
    expect(await screen.findByTestId('outcomes-empty')).toHaveTextContent('Operations counted: 4');
  });

  it('offers the optimised constant to whoever manages lenses, and accepts it with the lens version', async () => {
    const { calls } = renderAt(
      <OutcomesAuditPage />,
      '/outcomes?tab=constants',
      ['show outcomes', 'manage iol lenses'],
      (m, url) => {
        if (url.startsWith('outcomes/constants')) return { body: { data: CONSTANTS } };
        if (m === 'POST' && url === 'iol-lenses/7/optimise')
          return { body: { data: { ...LENS, version: 4, history: [] } } };
        return base(m, url);
      },
    );
    expect(await screen.findByTestId('outcomes-constant-refused')).toHaveTextContent('4 of 20');
    await waitFor(() => expect(screen.getByTestId('outcomes-accept')).toBeEnabled());
    await userEvent.click(screen.getByTestId('outcomes-accept'));
    expect(await screen.findByTestId('outcomes-accept-text')).toHaveTextContent('118.70');
    expect(screen.getByTestId('outcomes-accept-text')).toHaveTextContent('118.92');
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        url: 'iol-lenses/7/optimise',
        body: { formula: 'srkt', version: 3 },
      }),
    );
  });
});

const OUTCOME: OperationOutcome = {
  operationId: 11,
  patientId: 5,
  eye: 'right',
  date: '2026-09-01',
  candidates: [
    {
      spectaclesId: 40,
      date: '2026-09-29',
      daysAfter: 28,
      inWindow: true,
      sphere: -0.5,
      cylinder: -0.75,
      axis: 90,
      isFinal: true,
      correctedAcuity: '6/6',
      uncorrectedAcuity: '6/9',
    },
    {
      spectaclesId: 41,
      date: '2026-12-30',
      daysAfter: 120,
      inWindow: false,
      sphere: -0.25,
      cylinder: null,
      axis: null,
      isFinal: true,
      correctedAcuity: null,
      uncorrectedAcuity: null,
    },
  ],
  chosen: { spectaclesId: 40, by: 'default' },
  predictedRefraction: -0.25,
  achievedSE: -0.875,
  predictionError: -0.625,
  correctedAcuity: '6/6',
  uncorrectedAcuity: '6/9',
  sia: { magnitude: 0.42, axis: 95 },
};

describe('the operation outcome panel', () => {
  it('marks the linked refraction and lets an operation editor choose another', async () => {
    let saved = OUTCOME;
    const { calls } = renderAt(
      <OperationOutcomePanel operationId={11} />,
      '/',
      ['edit operation'],
      (m, url) => {
        if (url !== 'outcomes/operations/11') return undefined;
        if (m === 'PUT') saved = { ...OUTCOME, chosen: { spectaclesId: 41, by: 'surgeon' } };
        return { body: { data: saved } };
      },
    );
    const rows = await screen.findAllByTestId('operation-outcome-candidate');
    expect(rows[0]).toHaveAttribute('data-chosen', 'default');
    expect(rows[0]).toHaveTextContent('-0.50 / -0.75 × 090');
    expect(screen.getByTestId('operation-outcome-error')).toHaveTextContent('-0.63 D');
    await userEvent.click(within(rows[1]!).getByTestId('operation-outcome-use'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ spectaclesId: 41 }));
    expect(await screen.findByTestId('operation-outcome-default')).toBeInTheDocument();
  });

  it('shows no choice to a reader', async () => {
    renderAt(<OperationOutcomePanel operationId={11} />, '/', ['show operations'], (m, url) =>
      url === 'outcomes/operations/11' ? { body: { data: OUTCOME } } : undefined,
    );
    await screen.findAllByTestId('operation-outcome-candidate');
    expect(screen.queryByTestId('operation-outcome-use')).toBeNull();
  });
});
