import { useState } from 'react';
import { ActionIcon, Group, Select, Switch, Table, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { OPTION_CATEGORIES, type OptionCategoryKey } from '@basira/shared/exams/exam-options';
import { optionCreateSchema, type ExamOption, type OptionUpdate } from '@basira/shared/exams/options.schemas';
import { IconChevron, IconTrash } from '../../components/icons.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { can } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { BilingualAddForm } from './bilingual-add-form.tsx';
import { DiagnosesPanel } from './code-lists/diagnoses-panel.tsx';
import { DrugFormularyPanel } from './code-lists/drug-formulary-panel.tsx';
import { examOptionsQuery, useDeleteOption, useSaveOption } from './exams.queries.ts';

/**
 * `/setting/options`: the exam forms' pick lists (the spec's categories 1-25). Values are added, relabelled in both
 * languages, moved, retired (kept in the records that have them, hidden from the forms) or deleted. Two more tabs
 * edit the consultation's code lists: diagnoses (code-lists/diagnoses-panel) and the drug formulary.
 */
export function OptionsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const editable = can(me?.permissions, 'edit options');
  const options = useQuery(examOptionsQuery);
  return (
    <PageFrame title={t('examOptions.title')} loading={options.isPending && !options.error}>
      <Tabs defaultValue="lists" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="lists" data-testid="options-tab-lists">
            {t('codeLists.tabs.lists')}
          </Tabs.Tab>
          <Tabs.Tab value="diagnoses" data-testid="options-tab-diagnoses">
            {t('codeLists.tabs.diagnoses')}
          </Tabs.Tab>
          <Tabs.Tab value="drugs" data-testid="options-tab-drugs">
            {t('codeLists.tabs.drugs')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lists">
          <PickLists editable={editable} />
        </Tabs.Panel>
        <Tabs.Panel value="diagnoses">
          <DiagnosesPanel editable={editable} />
        </Tabs.Panel>
        <Tabs.Panel value="drugs">
          <DrugFormularyPanel editable={editable} />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}

/** The exam forms' pick lists, one list at a time. */
function PickLists({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const [category, setCategory] = useState<OptionCategoryKey>(OPTION_CATEGORIES[0].key);
  const options = useQuery(examOptionsQuery);
  const save = useSaveOption();
  const remove = useDeleteOption();
  // The list shown is the category the new value joins: it is part of the body, not a field of the row.
  const draft = useSchemaForm({
    schema: optionCreateSchema,
    initialValues: { labelAr: '', labelEn: '' },
    toBody: (labels) => ({ category, ...labels }),
    required: ['labelAr', 'labelEn'],
  });
  const rows = (options.data ?? []).filter((o) => o.category === category);

  const failed = (error: unknown) => toastError(t('examOptions.saveFailed'), errorMessage(translate, error));
  const update = (option: ExamOption, changes: Partial<OptionUpdate>) =>
    save.mutate(
      {
        id: option.id,
        body: {
          labelAr: option.labelAr,
          labelEn: option.labelEn,
          position: option.position,
          isActive: option.isActive,
          version: option.version,
          ...changes,
        },
      },
      { onError: failed },
    );
  const move = (index: number, by: -1 | 1) => {
    const other = rows[index + by];
    const option = rows[index];
    if (!other || !option) return;
    update(option, { position: other.position });
    update(other, { position: option.position });
  };

  return (
    <>
      <ListPage
        rows={options.data && rows}
        error={options.error}
        failureFallback="/user/portal"
        filters={
          <Select
            label={t('examOptions.category')}
            data={OPTION_CATEGORIES.map((c) => ({
              value: c.key,
              label: `${c.id}. ${t(`examOptions.categories.${c.key}`)}`,
            }))}
            value={category}
            onChange={(v) => v && setCategory(v as OptionCategoryKey)}
            allowDeselect={false}
            searchable
            maw={420}
            data-testid="option-category"
          />
        }
        empty={t('examOptions.empty')}
        name="option"
        minWidth={640}
        columns={[t('examOptions.labelAr'), t('examOptions.labelEn'), t('examOptions.active')]}
        renderRow={(option, index) => (
          <Table.Tr key={option.id} data-testid="option-row">
            <Table.Td dir="rtl">{option.labelAr}</Table.Td>
            <Table.Td dir="ltr">{option.labelEn}</Table.Td>
            <Table.Td>
              <Switch
                checked={option.isActive}
                disabled={!editable}
                aria-label={t('examOptions.active')}
                onChange={(event) => update(option, { isActive: event.currentTarget.checked })}
              />
            </Table.Td>
            <Table.Td>
              {editable && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('examOptions.up')}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <IconChevron style={{ transform: 'rotate(180deg)' }} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('examOptions.down')}
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconChevron />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('common.delete')}
                    onClick={() => remove.mutate(option, { onError: failed })}
                    data-testid="option-delete"
                  >
                    <IconTrash />
                  </ActionIcon>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      {editable && (
        <BilingualAddForm
          form={draft}
          ar={{ field: 'labelAr', label: t('examOptions.labelAr'), maxLength: 200, testId: 'option-new-ar' }}
          en={{ field: 'labelEn', label: t('examOptions.labelEn'), maxLength: 200, testId: 'option-new-en' }}
          ready={!!draft.values.labelAr.trim() && !!draft.values.labelEn.trim()}
          pending={save.isPending}
          onAdd={(body) =>
            save.mutate(
              { id: null, body },
              {
                onSuccess: () => {
                  draft.form.reset();
                  toastSuccess(t('examOptions.added'));
                },
                onError: (error) => {
                  draft.showServerErrors(error);
                  failed(error);
                },
              },
            )
          }
          addTestId="option-add"
          mt="md"
        />
      )}
    </>
  );
}
