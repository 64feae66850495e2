import { Alert, Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { permissionLabel, roleLabel } from '../../lib/permission-label.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { userIdFrom, userQuery } from './users.queries.ts';

/** /user/:id/show: the account, its roles and the permissions they add up to. */
export function UserShowPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const id = userIdFrom(useParams().id);
  const user = useQuery({ ...userQuery(id ?? 0), enabled: id !== null });
  useLoadFailure(user.error, pathTo('userIndex'));
  const data = user.data;

  return (
    <PageFrame
      title={data ? data.name : t('users.showTitle')}
      loading={user.isPending && id !== null && !user.error}
      backFallback={pathTo('userIndex')}
      actions={
        data &&
        can(me?.permissions, 'edit user') && (
          <Button component={Link} to={pathTo('userUpdate', { id: data.id })} variant="light">
            {t('common.edit')}
          </Button>
        )
      }
    >
      {id === null && <Alert color="gray">{t('users.notFound')}</Alert>}
      {data && (
        <Stack gap="lg">
          <Table withTableBorder maw={720} data-testid="user-detail">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row" w="35%">
                  {t('users.name')}
                </Table.Th>
                <Table.Td>{data.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('users.email')}</Table.Th>
                <Table.Td>
                  <bdi>{data.email}</bdi>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('users.username')}</Table.Th>
                <Table.Td>{data.username ? <bdi>{data.username}</bdi> : '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('users.status')}</Table.Th>
                <Table.Td>
                  <Badge color={data.isActive ? 'green' : 'gray'} variant="light">
                    {data.isActive ? t('users.active') : t('users.inactive')}
                  </Badge>
                  {data.mustChangePassword && (
                    <Badge color="yellow" variant="light" ms="xs">
                      {t('users.mustChangePassword')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('users.roles')}</Table.Th>
                <Table.Td data-testid="user-roles">
                  {data.roles.length
                    ? data.roles.map((r) => roleLabel(t, r.name)).join(t('common.listSeparator'))
                    : '—'}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('users.createdAt')}</Table.Th>
                <Table.Td>{new Date(data.createdAt).toLocaleString(i18n.language)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Stack gap="xs">
            <Title order={2} fz="h4">
              {t('users.effectivePermissions', { total: data.permissions.length })}
            </Title>
            <Group gap={6} data-testid="user-permissions">
              {data.permissions.map((p) => (
                <Badge key={p} variant="light" tt="none">
                  {permissionLabel(t, p)}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Stack>
      )}
    </PageFrame>
  );
}
