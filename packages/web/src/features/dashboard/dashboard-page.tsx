import { lazy, Suspense, type ReactNode } from 'react';
import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { IconChart, IconClock, IconQueue, IconUsers, IconBell } from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { STATUS_COLOR } from '../../components/status-badge.tsx';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { can, canAny } from '../../lib/session-local.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { dashboardQuery } from './dashboard.queries.ts';
import { TakingsCard } from './takings-card.tsx';

const VisitsChart = lazy(() => import('./visits-chart.tsx').then((m) => ({ default: m.VisitsChart })));

function Stat({
  label,
  value,
  icon,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} data-testid={`${testId}-value`}>
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        <span style={{ color: 'var(--mantine-primary-color-filled)' }}>{icon}</span>
      </Group>
    </Card>
  );
}

/** /dashboard: today's entries by status, new patients, recalls due, average wait, visits of 30 days. */
export function DashboardPage() {
  const { t } = useTranslation();
  const me = useMe();
  const format = useFormatters();
  const summary = useQuery(dashboardQuery);
  useLoadFailure(summary.error, pathTo('userPortal'));
  const data = summary.data;
  const canQueue = canAny(me?.permissions, ['show queues']);
  const queueLink = (status?: number) => `${pathTo('queueAdd')}${status ? `?status=${status}` : ''}`;

  return (
    <PageFrame title={t('dashboard.title')} back={false} loading={summary.isPending && !summary.error}>
      {data && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('dashboard.today', { day: format.date(data.day) })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Stat
              testId="stat-today"
              label={t('dashboard.todayTotal')}
              value={data.today.total}
              icon={<IconQueue size={26} />}
              hint={
                canQueue ? (
                  <Anchor component={Link} to={queueLink()} size="xs">
                    {t('dashboard.openQueue')}
                  </Anchor>
                ) : undefined
              }
            />
            <Stat
              testId="stat-new-patients"
              label={t('dashboard.newPatients')}
              value={data.newPatients.week}
              icon={<IconUsers size={26} />}
              hint={t('dashboard.newPatientsMonth', { count: data.newPatients.month })}
            />
            <Stat
              testId="stat-recalls"
              label={t('dashboard.recallsDue')}
              value={data.recallsDue}
              icon={<IconBell size={26} />}
              hint={t('dashboard.recallsUpcoming', { count: data.recallsUpcoming })}
            />
            <Stat
              testId="stat-wait"
              label={t('dashboard.averageWait')}
              value={
                data.averageWaitMinutesToday === null
                  ? '—'
                  : format.duration(Math.round(data.averageWaitMinutesToday))
              }
              icon={<IconClock size={26} />}
              hint={data.averageWaitMinutesToday === null ? t('dashboard.noOpenings') : undefined}
            />
          </SimpleGrid>
          {can(me?.permissions, 'show financial reports') && (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <TakingsCard />
            </SimpleGrid>
          )}
          <Card withBorder padding="md" data-testid="dashboard-by-status">
            <Title order={2} fz="h4" mb="sm">
              {t('dashboard.byStatus')}
            </Title>
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              {data.today.byStatus.map(({ status, count }) => {
                const body = (
                  <Card
                    padding="sm"
                    radius="md"
                    bg={`var(--mantine-color-${STATUS_COLOR[status.id]}-light)`}
                    style={{
                      borderInlineStart: `4px solid var(--mantine-color-${STATUS_COLOR[status.id]}-6)`,
                    }}
                    data-testid={`status-count-${status.name}`}
                  >
                    <Text
                      size="sm"
                      c={`var(--mantine-color-${STATUS_COLOR[status.id]}-light-color)`}
                      fw={500}
                    >
                      {t(`queue.status.${status.name}`)}
                    </Text>
                    <Text fz={26} fw={700}>
                      {count}
                    </Text>
                  </Card>
                );
                return canQueue ? (
                  <Anchor
                    key={status.id}
                    component={Link}
                    to={queueLink(status.id)}
                    underline="never"
                    c="inherit"
                  >
                    {body}
                  </Anchor>
                ) : (
                  <div key={status.id}>{body}</div>
                );
              })}
            </SimpleGrid>
          </Card>
          <Card withBorder padding="md">
            <Group gap="xs" mb="sm">
              <IconChart />
              <Title order={2} fz="h4">
                {t('dashboard.chartTitle')}
              </Title>
            </Group>
            <Suspense fallback={<Skeleton h={260} aria-label={t('common.loading')} />}>
              <VisitsChart />
            </Suspense>
          </Card>
          {can(me?.permissions, 'add patient') && (
            <Group>
              <Anchor component={Link} to={`${pathTo('patientIndex')}?new=1`}>
                {t('dashboard.addPatient')}
              </Anchor>
            </Group>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
