import { useState } from 'react';
import { Button, Group, Table, Text } from '@mantine/core';
import '@mantine/dates/styles.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { dayIn, useFormatters } from '../../lib/format.ts';
import { DayInput } from '../../components/day-input.tsx';
import { attendanceQuery } from './appointments.queries.ts';

/** A share as a percentage, or a dash when nothing was booked. */
export function rate(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—';
}

/** Attendance per doctor and reason: booked, arrived, no-shows, cancellations, with their rates; printable. */
export function AttendanceReportPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const today = dayIn(format.timeZone);
  const [from, setFrom] = useState(dayjs(today).startOf('month').format('YYYY-MM-DD'));
  const [to, setTo] = useState(today);
  const report = useQuery(attendanceQuery(from, to < from ? from : to));
  const rows = report.data?.rows ?? [];
  const total = rows.reduce(
    (s, r) => ({
      booked: s.booked + r.booked,
      arrived: s.arrived + r.arrived,
      noShow: s.noShow + r.noShow,
      canceled: s.canceled + r.canceled,
    }),
    { booked: 0, arrived: 0, noShow: 0, canceled: 0 },
  );
  const cells = (r: typeof total) => (
    <>
      <Table.Td>{format.number(r.booked)}</Table.Td>
      <Table.Td>
        {format.number(r.arrived)}{' '}
        <Text span c="dimmed" size="xs" dir="ltr">
          ({rate(r.arrived, r.booked)})
        </Text>
      </Table.Td>
      <Table.Td>
        {format.number(r.noShow)}{' '}
        <Text span c="dimmed" size="xs" dir="ltr">
          ({rate(r.noShow, r.booked)})
        </Text>
      </Table.Td>
      <Table.Td>
        {format.number(r.canceled)}{' '}
        <Text span c="dimmed" size="xs" dir="ltr">
          ({rate(r.canceled, r.booked)})
        </Text>
      </Table.Td>
    </>
  );
  return (
    <PageFrame
      title={t('appointments.report.title')}
      loading={report.isPending}
      actions={
        <Button variant="default" onClick={() => window.print()} data-testid="report-print">
          {t('appointments.report.print')}
        </Button>
      }
    >
      <Group align="flex-end" className="no-print">
        <DayInput
          label={t('appointments.report.from')}
          value={from}
          onChange={setFrom}
          testId="report-from"
        />
        <DayInput label={t('appointments.report.to')} value={to} onChange={setTo} testId="report-to" />
      </Group>
      {report.isError && <Text c="red">{errorMessage(t, report.error)}</Text>}
      <Table.ScrollContainer minWidth={600}>
        <Table striped data-testid="attendance-report">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('appointments.fields.doctor')}</Table.Th>
              <Table.Th>{t('appointments.report.reason')}</Table.Th>
              <Table.Th>{t('appointments.report.booked')}</Table.Th>
              <Table.Th>{t('appointments.report.arrived')}</Table.Th>
              <Table.Th>{t('appointments.report.noShow')}</Table.Th>
              <Table.Th>{t('appointments.report.canceled')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={`${r.doctor?.id ?? 0}-${r.reason ?? ''}-${i}`}>
                <Table.Td>{r.doctor?.name ?? t('appointments.report.noDoctor')}</Table.Td>
                <Table.Td>
                  {r.reason ? t(`queue.examTypes.${r.reason}`) : t('appointments.report.noReason')}
                </Table.Td>
                {cells(r)}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>{t('appointments.report.total')}</Table.Th>
              {cells(total)}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </PageFrame>
  );
}
