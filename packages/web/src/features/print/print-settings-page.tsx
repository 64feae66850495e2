import { useRef, useState } from 'react';
import { Alert, Badge, Button, ColorSwatch, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { PrintSetting } from '@basira/shared/print/print-settings.schemas';
import { IconEdit, IconPlus, IconTrash } from '../../components/icons.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { pathTo } from '../../lib/routes.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { LetterTemplatesSection } from './letter-templates-section.tsx';
import { PrintSettingsForm } from './print-settings-form.tsx';
import { settingLabel } from './print-settings-values.ts';
import { printSettingQuery, printSettingsQuery, useDeletePrintSetting } from './print-settings.queries.ts';
import { RowAction, RowActions } from '../../components/row-action.tsx';

/** What the form shows: a chosen setting, a new one, or (at first) the default. */
type Selection = number | 'new' | null;

/**
 * /printSetting (`print setting`): the organization's print settings (the default one is what every printout
 * uses), and the form of one of them with a live preview of a prescription printed with it.
 */
export function PrintSettingsPage() {
  const { t } = useTranslation();
  const translate = useTranslator();
  const list = useQuery(printSettingsQuery);
  const [selection, setSelection] = useState<Selection>(null);
  const dirty = useRef(false);
  const settings = list.data ?? [];
  const shownId =
    selection === 'new'
      ? null
      : (selection ?? settings.find((s) => s.isDefault)?.id ?? settings[0]?.id ?? null);
  const listed = settings.find((s) => s.id === shownId);
  // The setting as it is now (another session may have changed it since the list was read).
  const detail = useQuery({
    ...printSettingQuery(shownId ?? 0),
    enabled: shownId !== null,
    ...(listed ? { initialData: listed, initialDataUpdatedAt: list.dataUpdatedAt } : {}),
  });
  const current = shownId === null ? null : (detail.data ?? null);

  /** Leaves the form, asking first when it holds unsaved input. */
  const open = (next: Selection) => {
    if (next === selection) return;
    if (!dirty.current) return setSelection(next);
    modals.openConfirmModal({
      title: t('printSetting.discardTitle'),
      children: <Text size="sm">{t('printSetting.discardText')}</Text>,
      labels: { confirm: t('printSetting.discardYes'), cancel: t('printSetting.discardNo') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-yes' } as Record<string, unknown>,
      cancelProps: { 'data-testid': 'confirm-no' } as Record<string, unknown>,
      onConfirm: () => {
        dirty.current = false;
        setSelection(next);
      },
    });
  };

  // The page holds the delete (not the row): the row is gone once the list is read again, its callbacks with it.
  const remove = useDeletePrintSetting();
  const confirmDelete = (setting: PrintSetting, label: string) =>
    modals.openConfirmModal({
      title: t('printSetting.confirmTitle'),
      children: (
        <Text size="sm">
          {setting.isDefault
            ? t('printSetting.confirmTextDefault', { name: label })
            : t('printSetting.confirmText', { name: label })}
        </Text>
      ),
      labels: { confirm: t('printSetting.confirmYes'), cancel: t('printSetting.confirmNo') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-yes' } as Record<string, unknown>,
      cancelProps: { 'data-testid': 'confirm-no' } as Record<string, unknown>,
      onConfirm: () =>
        remove.mutate(setting.id, {
          onSuccess: () => {
            toastSuccess(t('printSetting.deleted', { name: label }));
            if (setting.id === shownId) {
              dirty.current = false;
              setSelection(null);
            }
          },
          onError: (error) => toastError(t('printSetting.deleteFailed'), errorMessage(translate, error)),
        }),
    });

  const loading = list.isPending || (shownId !== null && !current && !detail.error);
  return (
    <ListPage
      frame={{
        title: t('printSetting.title'),
        actions: settings.length > 0 && (
          <Button
            leftSection={<IconPlus />}
            onClick={() => open('new')}
            disabled={selection === 'new'}
            data-testid="print-setting-add"
          >
            {t('printSetting.add')}
          </Button>
        ),
      }}
      rows={list.data}
      loading={loading && !list.error}
      error={list.error}
      failureFallback={pathTo('userPortal')}
      empty={t('printSetting.empty')}
      name="print-setting"
      minWidth={560}
      columns={[
        t('printSetting.columns.name'),
        t('printSetting.columns.paper'),
        t('printSetting.columns.color'),
      ]}
      renderRow={(setting) => (
        <SettingRow
          key={setting.id}
          setting={setting}
          selected={setting.id === shownId}
          deleting={remove.isPending && remove.variables === setting.id}
          onEdit={() => open(setting.id)}
          onDelete={(label) => confirmDelete(setting, label)}
        />
      )}
      // The chosen setting's form and the letter templates, below the list.
      footnote={
        <Stack gap="lg" mt="sm">
          {shownId !== null && !current && detail.error && (
            <Alert color="red" role="alert">
              {errorMessage(translate, detail.error)}
            </Alert>
          )}
          {list.data && (shownId === null || current) && (
            <PrintSettingsForm
              key={current?.id ?? 'new'}
              setting={current}
              isFirst={settings.length === 0}
              onSaved={(saved) => setSelection(saved.id)}
              onDirtyChange={(value) => void (dirty.current = value)}
            />
          )}
          {list.data && <LetterTemplatesSection />}
        </Stack>
      }
    />
  );
}

function SettingRow({
  setting,
  selected,
  deleting,
  onEdit,
  onDelete,
}: {
  setting: PrintSetting;
  selected: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: (label: string) => void;
}) {
  const { t } = useTranslation();
  const label = settingLabel(setting) ?? t('printSetting.unnamed');

  return (
    <Table.Tr
      data-testid="print-setting-row"
      data-setting-id={setting.id}
      aria-current={selected || undefined}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Table.Td fw={500}>
        <Group gap="xs" wrap="nowrap">
          <span data-testid="print-setting-label">{label}</span>
          {setting.isDefault && (
            <Badge size="sm" variant="light" color="green" data-testid="print-setting-default-badge">
              {t('printSetting.defaultBadge')}
            </Badge>
          )}
        </Group>
        {setting.name && (setting.optometrist || setting.specialist) && (
          <Text size="xs" c="dimmed">
            {[setting.optometrist, setting.specialist].filter(Boolean).join(' · ')}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-testid="print-setting-paper-cell">
        {t(`printSetting.paper.${setting.paperSize}`)}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch
            color={setting.color}
            size={18}
            aria-hidden="true"
            data-testid="print-setting-swatch"
          />
          <Text size="sm" ff="monospace" dir="ltr" component="bdi">
            {setting.color}
          </Text>
        </Group>
      </Table.Td>
      <RowActions>
        <RowAction
          label={t('common.edit')}
          onClick={onEdit}
          of={label}
          testId="print-setting-edit"
          icon={<IconEdit />}
        />
        <RowAction
          label={t('common.delete')}
          color="red"
          onClick={() => onDelete(label)}
          loading={deleting}
          of={label}
          testId="print-setting-delete"
          icon={<IconTrash />}
        />
      </RowActions>
    </Table.Tr>
  );
}
