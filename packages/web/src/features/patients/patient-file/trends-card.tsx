import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ltr } from '@basira/shared/clinical/ltr-text';
import { trendFlags, type TrendFlag } from '@basira/shared/trends/trend-flags';
import {
  TREND_KEYS,
  TREND_UNITS,
  type PatientTrends,
  type TrendKey,
  type TrendSeries,
} from '@basira/shared/trends/trends.schemas';
import { ClinicalValue } from '../../../components/clinical-value.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { formatTrendValue, TREND_FORMAT, trendRows } from './trends.format.ts';

const TrendsChart = lazy(() => import('./trends-chart.tsx').then((m) => ({ default: m.TrendsChart })));

type View = 'chart' | 'table';

/**
 * The patient's measures over the years (IOP, acuity, SE, Kmax, pachymetry, CMT, C/D): flags, charts, a table.
 * The series come with the file (one read of the patient's data, one audit row).
 */
export function TrendsCard({ trends }: { trends: PatientTrends }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('chart');
  const { series } = trends;
  const measures = TREND_KEYS.filter((key) => series.some((s) => s.key === key));
  return (
    <Card withBorder padding="md" data-testid="trends-card">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h4">
          {t('patientFile.trends.title')}
        </Title>
        {measures.length > 0 && (
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(next) => setView(next as View)}
            data={[
              { value: 'chart', label: t('patientFile.trends.chart') },
              { value: 'table', label: t('patientFile.trends.table') },
            ]}
            aria-label={t('patientFile.trends.view')}
            data-testid="trends-view"
          />
        )}
      </Group>
      {measures.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="trends-empty">
          {t('patientFile.trends.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          <TrendFlags flags={trendFlags(series)} />
          <SimpleGrid cols={{ base: 1, md: view === 'chart' ? 2 : 1 }} spacing="md">
            {measures.map((measure) => (
              <Stack key={measure} gap={4} data-testid={`trend-${measure}`}>
                <Text fw={600} size="sm">
                  {t(`patientFile.trends.measures.${measure}`)}{' '}
                  <Text span c="dimmed" size="xs">
                    ({t(`patientFile.trends.units.${TREND_UNITS[measure]}`)})
                  </Text>
                </Text>
                {view === 'chart' ? (
                  <Suspense fallback={<Skeleton h={200} aria-label={t('common.loading')} />}>
                    <TrendsChart series={series} measure={measure} />
                  </Suspense>
                ) : (
                  <TrendTable series={series} measure={measure} />
                )}
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}

function TrendFlags({ flags }: { flags: TrendFlag[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (flags.length === 0) return null;
  const eye = (flag: TrendFlag) => t(`exams.eyes.${flag.eye}`);
  const text = (flag: TrendFlag) => {
    switch (flag.code) {
      case 'iopHigh':
        return t('patientFile.trends.flags.iopHigh', {
          eye: eye(flag),
          value: ltr(formatTrendValue('iop', flag.value)),
        });
      case 'iopRise':
        return t('patientFile.trends.flags.iopRise', {
          eye: eye(flag),
          from: ltr(formatTrendValue('iop', flag.from)),
          to: ltr(formatTrendValue('iop', flag.to)),
        });
      case 'kmaxProgression':
        return t('patientFile.trends.flags.kmaxProgression', {
          eye: eye(flag),
          change: ltr(`+${flag.change.toFixed(2)}`),
          since: format.date(flag.since),
        });
      case 'vaLoss':
        return t('patientFile.trends.flags.vaLoss', {
          eye: eye(flag),
          from: ltr(formatTrendValue('vaLogMar', flag.from)),
          to: ltr(formatTrendValue('vaLogMar', flag.to)),
        });
    }
  };
  return (
    <Alert color="red" variant="light" data-testid="trend-flags">
      <Stack gap={4}>
        {flags.map((flag) => (
          <Text key={`${flag.code}-${flag.eye}`} size="sm" data-testid={`trend-flag-${flag.code}`}>
            {text(flag)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function TrendTable({ series, measure }: { series: readonly TrendSeries[]; measure: TrendKey }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { kind, decimals } = TREND_FORMAT[measure];
  return (
    <Table striped withTableBorder fz="sm" data-testid={`trend-table-${measure}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('patientFile.trends.date')}</Table.Th>
          <Table.Th>{t('exams.eyes.right')}</Table.Th>
          <Table.Th>{t('exams.eyes.left')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {trendRows(series, measure).map((row) => (
          <Table.Tr key={row.at}>
            <Table.Td>{format.date(row.at)}</Table.Td>
            <Table.Td>
              {row.right === undefined ? (
                '—'
              ) : (
                <ClinicalValue value={row.right} kind={kind} decimals={decimals} />
              )}
            </Table.Td>
            <Table.Td>
              {row.left === undefined ? (
                '—'
              ) : (
                <ClinicalValue value={row.left} kind={kind} decimals={decimals} />
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
