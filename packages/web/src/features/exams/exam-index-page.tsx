import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Anchor, Pagination, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { examDefinition } from '@basira/shared/exams/registry';
import { IconSearch, IconTrash } from '../../components/icons.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { pathTo, type RouteName } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { patientOfExamQuery, useExamRoute } from './exam-form-page.tsx';
import { examPageQuery, useDeleteExam } from './exams.queries.ts';
import { Ltr } from '../../components/clinical-value.tsx';

/**
 * The spec's index screens (`/<type path>/:patientId/:search?`, as the route table spells each path): a patient's records of
 * one type, newest first, 25 a page, each with its one-line summary; a search within them.
 */
export function ExamIndexPage() {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const me = useMe();
  const navigate = useNavigate();
  const { type } = useExamRoute();
  const definition = examDefinition(type);
  const params = useParams();
  const patientId = Number(params.patientId);
  const [query, setQuery] = useSearchParams();
  const page = Math.max(1, Number(query.get('page')) || 1);
  const routeSearch = params.search ?? '';
  const [search, setSearch] = useState(routeSearch);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const records = useQuery(examPageQuery(type, patientId, page, routeSearch));
  const patient = useQuery(patientOfExamQuery(patientId));
  const remove = useDeleteExam(type);
  useLoadFailure(records.error, '/doctor');
  const index = `${type}Index` as RouteName;

  useEffect(() => {
    if (debounced === routeSearch) return;
    void navigate(pathTo(index, { patientId, search: debounced || undefined }), { replace: true });
  }, [debounced]);

  const confirmDelete = (id: number) =>
    modals.openConfirmModal({
      title: t('roles.confirmTitle'),
      children: <Text size="sm">{t('roles.confirmText')}</Text>,
      labels: { confirm: t('roles.confirmYes'), cancel: t('roles.confirmNo') },
      confirmProps: { color: 'red', 'data-testid': 'exam-delete-confirm' } as never,
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => toastSuccess(t('examIndex.deleted')),
          onError: (error) => toastError(t('examIndex.deleteFailed'), errorMessage(translate, error)),
        }),
    });

  const meta = records.data?.meta;
  const canDelete = canAny(me?.permissions, definition.permissions.delete);
  return (
    <PageFrame
      title={t('examIndex.title', { type: t(`exams.types.${type}`) })}
      patientName={patient.data?.name}
      backFallback="/doctor"
      loading={records.isPending && !records.error}
      footer={
        meta &&
        meta.lastPage > 1 && (
          <Pagination
            total={meta.lastPage}
            value={page}
            onChange={(next) => setQuery({ page: String(next) })}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
          />
        )
      }
    >
      <TextInput
        type="search"
        label={t('examIndex.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        maw={420}
        mb="md"
        data-testid="exam-search"
      />
      {meta && (
        <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
          {t('examIndex.count', { count: meta.total })}
        </Text>
      )}
      {records.data && records.data.data.length === 0 ? (
        <Alert color="gray">{t('examIndex.empty')}</Alert>
      ) : (
        <ListTable
          striped
          minWidth={720}
          testId="exam-table"
          headings={[t('examIndex.date'), t('examIndex.summary'), t('examIndex.by'), t('examIndex.updated')]}
        >
          {records.data?.data.map((record) => (
            <Table.Tr key={record.id} data-testid="exam-row">
              <Table.Td>
                {record.queueId !== null ? (
                  <Anchor
                    component={Link}
                    to={pathTo(`${type}Update` as RouteName, {
                      patientId,
                      queueId: record.queueId,
                      id: record.id,
                    })}
                    data-testid="exam-row-link"
                  >
                    {format.dateTime(record.createdAt)}
                  </Anchor>
                ) : (
                  format.dateTime(record.createdAt)
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="exam-index-summary">
                  <Ltr>
                    {definition.summary(record as never, (record.derived ?? undefined) as never) || '—'}
                  </Ltr>
                </Text>
              </Table.Td>
              <Table.Td>{record.createdBy?.name ?? '—'}</Table.Td>
              <Table.Td>{format.dateTime(record.updatedAt)}</Table.Td>
              <Table.Td>
                {canDelete && (
                  <Tooltip label={t('common.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('common.delete')}
                      onClick={() => confirmDelete(record.id)}
                      data-testid="exam-row-delete"
                    >
                      <IconTrash />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </PageFrame>
  );
}
