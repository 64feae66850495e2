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
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ltr } from '@basira/shared/clinical/ltr-text';
import { sixMetreAcuity } from '@basira/shared/clinical/visual-acuity';
import { PACHYMETRY_CXL_MIN_UM, trendFlags, type TrendFlag } from '@basira/shared/trends/trend-flags';
import {
  TREND_KEYS,
  TREND_UNITS,
  type PatientTrends,
  type TargetIop,
  type TrendKey,
  type TrendSeries,
} from '@basira/shared/trends/trends.schemas';
import { ClinicalValue } from '../../../components/clinical-value.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { formatTrendValue, trendRows, trendValueText } from './trends.format.ts';

const TrendsChart = lazy(() => import('./trends-chart.tsx').then((m) => ({ default: m.TrendsChart })));

type View = 'chart' | 'table';

/**
 * The patient's measures over the years (IOP, acuity, SE, Kmax, pachymetry, CMT, C/D): flags, charts, a table.
 * The series come with the file (one read of the patient's data, one audit row); the birth date tells the flags
 * whether a myopic eye is a child's.
 */
export function TrendsCard({ trends, birthDate }: { trends: PatientTrends; birthDate?: string | null }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('chart');
  const { series, targetIop } = trends;
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
          <TrendFlags flags={trendFlags(series, { birthDate, targetIop })} />
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
                    <TrendsChart
                      series={series}
                      measure={measure}
                      targetIop={measure === 'iop' ? targetIop : undefined}
                    />
                  </Suspense>
                ) : (
                  <TrendTable series={series} measure={measure} />
                )}
                {measure === 'iop' && <TargetIopLine targetIop={targetIop} />}
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}

/** The target pressures the doctor set, under the IOP chart (HTML: SVG text would draw the numbers out of order). */
function TargetIopLine({ targetIop }: { targetIop: TargetIop }) {
  const { t } = useTranslation();
  if (targetIop.right === null && targetIop.left === null) return null;
  const value = (v: number | null) => (v === null ? '—' : ltr(`${v}`));
  return (
    <Text size="xs" c="dimmed" data-testid="trend-target-iop">
      {t('patientFile.trends.targetIop', { right: value(targetIop.right), left: value(targetIop.left) })}
    </Text>
  );
}

function TrendFlags({ flags }: { flags: TrendFlag[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (flags.length === 0) return null;
  const eye = (flag: TrendFlag) => ('eye' in flag ? t(`exams.eyes.${flag.eye}`) : '');
  const value = (key: TrendKey, v: number) => ltr(formatTrendValue(key, v));
  const text = (flag: TrendFlag) => {
    switch (flag.code) {
      case 'iopHigh':
        return t('patientFile.trends.flags.iopHigh', { eye: eye(flag), value: value('iop', flag.value) });
      case 'iopRise':
        return t('patientFile.trends.flags.iopRise', {
          eye: eye(flag),
          from: value('iop', flag.from),
          to: value('iop', flag.to),
        });
      case 'iopAboveTarget':
        return t('patientFile.trends.flags.iopAboveTarget', {
          eye: eye(flag),
          value: value('iop', flag.value),
          target: value('iop', flag.target),
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
          from: value('vaLogMar', flag.from),
          to: value('vaLogMar', flag.to),
          fromSnellen: ltr(sixMetreAcuity(flag.from)),
          toSnellen: ltr(sixMetreAcuity(flag.to)),
        });
      case 'cornealThinning':
        return t('patientFile.trends.flags.cornealThinning', {
          eye: eye(flag),
          from: value('thinnestPachymetry', flag.from),
          to: value('thinnestPachymetry', flag.to),
          since: format.date(flag.since),
        });
      case 'cornealThin':
        return t('patientFile.trends.flags.cornealThin', {
          eye: eye(flag),
          value: value('thinnestPachymetry', flag.value),
          limit: ltr(String(PACHYMETRY_CXL_MIN_UM)),
        });
      case 'cmtRise':
        return t('patientFile.trends.flags.cmtRise', {
          eye: eye(flag),
          from: value('cmt', flag.from),
          to: value('cmt', flag.to),
          percent: ltr(`+${Math.round(((flag.to - flag.from) / flag.from) * 100)}%`),
        });
      case 'cupDiscGrowth':
        return t('patientFile.trends.flags.cupDiscGrowth', {
          eye: eye(flag),
          from: value('cupDisc', flag.from),
          to: value('cupDisc', flag.to),
          since: format.date(flag.since),
        });
      case 'cupDiscAsymmetry':
        return t('patientFile.trends.flags.cupDiscAsymmetry', {
          difference: value('cupDisc', Math.abs(flag.right - flag.left)),
          right: value('cupDisc', flag.right),
          left: value('cupDisc', flag.left),
        });
      case 'myopiaProgression':
        return t('patientFile.trends.flags.myopiaProgression', {
          eye: eye(flag),
          rate: ltr(`-${flag.rate.toFixed(2)}`),
          from: value('sphericalEquivalent', flag.from),
          to: value('sphericalEquivalent', flag.to),
          since: format.date(flag.since),
        });
    }
  };
  return (
    <Alert color="red" variant="light" data-testid="trend-flags">
      <Stack gap={4}>
        {flags.map((flag) => (
          <Text
            key={`${flag.code}-${'eye' in flag ? flag.eye : 'both'}`}
            size="sm"
            data-testid={`trend-flag-${flag.code}`}
          >
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
              {row.right === undefined ? '—' : <ClinicalValue text={trendValueText(measure, row.right)} />}
            </Table.Td>
            <Table.Td>
              {row.left === undefined ? '—' : <ClinicalValue text={trendValueText(measure, row.left)} />}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
