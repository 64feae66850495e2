import { useEffect } from 'react';
import { Badge, Button, Group, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { permissionLabel, roleLabel } from '../../lib/permission-label.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { toastWarning } from '../../lib/toasts.ts';
import { useGoBack } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { roleIdFrom, roleQuery } from './roles.queries.ts';

/** /setting/role/:id/show: a table of the role's name and its permissions. */
export function RoleShowPage() {
  const { t } = useTranslation();
  const me = useMe();
  const id = roleIdFrom(useParams().id);
  const back = useGoBack(pathTo('roleIndex'));
  const role = useQuery({ ...roleQuery(id ?? 0), enabled: id !== null });

  useEffect(() => {
    if (id !== null && !role.error) return;
    if (isApiError(role.error) && role.error.handled) return;
    toastWarning(isApiError(role.error) ? (role.error.serverMessage ?? '') : '', t('roles.loadFailed'));
    back();
    // Once per failure.
  }, [role.error, id]);

  return (
    <PageFrame
      title={t('roles.showTitle')}
      loading={role.isPending && id !== null && !role.error}
      backFallback={pathTo('roleIndex')}
      actions={
        role.data &&
        can(me?.permissions, 'edit permission') && (
          <Button component={Link} to={pathTo('roleUpdate', { id: role.data.id })} variant="light">
            {t('common.edit')}
          </Button>
        )
      }
    >
      {role.data && (
        <Table withTableBorder withColumnBorders data-testid="role-detail">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('roles.name')}</Table.Th>
              <Table.Th>{t('roles.permissions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td fw={600}>{roleLabel(t, role.data.name)}</Table.Td>
              <Table.Td>
                <Group gap={6}>
                  {role.data.permissions.map((p) => (
                    <Badge key={p.id} variant="light" tt="none">
                      {permissionLabel(t, p.name)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </PageFrame>
  );
}
