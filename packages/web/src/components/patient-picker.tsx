import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation.ts';
import {
  patientTypeaheadSchema,
  TYPEAHEAD_MIN_LENGTH,
  type PatientSummary,
} from '@basira/shared/patients/patients.schemas';
import { apiRequest } from '../lib/api-client.ts';
import { displayPhone } from '../lib/phone-format.ts';
import { useFormatters } from '../lib/format.ts';
import { useFocusAfterPaint } from '../lib/use-focus-after-paint.ts';
import { QUERY_ROOTS } from '../lib/query-keys.ts';
import { IconSearch } from './icons.tsx';
import { AlertMark } from './patient-alerts.tsx';

/** `GET /api/mo/patient?search=`: the typeahead (10 results, from 2 characters; spec sections 5 and 9). */
export const typeaheadQuery = (text: string) => ({
  queryKey: [QUERY_ROOTS.patients, 'typeahead', text],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await apiRequest('mo/patient', { schema: patientTypeaheadSchema, query: { search: text }, signal }))
      .data,
  enabled: text.length >= TYPEAHEAD_MIN_LENGTH,
  placeholderData: keepPreviousData,
  staleTime: 10_000,
});

export interface PatientPickerProps {
  label: string;
  value: PatientSummary | null;
  onChange: (patient: PatientSummary | null) => void;
  /** Left out of the results (the record being merged). */
  excludeId?: number;
  /** Focused when it appears, unless the user is already typing in another field. */
  autoFocus?: boolean;
  required?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  /** Shown under the results when nothing matches (e.g. a link to register the patient). */
  notFound?: (text: string) => ReactNode;
  testId?: string;
}

/** A patient search box: type a name, phone or file number; arrows and Enter pick one. */
export function PatientPicker({
  label,
  value,
  onChange,
  excludeId,
  autoFocus,
  required,
  error,
  description,
  notFound,
  testId = 'patient-picker',
}: PatientPickerProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 200);
  const typing = value === null || text !== value.name;
  const results = useQuery({ ...typeaheadQuery(debounced), enabled: typing && debounced.length >= 2 });
  const options = (results.data ?? []).filter((p) => p.id !== excludeId);

  const input = useRef<HTMLInputElement>(null);
  // Not React's `autoFocus`: the queue form remounts this box after each addition, and that took the focus from the
  // list's search box while the receptionist typed in it (their text went into this box).
  useFocusAfterPaint(input, autoFocus ?? false);
  // A patient chosen from outside shows its name; clearing it (the form reset) remounts this box instead.
  useEffect(() => {
    if (value) setText(value.name);
  }, [value]);
  // The first result is highlighted: Enter takes it.
  useEffect(() => {
    if (options.length > 0) combobox.selectFirstOption();
  }, [results.data]);

  const tooShort = debounced.length < TYPEAHEAD_MIN_LENGTH;
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const chosen = options.find((p) => String(p.id) === id) ?? null;
        onChange(chosen);
        setText(chosen?.name ?? '');
        combobox.closeDropdown();
      }}
      withinPortal
    >
      <Combobox.Target>
        <TextInput
          label={label}
          description={description}
          withAsterisk={required}
          aria-required={required || undefined}
          error={error}
          value={text}
          ref={input}
          autoComplete="off"
          placeholder={t('patientPicker.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={results.isFetching ? <Loader size="xs" /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (value) onChange(null);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid={testId}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typing || text.trim().length === 0}>
        <Combobox.Options aria-label={label}>
          {tooShort ? (
            <Combobox.Empty>{t('patientPicker.minLength', { min: TYPEAHEAD_MIN_LENGTH })}</Combobox.Empty>
          ) : options.length === 0 ? (
            <Combobox.Empty>
              {results.isFetching ? t('common.loading') : t('patientPicker.none')}
              {!results.isFetching && notFound?.(debounced)}
            </Combobox.Empty>
          ) : (
            options.map((patient) => (
              <Combobox.Option
                key={patient.id}
                value={String(patient.id)}
                data-testid="patient-option"
                aria-label={`${patient.name} · ${t('patients.fileNumberShort', { number: patient.fileNumber })}`}
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {patient.name}
                    </Text>
                    {patient.hasAlerts && <AlertMark focusable={false} />}
                  </Group>
                  <Text size="xs" c="dimmed">
                    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                      {displayPhone(patient.phone)}
                    </bdi>
                    {' · '}
                    {t('patients.fileNumberShort', { number: patient.fileNumber })}
                    {' · '}
                    {t('patients.ageYears', { count: patient.age })}
                    {' · '}
                    {/* Among namesakes, the last visit is what the receptionist remembers. */}
                    {patient.lastQueueAt
                      ? t('patients.lastVisitOn', { date: format.date(patient.lastQueueAt) })
                      : t('patients.neverVisited')}
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
