import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { isInstallationOrganization } from '@basira/shared/auth/auth.schemas';
import type { BackupRun, BackupStatus } from '@basira/shared/backup/backup.schemas';
import { PageFrame } from '../../components/page-frame.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { backupStatusQuery, useDownloadBackup } from './backup.queries.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/**
 * /backup (`manage backups`, the installation's own organization): when the last backup was made, whether it
 * worked, a warning when the last good one is older than two days, and a fresh one to download (docs/operations.md).
 * A hosted clinic's administrator (no menu item leads here) is told who keeps the backups instead: the server
 * answers them 404, which every other screen reads as "gone" and leaves, silently.
 */
export function BackupPage() {
  const { t } = useTranslation();
  const translate = useTranslator();
  const me = useMe();
  const installation = me !== undefined && isInstallationOrganization(me.organization.slug);
  const status = useQuery({ ...backupStatusQuery, enabled: installation });
  const notHere =
    (me !== undefined && !installation) || (isApiError(status.error) && status.error.status === 404);
  useLoadFailure(notHere ? null : status.error, pathTo('userPortal'));
  const download = useDownloadBackup();

  if (notHere)
    return (
      <PageFrame title={t('backup.title')} backFallback={pathTo('userPortal')}>
        <Alert color="blue" title={t('backup.notHereTitle')} data-testid="backup-not-here">
          {t('backup.notHereText')}
        </Alert>
      </PageFrame>
    );

  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: ({ blob, fileName }) => {
        saveBlob(blob, fileName ?? 'basira-backup.tar');
        toastSuccess(t('backup.downloaded'));
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        toastError(t('backup.downloadFailed'), errorMessage(translate, error));
      },
    });

  return (
    <PageFrame
      title={t('backup.title')}
      loading={status.isPending}
      backFallback={pathTo('userPortal')}
      actions={
        <Button onClick={onDownload} loading={download.isPending} data-testid="backup-download">
          {t('backup.download')}
        </Button>
      }
    >
      {status.data && <StatusView status={status.data} />}
    </PageFrame>
  );
}

function StatusView({ status }: { status: BackupStatus }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <Stack gap="md" data-testid="backup-status">
      {status.stale && (
        <Alert color="orange" title={t('backup.staleTitle')} data-testid="backup-stale">
          {status.lastSuccess
            ? t('backup.staleSince', { at: f.dateTime(status.lastSuccess.at) })
            : t('backup.none')}
        </Alert>
      )}
      {status.database === 'postgres' && (
        <Alert color="blue" title={t('backup.postgresTitle')}>
          {t('backup.postgresText')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RunCard title={t('backup.last')} run={status.last} />
        <RunCard title={t('backup.lastSuccess')} run={status.lastSuccess} />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Stack gap={4}>
          {status.scheduled && (
            <Text>
              {t('backup.schedule', { hour: String(status.hour).padStart(2, '0'), keep: status.keep })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('backup.directory')}: <bdi>{status.directory}</bdi>
          </Text>
        </Stack>
      </Paper>
      <Title order={3}>{t('backup.kept', { count: status.backups.length })}</Title>
      {status.backups.length > 0 && (
        <Table striped data-testid="backup-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backup.file')}</Table.Th>
              <Table.Th>{t('backup.at')}</Table.Th>
              <Table.Th>{t('backup.size')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status.backups.map((b) => (
              <Table.Tr key={b.file}>
                <Table.Td>
                  <bdi>{b.file}</bdi>
                </Table.Td>
                <Table.Td>{f.dateTime(b.createdAt)}</Table.Td>
                <Table.Td>{f.size(b.size)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function RunCard({ title, run }: { title: string; run: BackupRun | null }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Text fw={600}>{title}</Text>
        {run ? (
          <>
            <Group gap="xs">
              <Text c={run.ok ? 'teal' : 'red'} fw={600}>
                {run.ok ? t('backup.ok') : t('backup.failed')}
              </Text>
              <Text>{f.dateTime(run.at)}</Text>
            </Group>
            <Text size="sm">{t(`backup.trigger.${run.trigger}`)}</Text>
            {run.size !== null && (
              <Text size="sm">
                {t('backup.size')}: {f.size(run.size)}
              </Text>
            )}
            {run.file && (
              <Text size="sm">
                {t('backup.file')}: <bdi>{run.file}</bdi>
              </Text>
            )}
            {run.error && (
              <Text size="sm" c="red">
                <bdi>{run.error}</bdi>
              </Text>
            )}
          </>
        ) : (
          <Text c="dimmed">{t('backup.never')}</Text>
        )}
      </Stack>
    </Paper>
  );
}
