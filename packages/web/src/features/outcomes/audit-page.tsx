import {
  Alert,
  Anchor,
  Badge,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { IOL_FORMULAS } from '@basira/shared/exams/biometry';
import { AXIAL_LENGTH_BANDS } from '@basira/shared/clinical/outcomes';
import type { Audit, AuditEye } from '@basira/shared/outcomes/outcomes.schemas';
import { PageFrame } from '../../components/page-frame.tsx';
import { PatientNameLink } from '../../components/patient-name-link.tsx';
import { parseTypedDate } from '../../lib/dates.ts';
import { pathTo } from '../../lib/routes.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { useSearchParamsUpdate } from '../../lib/use-search-params-update.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { ConstantsSection } from './constants-section.tsx';
import { ErrorHistogram, SiaPlot } from './outcome-charts.tsx';
import { meetsBenchmark, per100, percent, plainD, signedD } from './outcome-format.ts';
import {
  auditQuery,
  outcomeDoctorsQuery,
  outcomeLensesQuery,
  type AuditFilters,
} from './outcomes.queries.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

/**
 * The audit's filters as kept in the address (`?surgeonId=3&formula=srkt&firstEyesOnly=false`), so an audit can
 * be shared or reloaded; a value the API would refuse is dropped. First eyes only unless the address says false.
 */
export function auditFiltersFrom(
  params: URLSearchParams,
): AuditFilters & { firstEyesOnly: 'true' | 'false' } {
  const pick = (key: string, ok: (v: string) => boolean) => {
    const value = params.get(key);
    return value !== null && ok(value) ? value : undefined;
  };
  const filters: AuditFilters & { firstEyesOnly: 'true' | 'false' } = {
    firstEyesOnly: params.get('firstEyesOnly') === 'false' ? 'false' : 'true',
  };
  const surgeonId = pick('surgeonId', (v) => ID.test(v));
  const lensId = pick('lensId', (v) => ID.test(v));
  const formula = pick('formula', (v) => (IOL_FORMULAS as readonly string[]).includes(v));
  const band = pick('band', (v) => (AXIAL_LENGTH_BANDS as readonly string[]).includes(v));
  const from = pick('from', (v) => DAY.test(v));
  const to = pick('to', (v) => DAY.test(v));
  if (surgeonId) filters.surgeonId = surgeonId;
  if (lensId) filters.lensId = lensId;
  if (formula) filters.formula = formula;
  if (band) filters.band = band;
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

/** The options, with the address's value kept as `#id` when the list lacks it (so it shows and can be cleared). */
function withCurrent(options: Array<{ value: string; label: string }>, current: string | undefined) {
  return current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: `#${current}` }]
    : options;
}

type FilterKey = 'surgeonId' | 'lensId' | 'formula' | 'band' | 'from' | 'to';

