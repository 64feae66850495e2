import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { parseTypedDate } from '../../lib/dates.ts';
import { patientSorts, type PatientSort } from '@basira/shared/patients/patients.schemas';
import { FILTER_KEYS, type FilterValues } from './patient-list-query.ts';

export function activeFilterCount(filters: FilterValues): number {
  return FILTER_KEYS.filter((key) => filters[key] !== undefined).length;
}

export function PatientFiltersPanel({
  filters,
  onChange,
}: {
  filters: FilterValues;
  onChange: (next: FilterValues) => void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof FilterValues>(key: K, value: FilterValues[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <Paper withBorder p="sm" data-testid="patient-filters">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="filter-sex-label">
              {t('patients.sex')}
            </Text>
            <SegmentedControl
              aria-labelledby="filter-sex-label"
              value={filters.isMale ?? 'all'}
              onChange={(value) => set('isMale', value === 'all' ? undefined : (value as '0' | '1'))}
              data={[
                { value: 'all', label: t('patients.filters.all') },
                { value: '1', label: t('patients.male') },
                { value: '0', label: t('patients.female') },
              ]}
              data-testid="filter-sex"
            />
          </Stack>
          <AgeRange
            from={filters.ageFrom}
            to={filters.ageTo}
            onChange={(ageFrom, ageTo) => onChange({ ...filters, ageFrom, ageTo })}
          />
          <Group gap="xs" grow wrap="nowrap">
            <DateInput
              label={t('patients.filters.lastVisitFrom')}
              clearable
              valueFormat="YYYY-MM-DD"
              dateParser={parseTypedDate}
              value={filters.lastVisitFrom ?? null}
              onChange={(value) => set('lastVisitFrom', value ?? undefined)}
              clearButtonProps={{ 'aria-label': t('common.clear') }}
            />
            <DateInput
              label={t('patients.filters.lastVisitTo')}
              clearable
              valueFormat="YYYY-MM-DD"
              dateParser={parseTypedDate}
              value={filters.lastVisitTo ?? null}
              onChange={(value) => set('lastVisitTo', value ?? undefined)}
              clearButtonProps={{ 'aria-label': t('common.clear') }}
            />
          </Group>
          <Select
            label={t('patients.filters.sort')}
            data={patientSorts.map((value) => ({ value, label: t(`patients.sorts.${value}`) }))}
            value={filters.sort ?? null}
            placeholder={t('patients.sorts.default')}
            clearable
            onChange={(value) => set('sort', (value as PatientSort | null) ?? undefined)}
            data-testid="filter-sort"
          />
        </SimpleGrid>
        {activeFilterCount(filters) > 0 && (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onChange({})}
              data-testid="filter-clear"
            >
              {t('patients.filters.clear')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

const AGE_SETTLE_MS = 400;

/** The typed range; null while it is not one (not whole years, or "from" above "to"). A blank end is open. */
function ageRangeOf(fromText: string, toText: string): { from?: number; to?: number } | null {
  const end = (text: string) =>
    text.trim() === '' ? undefined : /^\d{1,3}$/.test(text.trim()) ? Number(text) : null;
  const from = end(fromText);
  const to = end(toText);
  if (from === null || to === null || (from !== undefined && to !== undefined && from > to)) return null;
  return { from, to };
}

/**
 * The age range, asked of the server only once it is a valid range and typing has paused: "4" on the way to "45",
 * or a "from" above the "to" typed so far, never reaches the list.
 */
function AgeRange({
  from,
  to,
  onChange,
}: {
  from: number | undefined;
  to: number | undefined;
  onChange: (from: number | undefined, to: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [fromText, setFromText] = useState(from?.toString() ?? '');
  const [toText, setToText] = useState(to?.toString() ?? '');
  const [settled] = useDebouncedValue(`${fromText}|${toText}`, AGE_SETTLE_MS);
  const settledRange = () => {
    const [a = '', b = ''] = settled.split('|');
    return ageRangeOf(a, b);
  };
  const invalid = ageRangeOf(fromText, toText) === null;

  useEffect(() => {
    const range = settledRange();
    if (range && (range.from !== from || range.to !== to)) onChange(range.from, range.to);
    // Only a settled text asks the server; `from` and `to` follow from it.
  }, [settled]);

  // Cleared or changed from outside (the "clear filters" button, the address): show what the list uses.
  useEffect(() => {
    const range = settledRange();
    if (range?.from !== from) setFromText(from?.toString() ?? '');
    if (range?.to !== to) setToText(to?.toString() ?? '');
  }, [from, to]);

  return (
    <Group gap="xs" grow wrap="nowrap" align="flex-start">
      <TextInput
        label={t('patients.filters.ageFrom')}
        inputMode="numeric"
        maxLength={3}
        value={fromText}
        onChange={(e) => setFromText(e.currentTarget.value)}
        error={invalid ? t('patients.filters.ageRangeInvalid') : undefined}
        data-testid="filter-age-from"
      />
      <TextInput
        label={t('patients.filters.ageTo')}
        inputMode="numeric"
        maxLength={3}
        value={toText}
        onChange={(e) => setToText(e.currentTarget.value)}
        error={invalid || undefined}
        data-testid="filter-age-to"
      />
    </Group>
  );
}
