import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import {
  AUDIT_ACTIONS,
  AUDIT_READ_ACTIONS,
  auditEntityKey,
  type AuditOutcome,
  type AuditRow,
} from '@basira/shared/audit/audit.schemas';
import { READ_PATIENTS } from '@basira/shared/permissions/permissions';
import type { PatientSummary } from '@basira/shared/patients/patients.schemas';
import { IconFile } from '../../components/icons.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { PatientPicker } from '../../components/patient-picker.tsx';
import { parseTypedDate } from '../../lib/dates.ts';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';
import { pageOf, useSearchParamsUpdate } from '../../lib/use-search-params-update.ts';
import { useMe } from '../../lib/use-me.ts';
import { auditListQuery, auditUsersQuery, type AuditFilters } from './audit.queries.ts';

const READS = new Set<string>(AUDIT_READ_ACTIONS);
const WRITES = AUDIT_ACTIONS.filter((a) => !READS.has(a));
const ID = /^\d{1,10}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as kept in the address (`?patientId=12&action=patient.file.viewed`), so a view can be shared. */
function filtersFrom(params: URLSearchParams): AuditFilters {
  const id = (key: string) => (ID.test(params.get(key) ?? '') ? Number(params.get(key)) : undefined);
  const day = (key: string) => (DAY.test(params.get(key) ?? '') ? (params.get(key) ?? undefined) : undefined);
  return {
    page: pageOf(params),
    userId: id('userId'),
    patientId: id('patientId'),
    action: params.get('action') || undefined,
    from: day('from'),
    to: day('to'),
  };
}

/** An action's words; an action this version has no words for shows as recorded. */
export function useActionLabel() {
  const { t } = useTranslation();
  return (action: string) => t(`audit.actions.${action}`, { defaultValue: action });
}

/** A row's record in the screen's language (`Consultation #411`); a name recorded before it had one, as recorded. */
function useEntityLabel() {
  const { t } = useTranslation();
  return (entity: string, id: number | null) => {
    const name = t(auditEntityKey(entity), { defaultValue: entity });
    return id === null ? name : t('audit.entityWithId', { entity: name, id });
  };
}

const OUTCOME_COLORS: Record<AuditOutcome, string> = {
  ok: 'teal',
  denied: 'red',
  not_found: 'orange',
  conflict: 'yellow',
  invalid: 'gray',
  error: 'red',
};

