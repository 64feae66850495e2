import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { formatMoney } from '@basira/shared/money/money';
import { IconCash } from '../../components/icons.tsx';
import { pathTo } from '../../lib/routes.ts';
import { todayTakingsQuery } from './dashboard.queries.ts';

/** Today's net takings per currency (payments − refunds) and the receipts, for whoever reads the money reports. */
export function TakingsCard() {
  const { t, i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'ar' ? 'ar' : 'en';
  const takings = useQuery(todayTakingsQuery);
  const data = takings.data;
  return (
    <Card withBorder padding="md" data-testid="stat-takings">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('billing.dashboard.takings')}
          </Text>
          <Stack gap={0} data-testid="stat-takings-value">
            {takings.error ? (
              <Text size="sm" c="red">
                {t('billing.dashboard.failed')}
              </Text>
            ) : !data ? (
              <Text fz={28} fw={700} lh={1.2}>
                …
              </Text>
            ) : data.totals.length === 0 ? (
              <Text fz={28} fw={700} lh={1.2}>
                0
              </Text>
            ) : (
              data.totals.map((m) => (
                <Text key={m.currency} fz={22} fw={700} lh={1.3}>
                  <bdi dir="ltr">
                    {m.amount < 0 ? '-' : ''}
                    {formatMoney({ amount: Math.abs(m.amount), currency: m.currency }, lang)}
                  </bdi>
                </Text>
              ))
            )}
          </Stack>
          {data && (
            <Text size="xs" c="dimmed" data-testid="stat-takings-receipts">
              {t('billing.dashboard.receipts', { count: data.receiptCount })}
              {' · '}
              <Anchor component={Link} to={pathTo('billingReports')} size="xs" underline="always">
                {t('billing.dashboard.open')}
              </Anchor>
            </Text>
          )}
        </Stack>
        <span style={{ color: 'var(--mantine-primary-color-filled)' }}>
          <IconCash size={26} />
        </span>
      </Group>
    </Card>
  );
}
