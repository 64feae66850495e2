import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as renderDom, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PrintPatient } from '@basira/shared/print/printing.schemas';
import { initI18n } from '../../i18n/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { ConsultationRxSheet, type ConsultationData } from './consultation-rx-sheet.tsx';

const here = path.dirname(fileURLToPath(import.meta.url));
const texts = (lang: string) =>
  JSON.parse(readFileSync(path.resolve(here, `../../../public/src/locales/${lang}.json`), 'utf8')) as object;

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(texts('en')), { status: 200 })),
  );
  await initI18n('en');
  vi.unstubAllGlobals();
  i18next.addResourceBundle('ar', 'translation', texts('ar'), true, true);
});
afterAll(() => i18next.changeLanguage('en'));

/** The formatters read the signed-in user's settings through a query (none here: the defaults). */
const render = (node: ReactNode) =>
  renderDom(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

const patient = (allergies: PrintPatient['allergies']): PrintPatient => ({
  id: 1,
  fileNumber: 7,
  name: 'Huda Salim',
  birthDate: '1965-01-01',
  birthDateApproximate: false,
  age: 61,
  isMale: 0,
  allergies,
});

const SULFA = {
  substance: 'sulfonamide',
  text: null,
  reaction: 'rash' as const,
  severity: 'severe' as const,
  matched: ['sulfonamide'],
};
const WORDS = { substance: null, text: 'bee stings', reaction: null, severity: null, matched: [] };

const data: ConsultationData = {
  medications: [
    { name: 'Dorzolamide 2%', form: 'drops', dose: 1, doseUnit: 'drop', overrideReason: 'no alternative' },
    { name: 'Artificial tears', form: 'drops', dose: 2, doseUnit: 'drop' },
    { name: 'Acetazolamide 250 mg', form: 'tablet', dose: 250, doseUnit: 'mg' },
  ],
  derived: {
    medications: [
      { scheduleText: { ar: 'قطرة واحدة', en: '1 drop' }, totalDays: null },
      { scheduleText: { ar: 'قطرتان', en: '2 drops' }, totalDays: null },
      { scheduleText: { ar: '٢٥٠ ملغ', en: '250 mg' }, totalDays: null },
    ],
    warnings: [
      {
        code: 'allergy-sulfonamide',
        severity: 'contraindicated',
        medication: 0,
        allergy: 'sulfonamide',
        substance: 'dorzolamide',
      },
      { code: 'drug-unchecked', severity: 'reminder', medication: 1 },
      // Saved before the rules table: no severity, printed as a caution.
      { code: 'steroidWithoutIop', medication: 2, totalDays: 35 },
    ],
  },
};

describe('the printed prescription', () => {
  it('English: the allergies, the forms agreeing with the dose, the warnings by severity with the reason', async () => {
    await i18next.changeLanguage('en');
    render(<ConsultationRxSheet data={data} patient={patient([SULFA, WORDS])} />);
    expect(screen.getByTestId('print-allergies').textContent).toBe(
      'Allergies: sulfonamide (rash, severe) · bee stings (not checked)',
    );
    expect(screen.getAllByTestId('print-form').map((f) => f.textContent)).toEqual([
      ' (drop)',
      ' (drops)',
      ' (tablets)',
    ]);
    const [contraindicated, caution] = screen.getAllByTestId('print-warning');
    expect(contraindicated).toHaveAttribute('data-severity', 'contraindicated');
    expect(contraindicated!.textContent).toContain('Contraindicated: Sulfonamide allergy:');
    expect(within(contraindicated!).getByTestId('print-warning-reason').textContent).toBe(
      ' — given because: no alternative',
    );
    expect(caution).toHaveAttribute('data-severity', 'caution');
    // The medicine that could not be checked: marked, and said once.
    const medicines = screen.getAllByTestId('print-medication');
    expect(within(medicines[1]!).getByTestId('print-unchecked')).toBeInTheDocument();
    expect(within(medicines[0]!).queryByTestId('print-unchecked')).toBeNull();
    expect(screen.getByTestId('print-warning-unchecked').textContent).toContain('Note: † not checked');
  });

  it('Arabic: the same in Arabic, the dual form for two drops, "none recorded" without allergies', async () => {
    await i18next.changeLanguage('ar');
    render(<ConsultationRxSheet data={data} patient={patient([])} />);
    expect(screen.getByTestId('print-allergies').textContent).toBe('الحساسية: لا توجد حساسية مسجّلة');
    expect(screen.getAllByTestId('print-form').map((f) => f.textContent)).toEqual([
      ' (قطرة)',
      ' (قطرتان)',
      ' (حبوب)',
    ]);
    expect(screen.getAllByTestId('print-warning')[0]!.textContent).toContain('مضاد استطباب: حساسية السلفا');
    expect(screen.getByTestId('print-warning-reason').textContent).toBe(' — وُصف لأنّ: no alternative');
  });
});