/**
 * auditIndex (`/audit`, docs/audit.md): the audit trail, newest first, filtered by user, patient, action and dates;
 * each row links to its patient's file. For holders of `show audit`.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, updateParams] = useSearchParamsUpdate();
  const filters = filtersFrom(params);
  const list = useQuery(auditListQuery(filters));
  const users = useQuery(auditUsersQuery());
  const [picked, setPicked] = useState<PatientSummary | null>(null);
  const actionLabel = useActionLabel();

  const set = (changes: Record<string, string | number | undefined>) =>
    updateParams(
      (next) => {
        for (const [key, value] of Object.entries(changes))
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        if (!('page' in changes)) next.delete('page');
      },
      { replace: !('page' in changes) },
    );

  const meta = list.data?.meta;
  const rows = list.data?.data ?? [];
  // Arriving with ?patientId= (the patient file's card): the name comes from the rows.
  const patientName =
    picked && picked.id === filters.patientId
      ? picked.name
      : (rows.find((r) => r.patientId === filters.patientId)?.patientName ??
        t('audit.formerPatient', { id: filters.patientId }));
  const filtered = [filters.userId, filters.patientId, filters.action, filters.from, filters.to].some(
    (v) => v !== undefined,
  );

  return (
    <ListPage
      frame={{ title: t('audit.title') }}
      rows={list.data && rows}
      loading={list.isPending && !list.error}
      error={list.error}
      failureFallback={pathTo('userPortal')}
      pagination={meta && { lastPage: meta.lastPage, page: filters.page, onChange: (page) => set({ page }) }}
      intro={
        <Text size="sm" c="dimmed">
          {t('audit.intro')}
        </Text>
      }
      filters={
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" data-testid="audit-filters">
          <Select
            label={t('audit.user')}
            placeholder={t('audit.anyUser')}
            data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            value={filters.userId !== undefined ? String(filters.userId) : null}
            onChange={(value) => set({ userId: value ?? undefined })}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('common.clear') }}
            data-testid="audit-user-filter"
          />
          {filters.patientId !== undefined ? (
            <TextInput
              label={t('audit.patient')}
              value={patientName ?? ''}
              readOnly
              rightSection={
                <CloseButton
                  aria-label={t('common.clear')}
                  onClick={() => {
                    setPicked(null);
                    set({ patientId: undefined });
                  }}
                />
              }
              data-testid="audit-patient-chosen"
            />
          ) : canAny(me?.permissions, READ_PATIENTS) ? (
            <PatientPicker
              label={t('audit.patient')}
              value={picked}
              onChange={(patient) => {
                setPicked(patient);
                if (patient) set({ patientId: patient.id });
              }}
              testId="audit-patient-filter"
            />
          ) : null}
          <Select
            label={t('audit.action')}
            placeholder={t('audit.anyAction')}
            data={[
              {
                group: t('audit.readsGroup'),
                items: AUDIT_READ_ACTIONS.map((value) => ({ value, label: actionLabel(value) })),
              },
              {
                group: t('audit.writesGroup'),
                items: WRITES.map((value) => ({ value, label: actionLabel(value) })),
              },
            ]}
            value={filters.action ?? null}
            onChange={(value) => set({ action: value ?? undefined })}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('common.clear') }}
            data-testid="audit-action-filter"
          />
          <Group gap="xs" grow wrap="nowrap" align="flex-end">
            <DateInput
              label={t('audit.from')}
              clearable
              valueFormat="YYYY-MM-DD"
              dateParser={parseTypedDate}
              value={filters.from ?? null}
              maxDate={filters.to}
              onChange={(value) => set({ from: value ?? undefined })}
              clearButtonProps={{ 'aria-label': t('common.clear') }}
              data-testid="audit-from"
            />
            <DateInput
              label={t('audit.to')}
              clearable
              valueFormat="YYYY-MM-DD"
              dateParser={parseTypedDate}
              value={filters.to ?? null}
              minDate={filters.from}
              onChange={(value) => set({ to: value ?? undefined })}
              clearButtonProps={{ 'aria-label': t('common.clear') }}
              data-testid="audit-to"
            />
          </Group>
        </SimpleGrid>
      }
      count={meta && t(meta.totalIsLowerBound ? 'audit.countAtLeast' : 'audit.count', { count: meta.total })}
      countAside={
        filtered && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setPicked(null);
              updateParams(() => new URLSearchParams(), { replace: true });
            }}
          >
            {t('audit.clear')}
          </Button>
        )
      }
      empty={t('audit.empty')}
      name="audit"
      minWidth={900}
      columns={[
        t('audit.columns.at'),
        t('audit.columns.user'),
        t('audit.columns.action'),
        t('audit.columns.patient'),
        t('audit.columns.entity'),
        t('audit.columns.outcome'),
        t('audit.columns.ip'),
      ]}
      renderRow={(row) => <AuditTableRow key={row.id} row={row} onUser={(userId) => set({ userId })} />}
    />
  );
}

function AuditTableRow({ row, onUser }: { row: AuditRow; onUser: (userId: number) => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const actionLabel = useActionLabel();
  const entityLabel = useEntityLabel();
  return (
    <Table.Tr data-testid="audit-row" data-action={row.action} data-outcome={row.outcome}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={row.at} title={row.at}>
          {format.dateTime(row.at)}
        </time>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {row.user ? (
          <Anchor component="button" type="button" size="sm" onClick={() => onUser(row.user!.id)}>
            {row.user.name}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('audit.noUser')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{actionLabel(row.action)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {row.patientId !== null && row.patientName !== null ? (
          <Anchor
            component={Link}
            to={pathTo('patientFile', { patientId: row.patientId })}
            size="sm"
            data-testid="audit-patient-link"
          >
            {row.patientName}
          </Anchor>
        ) : row.patientId !== null ? (
          <Text size="sm" c="dimmed">
            {t('audit.formerPatient', { id: row.patientId })}
          </Text>
        ) : row.patientCount !== null ? (
          // A list page: each of its patients' trails lists it.
          <Text size="sm" c="dimmed" data-testid="audit-listed-patients">
            {t('audit.listedPatients', { count: row.patientCount })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {row.entity && (
          <Text size="xs" c="dimmed" data-testid="audit-entity">
            {entityLabel(row.entity, row.entityId)}
          </Text>
        )}
        {row.route && (
          // The refused route as the server matched it (`GET /api/user/:id`): the same words in either language.
          <Text size="xs" c="dimmed" ff="monospace" dir="ltr" data-testid="audit-route">
            {row.route}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={OUTCOME_COLORS[row.outcome]} variant="light" miw="max-content">
          {t(`audit.outcomes.${row.outcome}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed">
          <bdi dir="ltr">{row.ip}</bdi>
        </Text>
      </Table.Td>
      <Table.Td>
        {row.patientId !== null && row.patientName !== null && (
          <ActionIcon
            component={Link}
            to={pathTo('patientFile', { patientId: row.patientId })}
            variant="subtle"
            aria-label={t('patientFile.open', { name: row.patientName })}
          >
            <IconFile size={16} />
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
