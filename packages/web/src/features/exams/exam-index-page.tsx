import { Anchor, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { pageOf } from '../../lib/use-search-params-update.ts';
import { examDefinition } from '@basira/shared/exams/registry';
import { IconTrash } from '../../components/icons.tsx';
import { ListPage, useListSearch } from '../../components/list-page.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { pathTo, type RouteName } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { patientOfExamQuery, useExamRoute } from './exam-form-page.tsx';
import { examPageQuery, useDeleteExam } from './exams.queries.ts';
import { Ltr } from '../../components/clinical-value.tsx';
import { RowAction } from '../../components/row-action.tsx';

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
  const page = pageOf(query);
  const routeSearch = params.search ?? '';
  const index = `${type}Index` as RouteName;
  const [search, setSearch] = useListSearch(
    routeSearch,
    (text) => void navigate(pathTo(index, { patientId, search: text || undefined }), { replace: true }),
  );
  const records = useQuery(examPageQuery(type, patientId, page, routeSearch));
  const patient = useQuery(patientOfExamQuery(patientId));
  const remove = useDeleteExam(type);

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
    <ListPage
      frame={{
        title: t('examIndex.title', { type: t(`exams.types.${type}`) }),
        patientName: patient.data?.name,
        backFallback: '/doctor',
      }}
      rows={records.data?.data}
      loading={records.isPending && !records.error}
      error={records.error}
      failureFallback="/doctor"
      search={{ label: t('examIndex.search'), value: search, onChange: setSearch }}
      count={meta && t('examIndex.count', { count: meta.total })}
      empty={t('examIndex.empty')}
      name="exam"
      minWidth={720}
      columns={[t('examIndex.date'), t('examIndex.summary'), t('examIndex.by'), t('examIndex.updated')]}
      table={{ striped: true }}
      pagination={
        meta && { lastPage: meta.lastPage, page, onChange: (next) => setQuery({ page: String(next) }) }
      }
      renderRow={(record) => (
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
              <Ltr>{definition.summary(record as never, (record.derived ?? undefined) as never) || '—'}</Ltr>
            </Text>
          </Table.Td>
          <Table.Td>{record.createdBy?.name ?? '—'}</Table.Td>
          <Table.Td>{format.dateTime(record.updatedAt)}</Table.Td>
          <Table.Td>
            {canDelete && (
              <RowAction
                label={t('common.delete')}
                color="red"
                onClick={() => confirmDelete(record.id)}
                testId="exam-row-delete"
                icon={<IconTrash />}
              />
            )}
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
