import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { DiagnosisRow, Drug } from '@basira/shared/codes/codes.schemas';
import type { ExamType } from '@basira/shared/exams/exam-types';
import type { DrugField, NumberField } from '@basira/shared/exams/fields';
import {
  DOSE_UNITS,
  FORM_DOSE_UNIT,
  MEDICATION_FORMS,
  type DoseUnit,
  type Frequency,
} from '@basira/shared/exams/medication-schedule';
import { diagnosisTitleQuery } from '../../lib/diagnosis-titles.ts';
import { useExamTexts } from '../../lib/exam-texts.ts';
import { diagnosisPageQuery, drugListQuery } from './code-lists/codes.queries.ts';
import { useExamForm } from './exam-form-context.ts';
import { NumberText } from './number-text.tsx';

/** What every leaf input passes on to its Mantine input. */
interface InputProps {
  label: string | undefined;
  'aria-label': string;
  error: string | undefined;
  'data-testid': string;
  size: 'sm';
}

/** The item a leaf belongs to (`medications.0.drugId` → `medications.0`): the picker fills its siblings. */
const parentOf = (path: string) => path.split('.').slice(0, -1).join('.');

// ---- frequency ----------------------------------------------------------------------------------------------

const TIMES_PER_DAY = [1, 2, 3, 4, 5, 6];
const EVERY_HOURS = [1, 2, 4, 6, 8, 12];
/** Hourly drops are given while awake (an ulcer's, after surgery): every hour, 2 or 4 hours. */
const EVERY_HOURS_AWAKE = [1, 2, 4];

/**
 * A frequency as a select's value: `t3` (3 times a day), `h6` (every 6 hours), `a2` (every 2 hours while awake),
 * `bedtime`, `asNeeded`.
 */
export function frequencyKey(value: unknown): string | null {
  if (value === 'bedtime' || value === 'asNeeded') return value;
  if (value && typeof value === 'object') {
    const f = value as Record<string, unknown>;
    if (typeof f.timesPerDay === 'number') return `t${f.timesPerDay}`;
    if (typeof f.everyHours === 'number') return `${f.whileAwake === true ? 'a' : 'h'}${f.everyHours}`;
  }
  return null;
}

export function frequencyOfKey(key: string | null): Frequency | null {
  if (key === null) return null;
  if (key === 'bedtime' || key === 'asNeeded') return key;
  const n = Number(key.slice(1));
  if (key.startsWith('t')) return { timesPerDay: n };
  return key.startsWith('a') ? { everyHours: n, whileAwake: true } : { everyHours: n };
}

/** One compact select: 1–6 times a day, every 1/2/4/6/8/12 hours, hourly while awake, at bedtime, when needed. */
export function FrequencySelect({
  value,
  onChange,
  ...props
}: InputProps & { value: unknown; onChange: (v: Frequency | null) => void }) {
  const { t } = useTranslation();
  const current = frequencyKey(value);
  const keys = [
    ...TIMES_PER_DAY.map((n) => `t${n}`),
    ...EVERY_HOURS.map((n) => `h${n}`),
    ...EVERY_HOURS_AWAKE.map((n) => `a${n}`),
    'bedtime',
    'asNeeded',
  ];
  // A value written elsewhere (8 times a day) stays selectable.
  if (current && !keys.includes(current)) keys.unshift(current);
  const labelOf = (key: string) =>
    key === 'bedtime' || key === 'asNeeded'
      ? t(`codeLists.frequency.${key}`)
      : t(
          `codeLists.frequency.${key.startsWith('t') ? 'timesPerDay' : key.startsWith('a') ? 'everyHoursAwake' : 'everyHours'}`,
          { count: Number(key.slice(1)) },
        );
  return (
    <Select
      {...props}
      data={keys.map((key) => ({ value: key, label: labelOf(key) }))}
      value={current}
      onChange={(key) => onChange(frequencyOfKey(key))}
      clearable
      allowDeselect
      comboboxProps={{ withinPortal: true }}
    />
  );
}

// ---- dose ---------------------------------------------------------------------------------------------------

/** Wide enough for the longest unit's word in either language ("capsules"). */
const UNIT_WIDTH = 104;

