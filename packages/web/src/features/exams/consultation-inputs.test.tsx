import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { initI18n } from '../../i18n/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { ITEM_EXTRAS } from './exam-derived.tsx';
import { ExamFormContext } from './exam-form-context.ts';
import { ExamSections } from './exam-fields.tsx';
import { getPath, setPath } from './use-exam-record-form.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const en = JSON.parse(
  readFileSync(path.resolve(here, '../../../public/src/locales/en.json'), 'utf8'),
) as unknown;

const DRUG = {
  id: 41,
  name: 'Moxifloxacin 0.5%',
  brands: ['Vigamox'],
  form: 'drops',
  class: 'antibiotic',
  defaultDose: '1',
  defaultFrequency: { timesPerDay: 4 },
};
const DIAGNOSES = [
  {
    code: 'H10.0',
    titleEn: 'Mucopurulent conjunctivitis',
    titleAr: 'التهاب الملتحمة المخاطي القيحي (الجرثومي)',
    custom: false,
    favourite: false,
  },
  {
    code: 'H40.1',
    titleEn: 'Primary open-angle glaucoma',
    titleAr: 'الزرق مفتوح الزاوية الأولي (الماء الأزرق)',
    custom: false,
    favourite: false,
  },
];
const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(en), { status: 200 })),
  );
  await initI18n('en');
  vi.unstubAllGlobals();
  // The combobox scrolls the option it moves to into view; jsdom has no layout.
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.includes('/mo/code/drug')) return json({ data: [DRUG] });
    if (url.includes('/mo/code/diagnosis')) {
      // As the server answers a code: its row first. Any other search: the whole (short) list.
      const search = new URL(url, 'http://x').searchParams.get('search')?.toUpperCase() ?? '';
      const exact = DIAGNOSES.filter((row) => row.code === search);
      const data = exact.length ? exact : DIAGNOSES;
      return json({ data, meta: { page: 1, perPage: 30, total: data.length, lastPage: 1 } });
    }
    return new Response(JSON.stringify({ message: 'not found', code: 'not_found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

let values: Record<string, unknown> = {};
function Harness({ initial = {} }: { initial?: Record<string, unknown> }) {
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
      derived: undefined,
      }}
    >
      <ExamSections type="consultation" extras={ITEM_EXTRAS} />
    </ExamFormContext.Provider>
  );
}

function renderForm(initial?: Record<string, unknown>) {
  return render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <Harness initial={initial} />
      </QueryClientProvider>
    </Providers>,
  );
}

describe('the consultation form', () => {
  it('picks a drug from the formulary by keyboard and fills its name, form, dose and frequency', async () => {
    renderForm();
    const user = userEvent.setup();
    const drug = screen.getByTestId('exam-field-medications.0.drugId');
    await user.click(drug);
    await user.type(drug, 'moxi');
    await screen.findByRole('option', { name: 'Moxifloxacin 0.5% (Vigamox)', hidden: true });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(values.medications).toEqual([
        {
          drugId: 41,
          name: 'Moxifloxacin 0.5%',
          form: 'drops',
          dose: '1',
          frequency: { timesPerDay: 4 },
        },
      ]),
    );
    expect(drug).toHaveValue('Moxifloxacin 0.5%');
    expect(screen.getByTestId('exam-field-medications.0.frequency')).toHaveValue('4 times a day');
    // The schedule in words, live, under the medication.
    expect(screen.getByTestId('consultation-schedule').textContent).not.toBe('');
  });

  it('writes a chosen diagnosis code alone, shows its title, and keeps words as a free-text diagnosis', async () => {
    renderForm();
    const user = userEvent.setup();
    const code = screen.getByTestId('exam-field-diagnoses.0.code');
    await user.click(code);
    await user.type(code, 'h10');
    await screen.findByRole('option', { name: 'H10.0 — Mucopurulent conjunctivitis', hidden: true });
    await user.keyboard('{ArrowDown}{Enter}');
    // The code only: the record keeps the titles, the words are the doctor's.
    await waitFor(() => expect(values.diagnoses).toEqual([{ code: 'H10.0' }]));
    expect(screen.getByTestId('diagnosis-title')).toHaveTextContent('Mucopurulent conjunctivitis');
    expect(code).toHaveValue('H10.0');
    // The doctor's own words beside the code stay theirs.
    await user.type(screen.getByTestId('exam-field-diagnoses.0.text'), 'follicular{Tab}');
    await waitFor(() => expect(values.diagnoses).toEqual([{ code: 'H10.0', text: 'follicular' }]));

    await user.clear(code);
    await user.type(code, 'dry eye{Tab}');
    await waitFor(() => expect(values.diagnoses).toEqual([{ code: null, text: 'dry eye' }]));
    expect(screen.queryByTestId('diagnosis-title')).toBeNull();
  });

  it('shows a saved diagnosis’s title in the interface’s language, and leaves its words alone', async () => {
    renderForm({ diagnoses: [{ code: 'H40.1', text: 'advanced', eye: 'right' }] });
    expect(await screen.findByTestId('diagnosis-title')).toHaveTextContent('Primary open-angle glaucoma');
    expect(screen.getByTestId('exam-field-diagnoses.0.text')).toHaveValue('advanced');
    expect(values.diagnoses).toEqual([{ code: 'H40.1', text: 'advanced', eye: 'right' }]);
  });
});
