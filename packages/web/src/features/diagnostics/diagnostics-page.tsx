import { Alert, Button, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { healthSchema } from '@basira/shared/common/api.schemas';
import { PageFrame } from '../../components/page-frame.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { getConnectionString, getOrganization } from '../../lib/storage.ts';
import { useTranslator } from '../../lib/use-translator.ts';

async function measureHealth() {
  const started = performance.now();
  const { data } = await apiRequest('health', { schema: healthSchema, background: true });
  return { ...data, roundTripMs: Math.round(performance.now() - started) };
}

/** /test: what a support call needs first: server version, database kind, round-trip time. */
export function DiagnosticsPage() {
  const { t, i18n } = useTranslation();
  const translate = useTranslator();
  const health = useQuery({
    queryKey: ['diagnostics', 'health'],
    queryFn: measureHealth,
    staleTime: 0,
    gcTime: 0,
  });

  const rows: [string, string][] = health.data
    ? [
        [t('diagnostics.status'), t('diagnostics.ok')],
        [t('diagnostics.version'), health.data.version],
        [t('diagnostics.database'), t(`diagnostics.databases.${health.data.database}`)],
        [t('diagnostics.roundTrip'), t('diagnostics.ms', { value: health.data.roundTripMs })],
        [t('diagnostics.serverTime'), new Date(health.data.time).toLocaleString(i18n.language)],
        [t('config.connectionString'), getConnectionString()],
        [t('config.organization'), getOrganization() ?? t('diagnostics.defaultOrganization')],
      ]
    : [];

  return (
    <PageFrame
      title={t('diagnostics.title')}
      loading={health.isFetching}
      actions={
        <Button onClick={() => void health.refetch()} variant="light" data-testid="diagnostics-rerun">
          {t('diagnostics.rerun')}
        </Button>
      }
    >
      {health.error && (
        <Alert color="red" role="alert">
          {errorMessage(translate, health.error)}
        </Alert>
      )}
      {rows.length > 0 && (
        <Table withTableBorder striped data-testid="diagnostics-table" maw={640}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w="40%">
                  {label}
                </Table.Th>
                <Table.Td>
                  <bdi>{value}</bdi>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </PageFrame>
  );
}
