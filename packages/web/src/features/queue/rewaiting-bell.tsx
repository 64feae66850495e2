import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Button,
  Indicator,
  Popover,
  ScrollArea,
  Table,
  Tabs,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { ACTION_PERMISSION, QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import { IconBell } from '../../components/icons.tsx';
import { PatientNameLink } from '../../components/patient-name-link.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { dayIn, useFormatters } from '../../lib/format.ts';
import { sexOf } from '../../lib/grammar.ts';
import { displayPhone } from '../../lib/phone-format.ts';
import { can } from '../../lib/session-local.ts';
import { getBellSound } from '../../lib/storage.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { playChime, prepareAudioWhenQuiet } from './bell-sound.ts';
import { boardEntry, boardLink, daysOverdue, localDayOf, type BoardState } from './queue-actions.ts';
import { rewaitingQuery, useMoveQueueEntry } from './queue.queries.ts';
import { useRewaitingSplit } from './use-rewaiting-bell.ts';

type Tab = 'bigger' | 'waiting';

/** The chime for entries that fell due, unless the sound is switched off in the settings drawer. */
export function ringFor(due: readonly QueueEntry[], play: () => unknown = playChime): boolean {
  if (due.length === 0 || !getBellSound()) return false;
  play();
  return true;
}

/**
 * How late a due entry is, by the clinic's days: "due today", or "overdue 4 days" (a recall is a visit expected,
 * not a presence: the patient is not in the building until it arrives).
 */
export function DueLabel({
  date,
  today,
  timeZone,
}: {
  date: string;
  today: string;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation();
  const days = daysOverdue(localDayOf(date, timeZone), today);
  return (
    <Text
      span
      size="xs"
      c={days > 0 ? 'red.8' : 'dimmed'}
      fw={days > 0 ? 600 : undefined}
      data-testid="bell-due"
      data-days={days}
    >
      {days > 0 ? t('bell.overdue', { count: days }) : t('bell.dueToday')}
    </Text>
  );
}

/**
 * The bell of the main layout (spec sections 2, 4, 9): how many entries are set to be re-waited; a popup with
 * Bigger Date (later than now) and Waiting (due); fetched every 5 minutes and at once on a live event; split
 * again every 10 s; a chime when one falls due (unless switched off in the settings).
 */
export function RewaitingBell() {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const format = useFormatters();
  const list = useQuery(rewaitingQuery);
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<Tab | null>(null);
  const [flash, setFlash] = useState(false);
  const translate = useTranslator();
  const move = useMoveQueueEntry();
  const today = dayIn(format.timeZone);
  const canArrive = can(me?.permissions, ACTION_PERMISSION.arrive);

  useEffect(() => prepareAudioWhenQuiet(), []);
  const split = useRewaitingSplit(list.data, (due) => {
    setFlash(true);
    ringFor(due);
  });
  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(false), 4_000);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const total = split.bigger.length + split.waiting.length;
  const due = split.waiting.length;
  const active: Tab = tab ?? (due > 0 ? 'waiting' : 'bigger');

  // Open shows the board: starting the visit (WithDoctor) is the doctor's choice there. Only who may not show a
  // board, and may open one, has it opened at once.
  const openEntry = (entry: QueueEntry) => {
    const how = boardEntry(entry.status.id, me?.permissions);
    const open = how === 'open' && !can(me?.permissions, 'show board');
    setOpened(false);
    void navigate(boardLink(entry), { state: { open } satisfies BoardState });
  };

  // A due recall (Booked) arrives here in one click: today's ticket, and the patient waits in the queue.
  const arrive = (entry: QueueEntry) =>
    move.mutate(
      { id: entry.id, action: 'arrive' },
      {
        onSuccess: (arrived) =>
          toastSuccess(
            t('bell.arrived', {
              name: entry.patient.name,
              number: arrived.ticketNumber,
              context: sexOf(entry.patient),
            }),
          ),
        onError: (error) => {
          if (isApiError(error) && error.handled) return;
          toastError(t('bell.arriveFailed'), errorMessage(translate, error));
        },
      },
    );

  const table = (entries: QueueEntry[], testId: string, due: boolean) =>
    entries.length === 0 ? (
      <Text size="sm" c="dimmed" p="sm">
        {t('bell.empty')}
      </Text>
    ) : (
      <ScrollArea.Autosize mah={320}>
        <Table striped data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bell.date')}</Table.Th>
              <Table.Th>{t('bell.patientName')}</Table.Th>
              <Table.Th>{t('bell.phoneNumber')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('bell.open')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id} data-testid="bell-row" data-queue-id={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {format.dateTime(entry.date)}
                  {due && (
                    <div>
                      <DueLabel date={entry.date} today={today} timeZone={format.timeZone} />
                    </div>
                  )}
                </Table.Td>
                <Table.Td>
                  <PatientNameLink patient={entry.patient} size="sm" onClick={() => setOpened(false)} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <bdi dir="ltr">{displayPhone(entry.patient.phone)}</bdi>
                </Table.Td>
                <Table.Td>
                  {due && canArrive && entry.status.id === QUEUE_STATUS.Booked ? (
                    <Button
                      size="compact-xs"
                      color="violet"
                      variant="light"
                      loading={move.isPending && move.variables.id === entry.id}
                      onClick={() => arrive(entry)}
                      aria-label={`${t('bell.arrive')}: ${entry.patient.name}`}
                      data-testid="bell-arrive"
                    >
                      {t('bell.arrive')}
                    </Button>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="light"
                      disabled={!boardEntry(entry.status.id, me?.permissions)}
                      onClick={() => openEntry(entry)}
                      aria-label={`${t('bell.open')}: ${entry.patient.name}`}
                      data-testid="bell-open"
                    >
                      {t('bell.open')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    );

  const later = split.bigger.length;
  // Red: recalls due now; muted, below it: recalls set for later (they need no one yet).
  return (
    <Indicator label={due} size={18} color="red" disabled={due === 0} processing={flash} offset={4}>
      <Indicator
        label={later}
        size={16}
        color="gray"
        position="bottom-end"
        disabled={later === 0}
        offset={4}
        data-testid="bell-later-count"
      >
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-end"
          width={560}
          shadow="md"
          trapFocus
          withinPortal
        >
          <Popover.Target>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => setOpened((o) => !o)}
              // The due count agrees with its own number (Arabic: `واحد مستحق`, `7 مستحقة`), not the total's.
              aria-label={t('bell.label', { count: total, due: t('bell.due', { count: due }) })}
              title={t('bell.title')}
              data-testid="bell"
              data-count={total}
              data-due={due}
              data-later={later}
            >
              <IconBell />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p="xs" data-testid="bell-popup" aria-label={t('bell.title')}>
            <Tabs value={active} onChange={(value) => setTab(value as Tab)}>
              <Tabs.List>
                <Tabs.Tab value="bigger" data-testid="bell-tab-bigger">
                  {t('bell.biggerDate')} ({split.bigger.length})
                </Tabs.Tab>
                <Tabs.Tab value="waiting" data-testid="bell-tab-waiting">
                  {t('bell.waiting')} ({split.waiting.length})
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="bigger" pt="xs">
                {table(split.bigger, 'bell-bigger', false)}
              </Tabs.Panel>
              <Tabs.Panel value="waiting" pt="xs">
                {table(split.waiting, 'bell-waiting', true)}
              </Tabs.Panel>
            </Tabs>
          </Popover.Dropdown>
        </Popover>
      </Indicator>
    </Indicator>
  );
}
