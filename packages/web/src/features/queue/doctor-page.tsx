import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import { IconStethoscope } from '../../components/icons.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { AlertMark } from '../../components/patient-alerts.tsx';
import { STATUS_COLOR, StatusBadge } from '../../components/status-badge.tsx';
import { useFormatters, waitingMinutes } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { useFocusAfterPaint } from '../../lib/use-focus-after-paint.ts';
import { useMe } from '../../lib/use-me.ts';
import { boardEntry, boardLink, type BoardState } from './queue-actions.ts';
import { worklistQuery } from './queue.queries.ts';
import { useNow } from './use-now.ts';
import { ExamTypeBadges } from './exam-type-badges.tsx';
import { PatientNameLink } from '../../components/patient-name-link.tsx';

const present = (entry: QueueEntry) =>
  entry.status.id === QUEUE_STATUS.Waiting || entry.status.id === QUEUE_STATUS.WithDoctor;

/** /doctor: today's Waiting and WithDoctor entries for me or for no one, by ticket; one click opens the board. */
export function DoctorPage() {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const worklist = useQuery(worklistQuery);
  const now = useNow(30_000);
  const format = useFormatters();

  // Only patients in the building: the server lists no booking or recall that has not arrived; a stray one
  // (an older server) must not become the "Next" of a patient who is not there.
  const entries = (worklist.data?.entries ?? []).filter(present);
  const go = (entry: QueueEntry) => {
    const how = boardEntry(entry.status.id, me?.permissions);
    if (!how) return;
    void navigate(boardLink(entry), { state: { open: how === 'open' } satisfies BoardState });
  };
  const next = entries.find(
    (e) => e.status.id === QUEUE_STATUS.Waiting && boardEntry(e.status.id, me?.permissions),
  );
  // The doctor's Enter opens the next patient as soon as the list shows (focused after its first paint).
  const nextRef = useRef<HTMLButtonElement>(null);
  useFocusAfterPaint(nextRef, next !== undefined);
  const withMe = entries.filter((e) => e.status.id === QUEUE_STATUS.WithDoctor).length;
  const waiting = entries.length - withMe;

  return (
    <ListPage
      frame={{
        title: t('doctor.title'),
        actions: next && (
          <Button
            leftSection={<IconStethoscope />}
            onClick={() => go(next)}
            ref={nextRef}
            data-testid="doctor-next"
          >
            {t('doctor.next', { number: next.ticketNumber ?? '—', name: next.patient.name })}
          </Button>
        ),
      }}
      rows={worklist.data && entries}
      loading={worklist.isPending && !worklist.error}
      error={worklist.error}
      failureFallback={pathTo('userPortal')}
      intro={
        worklist.data && (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {format.date(worklist.data.day)}
            </Text>
            <Badge color="orange" variant="light">
              {t('doctor.waitingCount', { count: waiting })}
            </Badge>
            <Badge color="blue" variant="light">
              {t('doctor.withMeCount', { count: withMe })}
            </Badge>
          </Group>
        )
      }
      empty={t('doctor.empty')}
      name="doctor"
      minWidth={760}
      columns={[
        t('queue.ticket.short'),
        t('queue.patient'),
        t('queue.examTypesLabel'),
        t('queue.statusLabel'),
        t('queue.waiting'),
        t('queue.doctor'),
      ]}
      table={{ verticalSpacing: 'sm' }}
      renderRow={(entry) => {
        const how = boardEntry(entry.status.id, me?.permissions);
        const minutes =
          entry.status.id === QUEUE_STATUS.Waiting ? waitingMinutes(entry.waitingSince, now) : null;
        return (
          <Table.Tr
            key={entry.id}
            onClick={() => go(entry)}
            style={{ cursor: how ? 'pointer' : undefined }}
            data-testid="doctor-row"
            data-queue-id={entry.id}
          >
            <Table.Td
              style={{
                borderInlineStart: `4px solid var(--mantine-color-${STATUS_COLOR[entry.status.id]}-6)`,
              }}
            >
              <Text fw={700} fz={24} ff="monospace">
                {entry.ticketNumber ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <PatientNameLink patient={entry.patient} fw={600} />
                {entry.patient.hasAlerts && <AlertMark />}
              </Group>
              <Text size="xs" c="dimmed">
                {t('patients.fileNumberShort', { number: entry.patient.fileNumber })} ·{' '}
                {t('patients.ageYears', { count: entry.patient.age })} ·{' '}
                {entry.patient.isMale === 1 ? t('patients.male') : t('patients.female')}
              </Text>
            </Table.Td>
            <Table.Td>
              <ExamTypeBadges types={entry.examTypes} />
            </Table.Td>
            <Table.Td>
              <StatusBadge status={entry.status} />
            </Table.Td>
            <Table.Td>
              {minutes !== null ? (
                <Text size="sm" fw={500} c={minutes >= 30 ? 'red.8' : undefined}>
                  {format.duration(minutes)}
                </Text>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td>
              {entry.doctor ? (
                entry.doctor.id === me?.id ? (
                  t('doctor.me')
                ) : (
                  entry.doctor.name
                )
              ) : (
                <Text span size="sm" c="dimmed">
                  {t('queue.anyDoctor')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {how && (
                <Button
                  size="compact-sm"
                  variant={how === 'open' ? 'filled' : 'light'}
                  onClick={(event) => {
                    event.stopPropagation();
                    go(entry);
                  }}
                  aria-label={`${how === 'open' ? t('queue.openBoard') : t('doctor.continue')}: ${entry.patient.name}`}
                  data-testid="doctor-open"
                >
                  {how === 'open' ? t('queue.openBoard') : t('doctor.continue')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        );
      }}
    />
  );
}
