import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReferenceArea } from 'recharts';
import type { TrendKey, TrendSeries } from '@basira/shared/trends/trends.schemas';
import { localeOf, useFormatters } from '../../../lib/format.ts';
import { formatTrendValue, TREND_ALERT_ABOVE, trendRows } from './trends.format.ts';

/**
 * One measure over time, the right and the left eye as two lines, the alert band shaded (loaded lazily: the chart
 * library stays out of every other screen).
 */
export function TrendsChart({ series, measure }: { series: readonly TrendSeries[]; measure: TrendKey }) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const format = useFormatters();
  // Month in words (`12 تموز 2026`): the numeric Arabic date carries RLM marks that SVG text draws out of order.
  const day = new Intl.DateTimeFormat(localeOf(i18n.language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: format.timeZone,
  });
  const rows = trendRows(series, measure).map((row) => ({ ...row, day: day.format(new Date(row.at)) }));
  const values = rows.flatMap((row) => [row.right, row.left]).filter((v): v is number => v !== undefined);
  const alertAbove = TREND_ALERT_ABOVE[measure];
  const top = Math.max(...values, alertAbove ?? -Infinity);
  return (
    <LineChart
      h={200}
      data={rows}
      dataKey="day"
      connectNulls
      curveType="linear"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      series={[
        { name: 'right', label: t('exams.eyes.right'), color: 'red.7' },
        { name: 'left', label: t('exams.eyes.left'), color: 'blue.7' },
      ]}
      valueFormatter={(value) => formatTrendValue(measure, value)}
      xAxisProps={{ reversed: dir === 'rtl', interval: 'preserveStartEnd' }}
      yAxisProps={{ orientation: dir === 'rtl' ? 'right' : 'left', domain: ['auto', 'auto'] }}
      referenceLines={alertAbove === undefined ? [] : [{ y: alertAbove, color: 'red.6' }]}
      aria-label={t(`patientFile.trends.measures.${measure}`)}
      data-testid={`trend-chart-${measure}`}
    >
      {alertAbove !== undefined && top > alertAbove && (
        <ReferenceArea y1={alertAbove} y2={top} fill="var(--mantine-color-red-6)" fillOpacity={0.08} />
      )}
    </LineChart>
  );
}
