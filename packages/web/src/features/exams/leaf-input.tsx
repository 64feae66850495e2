import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Autocomplete,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  Select,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { parseVisualAcuity } from '@basira/shared/clinical/visual-acuity';
import type { Leaf, TextField as TextLeaf } from '@basira/shared/exams/fields';
import type { ExamType } from '@basira/shared/exams/exam-types';
import { patientDocumentListSchema } from '@basira/shared/patients/patients.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { parseTypedDate } from '../../lib/dates.ts';
import { examOptionsQuery } from './exams.queries.ts';
import { useExamTexts } from '../../lib/exam-texts.ts';
import { useExamForm } from './exam-form-context.ts';
import { DiagnosisCodeInput, DoseInput, DrugInput, FrequencySelect } from './code-inputs.tsx';
import { NumberText } from './number-text.tsx';
import { RefInput } from './ref-inputs.tsx';

const RichTextField = lazy(() =>
  import('../../components/rich-text-field.tsx').then((m) => ({ default: m.RichTextField })),
);

export interface LeafInputProps {
  type: ExamType;
  leaf: Leaf;
  /** The value's path in the form (`readings.0.right.sphere`). */
  path: string;
  /** The eye this input belongs to, for per-eye option lists. */
  side?: 'right' | 'left' | undefined;
  /** Shown as the input's visible label; per-eye grids label rows once and give inputs an aria-label. */
  visibleLabel?: boolean;
}

const testId = (path: string) => `exam-field-${path}`;

