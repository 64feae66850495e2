import { useState } from 'react';
import { Card, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Currency } from '@basira/shared/money/money';
import type { DayReport } from '@basira/shared/money/billing.schemas';
import { PageFrame } from '../../components/page-frame.tsx';
import { PatientNameLink } from '../../components/patient-name-link.tsx';
import { dayIn, useFormatters } from '../../lib/format.ts';
import { useSearchParamsUpdate } from '../../lib/use-search-params-update.ts';
import {
  adjustmentsReportQuery,
  balancesReportQuery,
  dayReportQuery,
  monthReportQuery,
  receiptGapsQuery,
  sharesReportQuery,
} from './billing.queries.ts';
import { DayInput } from '../../components/day-input.tsx';
import { csvAmount, MoneyList, MoneyView, useLang } from '../../components/money-view.tsx';
import { ReportFrame, ReportTable } from './report-parts.tsx';

export const REPORT_TABS = ['day', 'month', 'shares', 'balances', 'adjustments'] as const;
type ReportTab = (typeof REPORT_TABS)[number];

/** The first day of a `YYYY-MM-DD` day's month. */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** /billing/reports: the day, the month, the doctors' shares, what patients owe, and the adjustments. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [params, update] = useSearchParamsUpdate();
  const asked = params.get('tab');
  const tab: ReportTab = REPORT_TABS.includes(asked as ReportTab) ? (asked as ReportTab) : 'day';
  return (
    <PageFrame title={t('billing.reports.title')}>
      <Tabs
        value={tab}
        onChange={(value) => update((p) => void p.set('tab', value ?? 'day'))}
        keepMounted={false}
      >
        <Tabs.List className="print-hide" mb="md">
          {REPORT_TABS.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`report-tab-${name}`}>
              {t(`billing.reports.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="day">
          <DayReportView />
        </Tabs.Panel>
        <Tabs.Panel value="month">
          <MonthReportView />
        </Tabs.Panel>
        <Tabs.Panel value="shares">
          <SharesReportView />
        </Tabs.Panel>
        <Tabs.Panel value="balances">
          <BalancesReportView />
        </Tabs.Panel>
        <Tabs.Panel value="adjustments">
          <AdjustmentsReportView />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}

function useToday(): string {
  const format = useFormatters();
  return dayIn(format.timeZone);
}

function Total({ label, values, testId }: { label: string; values: DayReport['totals']; testId: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>
        <MoneyList values={values} testId={testId} />
      </Text>
    </Card>
  );
}

function DayReportView() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [day, setDay] = useState(useToday());
  const report = useQuery(dayReportQuery(day));
  const data = report.data;
  const methodLabel = (key: string, label: string) => t(`billing.method.${key}`, { defaultValue: label });
  const sums = (
    title: string,
    rows: DayReport['byMethod'],
    label = (r: DayReport['byMethod'][number]) => r.label,
  ) => rows.map((r) => [title, label(r), r.currency, csvAmount(r.amount, r.currency)]);

  return (
    <ReportFrame
      testId="report-day"
      title={t('billing.reports.tabs.day')}
      period={format.date(day)}
      filters={
        <DayInput label={t('billing.reports.day')} value={day} onChange={setDay} testId="report-day-input" />
      }
      ready={data !== undefined}
      error={report.error}
      csv={{
        name: `day-${day}`,
        rows: () =>
          data
            ? [
                [
                  t('billing.reports.section'),
                  t('billing.reports.item'),
                  t('billing.reports.currency'),
                  t('billing.reports.amount'),
                ],
                ...data.totals.map((m) => [
                  t('billing.reports.net'),
                  '',
                  m.currency,
                  csvAmount(m.amount, m.currency),
                ]),
                ...data.payments.map((m) => [
                  t('billing.reports.payments'),
                  '',
                  m.currency,
                  csvAmount(m.amount, m.currency),
                ]),
                ...data.refunds.map((m) => [
                  t('billing.reports.refunds'),
                  '',
                  m.currency,
                  csvAmount(m.amount, m.currency),
                ]),
                ...sums(t('billing.reports.byMethod'), data.byMethod, (r) => methodLabel(r.key, r.label)),
                ...sums(t('billing.reports.byService'), data.byService),
                ...sums(
                  t('billing.reports.byDoctor'),
                  data.byDoctor,
                  (r) => r.label || t('billing.reports.noDoctor'),
                ),
                [t('billing.reports.receiptCount'), '', '', data.receiptCount],
              ]
            : [],
      }}
    >
      {data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <Total label={t('billing.reports.net')} values={data.totals} testId="day-net" />
            <Total label={t('billing.reports.payments')} values={data.payments} testId="day-payments" />
            <Total label={t('billing.reports.refunds')} values={data.refunds} testId="day-refunds" />
            <Total label={t('billing.reports.charged')} values={data.charged} testId="day-charged" />
            <Total label={t('billing.reports.discounted')} values={data.discounted} testId="day-discounted" />
            <Total label={t('billing.reports.exempted')} values={data.exempted} testId="day-exempted" />
          </SimpleGrid>
          <Text size="sm" data-testid="day-receipts">
            {t('billing.reports.receipts', { count: data.receiptCount })}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <SumTable
              title={t('billing.reports.byMethod')}
              rows={data.byMethod.map((r) => ({ ...r, label: methodLabel(r.key, r.label) }))}
              testId="day-by-method"
            />
            <SumTable title={t('billing.reports.byService')} rows={data.byService} testId="day-by-service" />
            <SumTable
              title={t('billing.reports.byDoctor')}
              rows={data.byDoctor.map((r) => ({ ...r, label: r.label || t('billing.reports.noDoctor') }))}
              testId="day-by-doctor"
            />
          </SimpleGrid>
        </Stack>
      )}
    </ReportFrame>
  );
}

function SumTable({ title, rows, testId }: { title: string; rows: DayReport['byMethod']; testId: string }) {
  const { t } = useTranslation();
  return (
    <ReportTable
      title={title}
      headings={[t('billing.reports.item'), t('billing.reports.amount')]}
      empty={rows.length === 0}
      testId={testId}
      minWidth={240}
    >
      {rows.map((r) => (
        <Table.Tr key={`${r.key}-${r.currency}`}>
          <Table.Td>{r.label}</Table.Td>
          <Table.Td>
            <MoneyView amount={r.amount} currency={r.currency} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ReportTable>
  );
}

/** One currency's amount in a list of sums, or 0. */
const amountIn = (values: readonly { currency: Currency; amount: number }[], currency: Currency) =>
  values.find((v) => v.currency === currency)?.amount ?? 0;

function MonthReportView() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [month, setMonth] = useState(useToday().slice(0, 7));
  const report = useQuery(monthReportQuery(month));
  const data = report.data;
  const headings = [
    t('billing.reports.day'),
    t('billing.reports.receiptsHeading'),
    t('billing.currency.IQD'),
    t('billing.currency.USD'),
  ];
  return (
    <ReportFrame
      testId="report-month"
      title={t('billing.reports.tabs.month')}
      period={month}
      filters={
        <MonthPickerInput
          label={t('billing.reports.month')}
          valueFormat="YYYY-MM"
          value={`${month}-01`}
          onChange={(value) => {
            if (value) setMonth(value.slice(0, 7));
          }}
          maw={180}
          data-testid="report-month-input"
        />
      }
      ready={data !== undefined}
      error={report.error}
      csv={{
        name: `month-${month}`,
        rows: () =>
          data
            ? [
                headings,
                ...data.days.map((d) => [
                  d.day,
                  d.receiptCount,
                  csvAmount(amountIn(d.totals, 'IQD'), 'IQD'),
                  csvAmount(amountIn(d.totals, 'USD'), 'USD'),
                ]),
                [
                  t('billing.reports.total'),
                  data.days.reduce((n, d) => n + d.receiptCount, 0),
                  csvAmount(amountIn(data.totals, 'IQD'), 'IQD'),
                  csvAmount(amountIn(data.totals, 'USD'), 'USD'),
                ],
              ]
            : [],
      }}
    >
      {data && (
        <ReportTable headings={headings} empty={data.days.length === 0} testId="month-days">
          {data.days.map((d) => (
            <Table.Tr key={d.day} data-testid="month-day-row">
              <Table.Td>{format.date(d.day)}</Table.Td>
              <Table.Td>{d.receiptCount}</Table.Td>
              <Table.Td>
                <MoneyView amount={amountIn(d.totals, 'IQD')} currency="IQD" />
              </Table.Td>
              <Table.Td>
                <MoneyView amount={amountIn(d.totals, 'USD')} currency="USD" />
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td>{t('billing.reports.total')}</Table.Td>
            <Table.Td>{data.days.reduce((n, d) => n + d.receiptCount, 0)}</Table.Td>
            <Table.Td>
              <MoneyView amount={amountIn(data.totals, 'IQD')} currency="IQD" testId="month-total-IQD" />
            </Table.Td>
            <Table.Td>
              <MoneyView amount={amountIn(data.totals, 'USD')} currency="USD" testId="month-total-USD" />
            </Table.Td>
          </Table.Tr>
        </ReportTable>
      )}
      <ReceiptGaps year={month.slice(0, 4)} />
    </ReportFrame>
  );
}

/** Whether the year's receipt numbers run without a gap: they should, and a gap is said, never hidden. */
function ReceiptGaps({ year }: { year: string }) {
  const { t } = useTranslation();
  const gaps = useQuery(receiptGapsQuery(year)).data;
  if (!gaps || gaps.last === 0) return null;
  const missing = gaps.missing.length > 0;
  return (
    <Text
      size="sm"
      mt="sm"
      c={missing ? 'red' : 'dimmed'}
      data-testid="receipt-gaps"
      data-missing={gaps.missing.length}
    >
      {missing
        ? t('billing.reports.gaps', { year, missing: gaps.missing.join(', ') })
        : t('billing.reports.noGaps', { year, last: gaps.last })}
    </Text>
  );
}

function usePeriod() {
  const today = useToday();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  return { from, to, setFrom, setTo };
}

function PeriodInputs({ period }: { period: ReturnType<typeof usePeriod> }) {
  const { t } = useTranslation();
  return (
    <>
      <DayInput
        label={t('billing.reports.from')}
        value={period.from}
        onChange={period.setFrom}
        testId="report-from"
      />
      <DayInput
        label={t('billing.reports.to')}
        value={period.to}
        onChange={period.setTo}
        testId="report-to"
      />
    </>
  );
}

function SharesReportView() {
  const { t } = useTranslation();
  const lang = useLang();
  const format = useFormatters();
  const period = usePeriod();
  const valid = period.from <= period.to;
  const report = useQuery({ ...sharesReportQuery(period.from, period.to), enabled: valid });
  const data = report.data;
  const headings = [
    t('billing.reports.service'),
    t('billing.reports.paid'),
    t('billing.reports.percent'),
    t('billing.reports.share'),
  ];
  return (
    <ReportFrame
      testId="report-shares"
      title={t('billing.reports.tabs.shares')}
      period={`${format.date(period.from)} – ${format.date(period.to)}`}
      filters={<PeriodInputs period={period} />}
      ready={data !== undefined}
      error={report.error}
      csv={{
        name: `shares-${period.from}-${period.to}`,
        rows: () =>
          data
            ? [
                [
                  t('billing.reports.doctor'),
                  t('billing.prices.code'),
                  ...headings.slice(0, 1),
                  t('billing.reports.currency'),
                  ...headings.slice(1),
                ],
                ...data.doctors.flatMap((d) =>
                  d.lines.map((l) => [
                    d.doctor.name,
                    l.code,
                    lang === 'ar' ? l.nameAr : l.nameEn,
                    l.currency,
                    csvAmount(l.paid, l.currency),
                    l.percent,
                    csvAmount(l.share, l.currency),
                  ]),
                ),
              ]
            : [],
      }}
    >
      {!valid && (
        <Text c="red" size="sm">
          {t('billing.reports.badPeriod')}
        </Text>
      )}
      {data && data.doctors.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="shares-empty">
          {t('billing.reports.nothing')}
        </Text>
      )}
      {data?.doctors.map((d) => (
        <ReportTable
          key={d.doctor.id}
          title={d.doctor.name}
          headings={headings}
          empty={d.lines.length === 0}
          testId="shares-doctor"
        >
          {d.lines.map((l) => (
            <Table.Tr key={`${l.serviceId}-${l.currency}`}>
              <Table.Td>{lang === 'ar' ? l.nameAr : l.nameEn}</Table.Td>
              <Table.Td>
                <MoneyView amount={l.paid} currency={l.currency} />
              </Table.Td>
              <Table.Td>
                <bdi dir="ltr">{l.percent}%</bdi>
              </Table.Td>
              <Table.Td>
                <MoneyView amount={l.share} currency={l.currency} />
              </Table.Td>
            </Table.Tr>
          ))}
          {d.totals.map((tot) => (
            <Table.Tr key={`total-${tot.currency}`} fw={700}>
              <Table.Td>{t('billing.reports.total')}</Table.Td>
              <Table.Td>
                <MoneyView amount={tot.paid} currency={tot.currency} />
              </Table.Td>
              <Table.Td />
              <Table.Td>
                <MoneyView
                  amount={tot.share}
                  currency={tot.currency}
                  testId={`share-total-${d.doctor.id}-${tot.currency}`}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </ReportTable>
      ))}
    </ReportFrame>
  );
}

function BalancesReportView() {
  const { t } = useTranslation();
  const format = useFormatters();
  const report = useQuery(balancesReportQuery);
  const data = report.data;
  const headings = [
    t('billing.reports.patient'),
    t('billing.reports.fileNumber'),
    t('billing.reports.owes'),
    t('billing.reports.since'),
  ];
  return (
    <ReportFrame
      testId="report-balances"
      title={t('billing.reports.tabs.balances')}
      period={format.date(useToday())}
      ready={data !== undefined}
      error={report.error}
      csv={{
        name: 'balances',
        rows: () =>
          data
            ? [
                [
                  t('billing.reports.patient'),
                  t('billing.reports.fileNumber'),
                  t('billing.currency.IQD'),
                  t('billing.currency.USD'),
                  t('billing.reports.since'),
                ],
                ...data.patients.map((p) => [
                  p.patient.name,
                  p.patient.fileNumber,
                  csvAmount(amountIn(p.balances, 'IQD'), 'IQD'),
                  csvAmount(amountIn(p.balances, 'USD'), 'USD'),
                  p.oldestDay,
                ]),
              ]
            : [],
      }}
    >
      {data && (
        <Stack gap="sm">
          <Text size="sm">
            {t('billing.reports.owedTotal')}: <MoneyList values={data.totals} testId="balances-total" />
          </Text>
          <ReportTable
            headings={headings}
            empty={data.patients.length === 0}
            testId="balances-table"
            minWidth={520}
          >
            {data.patients.map((p) => (
              <Table.Tr key={p.patient.id} data-testid="balance-row">
                <Table.Td>
                  <PatientNameLink patient={p.patient} />
                </Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{p.patient.fileNumber}</bdi>
                </Table.Td>
                <Table.Td>
                  <MoneyList values={p.balances} />
                </Table.Td>
                <Table.Td>{format.date(p.oldestDay)}</Table.Td>
              </Table.Tr>
            ))}
          </ReportTable>
        </Stack>
      )}
    </ReportFrame>
  );
}

function AdjustmentsReportView() {
  const { t } = useTranslation();
  const lang = useLang();
  const format = useFormatters();
  const period = usePeriod();
  const valid = period.from <= period.to;
  const report = useQuery({ ...adjustmentsReportQuery(period.from, period.to), enabled: valid });
  const data = report.data;
  const headings = [
    t('billing.reports.when'),
    t('billing.reports.patient'),
    t('billing.reports.service'),
    t('billing.reports.kind'),
    t('billing.reports.amount'),
    t('billing.reports.by'),
    t('billing.reports.why'),
  ];
  const why = (e: NonNullable<typeof data>['entries'][number]) =>
    [
      e.category ? t(`billing.exemption.${e.category}`) : null,
      e.percent !== null ? `${e.percent}%` : null,
      e.reason,
    ]
      .filter(Boolean)
      .join(' — ');
  return (
    <ReportFrame
      testId="report-adjustments"
      title={t('billing.reports.tabs.adjustments')}
      period={`${format.date(period.from)} – ${format.date(period.to)}`}
      filters={<PeriodInputs period={period} />}
      ready={data !== undefined}
      error={report.error}
      csv={{
        name: `adjustments-${period.from}-${period.to}`,
        rows: () =>
          data
            ? [
                [
                  t('billing.reports.when'),
                  t('billing.reports.patient'),
                  t('billing.reports.fileNumber'),
                  t('billing.reports.service'),
                  t('billing.reports.kind'),
                  t('billing.reports.currency'),
                  t('billing.reports.amount'),
                  t('billing.reports.by'),
                  t('billing.reports.why'),
                ],
                ...data.entries.map((e) => [
                  format.dateTime(e.createdAt),
                  e.patient.name,
                  e.patient.fileNumber,
                  lang === 'ar' ? e.nameAr : e.nameEn,
                  t(`billing.entryKind.${e.kind}`),
                  e.currency,
                  csvAmount(e.amount, e.currency),
                  e.createdBy?.name ?? '',
                  why(e),
                ]),
              ]
            : [],
      }}
    >
      {!valid && (
        <Text c="red" size="sm">
          {t('billing.reports.badPeriod')}
        </Text>
      )}
      {data && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {data.totals.map((tot) => (
              <Card key={`${tot.kind}-${tot.currency}`} withBorder padding="xs">
                <Text size="xs" c="dimmed">
                  {t(`billing.entryKind.${tot.kind}`)}
                </Text>
                <Text fw={700}>
                  <MoneyView
                    amount={tot.amount}
                    currency={tot.currency}
                    testId={`adjust-total-${tot.kind}-${tot.currency}`}
                  />
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <ReportTable
            headings={headings}
            empty={data.entries.length === 0}
            testId="adjustments-table"
            minWidth={820}
          >
            {data.entries.map((e) => (
              <Table.Tr key={e.id} data-testid="adjustment-row">
                <Table.Td>{format.dateTime(e.createdAt)}</Table.Td>
                <Table.Td>
                  <PatientNameLink patient={e.patient} />
                </Table.Td>
                <Table.Td>{lang === 'ar' ? e.nameAr : e.nameEn}</Table.Td>
                <Table.Td>{t(`billing.entryKind.${e.kind}`)}</Table.Td>
                <Table.Td>
                  <MoneyView amount={e.amount} currency={e.currency} />
                </Table.Td>
                <Table.Td>{e.createdBy?.name ?? '—'}</Table.Td>
                <Table.Td>{why(e)}</Table.Td>
              </Table.Tr>
            ))}
          </ReportTable>
        </Stack>
      )}
    </ReportFrame>
  );
}
