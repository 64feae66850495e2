import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { initEnglish } from '../../test/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { ExamFormContext } from './exam-form-context.ts';
import { ExamSections } from './exam-fields.tsx';
import { getPath, setPath } from './use-exam-record-form.ts';

const DRUG = {
  id: 41,
  name: 'Moxifloxacin 0.5%',
  nameAr: 'موكسيفلوكساسين',
  brands: ['Vigamox'],
  layNames: [],
  form: 'drops',
  class: 'antibiotic',
  ingredients: [],
  preservative: null,
  defaultDose: 1,
  defaultDoseUnit: 'drop',
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
  await initEnglish();
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
function Harness({
  initial = {},
  errors = {},
}: {
  initial?: Record<string, unknown>;
  errors?: Record<string, unknown>;
}) {
  const [state, setState] = useState<Record<string, unknown>>(initial);
  values = state;
  return (
    <ExamFormContext.Provider
      value={{
        getValue: (p) => getPath(state, p),
        setValue: (p, v) => setState((current) => setPath(current, p, v)),
        errors,
        patientId: 7,
        readOnly: false,
        derived: undefined,
      }}
    >
      <ExamSections type="consultation" />
    </ExamFormContext.Provider>
  );
}

function renderForm(props: Parameters<typeof Harness>[0] = {}) {
  return render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <Harness {...props} />
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
          dose: 1,
          doseUnit: 'drop',
          frequency: { timesPerDay: 4 },
        },
      ]),
    );
    expect(screen.getByTestId('exam-field-medications.0.dose')).toHaveValue('1');
    expect(screen.getByTestId('exam-field-medications.0.doseUnit')).toHaveValue('drops');
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

  it('takes the next visit in the date picker of every date field: typed day first, stored as a day', async () => {
    renderForm();
    const user = userEvent.setup();
    const next = screen.getByTestId('exam-field-nextVisit');
    // Not the browser's own date box, which reads mm/dd/yyyy whatever the language.
    expect(next).not.toHaveAttribute('type', 'date');
    await user.type(next, '9/12/2026{Tab}');
    await waitFor(() => expect(values.nextVisit).toBe('2026-12-09'));
  });

  it('shows a saved diagnosis’s title in the interface’s language, and leaves its words alone', async () => {
    renderForm({ initial: { diagnoses: [{ code: 'H40.1', text: 'advanced', eye: 'right' }] } });
    expect(await screen.findByTestId('diagnosis-title')).toHaveTextContent('Primary open-angle glaucoma');
    expect(screen.getByTestId('exam-field-diagnoses.0.text')).toHaveValue('advanced');
    expect(values.diagnoses).toEqual([{ code: 'H40.1', text: 'advanced', eye: 'right' }]);
  });

  it('takes a dose as a number, its unit the form’s until another is chosen, and reads it in the schedule', async () => {
    renderForm({ initial: { medications: [{ name: 'Fucithalmic', form: 'ointment', eye: 'left' }] } });
    const user = userEvent.setup();
    const dose = screen.getByTestId('exam-field-medications.0.dose');
    await user.type(dose, '١٫٥{Tab}');
    await waitFor(() => expect(values.medications).toMatchObject([{ dose: 1.5, doseUnit: 'cm' }]));
    expect(dose).toHaveValue('1.5');
    // The unit select is the next stop of the keyboard.
    const unit = screen.getByTestId('exam-field-medications.0.doseUnit');
    expect(unit).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'g', hidden: true }));
    await waitFor(() => expect(values.medications).toMatchObject([{ dose: 1.5, doseUnit: 'g' }]));
    expect(screen.getByTestId('consultation-schedule')).toHaveTextContent(
      'apply 1.5 g of ointment to the left eye',
    );
  });

  it('offers hourly drops while awake, long-term and ticked instructions, read in the schedule', async () => {
    renderForm({ initial: { medications: [{ form: 'drops', eye: 'right', dose: 1, doseUnit: 'drop' }] } });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('exam-field-medications.0.frequency'));
    await user.click(await screen.findByRole('option', { name: 'Every 2 hours while awake', hidden: true }));
    await user.click(screen.getByRole('checkbox', { name: 'Long-term' }));
    await user.click(screen.getByRole('checkbox', { name: 'Shake well before use' }));
    await waitFor(() =>
      expect(values.medications).toMatchObject([
        { frequency: { everyHours: 2, whileAwake: true }, longTerm: true, instructionCodes: ['shakeWell'] },
      ]),
    );
    expect(screen.getByTestId('consultation-schedule').textContent).toBe(
      '1 drop in the right eye every 2 hours while awake long-term; shake well before use',
    );
  });

  it('shows a dose out of its unit’s range with that unit’s limits, and a taper step’s missing frequency on it', () => {
    renderForm({
      initial: {
        medications: [
          { form: 'drops', dose: 7, doseUnit: 'drop', taper: [{ frequency: null, durationDays: 7 }] },
        ],
      },
      errors: {
        'medications.0.dose': 'value.dose_drop',
        'medications.0.taper.0.frequency': 'value.required',
      },
    });
    expect(screen.getByText('Whole drops, 1 to 5')).toBeInTheDocument();
    const step = screen.getByTestId('exam-field-medications.0.taper.0.frequency');
    expect(step).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Required with the value beside it')).toBeInTheDocument();
    // The schedule never reads a step without its frequency ("then for 7 days").
    expect(screen.getByTestId('consultation-schedule').textContent).toBe('7 drops');
  });
});
