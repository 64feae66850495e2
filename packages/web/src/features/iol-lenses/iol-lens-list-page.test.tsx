import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IolLens } from '@basira/shared/outcomes/outcomes.schemas';
import { renderScreenWithApi, type ApiAnswer } from '../../test/render-with-clinic.tsx';
import { initEnglish } from '../../test/i18n.ts';
import { lensBody, lensFormValues } from './iol-lens-form.ts';
import { IolLensListPage } from './iol-lens-list-page.tsx';

const LENS: IolLens = {
  id: 3,
  model: 'SN60WF',
  manufacturer: 'Alcon',
  description: '',
  aConstant: { value: 119, source: 'ulib', sourceDate: '2025-01-10' },
  pACD: { value: 5.64, source: 'manufacturer', sourceDate: null },
  surgeonFactor: null,
  isActive: true,
  version: 2,
  updatedAt: '2026-01-01T00:00:00Z',
};
const HISTORY = [
  {
    constant: 'aConstant',
    value: 118.7,
    source: 'manufacturer',
    sourceDate: null,
    replacedAt: '2026-03-01T08:00:00Z',
    replacedBy: { id: 1, name: 'Dr Salim' },
    replacedWith: 119,
    eyes: null,
  },
];

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderList = (answer: (method: string, url: string, body: unknown) => ApiAnswer) =>
  renderScreenWithApi(<IolLensListPage />, '/iol-lenses', ['manage iol lenses'], answer).fetchMock;

describe('the lens list', () => {
  it('shows each lens with its constants, their source and day, and its state', async () => {
    renderList((method, url) =>
      method === 'GET' && url === 'iol-lenses' ? { body: { data: [LENS] } } : undefined,
    );
    const row = await screen.findByTestId('iol-lens-row');
    expect(row).toHaveTextContent('SN60WF');
    expect(row).toHaveTextContent('Alcon');
    expect(within(row).getByTestId('iol-lens-aConstant')).toHaveTextContent('119.00ULIB · 10 Jan 2025');
    expect(within(row).getByTestId('iol-lens-pACD')).toHaveTextContent('5.64Manufacturer');
    expect(within(row).getByTestId('iol-lens-surgeonFactor')).toHaveTextContent('—');
    expect(row).toHaveTextContent('Active');
    expect(screen.getByTestId('iol-lens-count')).toHaveTextContent('1 lens');
  });

  it('edits a lens with its history shown, and puts a duplicate model on the model field', async () => {
    const fetchMock = renderList((method, url) => {
      if (method === 'GET' && url === 'iol-lenses') return { body: { data: [LENS] } };
      if (method === 'GET' && url === 'iol-lenses/3')
        return { body: { data: { ...LENS, history: HISTORY } } };
      if (method === 'POST' && url === 'iol-lenses/3')
        return {
          status: 409,
          body: {
            message: 'duplicate',
            code: 'iol_lens.duplicate_model',
            errors: { model: ['model.taken'] },
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('iol-lens-edit'));
    const history = await screen.findByTestId('iol-lens-history-row');
    expect(history).toHaveTextContent('118.70 → 119.00');
    expect(history).toHaveTextContent('Dr Salim');
    const model = screen.getByTestId('iol-lens-model');
    await user.clear(model);
    await user.type(model, 'AcrySof IQ');
    await user.click(screen.getByTestId('iol-lens-save'));
    await waitFor(() => expect(model).toHaveAttribute('aria-invalid', 'true'));
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      model: 'AcrySof IQ',
      manufacturer: 'Alcon',
      description: '',
      isActive: true,
      aConstant: { value: 119, source: 'ulib', sourceDate: '2025-01-10' },
      pACD: { value: 5.64, source: 'manufacturer', sourceDate: null },
      surgeonFactor: null,
      version: 2,
    });
  });

  it('sends a constant without a value as not known', () => {
    const values = { ...lensFormValues(null), model: 'X' };
    expect(lensBody(values)).toEqual({
      model: 'X',
      manufacturer: '',
      description: '',
      isActive: true,
      aConstant: null,
      pACD: null,
      surgeonFactor: null,
    });
  });
});
