import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { RefTarget } from '@basira/shared/exams/fields';
import { biometry } from '@basira/shared/exams/biometry';
import { useFormatters } from '../../lib/format.ts';
import { activeLensesQuery, patientBiometryQuery, refDoctorsQuery } from './ref-queries.ts';

interface RefInputProps {
  to: RefTarget;
  label: string | undefined;
  'aria-label': string;
  error: string | undefined;
  'data-testid': string;
  size: 'sm';
  patientId: number;
  value: unknown;
  onChange: (id: number | null) => void;
}

interface Choice {
  value: string;
  label: string;
}

/** A lens's line in a picker: the model, then its maker (how a surgeon names it). */
export const lensLabel = (lens: { model: string; manufacturer: string }) =>
  lens.manufacturer ? `${lens.model} — ${lens.manufacturer}` : lens.model;

/**
 * A `ref` field (fields.ts): the id of a lens of the clinic's list, a doctor, or one of the patient's biometry
 * records, picked by its name. An id the list no longer holds (a lens made inactive since) stays shown by its
 * number, so that opening an old record does not clear it.
 */
export function RefInput({ to, patientId, value, onChange, ...props }: RefInputProps) {
  const { t } = useTranslation();
  const choices = useRefChoices(to, patientId);
  const id = typeof value === 'number' ? String(value) : null;
  const data =
    id !== null && !choices.data.some((c) => c.value === id)
      ? [...choices.data, { value: id, label: `#${id}` }]
      : choices.data;
  return (
    <Select
      {...props}
      data={data}
      value={id}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable={to === 'iolLens'}
      clearable
      allowDeselect
      nothingFoundMessage={t(`exams.refs.${to}.none`)}
      placeholder={choices.loading ? t('common.loading') : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function useRefChoices(to: RefTarget, patientId: number): { data: Choice[]; loading: boolean } {
  const format = useFormatters();
  const lenses = useQuery({ ...activeLensesQuery, enabled: to === 'iolLens' });
  const doctors = useQuery({ ...refDoctorsQuery, enabled: to === 'user' });
  const plans = useQuery({ ...patientBiometryQuery(patientId), enabled: to === 'biometry' });
  switch (to) {
    case 'iolLens':
      return {
        data: (lenses.data ?? []).map((l) => ({ value: String(l.id), label: lensLabel(l) })),
        loading: lenses.isPending,
      };
    case 'user':
      return {
        data: (doctors.data ?? []).map((d) => ({ value: String(d.id), label: d.name })),
        loading: doctors.isPending,
      };
    case 'biometry':
      return {
        data: (plans.data ?? []).map((r) => ({
          value: String(r.id),
          label: `${format.date(r.createdAt)} · ${biometry.summary(r as never, (r.derived ?? undefined) as never) || '—'}`,
        })),
        loading: plans.isPending,
      };
  }
}
