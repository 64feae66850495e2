import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { User } from '@basira/shared/users/users.schemas';
import { IconEdit, IconEye, IconPlus, IconSearch, IconTrash } from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useDeactivateUser, usersQuery } from './users.queries.ts';
import { ListTable } from '../../components/list-table.tsx';
import { roleLabel } from '../../lib/permission-label.ts';

/** /user: search, 25 a page, active state, and the actions the user's permissions allow. */
export function UserListPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const users = useQuery(usersQuery(page, params.get('search') ?? ''));
  useLoadFailure(users.error, pathTo('userPortal'));

  useEffect(() => {
    if (debounced === (params.get('search') ?? '')) return;
    setParams(debounced ? { search: debounced } : {}, { replace: true });
  }, [debounced, params, setParams]);

  const meta = users.data?.meta;
  return (
    <PageFrame
      title={t('users.title')}
      loading={users.isPending && !users.error}
      actions={
        can(me?.permissions, 'add user') && (
          <Button component={Link} to={pathTo('userAdd')} leftSection={<IconPlus />} data-testid="user-add">
            {t('users.add')}
          </Button>
        )
      }
      footer={
        meta &&
        meta.lastPage > 1 && (
          <Pagination
            total={meta.lastPage}
            value={page}
            onChange={(next) => setParams({ ...(search ? { search } : {}), page: String(next) })}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
          />
        )
      }
    >
      <TextInput
        type="search"
        label={t('users.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        maw={420}
        mb="md"
        data-testid="user-search"
      />
      {meta && (
        <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
          {t('users.count', { count: meta.total })}
        </Text>
      )}
      {users.data && users.data.data.length === 0 ? (
        <Alert color="gray">{t('users.empty')}</Alert>
      ) : (
        <ListTable
          striped
          minWidth={720}
          testId="user-table"
          headings={[
            t('users.name'),
            t('users.email'),
            t('users.username'),
            t('users.roles'),
            t('users.status'),
          ]}
        >
          {users.data?.data.map((user) => (
            <UserRow key={user.id} user={user} permissions={me?.permissions} selfId={me?.id} />
          ))}
        </ListTable>
      )}
    </PageFrame>
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
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label={t('common.show')}>
            <ActionIcon
              component={Link}
              to={pathTo('userShow', { id: user.id })}
              variant="subtle"
              aria-label={`${t('common.show')}: ${user.name}`}
            >
              <IconEye />
            </ActionIcon>
          </Tooltip>
          {can(permissions, 'edit user') && (
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                component={Link}
                to={pathTo('userUpdate', { id: user.id })}
                variant="subtle"
                aria-label={`${t('common.edit')}: ${user.name}`}
                data-testid="user-edit"
              >
                <IconEdit />
              </ActionIcon>
            </Tooltip>
          )}
          {can(permissions, 'delete user') && user.isActive && user.id !== selfId && (
            <Tooltip label={t('users.deactivate')}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={confirmDeactivate}
                aria-label={`${t('users.deactivate')}: ${user.name}`}
                data-testid="user-deactivate"
              >
                <IconTrash />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