/** One input of an exam form, chosen by the field's kind; numbers are typed freely and written back on leaving. */
export function LeafInput({ type, leaf, path, side, visibleLabel = true }: LeafInputProps) {
  const { t } = useTranslation();
  const texts = useExamTexts(type);
  const form = useExamForm();
  const label = texts.label(path);
  const value = form.getValue(path);
  const error = texts.error(form.errors[path], leaf);
  const common = {
    label: visibleLabel ? label : undefined,
    'aria-label': label,
    error,
    'data-testid': testId(path),
    size: 'sm' as const,
  };
  const set = (next: unknown) => form.setValue(path, next);

  switch (leaf.kind) {
    case 'number':
      if (leaf.unitField) return <DoseInput {...common} type={type} leaf={leaf} path={path} value={value} />;
      return <NumberText {...common} leaf={leaf} value={value} onCommit={set} unit={texts.unit(leaf.unit)} />;
    case 'axis':
      return <NumberText {...common} leaf={leaf} value={value} onCommit={set} unit={texts.unit('deg')} />;
    case 'va':
      return <VaText {...common} value={value} onCommit={set} options={leaf.options} />;
    case 'text':
      return <TextLeafInput {...common} leaf={leaf} side={side} value={value} onChange={set} />;
    case 'choice':
      return (
        <Select
          {...common}
          data={leaf.values.map((v) => ({ value: v, label: texts.value(v) }))}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => set(v)}
          clearable
          allowDeselect
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'checks':
      return (
        <Checkbox.Group
          label={common.label}
          aria-label={label}
          error={error}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => set(v)}
          data-testid={common['data-testid']}
        >
          <Group gap="sm" mt={4}>
            {leaf.values.map((v) => (
              <Checkbox key={v} value={v} label={texts.value(v)} size="sm" />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'flag':
      return (
        <Checkbox
          label={label}
          error={error}
          checked={value === true}
          onChange={(event) => set(event.currentTarget.checked)}
          data-testid={common['data-testid']}
          mt={visibleLabel ? 'lg' : 0}
        />
      );
    case 'date':
      // The date picker of every other date field (typed day first as written in Iraq, or picked), not the
      // browser's own box, which read mm/dd/yyyy whatever the language.
      return (
        <DateInput
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={(day) => set(day || null)}
          valueFormat="YYYY-MM-DD"
          dateParser={parseTypedDate}
          placeholder={t('patients.datePlaceholder')}
          clearable
          clearButtonProps={{ 'aria-label': t('common.clear') }}
          popoverProps={{ withinPortal: true }}
        />
      );
    case 'time':
      return (
        <TextInput
          {...common}
          type="time"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(e.currentTarget.value || null)}
        />
      );
    case 'documents':
      return <DocumentsInput {...common} patientId={form.patientId} value={value} onChange={set} />;
    case 'richText':
      return (
        <Suspense fallback={<Loader size="sm" />}>
          <RichTextField
            label={label}
            value={typeof value === 'string' ? value : null}
            onChange={set}
            patientId={form.patientId}
            error={error}
            readOnly={form.readOnly}
            data-testid={common['data-testid']}
          />
        </Suspense>
      );
    case 'frequency':
      return <FrequencySelect {...common} value={value} onChange={set} />;
    case 'diagnosisCode':
      return <DiagnosisCodeInput {...common} path={path} value={value} />;
    case 'drug':
      return <DrugInput {...common} leaf={leaf} path={path} value={value} />;
    case 'ref':
      return <RefInput {...common} to={leaf.to} patientId={form.patientId} value={value} onChange={set} />;
  }
}

interface TextProps {
  label: string | undefined;
  'aria-label': string;
  error: string | undefined;
  'data-testid': string;
  size: 'sm';
}

/** Visual acuity in the clinic's notation; its logMAR is shown beside it as the server will store it. */
function VaText({
  value,
  onCommit,
  options,
  ...props
}: TextProps & { value: unknown; onCommit: (v: string | null) => void; options?: string | undefined }) {
  const { i18n } = useTranslation();
  const asText = (v: unknown) =>
    typeof v === 'string'
      ? v
      : v && typeof v === 'object' && 'text' in v
        ? String((v as { text: string }).text)
        : '';
  const [text, setText] = useState(asText(value));
  useEffect(() => setText(asText(value)), [value]);
  const parsed = text ? parseVisualAcuity(text) : null;
  const picks = useOptionLabels(options, i18n.language);
  return (
    <Autocomplete
      {...props}
      dir="ltr"
      autoComplete="off"
      data={picks}
      value={text}
      onChange={setText}
      onBlur={() => onCommit(text.trim() ? (parsed?.display ?? text.trim()) : null)}
      onOptionSubmit={(v) => onCommit(v)}
      description={parsed ? `logMAR ${parsed.logMAR.toFixed(2)}` : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function TextLeafInput({
  leaf,
  side,
  value,
  onChange,
  ...props
}: TextProps & {
  leaf: TextLeaf;
  side?: 'right' | 'left' | undefined;
  value: unknown;
  onChange: (v: string) => void;
}) {
  const { i18n } = useTranslation();
  const category = typeof leaf.options === 'object' ? leaf.options[side ?? 'right'] : leaf.options;
  const picks = useOptionLabels(category, i18n.language);
  const text = typeof value === 'string' ? value : '';
  if (category)
    return (
      <Autocomplete
        {...props}
        data={picks}
        value={text}
        onChange={onChange}
        maxLength={leaf.max}
        comboboxProps={{ withinPortal: true }}
      />
    );
  if (leaf.lines)
    return (
      <Textarea
        {...props}
        value={text}
        onChange={(e) => onChange(e.currentTarget.value)}
        maxLength={leaf.max}
        autosize
        minRows={leaf.lines}
      />
    );
  return (
    <TextInput
      {...props}
      value={text}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={leaf.max}
    />
  );
}

/** The clinic's active values of one pick list, in the interface's language. */
function useOptionLabels(category: string | undefined, lang: string): string[] {
  const options = useQuery({ ...examOptionsQuery, enabled: category !== undefined });
  if (!category) return [];
  return [
    ...new Set(
      (options.data ?? [])
        .filter((o) => o.category === category && o.isActive)
        .map((o) => (lang === 'en' ? o.labelEn : o.labelAr)),
    ),
  ];
}

/** Images attached from the patient's documents (uploaded on the board or the patient's file). */
function DocumentsInput({
  patientId,
  value,
  onChange,
  ...props
}: TextProps & { patientId: number; value: unknown; onChange: (v: number[]) => void }) {
  const documents = useQuery({
    queryKey: ['patients', patientId, 'documents'],
    queryFn: async () =>
      (await apiRequest(`mo/patient/${patientId}/document`, { schema: patientDocumentListSchema })).data,
  });
  const selected = Array.isArray(value) ? (value as number[]).map(String) : [];
  return (
    <MultiSelect
      {...props}
      data={(documents.data ?? [])
        .filter((d) => d.contentType.startsWith('image/'))
        .map((d) => ({ value: String(d.id), label: d.fileName }))}
      value={selected}
      onChange={(ids) => onChange(ids.map(Number))}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
