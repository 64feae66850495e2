import { useState } from 'react';
import { Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';
import { useMe } from '../../lib/use-me.ts';
import { dueQuery } from './appointments.queries.ts';
import { overdueText } from './book-events.ts';
import { BookingDrawer, useBookingAction } from './booking-drawer.tsx';

/** The bookings and recalls due today or earlier that have not arrived: call, arrive, rebook or mark no-show. */
export function DuePage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const me = useMe();
  const canBook = canAny(me?.permissions, ['book appointments']);
  const due = useQuery(dueQuery);
  const action = useBookingAction();
  const [open, setOpen] = useState<number | null>(null);

  return (
    <PageFrame
      title={t('appointments.due.title')}
      loading={due.isPending}
      backFallback={pathTo('appointmentsBook')}
    >
      {due.isError && <Text c="red">{errorMessage(t, due.error)}</Text>}
      {due.data && due.data.entries.length === 0 && (
        <Text c="dimmed" data-testid="due-empty">
          {t('appointments.due.empty')}
        </Text>
      )}
      {due.data && due.data.entries.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover data-testid="due-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('appointments.fields.patient')}</Table.Th>
                <Table.Th>{t('appointments.due.when')}</Table.Th>
                <Table.Th>{t('appointments.fields.phone')}</Table.Th>
                <Table.Th>{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {due.data.entries.map((entry) => {
                const age = overdueText(entry.overdueDays);
                return (
                  <Table.Tr key={entry.id} data-booking-id={entry.id} data-testid="due-row">
                    <Table.Td>
                      <Link to={pathTo('patientFile', { patientId: entry.patient.id })}>
                        {entry.patient.name}
                      </Link>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        <span>
                          {entry.minutes === null ? format.date(entry.start) : format.dateTime(entry.start)}
                        </span>
                        <Badge
                          color={entry.overdueDays > 0 ? 'red' : 'violet'}
                          variant="light"
                          data-testid="due-age"
                        >
                          {t(age.key, { count: age.count })}
                        </Badge>
                        {entry.isRewaiting && (
                          <Badge color="gray" variant="outline">
                            {t('appointments.recall')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {entry.patient.phone ? (
                        <Button
                          component="a"
                          href={`tel:${entry.patient.phone}`}
                          size="compact-sm"
                          variant="subtle"
                          data-testid="due-call"
                        >
                          {t('appointments.due.call')}
                          <span dir="ltr" style={{ marginInlineStart: 6 }}>
                            {entry.patient.phone}
                          </span>
                        </Button>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      {canBook && (
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-sm"
                            onClick={() => void action.run(entry.id, 'arrive')}
                            data-testid="due-arrive"
                          >
                            {t('appointments.actions.arrive')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="light"
                            onClick={() => setOpen(entry.id)}
                            data-testid="due-rebook"
                          >
                            {t('appointments.actions.rebook')}
                          </Button>
                          {entry.statusId === 0 && (
                            <Button
                              size="compact-sm"
                              variant="light"
                              color="gray"
                              onClick={() => void action.run(entry.id, 'noshow')}
                              data-testid="due-noshow"
                            >
                              {t('appointments.actions.noShow')}
                            </Button>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {action.pending && <Loader size="sm" />}
      <BookingDrawer bookingId={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}
