import { useEffect, useState } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { SubstanceRow } from '@basira/shared/prescribing/prescribing.schemas';
import { IconSearch } from '../../../components/icons.tsx';
import { substanceQuery } from './codes.queries.ts';

/**
 * Adds an active ingredient to a drug: typed in either language, by INN, spelling or one of the clinic's
 * brands ("Diamox" offers acetazolamide), from `GET /api/mo/code/substance`. Classes and excipients are left out:
 * a drug is made of substances, and its preservative has a field of its own.
 */
export function IngredientPicker({
  chosen,
  onPick,
  error,
}: {
  /** Ingredients already on the drug, not offered again. */
  chosen: readonly string[];
  onPick: (row: SubstanceRow) => void;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const arabic = (i18n.resolvedLanguage ?? i18n.language) === 'ar';
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 200);
  const results = useQuery({ ...substanceQuery(debounced), enabled: debounced !== '' });
  const options = (results.data ?? []).filter((row) => row.kind === 'ingredient' && !chosen.includes(row.id));
  // The best match is highlighted as the answer comes: Enter takes it.
  useEffect(() => {
    if (options.length > 0) combobox.selectFirstOption();
  }, [results.data]);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const row = options.find((option) => option.id === id);
        if (row) onPick(row);
        setText('');
        combobox.closeDropdown();
      }}
      withinPortal
    >
      <Combobox.Target>
        <TextInput
          label={t('codeLists.drugs.addIngredient')}
          description={t('codeLists.drugs.addIngredientHint')}
          value={text}
          error={error}
          autoComplete="off"
          leftSection={<IconSearch size={16} />}
          rightSection={results.isFetching ? <Loader size="xs" /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid="drug-ingredient-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={debounced === ''}>
        <Combobox.Options aria-label={t('codeLists.drugs.addIngredient')}>
          {options.length === 0 ? (
            <Combobox.Empty>{results.isFetching ? t('common.loading') : t('codeLists.empty')}</Combobox.Empty>
          ) : (
            options.map((row) => (
              <Combobox.Option
                key={row.id}
                value={row.id}
                data-testid="drug-ingredient-option"
                aria-label={arabic ? row.ar : row.en}
              >
                <Text size="sm" span>
                  {arabic ? row.ar : row.en}
                </Text>{' '}
                <Text size="xs" c="dimmed" span>
                  <bdi>{arabic ? row.en : row.ar}</bdi>
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
