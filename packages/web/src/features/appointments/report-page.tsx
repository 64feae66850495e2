import { Button, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import dayjs from 'dayjs';
import { ListPage } from '../../components/list-page.tsx';
import { dayIn, useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { useSearchParamsUpdate } from '../../lib/use-search-params-update.ts';
import { DayInput } from '../../components/day-input.tsx';
import { attendanceQuery } from './appointments.queries.ts';

/** A share as a percentage, or a dash when nothing was booked. */
export function rate(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—';
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The report's days as kept in the address (`?from=2026-12-01&to=2026-12-05`), so a report can be shared or
 * reloaded: by default this month up to today; a `to` before `from` reads as `from`.
 */
export function reportRangeFrom(params: URLSearchParams, today: string): { from: string; to: string } {
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) && dayjs(value).isValid() ? value : null;
  };
  const from = day('from') ?? dayjs(today).startOf('month').format('YYYY-MM-DD');
  const to = day('to') ?? today;
  return { from, to: to < from ? from : to };
}

interface Counts {
  booked: number;
  arrived: number;
  noShow: number;
  canceled: number;
}

/** Attendance per doctor and reason: booked, arrived, no-shows, cancellations, with their rates; printable. */
export function AttendanceReportPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const today = dayIn(format.timeZone);
  const [params, updateParams] = useSearchParamsUpdate();
  const { from, to } = reportRangeFrom(params, today);
  const report = useQuery(attendanceQuery(from, to));
  const rows = report.data?.rows;
  const total = (rows ?? []).reduce<Counts>(
    (s, r) => ({
      booked: s.booked + r.booked,
      arrived: s.arrived + r.arrived,
      noShow: s.noShow + r.noShow,
      canceled: s.canceled + r.canceled,
    }),
    { booked: 0, arrived: 0, noShow: 0, canceled: 0 },
  );
  const set = (key: 'from' | 'to', day: string) =>
    updateParams((next) => void next.set(key, day), { replace: true });

  const cells = (r: Counts) => (
    <>
      <Table.Td>{format.number(r.booked)}</Table.Td>
      {([r.arrived, r.noShow, r.canceled] as const).map((part, i) => (
        <Table.Td key={i}>
          {format.number(part)}{' '}
          <Text span c="dimmed" size="xs" dir="ltr">
            ({rate(part, r.booked)})
          </Text>
        </Table.Td>
      ))}
    </>
  );

  return (
    <ListPage
      name="attendance-report"
      frame={{
        title: t('appointments.report.title'),
        actions: (
          <Button variant="default" onClick={() => window.print()} data-testid="report-print">
            {t('appointments.report.print')}
          </Button>
        ),
      }}
      rows={rows}
      loading={report.isPending && !report.error}
      error={report.error}
      failureFallback={pathTo('appointmentsBook')}
      filters={
        <Group align="flex-end" className="no-print">
          <DayInput
            label={t('appointments.report.from')}
            value={from}
            onChange={(day) => set('from', day)}
            testId="report-from"
          />
          <DayInput
            label={t('appointments.report.to')}
            value={to}
            onChange={(day) => set('to', day)}
            testId="report-to"
          />
        </Group>
      }
      empty={t('appointments.report.empty')}
      columns={[
        t('appointments.fields.doctor'),
        t('appointments.report.reason'),
        t('appointments.report.booked'),
        t('appointments.report.arrived'),
        t('appointments.report.noShow'),
        t('appointments.report.canceled'),
      ]}
      minWidth={600}
      table={{
        striped: true,
        highlightOnHover: false,
        actions: false,
        foot: (
          <Table.Tr data-testid="attendance-report-total">
            <Table.Th colSpan={2}>{t('appointments.report.total')}</Table.Th>
            {cells(total)}
          </Table.Tr>
        ),
      }}
      renderRow={(r, i) => (
        <Table.Tr key={`${r.doctor?.id ?? 0}-${r.reason ?? ''}-${i}`}>
          <Table.Td>{r.doctor?.name ?? t('appointments.report.noDoctor')}</Table.Td>
          <Table.Td>
            {r.reason ? t(`queue.examTypes.${r.reason}`) : t('appointments.report.noReason')}
          </Table.Td>
          {cells(r)}
        </Table.Tr>
      )}
    />
  );
}
