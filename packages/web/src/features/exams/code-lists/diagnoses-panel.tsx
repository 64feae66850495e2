import { useState } from 'react';
import { ActionIcon, Badge, Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import {
  diagnosisCreateSchema,
  type DiagnosisCreate,
  type DiagnosisRow,
} from '@basira/shared/codes/codes.schemas';
import { useHoverTooltip } from '../../../components/hover-tooltip.tsx';
import { IconTrash } from '../../../components/icons.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { errorMessage } from '../../../lib/error-catalogue.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { BilingualAddForm } from '../bilingual-add-form.tsx';
import { diagnosisPageQuery, useDiagnosisMutations, type DiagnosisDraft } from './codes.queries.ts';
import { IconStar } from './star-icon.tsx';

const EMPTY: DiagnosisDraft = { code: '', titleAr: '', titleEn: '' };

/**
 * The diagnosis list on the options screen: the shipped ICD-10 eye codes and the clinic's own entries, searched by
 * code or by words in either language; an editor stars favourites (listed first in the pickers), adds entries and
 * deletes the clinic's own.
 */
export function DiagnosesPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useQuery(diagnosisPageQuery(debounced, page));
  const { create, remove, favourite } = useDiagnosisMutations();
  const draft = useSchemaForm({ schema: diagnosisCreateSchema, initialValues: EMPTY, required: ['code'] });
  const failed = (error: unknown) => toastError(t('codeLists.saveFailed'), errorMessage(translate, error));
  const meta = list.data?.meta;

  const add = (body: DiagnosisCreate) =>
    create.mutate(body, {
      onSuccess: (row) => {
        draft.form.reset();
        setSearch(row.code);
        setPage(1);
        toastSuccess(t('codeLists.diagnoses.added'));
      },
      onError: (error) => {
        draft.showServerErrors(error);
        failed(error);
      },
    });

  const toggle = (row: DiagnosisRow) =>
    favourite.mutate({ code: row.code, favourite: !row.favourite }, { onError: failed });
  const confirmDelete = (row: DiagnosisRow) =>
    modals.openConfirmModal({
      title: t('codeLists.confirmTitle'),
      children: <Text size="sm">{t('codeLists.diagnoses.confirmDelete', { code: row.code })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'diagnosis-delete-confirm' } as never,
      onConfirm: () =>
        remove.mutate(row.code, {
          onSuccess: () => toastSuccess(t('codeLists.deleted')),
          onError: failed,
        }),
    });

  return (
    <>
      <ListPage
        rows={list.data?.data}
        error={list.error}
        search={{
          label: t('codeLists.diagnoses.search'),
          description: t('codeLists.diagnoses.searchHint'),
          value: search,
          onChange: (text) => {
            setSearch(text);
            setPage(1);
          },
        }}
        count={meta && t('codeLists.diagnoses.count', { count: meta.total })}
        empty={t('codeLists.empty')}
        name="diagnosis"
        minWidth={720}
        columns={[t('codeLists.diagnoses.code'), t('codeLists.titleAr'), t('codeLists.titleEn')]}
        table={{ striped: true }}
        renderRow={(row) => (
          <Table.Tr key={row.code} data-testid="diagnosis-row">
            <Table.Td dir="ltr" style={{ whiteSpace: 'nowrap' }}>
              <Group gap={6} wrap="nowrap">
                <Text span fw={600} size="sm">
                  {row.code}
                </Text>
                {row.custom && (
                  <Badge size="xs" variant="light">
                    {t('codeLists.diagnoses.custom')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td dir="rtl">{row.titleAr}</Table.Td>
            <Table.Td dir="ltr">{row.titleEn}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <FavouriteToggle row={row} editable={editable} onToggle={toggle} />
                {editable && row.custom && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('common.delete')}
                    onClick={() => confirmDelete(row)}
                    data-testid="diagnosis-delete"
                  >
                    <IconTrash />
                  </ActionIcon>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
        pagination={meta && { lastPage: meta.lastPage, page, onChange: setPage }}
      />
      {editable && (
        <>
          <Text fw={600} mt="lg" mb={4}>
            {t('codeLists.diagnoses.addTitle')}
          </Text>
          <BilingualAddForm
            form={draft}
            before={
              <TextInput
                label={t('codeLists.diagnoses.code')}
                dir="ltr"
                w={140}
                maxLength={16}
                data-testid="diagnosis-new-code"
                {...draft.inputProps('code')}
              />
            }
            ar={{
              field: 'titleAr',
              label: t('codeLists.titleAr'),
              maxLength: 300,
              testId: 'diagnosis-new-ar',
            }}
            en={{
              field: 'titleEn',
              label: t('codeLists.titleEn'),
              maxLength: 300,
              testId: 'diagnosis-new-en',
            }}
            ready={
              !!draft.values.code.trim() && (!!draft.values.titleAr.trim() || !!draft.values.titleEn.trim())
            }
            pending={create.isPending}
            onAdd={add}
            addTestId="diagnosis-add"
          />
        </>
      )}
    </>
  );
}

/** The star that puts a diagnosis first in the pickers; its tooltip mounts on first hover (hover-tooltip.tsx). */
function FavouriteToggle({
  row,
  editable,
  onToggle,
}: {
  row: DiagnosisRow;
  editable: boolean;
  onToggle: (row: DiagnosisRow) => void;
}) {
  const { t } = useTranslation();
  const hint = useHoverTooltip(
    row.favourite ? t('codeLists.diagnoses.unfavourite') : t('codeLists.diagnoses.favourite'),
  );
  return (
    <>
      <ActionIcon
        {...hint.targetProps}
        variant="subtle"
        color="yellow"
        disabled={!editable}
        aria-pressed={row.favourite}
        aria-label={t('codeLists.diagnoses.favouriteOf', { code: row.code })}
        onClick={() => onToggle(row)}
        data-testid="diagnosis-favourite"
      >
        <IconStar filled={row.favourite} />
      </ActionIcon>
      {hint.tooltip}
    </>
  );
}
