import { Anchor, Card, Group, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { auditPageSchema } from '@basira/shared/audit/audit.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { useFormatters } from '../../../lib/format.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { pathTo } from '../../../lib/routes.ts';

const SHOWN = 10;

/**
 * "Who opened this file", for holders of `show audit`: the latest reads of this patient's data from the audit
 * trail (`GET /api/audit?patientId=&reads=1`). Mounted once the file is read, so that read is listed first.
 */
export function WhoOpenedCard({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const reads = useQuery({
    // Under the file's key: refreshed whenever the file is.
    queryKey: [QUERY_ROOTS.board, patientId, 'file', 'audit'],
    queryFn: () => apiRequest('audit', { schema: auditPageSchema, query: { patientId, reads: 1 } }),
  });
  const rows = reads.data?.data.slice(0, SHOWN) ?? [];
  return (
    <Card withBorder padding="md" data-testid="who-opened">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="h4">
          {t('audit.whoOpened.title')}
        </Title>
        <Anchor component={Link} to={`${pathTo('auditIndex')}?patientId=${patientId}`} size="sm">
          {t('audit.whoOpened.all')}
        </Anchor>
      </Group>
      {reads.data && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('audit.whoOpened.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="who-opened-row">
                  <Table.Td>{row.user?.name ?? t('audit.noUser')}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={row.at}>{format.dateTime(row.at)}</time>
                  </Table.Td>
                  <Table.Td>{t(`audit.actions.${row.action}`, { defaultValue: row.action })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
