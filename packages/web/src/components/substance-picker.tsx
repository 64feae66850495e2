import { useMemo, useState } from 'react';
import { Autocomplete, type AutocompleteProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation.ts';
import { substanceListSchema, type SubstanceRow } from '@basira/shared/prescribing/prescribing.schemas';
import { apiRequest } from '../lib/api-client.ts';

/**
 * A substance of the formulary (an ingredient, a class, an excipient), searched as typed in either language and
 * by the clinic's brand names (`GET /api/mo/code/substance`). Choosing one calls `onPick`; words that match none
 * stay as typed (`onText`): an allergy may be recorded in the patient's own words, and the server reads them.
 */
export function SubstancePicker({
  text,
  onText,
  onPick,
  kinds,
  ...props
}: Omit<AutocompleteProps, 'value' | 'onChange' | 'data' | 'onOptionSubmit'> & {
  text: string;
  onText: (text: string) => void;
  onPick: (row: SubstanceRow) => void;
  /** The kinds offered (a drug's ingredients are never a class). */
  kinds?: readonly SubstanceRow['kind'][];
}) {
  const { t, i18n } = useTranslation();
  const [focused, setFocused] = useState(false);
  const [search] = useDebouncedValue(text.trim(), 200);
  const rows = useQuery({
    queryKey: ['codes', 'substance', search],
    queryFn: async ({ signal }) =>
      (await apiRequest('mo/code/substance', { schema: substanceListSchema, signal, query: { search } }))
        .data,
    enabled: focused && search.length > 0,
    placeholderData: keepPreviousData,
  });
  const shown = useMemo(
    () => (rows.data ?? []).filter((row) => !kinds || kinds.includes(row.kind)),
    [rows.data, kinds],
  );
  const name = (row: SubstanceRow) => (i18n.language === 'en' ? row.en : row.ar);
  const label = (row: SubstanceRow) => `${name(row)} · ${t(`patients.alerts.substanceKinds.${row.kind}`)}`;
  const rowOf = (text: string) => shown.find((row) => label(row) === text);
  return (
    <Autocomplete
      {...props}
      autoComplete="off"
      value={text}
      // A chosen option shows as the substance's name.
      onChange={(next) => onText(rowOf(next) ? name(rowOf(next)!) : next)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      data={[...new Set(shown.map(label))]}
      filter={({ options }) => options}
      onOptionSubmit={(chosen) => {
        const row = rowOf(chosen);
        if (row) onPick(row);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
