import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { useDirection } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { localeOf } from '../../lib/format.ts';
import { visitsChartQuery } from './dashboard.queries.ts';

/** Visits per day for 30 days (loaded lazily: the chart library stays out of every other screen). */
export function VisitsChart() {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const visits = useQuery(visitsChartQuery());
  const day = new Intl.DateTimeFormat(localeOf(i18n.language), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const data = (visits.data ?? []).map((row) => ({
    day: day.format(new Date(`${row.day}T00:00:00Z`)),
    visits: row.visits - row.finished,
    finished: row.finished,
  }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="day"
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      series={[
        { name: 'finished', label: t('dashboard.chartFinished'), color: 'teal.7' },
        { name: 'visits', label: t('dashboard.chartOther'), color: 'blue.4' },
      ]}
      xAxisProps={{ reversed: dir === 'rtl', interval: 'preserveStartEnd' }}
      yAxisProps={{ orientation: dir === 'rtl' ? 'right' : 'left', allowDecimals: false }}
      tickLine="y"
      aria-label={t('dashboard.chartTitle')}
      data-testid="visits-chart"
    />
  );
}