const isForm = (value: unknown): value is (typeof MEDICATION_FORMS)[number] =>
  MEDICATION_FORMS.some((form) => form === value);

/**
 * A medicine's dose: the number as clinicians type it, with its unit chosen at the input's end (Tab reaches it;
 * arrows and Enter choose). A number typed while no unit is chosen takes the form's usual one
 * (FORM_DOSE_UNIT: drops for drops, cm for an ointment), so a dose is usually the number alone; the drug picker
 * fills both from the formulary.
 */
export function DoseInput({
  type,
  leaf,
  path,
  value,
  error,
  ...props
}: InputProps & { type: ExamType; leaf: NumberField; path: string; value: unknown }) {
  const { t } = useTranslation();
  // The unit's label and error in the words of the record's type.
  const texts = useExamTexts(type);
  const form = useExamForm();
  const parent = parentOf(path);
  const unitPath = `${parent}.${leaf.unitField ?? 'doseUnit'}`;
  const stored = form.getValue(unitPath);
  const unit = DOSE_UNITS.find((u) => u === stored) ?? null;
  const commit = (dose: number | null) => {
    form.setValue(path, dose);
    const medicationForm = form.getValue(`${parent}.form`);
    const usual: DoseUnit | null = isForm(medicationForm) ? FORM_DOSE_UNIT[medicationForm] : null;
    if (dose !== null && unit === null && usual !== null) form.setValue(unitPath, usual);
  };
  // A combobox, not a native select: its options exist only while it is open, so the page's other option lists
  // (the drug and code pickers) are the only ones read while typing there.
  const select = (
    <Select
      variant="unstyled"
      size="sm"
      w={UNIT_WIDTH}
      // Its own, or it inherits the dose input's (the whole unit's width) and its text is pushed out of sight.
      rightSectionWidth={28}
      aria-label={texts.label(unitPath)}
      data-testid={`exam-field-${unitPath}`}
      placeholder="—"
      data={DOSE_UNITS.map((u) => ({ value: u, label: t(`exams.units.${u}`) }))}
      value={unit}
      readOnly={form.readOnly}
      onChange={(next) => form.setValue(unitPath, next)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true, width: 140, position: 'bottom-end' }}
    />
  );
  return (
    <NumberText
      {...props}
      leaf={leaf}
      value={value}
      onCommit={commit}
      unit=""
      section={{ node: select, width: UNIT_WIDTH }}
      error={error ?? texts.error(form.errors[unitPath])}
    />
  );
}

// ---- diagnosis code -----------------------------------------------------------------------------------------

const SEPARATOR = ' — ';
/** Typed text that is a code rather than words: one token with a digit (`H40.1`, `h401`, `X-01`). */
const looksLikeCode = (text: string) => /^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(text) && /\d/.test(text);

/**
 * A diagnosis code from the clinic's list, searched by code or by English or Arabic words; choosing one writes its
 * code only, and the code's title shows under it in the interface's language (the picker's row, or for a saved record
 * or a typed code the list's row for it). The record keeps the code's two titles when saved (`derived.diagnoses`), so
 * the item's `text` holds only what the doctor typed. Words that are not a code are kept as a free-text diagnosis
 * (the code left empty, the words in `text`).
 */
