import { useState } from 'react';
import { Badge, Button, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LENS_CONSTANTS, type IolLens, type LensConstant } from '@basira/shared/outcomes/outcomes.schemas';
import { IconEdit, IconPlus } from '../../components/icons.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { RowAction, RowActions } from '../../components/row-action.tsx';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { useMe } from '../../lib/use-me.ts';
import { IolLensFormModal } from './iol-lens-form-modal.tsx';
import { allLensesQuery } from './iol-lenses.queries.ts';

/**
 * /iol-lenses: the clinic's lens list (issue 55, docs/outcomes.md), each model with its constants, where each came
 * from and when; the biometry and operation forms pick from its active lenses. Whoever manages it adds and edits.
 */
export function IolLensListPage() {
  const { t } = useTranslation();
  const me = useMe();
  const lenses = useQuery(allLensesQuery);
  const manage = can(me?.permissions, 'manage iol lenses');
  // null: closed; 'new': adding; a lens: editing it.
  const [editing, setEditing] = useState<IolLens | 'new' | null>(null);
  return (
    <>
      <ListPage
        name="iol-lens"
        frame={{
          title: t('iolLenses.title'),
          actions: manage && (
            <Button leftSection={<IconPlus />} onClick={() => setEditing('new')} data-testid="iol-lens-add">
              {t('iolLenses.add')}
            </Button>
          ),
        }}
        rows={lenses.data}
        loading={lenses.isPending && !lenses.error}
        error={lenses.error}
        failureFallback={pathTo('userPortal')}
        count={lenses.data && t('iolLenses.count', { count: lenses.data.length })}
        empty={t('iolLenses.empty')}
        minWidth={860}
        columns={[
          t('iolLenses.model'),
          t('iolLenses.manufacturer'),
          ...LENS_CONSTANTS.map((name) => t(`iolLenses.constants.${name}`)),
          t('iolLenses.status'),
          ...(manage ? [t('common.actions')] : []),
        ]}
        table={{ striped: true }}
        renderRow={(lens) => (
          <Table.Tr key={lens.id} data-testid="iol-lens-row" data-model={lens.model}>
            <Table.Td fw={500}>
              <bdi>{lens.model}</bdi>
            </Table.Td>
            <Table.Td>{lens.manufacturer ? <bdi>{lens.manufacturer}</bdi> : '—'}</Table.Td>
            {LENS_CONSTANTS.map((name) => (
              <Table.Td key={name} data-testid={`iol-lens-${name}`}>
                <ConstantCell constant={lens[name]} />
              </Table.Td>
            ))}
            <Table.Td>
              <Badge color={lens.isActive ? 'green' : 'gray'} variant="light" data-testid="iol-lens-status">
                {lens.isActive ? t('iolLenses.active') : t('iolLenses.inactive')}
              </Badge>
            </Table.Td>
            {manage && (
              <RowActions>
                <RowAction
                  label={t('common.edit')}
                  of={lens.model}
                  icon={<IconEdit />}
                  onClick={() => setEditing(lens)}
                  testId="iol-lens-edit"
                />
              </RowActions>
            )}
          </Table.Tr>
        )}
      />
      <IolLensFormModal
        opened={editing !== null}
        lens={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

/** A constant, with where it came from and the day under it. */
export function ConstantCell({ constant }: { constant: LensConstant | null }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (!constant) return <>—</>;
  return (
    <>
      <bdi dir="ltr">{constant.value.toFixed(2)}</bdi>
      <Text size="xs" c="dimmed">
        {t(`iolLenses.sources.${constant.source}`)}
        {constant.sourceDate ? ` · ${format.date(constant.sourceDate)}` : ''}
      </Text>
    </>
  );
}