/** The surgeon's audit (issue 55): the refractive and visual outcome of the operations, and the constants learned. */
export function OutcomesAuditPage() {
  const { t } = useTranslation();
  const [params, updateParams] = useSearchParamsUpdate();
  const filters = auditFiltersFrom(params);
  const tab = params.get('tab') === 'constants' ? 'constants' : 'audit';
  const set = (key: FilterKey | 'firstEyesOnly' | 'tab', value: string | null) =>
    updateParams(
      (next) => {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      },
      { replace: true },
    );

  return (
    <PageFrame title={t('outcomes.title')} backFallback="/dashboard">
      <AuditFiltersBar filters={filters} set={set} />
      <Tabs
        value={tab}
        onChange={(value) => set('tab', value === 'constants' ? 'constants' : null)}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="audit" data-testid="outcomes-tab-audit">
            {t('outcomes.tabs.audit')}
          </Tabs.Tab>
          <Tabs.Tab value="constants" data-testid="outcomes-tab-constants">
            {t('outcomes.tabs.constants')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="audit" pt="md">
          <AuditSection filters={filters} />
        </Tabs.Panel>
        <Tabs.Panel value="constants" pt="md">
          <ConstantsSection filters={filters} />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}

function AuditFiltersBar({
  filters,
  set,
}: {
  filters: ReturnType<typeof auditFiltersFrom>;
  set: (key: FilterKey | 'firstEyesOnly', value: string | null) => void;
}) {
  const { t } = useTranslation();
  const doctors = useQuery(outcomeDoctorsQuery);
  const lenses = useQuery(outcomeLensesQuery);
  // The lists are read under other permissions (the queue's, the lens list's): a surgeon holding only
  // `show outcomes` may be refused them, and then picks from the surgeons the audit itself names.
  const audit = useQuery({ ...auditQuery(filters), enabled: doctors.isError });
  const surgeons = doctors.data ?? [
    ...new Map(
      (audit.data?.eyes ?? []).flatMap((e) => (e.surgeon ? [[e.surgeon.id, e.surgeon] as const] : [])),
    ).values(),
  ];
  const surgeonOptions = withCurrent(
    surgeons.map((d) => ({ value: String(d.id), label: d.name })),
    filters.surgeonId,
  );
  const lensOptions = withCurrent(
    (lenses.data ?? []).map((l) => ({
      value: String(l.id),
      label: l.manufacturer ? `${l.model} (${l.manufacturer})` : l.model,
    })),
    filters.lensId,
  );
  const day = (key: 'from' | 'to', label: string) => (
    <DateInput
      label={label}
      valueFormat="YYYY-MM-DD"
      dateParser={parseTypedDate}
      value={filters[key] ?? null}
      onChange={(value) => set(key, value)}
      clearable
      maw={170}
      data-testid={`outcomes-filter-${key}`}
    />
  );
  return (
    <Stack gap={4} className="no-print">
      <Group align="flex-end" gap="sm">
        <Select
          label={t('outcomes.filters.surgeon')}
          placeholder={t('outcomes.filters.all')}
          data={surgeonOptions}
          value={filters.surgeonId ?? null}
          onChange={(value) => set('surgeonId', value)}
          clearable
          searchable
          maw={220}
          data-testid="outcomes-filter-surgeon"
        />
        <Select
          label={t('outcomes.filters.lens')}
          placeholder={t('outcomes.filters.all')}
          data={lensOptions}
          value={filters.lensId ?? null}
          onChange={(value) => set('lensId', value)}
          clearable
          searchable
          maw={240}
          data-testid="outcomes-filter-lens"
        />
        <Select
          label={t('outcomes.filters.formula')}
          placeholder={t('outcomes.filters.all')}
          data={IOL_FORMULAS.map((f) => ({ value: f, label: t(`outcomes.formulas.${f}`) }))}
          value={filters.formula ?? null}
          onChange={(value) => set('formula', value)}
          clearable
          maw={160}
          data-testid="outcomes-filter-formula"
        />
        <Select
          label={t('outcomes.filters.band')}
          placeholder={t('outcomes.filters.all')}
          data={AXIAL_LENGTH_BANDS.map((b) => ({ value: b, label: t(`outcomes.bands.${b}`) }))}
          value={filters.band ?? null}
          onChange={(value) => set('band', value)}
          clearable
          maw={220}
          data-testid="outcomes-filter-band"
        />
        {day('from', t('outcomes.filters.from'))}
        {day('to', t('outcomes.filters.to'))}
      </Group>
      <Switch
        mt="xs"
        label={t('outcomes.filters.firstEyesOnly')}
        description={t('outcomes.filters.firstEyesOnlyWhy')}
        checked={filters.firstEyesOnly === 'true'}
        onChange={(event) => set('firstEyesOnly', event.currentTarget.checked ? null : 'false')}
        data-testid="outcomes-filter-first-eyes"
      />
    </Stack>
  );
}

function AuditSection({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const audit = useQuery(auditQuery(filters));
  if (audit.error)
    return (
      <Alert color="red" data-testid="outcomes-audit-error">
        {errorMessage(translate, audit.error)}
      </Alert>
    );
  if (!audit.data) return <Loader data-testid="outcomes-audit-loading" />;
  const data = audit.data;
  if (data.n === 0)
    return (
      <Stack gap="sm">
        <Alert color="gray" data-testid="outcomes-empty">
          {t('outcomes.empty', { operations: data.operations })}
        </Alert>
        {data.operations > 0 && <SafetyFigures data={data} />}
      </Stack>
    );
  return (
    <Stack gap="lg">
      <Figures data={data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Paper withBorder p="md">
          <Title order={3} fz="h4" mb="sm">
            {t('outcomes.histogram.title')}
          </Title>
          <ErrorHistogram bins={data.histogram} />
          <Text size="xs" c="dimmed">
            {t('outcomes.histogram.hint')}
          </Text>
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} fz="h4" mb="sm">
            {t('outcomes.sia.title')}
          </Title>
          {data.sia.some((s) => s.n > 0) ? (
            <SiaPlot
              sites={data.sia}
              siteLabel={(site) => (site ? t(`outcomes.sites.${site}`) : t('outcomes.sites.none'))}
            />
          ) : (
            <Text c="dimmed" data-testid="outcomes-sia-empty">
              {t('outcomes.sia.empty')}
            </Text>
          )}
        </Paper>
      </SimpleGrid>
      <EyesTable eyes={data.eyes} />
    </Stack>
  );
}

/** A figure: its name above, its value as an LTR run. */
function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        <bdi dir="ltr">{value}</bdi>
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function Figures({ data }: { data: Audit }) {
  const { t } = useTranslation();
  const benchmarkOf = (limit: number): number[] =>
    limit === 0.5
      ? [data.benchmarks.within050, data.benchmarks.goodWithin050]
      : limit === 1
        ? [data.benchmarks.within100]
        : [];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure
          label={t('outcomes.figures.eyes')}
          value={`${data.n}`}
          hint={t('outcomes.figures.ofOperations', { operations: data.operations })}
          testId="outcomes-figure-eyes"
        />
        <Figure
          label={t('outcomes.figures.meanError')}
          value={`${signedD(data.meanError)} ± ${plainD(data.sdError)} D`}
          hint={t('outcomes.figures.meanErrorHint')}
          testId="outcomes-figure-mean"
        />
        <Figure
          label={t('outcomes.figures.mae')}
          value={`${plainD(data.meanAbsoluteError)} D`}
          testId="outcomes-figure-mae"
        />
        <Figure
          label={t('outcomes.figures.medae')}
          value={`${plainD(data.medianAbsoluteError)} D`}
          testId="outcomes-figure-medae"
        />
      </SimpleGrid>
      <Paper withBorder p="sm">
        <Title order={3} fz="h5" mb="xs">
          {t('outcomes.within.title')}
        </Title>
        <Table withRowBorders={false} data-testid="outcomes-within">
          <Table.Tbody>
            {data.within.map((row) => (
              <Table.Tr key={row.limit} data-testid="outcomes-within-row">
                <Table.Td>
                  <bdi dir="ltr">{`± ${row.limit.toFixed(2)} D`}</bdi>
                </Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{percent(row.share)}</bdi>{' '}
                  <Text span size="xs" c="dimmed">
                    {t('outcomes.within.count', { eyes: row.count, of: data.n })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {benchmarkOf(row.limit).map((benchmark, i) => {
                      const pass = meetsBenchmark(row.share, benchmark);
                      const name =
                        i === 1
                          ? t('outcomes.within.good', { share: percent(benchmark) })
                          : t('outcomes.within.benchmark', { share: percent(benchmark) });
                      return (
                        <Badge
                          key={benchmark}
                          color={pass ? 'green' : 'orange'}
                          variant="light"
                          data-testid={`outcomes-benchmark-${pass ? 'pass' : 'below'}`}
                        >
                          {`${name}: ${pass ? t('outcomes.within.pass') : t('outcomes.within.below')}`}
                        </Badge>
                      );
                    })}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <SafetyFigures data={data} />
    </Stack>
  );
}

/** Complications and the visual outcome: counted on operations, so shown even when no eye has a refraction. */
function SafetyFigures({ data }: { data: Audit }) {
  const { t } = useTranslation();
  const reaching = (share: Audit['correctedReaching']) =>
    `${percent(share.share)} (${share.count} / ${share.of})`;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Figure
        label={t('outcomes.figures.pcr')}
        value={per100(data.pcr.per100)}
        hint={t('outcomes.figures.per100', { number: data.pcr.count })}
        testId="outcomes-figure-pcr"
      />
      <Figure
        label={t('outcomes.figures.complications')}
        value={per100(data.complications.per100)}
        hint={t('outcomes.figures.per100', { number: data.complications.count })}
        testId="outcomes-figure-complications"
      />
      <Figure
        label={t('outcomes.figures.corrected')}
        value={reaching(data.correctedReaching)}
        hint={t('outcomes.figures.reachingHint')}
        testId="outcomes-figure-corrected"
      />
      <Figure
        label={t('outcomes.figures.uncorrected')}
        value={reaching(data.uncorrectedReaching)}
        hint={t('outcomes.figures.reachingHint')}
        testId="outcomes-figure-uncorrected"
      />
    </SimpleGrid>
  );
}

/**
 * The eyes under the figures. The patient's name opens the patient's file: the operation's own address needs its
 * queue entry, which the audit does not carry (auditEyeSchema), and the file lists the operation.
 */
function EyesTable({ eyes }: { eyes: readonly AuditEye[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const num = (value: number | null, decimals: number) => (value === null ? '—' : value.toFixed(decimals));
  return (
    <Paper withBorder p="sm">
      <Title order={3} fz="h5" mb="xs">
        {t('outcomes.eyes.title')}
      </Title>
      <ScrollArea>
        <Table striped miw={900} data-testid="outcomes-eyes">
          <Table.Thead>
            <Table.Tr>
              {(
                [
                  'patient',
                  'eye',
                  'date',
                  'surgeon',
                  'lens',
                  'formula',
                  'axialLength',
                  'power',
                  'predicted',
                  'achieved',
                  'error',
                ] as const
              ).map((column) => (
                <Table.Th key={column}>{t(`outcomes.eyes.columns.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {eyes.map((eye) => (
              <Table.Tr key={eye.operationId} data-testid="outcomes-eye-row">
                <Table.Td>
                  <PatientNameLink patient={{ id: eye.patientId, name: eye.patientName }} />
                </Table.Td>
                <Table.Td>{t(`outcomes.eyeSides.${eye.eye}`)}</Table.Td>
                <Table.Td>{format.date(eye.date)}</Table.Td>
                <Table.Td>{eye.surgeon?.name ?? '—'}</Table.Td>
                <Table.Td>{eye.lensModel ?? '—'}</Table.Td>
                <Table.Td>{eye.formula ? t(`outcomes.formulas.${eye.formula}`) : '—'}</Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{num(eye.axialLength, 2)}</bdi>
                </Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{eye.power === null ? '—' : signedD(eye.power)}</bdi>
                </Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{signedD(eye.predictedRefraction)}</bdi>
                </Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{signedD(eye.achievedSE)}</bdi>
                </Table.Td>
                <Table.Td fw={600}>
                  {/* The error opens the operation record, where its outcome can be checked or changed. */}
                  {eye.queueId === null ? (
                    <bdi dir="ltr">{signedD(eye.predictionError)}</bdi>
                  ) : (
                    <Anchor
                      component={Link}
                      to={pathTo('operationUpdate', {
                        patientId: eye.patientId,
                        queueId: eye.queueId,
                        id: eye.operationId,
                      })}
                      data-testid="outcomes-eye-operation"
                    >
                      <bdi dir="ltr">{signedD(eye.predictionError)}</bdi>
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
