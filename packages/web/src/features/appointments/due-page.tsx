import { useState } from 'react';
import { Badge, Button, Group, Loader, Select, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { dueListSchema } from '@basira/shared/appointments/appointments.schemas';
import type { z } from 'zod';
import { ListPage } from '../../components/list-page.tsx';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';
import { useMe } from '../../lib/use-me.ts';
import { useSearchParamsUpdate } from '../../lib/use-search-params-update.ts';
import { doctorsQuery, dueQuery } from './appointments.queries.ts';
import { overdueText } from './book-events.ts';
import { BookingDrawer, useBookingAction } from './booking-drawer.tsx';

type DueEntry = z.infer<typeof dueListSchema>['entries'][number];

const ID = /^\d{1,9}$/;

/** The doctor the list is narrowed to (`?doctor=2`), kept in the address so the view can be shared. */
export function dueDoctorFrom(params: URLSearchParams): number | null {
  const value = params.get('doctor') ?? '';
  return ID.test(value) ? Number(value) : null;
}

/** The bookings and recalls due today or earlier that have not arrived: call, arrive, rebook or mark no-show. */
export function DuePage() {
  const { t } = useTranslation();
  const me = useMe();
  const canBook = canAny(me?.permissions, ['book appointments']);
  const [params, updateParams] = useSearchParamsUpdate();
  const doctorId = dueDoctorFrom(params);
  const due = useQuery(dueQuery);
  const doctors = useQuery(doctorsQuery);
  const action = useBookingAction();
  const [open, setOpen] = useState<number | null>(null);

  // The list is one read (the due are few): the doctor narrows it on the screen.
  const rows = due.data && due.data.entries.filter((e) => doctorId === null || e.doctorId === doctorId);
  const doctorOptions = (doctors.data ?? []).map((d) => ({ value: String(d.id), label: d.name }));

  return (
    <ListPage
      name="due"
      frame={{ title: t('appointments.due.title'), backFallback: pathTo('appointmentsBook') }}
      rows={rows}
      loading={due.isPending && !due.error}
      error={due.error}
      failureFallback={pathTo('appointmentsBook')}
      filters={
        // One doctor needs no choice; a doctor asked for in the address is shown as chosen from the start.
        (doctorId !== null || doctorOptions.length > 1) && (
          <Select
            label={t('appointments.fields.doctor')}
            placeholder={t('appointments.allDoctors')}
            data={doctorOptions}
            value={doctorId === null ? null : String(doctorId)}
            onChange={(value) =>
              updateParams(
                (next) => {
                  if (value) next.set('doctor', value);
                  else next.delete('doctor');
                },
                { replace: true },
              )
            }
            clearable
            clearButtonProps={{ 'aria-label': t('common.clear') }}
            maw={320}
            data-testid="due-doctor-filter"
          />
        )
      }
      count={rows && t('appointments.due.count', { count: rows.length })}
      countAside={action.pending && <Loader size="sm" />}
      empty={t('appointments.due.empty')}
      columns={[t('appointments.fields.patient'), t('appointments.due.when'), t('appointments.fields.phone')]}
      minWidth={640}
      table={{ striped: true, actions: canBook }}
      renderRow={(entry) => (
        <DueRow
          key={entry.id}
          entry={entry}
          canBook={canBook}
          onAction={(kind) => void action.run(entry.id, kind)}
          onRebook={() => setOpen(entry.id)}
        />
      )}
      footnote={<BookingDrawer bookingId={open} onClose={() => setOpen(null)} />}
    />
  );
}

function DueRow({
  entry,
  canBook,
  onAction,
  onRebook,
}: {
  entry: DueEntry;
  canBook: boolean;
  onAction: (kind: 'arrive' | 'noshow') => void;
  onRebook: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const age = overdueText(entry.overdueDays);
  return (
    <Table.Tr data-booking-id={entry.id} data-testid="due-row">
      <Table.Td>
        <Link to={pathTo('patientFile', { patientId: entry.patient.id })}>{entry.patient.name}</Link>
      </Table.Td>
      <Table.Td>
        <Group gap={6}>
          <span>{entry.minutes === null ? format.date(entry.start) : format.dateTime(entry.start)}</span>
          <Badge color={entry.overdueDays > 0 ? 'red' : 'violet'} variant="light" data-testid="due-age">
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
            {/* The gap on the page's side of the number (an LTR run's own start is its left, even in Arabic). */}
            <span style={{ marginInlineStart: 6 }}>
              <span dir="ltr">{entry.patient.phone}</span>
            </span>
          </Button>
        ) : (
          '—'
        )}
      </Table.Td>
      {canBook && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-sm" onClick={() => onAction('arrive')} data-testid="due-arrive">
              {t('appointments.actions.arrive')}
            </Button>
            <Button size="compact-sm" variant="light" onClick={onRebook} data-testid="due-rebook">
              {t('appointments.actions.rebook')}
            </Button>
            {entry.statusId === 0 && (
              <Button
                size="compact-sm"
                variant="light"
                color="gray"
                onClick={() => onAction('noshow')}
                data-testid="due-noshow"
              >
                {t('appointments.actions.noShow')}
              </Button>
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
