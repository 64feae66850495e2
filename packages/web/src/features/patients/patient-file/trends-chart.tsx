import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { useDirection } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ReferenceArea } from 'recharts';
import type { TargetIop, TrendKey, TrendSeries } from '@basira/shared/trends/trends.schemas';
import { localeOf, useFormatters } from '../../../lib/format.ts';
import { formatTrendValue, TREND_ALERT_ABOVE, trendRows, trendValueText } from './trends.format.ts';

const EYE_COLOURS = { right: 'red.7', left: 'blue.7' } as const;

/**
 * One measure over time, the right and the left eye as two lines, the alert band shaded, and for the IOP each
 * eye's target pressure as a dashed line of its colour (loaded lazily: the chart library stays out of every other
 * screen). The tooltip writes acuity with its 6/x; the axis keeps logMAR alone.
 */
export function TrendsChart({
  series,
  measure,
  targetIop,
}: {
  series: readonly TrendSeries[];
  measure: TrendKey;
  targetIop?: TargetIop;
}) {
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
  const targets = (['right', 'left'] as const).flatMap((eye) => {
    const y = targetIop?.[eye];
    return y == null ? [] : [{ eye, y }];
  });
  const top = Math.max(...values, alertAbove ?? -Infinity, ...targets.map((target) => target.y));
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
        { name: 'right', label: t('exams.eyes.right'), color: EYE_COLOURS.right },
        { name: 'left', label: t('exams.eyes.left'), color: EYE_COLOURS.left },
      ]}
      valueFormatter={(value) => trendValueText(measure, value)}
      xAxisProps={{ reversed: dir === 'rtl', interval: 'preserveStartEnd' }}
      yAxisProps={{
        orientation: dir === 'rtl' ? 'right' : 'left',
        domain: ['auto', 'auto'],
        tickFormatter: (value: number) => formatTrendValue(measure, value),
      }}
      referenceLines={[
        ...(alertAbove === undefined ? [] : [{ y: alertAbove, color: 'red.6' }]),
        // A target outside the readings' range still shows: the axis stretches to it.
        ...targets.map(({ eye, y }) => ({
          y,
          color: EYE_COLOURS[eye],
          strokeDasharray: '6 4',
          ifOverflow: 'extendDomain' as const,
        })),
      ]}
      aria-label={t(`patientFile.trends.measures.${measure}`)}
      data-testid={`trend-chart-${measure}`}
    >
      {alertAbove !== undefined && top > alertAbove && (
        <ReferenceArea y1={alertAbove} y2={top} fill="var(--mantine-color-red-6)" fillOpacity={0.08} />
      )}
    </LineChart>
  );
}
