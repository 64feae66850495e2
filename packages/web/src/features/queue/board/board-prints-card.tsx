import { Anchor, Card, ScrollArea, Table, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { EXAM_PERMISSIONS } from '@basira/shared/exams/exam-types';
import { ANY_PRINT, printLogPageSchema } from '@basira/shared/print/printing.schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { useFormatters } from '../../../lib/format.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { pathTo } from '../../../lib/routes.ts';
import { canAny } from '../../../lib/session-local.ts';
import { Ltr } from '../../../components/clinical-value.tsx';

/** The patient's spectacle prescriptions as printed (newest first); a print made in another tab shows on return. */
const spectaclePrintsQuery = (patientId: number) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.board, 'prints', patientId],
    queryFn: async ({ signal }) =>
      apiRequest('mo/print/log', {
        schema: printLogPageSchema,
        query: { patientId, type: 'spectacles', page: 1 },
        signal,
      }),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

/**
 * The patient's prescription history on the board: each print of a spectacle prescription with its date, who
 * printed it, what it said, its paper, and a link that prints it again as it was.
 */
export function BoardPrintsCard({
  patientId,
  permissions,
}: {
  patientId: number;
  permissions: readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const allowed = canAny(permissions, ANY_PRINT);
  const canReprint = canAny(permissions, EXAM_PERMISSIONS.spectacles.print);
  const prints = useQuery({ ...spectaclePrintsQuery(patientId), enabled: allowed });
  if (!allowed) return null;
  const rows = prints.data?.data ?? [];
  const total = prints.data?.meta.total ?? 0;
  return (
    <Card withBorder padding="md" data-testid="board-prints">
      <Title order={2} fz="h4" mb="sm">
        {t('print.history.title')}
      </Title>
      {prints.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="board-prints-empty">
          {t('print.history.empty')}
        </Text>
      )}
      {rows.length > 0 && (
        <ScrollArea.Autosize mah={260} type="auto">
          <Table striped fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('print.history.date')}</Table.Th>
                <Table.Th>{t('print.history.by')}</Table.Th>
                <Table.Th>{t('print.history.summary')}</Table.Th>
                <Table.Th>{t('print.history.paper')}</Table.Th>
                {canReprint && <Table.Th>{t('common.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id} data-testid="board-print-row" data-print-id={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {format.dateTime(entry.printedAt)}
                    {entry.reprintOfId !== null && (
                      <Text span size="xs" c="dimmed" ms={4}>
                        ({t('print.history.reprintOf')})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{entry.printedBy?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text span size="sm" data-testid="board-print-summary">
                      {entry.summary ? <Ltr>{entry.summary}</Ltr> : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`print.papers.${entry.paperSize}`)}</Table.Td>
                  {canReprint && (
                    <Table.Td>
                      <Anchor
                        component={Link}
                        size="sm"
                        to={`${pathTo('spectaclesPrint', { id: entry.recordId })}?printId=${entry.id}`}
                        target="_blank"
                        data-testid="board-print-reprint"
                      >
                        {t('print.history.reprint')}
                      </Anchor>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {total > rows.length && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('print.history.more', { count: total - rows.length })}
        </Text>
      )}
    </Card>
  );
}