export function DiagnosisCodeInput({ path, value, ...props }: InputProps & { path: string; value: unknown }) {
  const { t, i18n } = useTranslation();
  const form = useExamForm();
  const queryClient = useQueryClient();
  const code = typeof value === 'string' ? value : '';
  const [text, setText] = useState(code);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setText(code);
  }, [code, focused]);
  const [search] = useDebouncedValue(text.trim(), 250);
  const results = useQuery({ ...diagnosisPageQuery(search, 1), enabled: focused && !form.readOnly });
  const rows = useMemo(() => results.data?.data ?? [], [results.data]);
  const title = (row: { titleEn: string; titleAr: string }) =>
    i18n.language === 'en' ? row.titleEn : row.titleAr;
  const labels = rows.map((row) => `${row.code}${SEPARATOR}${title(row)}`);
  const parent = parentOf(path);
  const chosen = useQuery({ ...diagnosisTitleQuery(code), enabled: code !== '' }).data ?? null;

  const rowOf = (label: string) => rows.find((r) => `${r.code}${SEPARATOR}${title(r)}` === label);
  const choose = (label: string) => {
    const row = rowOf(label);
    if (!row) return;
    // The row answers the title under the input: no lookup for the code just chosen.
    queryClient.setQueryData<DiagnosisRow | null>(diagnosisTitleQuery(row.code).queryKey, row);
    form.setValue(path, row.code);
    setText(row.code);
  };

  const commit = () => {
    const typed = text.trim();
    if (typed === code) return;
    if (typed === '') return form.setValue(path, null);
    if (looksLikeCode(typed)) {
      form.setValue(path, typed.toUpperCase());
      setText(typed.toUpperCase());
      return;
    }
    // Words: a free-text diagnosis.
    form.setValue(path, null);
    form.setValue(`${parent}.text`, typed);
    setText('');
  };

  return (
    <Autocomplete
      {...props}
      dir="ltr"
      autoComplete="off"
      placeholder={t('consultation.codeHint')}
      data={labels}
      filter={({ options }) => options}
      value={text}
      readOnly={form.readOnly}
      description={
        chosen && code ? (
          <span dir="auto" data-testid="diagnosis-title">
            {title(chosen)}
          </span>
        ) : undefined
      }
      // A chosen option shows as its code, its title under it.
      onChange={(next) => setText(rowOf(next)?.code ?? next)}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        commit();
      }}
      onOptionSubmit={choose}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

// ---- drug ---------------------------------------------------------------------------------------------------

const drugLabel = (drug: Drug) =>
  drug.brands.length ? `${drug.name} (${drug.brands.join(', ')})` : drug.name;

/**
 * A medicine from the clinic's formulary, searched by generic or brand name. Choosing one writes its id and fills
 * the item's name, form, dose with its unit, and frequency from the formulary (each still editable). Typing a name and leaving
 * without choosing writes a medicine outside the formulary (no id, the typed name).
 */
export function DrugInput({
  leaf,
  path,
  value,
  ...props
}: InputProps & { leaf: DrugField; path: string; value: unknown }) {
  const { t } = useTranslation();
  const form = useExamForm();
  const parent = parentOf(path);
  const namePath = `${parent}.${leaf.nameField}`;
  const id = typeof value === 'number' ? value : null;
  const nameValue = form.getValue(namePath);
  const name = typeof nameValue === 'string' ? nameValue : '';
  const [text, setText] = useState(name);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setText(name);
  }, [name, focused]);
  const [search] = useDebouncedValue(text.trim(), 200);
  const results = useQuery({ ...drugListQuery(search), enabled: focused && !form.readOnly });
  const drugs = useMemo(() => results.data ?? [], [results.data]);

  const drugOf = (label: string) => drugs.find((d) => drugLabel(d) === label);
  const choose = (label: string) => {
    const drug = drugOf(label);
    if (!drug) return;
    form.setValue(path, drug.id);
    form.setValue(namePath, drug.name);
    form.setValue(`${parent}.form`, drug.form);
    if (drug.defaultDose !== null) {
      form.setValue(`${parent}.dose`, drug.defaultDose);
      form.setValue(`${parent}.doseUnit`, drug.defaultDoseUnit ?? FORM_DOSE_UNIT[drug.form]);
    }
    if (drug.defaultFrequency) form.setValue(`${parent}.frequency`, drug.defaultFrequency);
    setText(drug.name);
  };

  const commit = () => {
    const typed = text.trim();
    if (typed === name.trim()) return;
    // Another name than the chosen drug's: a medicine outside the formulary.
    if (id !== null) form.setValue(path, null);
    form.setValue(namePath, typed || null);
  };

  return (
    <Autocomplete
      {...props}
      autoComplete="off"
      placeholder={t('consultation.drugHint')}
      description={id !== null ? t('consultation.fromFormulary') : undefined}
      data={[...new Set(drugs.map(drugLabel))]}
      filter={({ options }) => options}
      value={text}
      readOnly={form.readOnly}
      // A chosen option shows as the drug's name.
      onChange={(next) => setText(drugOf(next)?.name ?? next)}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        commit();
      }}
      onOptionSubmit={choose}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
