import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { Drug, Frequency } from '@basira/shared/codes/codes.schemas';
import { useHoverTooltip } from '../../../components/hover-tooltip.tsx';
import { IconEdit, IconPlus, IconTrash } from '../../../components/icons.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { errorMessage } from '../../../lib/error-catalogue.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { drugListQuery, useDrugMutations } from './codes.queries.ts';
import { DrugFormModal } from './drug-form-modal.tsx';
import { RowAction } from '../../../components/row-action.tsx';

/** A default frequency as the list shows it (`4 times a day`, `every 2 hours`, `at bedtime`). */
export function frequencyLabel(t: TFunction, frequency: Frequency | null): string {
  if (frequency === null) return '—';
  if (frequency === 'bedtime' || frequency === 'asNeeded') return t(`codeLists.frequency.${frequency}`);
  if ('timesPerDay' in frequency)
    return t('codeLists.frequency.timesPerDay', { count: frequency.timesPerDay });
  return t('codeLists.frequency.everyHours', { count: frequency.everyHours });
}

/** A default dose as the list shows it (`1 drop`, `قطرتان`, `1.25 mg`); a dose without its unit, the number. */
export function doseLabel(t: TFunction, drug: Pick<Drug, 'defaultDose' | 'defaultDoseUnit'>): string {
  if (drug.defaultDose === null) return '—';
  if (drug.defaultDoseUnit === null) return String(drug.defaultDose);
  return t(`codeLists.doses.${drug.defaultDoseUnit}`, { count: drug.defaultDose });
}

/**
 * The clinic's drug formulary on the options screen: searched by generic, Arabic, brand or lay name; an editor
 * adds, edits and removes drugs (a removed drug is hidden from the pickers; records that prescribed it keep it). A
 * drug without ingredients is marked "not checked": the prescription check cannot see what is in it.
 */
export function DrugFormularyPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useQuery(drugListQuery(debounced));
  const { remove } = useDrugMutations();
  const [editing, setEditing] = useState<{ drug: Drug | null } | null>(null);

  const confirmDelete = (drug: Drug) =>
    modals.openConfirmModal({
      title: t('codeLists.confirmTitle'),
      children: <Text size="sm">{t('codeLists.drugs.confirmDelete', { name: drug.name })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'drug-delete-confirm' } as never,
      onConfirm: () =>
        remove.mutate(drug.id, {
          onSuccess: () => toastSuccess(t('codeLists.deleted')),
          onError: (error) => toastError(t('codeLists.saveFailed'), errorMessage(translate, error)),
        }),
    });

  return (
    <>
      <ListPage
        rows={list.data}
        error={list.error}
        search={{
          label: t('codeLists.drugs.search'),
          description: t('codeLists.drugs.searchHint'),
          value: search,
          onChange: setSearch,
          aside: editable && (
            <Button
              leftSection={<IconPlus />}
              onClick={() => setEditing({ drug: null })}
              data-testid="drug-add"
            >
              {t('codeLists.drugs.addTitle')}
            </Button>
          ),
        }}
        count={list.data && t('codeLists.drugs.count', { count: list.data.length })}
        empty={t('codeLists.empty')}
        name="drug"
        minWidth={860}
        columns={[
          t('codeLists.drugs.name'),
          t('codeLists.drugs.brands'),
          t('codeLists.drugs.form'),
          t('codeLists.drugs.class'),
          t('codeLists.drugs.defaultDose'),
          t('codeLists.drugs.defaultFrequency'),
        ]}
        table={{ striped: true }}
        renderRow={(drug) => (
          <Table.Tr key={drug.id} data-testid="drug-row">
            <Table.Td>
              <Stack gap={2} align="flex-start">
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600} dir="ltr">
                    {drug.name}
                  </Text>
                  {drug.ingredients.length === 0 && <NotCheckedBadge />}
                </Group>
                {drug.nameAr && (
                  <Text size="xs" c="dimmed" dir="rtl" lang="ar">
                    {drug.nameAr}
                  </Text>
                )}
              </Stack>
            </Table.Td>
            <Table.Td dir="ltr">{drug.brands.join(', ')}</Table.Td>
            <Table.Td>{t(`codeLists.forms.${drug.form}`)}</Table.Td>
            <Table.Td>{t(`codeLists.classes.${drug.class}`)}</Table.Td>
            <Table.Td>{doseLabel(t, drug)}</Table.Td>
            <Table.Td>{frequencyLabel(t, drug.defaultFrequency)}</Table.Td>
            <Table.Td>
              {editable && (
                <Group gap={4} wrap="nowrap">
                  <RowAction
                    label={t('common.edit')}
                    ariaLabel={t('codeLists.drugs.editOf', { name: drug.name })}
                    onClick={() => setEditing({ drug })}
                    testId="drug-edit"
                    icon={<IconEdit />}
                  />
                  <RowAction
                    label={t('common.delete')}
                    color="red"
                    onClick={() => confirmDelete(drug)}
                    testId="drug-delete"
                    icon={<IconTrash />}
                  />
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        )}
        footnote={
          list.data &&
          list.data.length >= 50 && (
            <Text size="sm" c="dimmed">
              {t('codeLists.drugs.narrow')}
            </Text>
          )
        }
      />
      <DrugFormModal
        opened={editing !== null}
        drug={editing?.drug ?? null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

/** A drug with no active ingredients recorded: the allergy and interaction checks cannot see it (the hint says so). */
function NotCheckedBadge() {
  const { t } = useTranslation();
  // A row's tooltip mounts on first hover (components/hover-tooltip.tsx).
  const hint = useHoverTooltip(t('codeLists.drugs.notCheckedHint'), { multiline: true, w: 260 });
  return (
    <>
      <Badge {...hint.targetProps} color="orange" variant="light" tabIndex={0} data-testid="drug-not-checked">
        {t('codeLists.drugs.notChecked')}
      </Badge>
      {hint.tooltip}
    </>
  );
}
