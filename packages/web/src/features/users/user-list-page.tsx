import { Badge, Button, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useSearchParams } from 'react-router';
import { pageOf } from '../../lib/use-search-params-update.ts';
import type { User } from '@basira/shared/users/users.schemas';
import { IconEdit, IconEye, IconPlus, IconTrash } from '../../components/icons.tsx';
import { ListPage, useListSearch } from '../../components/list-page.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useDeactivateUser, usersQuery } from './users.queries.ts';
import { roleLabel } from '../../lib/permission-label.ts';
import { RowAction, RowActions } from '../../components/row-action.tsx';

/** /user: search, 25 a page, active state, and the actions the user's permissions allow. */
export function UserListPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const current = params.get('search') ?? '';
  const [search, setSearch] = useListSearch(current, (text) =>
    setParams(text ? { search: text } : {}, { replace: true }),
  );
  const users = useQuery(usersQuery(page, current));

  const meta = users.data?.meta;
  return (
    <ListPage
      frame={{
        title: t('users.title'),
        actions: can(me?.permissions, 'add user') && (
          <Button component={Link} to={pathTo('userAdd')} leftSection={<IconPlus />} data-testid="user-add">
            {t('users.add')}
          </Button>
        ),
      }}
      rows={users.data?.data}
      loading={users.isPending && !users.error}
      error={users.error}
      failureFallback={pathTo('userPortal')}
      search={{ label: t('users.search'), value: search, onChange: setSearch }}
      count={meta && t('users.count', { count: meta.total })}
      empty={t('users.empty')}
      name="user"
      minWidth={720}
      columns={[t('users.name'), t('users.email'), t('users.username'), t('users.roles'), t('users.status')]}
      table={{ striped: true }}
      renderRow={(user) => (
        <UserRow key={user.id} user={user} permissions={me?.permissions} selfId={me?.id} />
      )}
      pagination={
        meta && {
          lastPage: meta.lastPage,
          page,
          onChange: (next) => setParams({ ...(search ? { search } : {}), page: String(next) }),
        }
      }
    />
  );
}

function UserRow({
  user,
  permissions,
  selfId,
}: {
  user: User;
  permissions?: readonly string[];
  selfId?: number;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const deactivate = useDeactivateUser();

  const confirmDeactivate = () =>
    modals.openConfirmModal({
      title: t('users.deactivateTitle'),
      children: <Text size="sm">{t('users.deactivateText', { name: user.name })}</Text>,
      labels: { confirm: t('users.deactivateYes'), cancel: t('roles.confirmNo') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-yes' } as Record<string, unknown>,
      onConfirm: () =>
        deactivate.mutate(user.id, {
          onSuccess: () => toastSuccess(t('users.deactivated', { name: user.name })),
          onError: (error) => toastError(t('users.deactivateFailed'), errorMessage(translate, error)),
        }),
    });

  return (
    <Table.Tr data-testid="user-row" data-user-email={user.email}>
      <Table.Td fw={500}>
        {user.name}
        {user.isDoctor && (
          <Badge ms={6} size="xs" variant="outline" data-testid="user-doctor-badge">
            {t('users.isDoctor')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <bdi>{user.email}</bdi>
      </Table.Td>
      <Table.Td>{user.username ? <bdi>{user.username}</bdi> : '—'}</Table.Td>
      <Table.Td>{user.roles.map((r) => roleLabel(t, r.name)).join(t('common.listSeparator'))}</Table.Td>
      <Table.Td>
        <Badge color={user.isActive ? 'green' : 'gray'} variant="light" data-testid="user-status">
          {user.isActive ? t('users.active') : t('users.inactive')}
        </Badge>
      </Table.Td>
      <RowActions>
        <RowAction
          label={t('common.show')}
          to={pathTo('userShow', { id: user.id })}
          of={user.name}
          icon={<IconEye />}
        />
        {can(permissions, 'edit user') && (
          <RowAction
            label={t('common.edit')}
            to={pathTo('userUpdate', { id: user.id })}
            of={user.name}
            testId="user-edit"
            icon={<IconEdit />}
          />
        )}
        {can(permissions, 'delete user') && user.isActive && user.id !== selfId && (
          <RowAction
            label={t('users.deactivate')}
            color="red"
            onClick={confirmDeactivate}
            of={user.name}
            testId="user-deactivate"
            icon={<IconTrash />}
          />
        )}
      </RowActions>
    </Table.Tr>
  );
}
