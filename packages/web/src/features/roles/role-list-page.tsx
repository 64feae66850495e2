import { useEffect } from 'react';
import { Alert, Badge, Button, Card, Group, List, Menu, SimpleGrid, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useNavigate } from 'react-router';
import type { Role } from '@basira/shared/roles/roles.schemas';
import { IconEdit, IconEye, IconPlus, IconTrash } from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { permissionLabel, roleLabel } from '../../lib/permission-label.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { rolesQuery, useDeleteRole } from './roles.queries.ts';
import { RowMenu } from '../../components/row-menu.tsx';

/** Spec: a role card shows at most 3 permission names. */
export const CARD_PERMISSIONS = 3;

/** /setting/role: titled Role, Add, one card per role with its menu (Edit, Delete). */
export function RoleListPage() {
  const { t } = useTranslation();
  const me = useMe();
  const roles = useQuery(rolesQuery);

  useEffect(() => {
    // Spec section 8: a failed role list load is only logged.
    if (roles.error) console.error('Role list failed to load', roles.error);
  }, [roles.error]);

  return (
    <PageFrame
      title={t('roles.title')}
      loading={roles.isPending && !roles.error}
      actions={
        can(me?.permissions, 'add permission') && (
          <Button
            component={Link}
            to={pathTo('permissions')}
            leftSection={<IconPlus />}
            data-testid="role-add"
          >
            {t('roles.add')}
          </Button>
        )
      }
    >
      {roles.data && roles.data.length === 0 && <Alert color="gray">{t('roles.empty')}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {roles.data?.map((role) => (
          <RoleCard key={role.id} role={role} permissions={me?.permissions} />
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}

function RoleCard({ role, permissions }: { role: Role; permissions: readonly string[] | undefined }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const navigate = useNavigate();
  const remove = useDeleteRole();
  const shown = role.permissions.slice(0, CARD_PERMISSIONS);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('roles.confirmTitle'),
      children: <Text size="sm">{t('roles.confirmText')}</Text>,
      labels: { confirm: t('roles.confirmYes'), cancel: t('roles.confirmNo') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-yes' } as Record<string, unknown>,
      cancelProps: { 'data-testid': 'confirm-no' } as Record<string, unknown>,
      onConfirm: () =>
        remove.mutate(role.id, {
          onSuccess: () => toastSuccess(t('roles.deletedText'), t('roles.deletedTitle')),
          onError: (error) => toastError(t('roles.deleteFailed'), errorMessage(translate, error)),
        }),
    });

  return (
    <Card withBorder shadow="xs" padding="md" data-testid="role-card" aria-labelledby={`role-${role.id}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={2} fz="h4" id={`role-${role.id}`}>
          {roleLabel(t, role.name)}
        </Title>
        <RowMenu label={t('roles.actionsFor', { name: roleLabel(t, role.name) })} testId="role-menu">
          <Menu.Item leftSection={<IconEye />} onClick={() => navigate(pathTo('roleShow', { id: role.id }))}>
            {t('common.show')}
          </Menu.Item>
          {can(permissions, 'edit permission') && (
            <Menu.Item
              leftSection={<IconEdit />}
              onClick={() => navigate(pathTo('roleUpdate', { id: role.id }))}
              data-testid="role-edit"
            >
              {t('common.edit')}
            </Menu.Item>
          )}
          {can(permissions, 'delete permission') && (
            <Menu.Item
              color="red"
              leftSection={<IconTrash />}
              onClick={confirmDelete}
              data-testid="role-delete"
            >
              {t('common.delete')}
            </Menu.Item>
          )}
        </RowMenu>
      </Group>
      <Badge variant="light" mt="xs" data-testid="role-count">
        {t('roles.permissionCount', { count: role.permissions.length })}
      </Badge>
      <List size="sm" mt="sm" spacing={2} data-testid="role-permissions">
        {shown.map((p) => (
          <List.Item key={p.id}>{permissionLabel(t, p.name)}</List.Item>
        ))}
      </List>
    </Card>
  );
}
