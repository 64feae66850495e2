import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { PatientSummary } from '@basira/shared/patients/patients.schemas';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { IconPrinter, IconStethoscope } from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { dayIn } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { pageOf, useSearchParamsUpdate } from '../../lib/use-search-params-update.ts';
import { boardEntry, boardLink, type BoardState } from './queue-actions.ts';
import { AddedText, QueueForm } from './queue-form.tsx';
import { queueFiltersFromParams, queueFiltersToParams, type ListFilters } from './queue-list-params.ts';
import { QueueList, type QueueRowAddon } from './queue-list.tsx';
import { queueEntryQuery, queuePatientQuery } from './queue.queries.ts';

const positiveId = (value: string | null) =>
  value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * /queue: queueAdd and queueUpdate share the path (spec section 2); `?id=` selects update, `?patientId=`
 * starts an addition with that patient (`&book=1`: a booked visit). Below, the day's queue.
 */
export function QueuePage({ rowAddon }: { rowAddon?: QueueRowAddon } = {}) {
  const { t } = useTranslation();
  const me = useMe();
  const permissions = me?.permissions;
  const [params, updateParams] = useSearchParamsUpdate();
  const updateId = positiveId(params.get('id'));
  const patientId = positiveId(params.get('patientId'));
  const today = dayIn(me?.organization.timeZone);
  const [lastAdded, setLastAdded] = useState<QueueEntry | null>(null);

  const canAdd = can(permissions, 'add queue');
  const canUpdate = can(permissions, 'edit queue');
  const canList = can(permissions, 'show queues');
  const entry = useQuery({
    ...queueEntryQuery(updateId ?? 0),
    enabled: updateId !== null && canUpdate,
    staleTime: 0,
  });
  const patient = useQuery({ ...queuePatientQuery(patientId ?? 0), enabled: patientId !== null && canAdd });
  useLoadFailure(entry.error ?? patient.error, pathTo('queueAdd'));

  const filters = queueFiltersFromParams(params, today);
  const page = pageOf(params);
  const setFilters = (changes: Partial<ListFilters>) =>
    updateParams(
      (latest) =>
        queueFiltersToParams({ ...queueFiltersFromParams(latest, today), ...changes }, today, latest),
      { replace: true },
    );
  const setPage = (next: number) =>
    updateParams((latest) => {
      latest.set('page', String(next));
    });
  const withoutForm = () =>
    updateParams((latest) => {
      for (const key of ['id', 'patientId', 'book']) latest.delete(key);
    });

  const summary: PatientSummary | null = patient.data
    ? {
        id: patient.data.id,
        fileNumber: patient.data.fileNumber,
        name: patient.data.name,
        phone: patient.data.phone,
        birthDate: patient.data.birthDate,
        age: patient.data.age,
        isMale: patient.data.isMale,
        hasAlerts: patient.data.hasAlerts,
        lastQueueAt: patient.data.lastQueueAt,
      }
    : null;

  const formReady = updateId !== null ? !!entry.data : patientId === null || !!patient.data;
  const showForm = updateId !== null ? canUpdate : canAdd;
  const lastBoard = lastAdded ? boardEntry(lastAdded.status.id, permissions) : null;

  return (
    <>
      <PageFrame
        title={updateId !== null ? t('queue.updateTitle') : t('queue.title')}
        loading={
          (updateId !== null && entry.isPending && !entry.error) ||
          (patientId !== null && patient.isPending && !patient.error)
        }
        backFallback={pathTo('dashboard')}
      >
        <Stack gap="md">
          {showForm && formReady && (
            <QueueForm
              key={updateId !== null ? `update-${updateId}` : `add-${patientId ?? 'none'}`}
              entry={updateId !== null ? (entry.data ?? null) : null}
              initialPatient={summary}
              booking={params.get('book') === '1'}
              onAdded={(added) => {
                setLastAdded(added);
                if (patientId !== null) withoutForm();
              }}
              onDone={withoutForm}
            />
          )}
          {lastAdded && updateId === null && (
            <Alert
              color="green"
              withCloseButton
              closeButtonLabel={t('common.close')}
              onClose={() => setLastAdded(null)}
              data-testid="queue-last-added"
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" fw={500}>
                  <AddedText entry={lastAdded} />
                </Text>
                <Group gap="xs">
                  {can(permissions, 'print squint') && lastAdded.ticketNumber !== null && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPrinter size={14} />}
                      component={Link}
                      to={pathTo('queuePrint', { id: lastAdded.id })}
                      target="_blank"
                      data-testid="last-added-print"
                    >
                      {t('queue.ticket.print')}
                    </Button>
                  )}
                  {lastBoard === 'open' && (
                    <Button
                      size="xs"
                      variant="light"
                      component={Link}
                      to={boardLink(lastAdded)}
                      state={{ open: true } satisfies BoardState}
                      leftSection={<IconStethoscope size={14} />}
                    >
                      {t('queue.openBoard')}
                    </Button>
                  )}
                </Group>
              </Group>
            </Alert>
          )}
          {canList && (
            <QueueList
              filters={filters}
              page={page}
              permissions={permissions}
              onFilters={setFilters}
              onPage={setPage}
              rowAddon={rowAddon}
              onEdit={(row) => {
                updateParams((latest) => {
                  latest.delete('patientId');
                  latest.delete('book');
                  latest.set('id', String(row.id));
                });
                window.scrollTo({ top: 0 });
              }}
            />
          )}
        </Stack>
      </PageFrame>
    </>
  );
}
