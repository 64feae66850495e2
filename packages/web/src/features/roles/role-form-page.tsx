import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useParams } from 'react-router';
import { roleSaveSchema, type Role } from '@basira/shared/roles/roles.schemas';
import { IconSearch } from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import {
  PERMISSION_AREAS,
  permissionArea,
  permissionHint,
  permissionLabel,
} from '../../lib/permission-label.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { SUCCESS_TOAST_MS, toastError, toastSuccess, toastWarning } from '../../lib/toasts.ts';
import { useGoBack } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { permissionCatalogueQuery, roleIdFrom, roleQuery, useSaveRole } from './roles.queries.ts';

/** Role add (/setting/role/permission) and update (/setting/role/:id/update). */
export function RoleFormPage() {
  const { id: param } = useParams();
  const id = roleIdFrom(param);
  const { t } = useTranslation();
  const back = useGoBack(pathTo('roleIndex'));
  const role = useQuery({ ...roleQuery(id ?? 0), enabled: id !== null });

  useEffect(() => {
    const error = role.error;
    if (!error || (isApiError(error) && error.handled)) return;
    // Spec section 8: "Your Role file not exist !!!", then back.
    toastWarning(isApiError(error) ? (error.serverMessage ?? '') : '', t('roles.loadFailed'));
    back();
    // Once per failure.
  }, [role.error]);

  const title = id === null ? t('roles.addTitle') : t('roles.updateTitle');
  if (id !== null && !role.data)
    return <PageFrame title={title} loading={!role.error} backFallback={pathTo('roleIndex')} />;
  return (
    <RoleForm key={role.data?.id ?? 'new'} title={title} role={id === null ? null : (role.data ?? null)} />
  );
}

function RoleForm({ title, role }: { title: string; role: Role | null }) {
  const { t, i18n } = useTranslation();
  const translate = useTranslator();
  const me = useMe();
  const back = useGoBack(pathTo('roleIndex'));
  const catalogue = useQuery(permissionCatalogueQuery);
  const save = useSaveRole(role?.id ?? null);

  const [search, setSearch] = useState('');
  const [saved, setSaved] = useState(false);
  const form = useSchemaForm({
    schema: roleSaveSchema,
    initialValues: { name: role?.name ?? '', permissions: role?.permissions.map((p) => p.name) ?? [] },
    // In the catalogue's order, so ticking and unticking a permission leaves nothing to save.
    toBody: (v: { name: string; permissions: string[] }) => ({
      name: v.name.trim(),
      permissions: (catalogue.data ?? []).map((p) => p.name).filter((p) => v.permissions.includes(p)),
      ...(role ? { version: role.version } : {}),
    }),
    required: ['name'],
    guardUnsaved: !saved,
  });
  const checked = new Set(form.values.permissions);
  const setChecked = (next: Set<string>) => form.set('permissions', [...next]);

  const needle = search.trim().toLowerCase();
  const visible = (catalogue.data ?? []).filter(
    (p) =>
      !needle ||
      p.name.toLowerCase().includes(needle) ||
      permissionLabel(t, p.name).toLowerCase().includes(needle),
  );
  const allVisibleChecked = visible.length > 0 && visible.every((p) => checked.has(p.name));

  const toggleAll = () => {
    const next = new Set(checked);
    for (const p of visible) {
      if (allVisibleChecked) next.delete(p.name);
      else next.add(p.name);
    }
    setChecked(next);
  };

  const toggle = (permission: string) => {
    const next = new Set(checked);
    if (next.has(permission)) next.delete(permission);
    else next.add(permission);
    setChecked(next);
  };

  const creating = role === null;
  const mayCreate = creating && can(me?.permissions, 'add permission');
  const mayUpdate = !creating && can(me?.permissions, 'edit permission');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mayCreate && !mayUpdate) return;
    const body = form.submitValues();
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        setSaved(true);
        // Spec: "Your Role has been saved" / "Your group has been Update" for 1.5 s, then back.
        toastSuccess(creating ? t('roles.savedCreate') : t('roles.savedUpdate'));
        window.setTimeout(back, SUCCESS_TOAST_MS);
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        form.showServerErrors(error);
        toastError(
          creating ? t('roles.createFailed') : t('roles.updateFailed'),
          errorMessage(translate, error),
        );
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <PageFrame
        title={title}
        loading={catalogue.isPending}
        backFallback={pathTo('roleIndex')}
        footer={
          (mayCreate || mayUpdate) && (
            <Button type="submit" loading={save.isPending} disabled={saved} data-testid="role-submit">
              {creating ? t('common.add') : t('common.update')}
            </Button>
          )
        }
      >
        <Stack gap="md">
          <TextField
            name="name"
            label={t('roles.name')}
            required
            maxLength={100}
            {...form.inputProps('name')}
            data-testid="role-name"
          />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="search"
              label={t('roles.searchPermissions')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              leftSection={<IconSearch size={16} />}
              style={{ flex: 1, minWidth: 220 }}
              data-testid="permission-search"
            />
            <Button
              variant="light"
              onClick={toggleAll}
              disabled={visible.length === 0}
              data-testid="check-all"
            >
              {allVisibleChecked ? t('roles.uncheck') : t('roles.checkAll')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('roles.selected', { count: checked.size })}
          </Text>
          {catalogue.error && (
            <Alert color="red" role="alert">
              {errorMessage(translate, catalogue.error)}
            </Alert>
          )}
          <Title order={2} fz="h4">
            {t('roles.permissions')}
          </Title>
          {PERMISSION_AREAS.map((area) => {
            const inArea = visible.filter((p) => permissionArea(p.name) === area);
            if (inArea.length === 0) return null;
            return (
              <Fieldset key={area} legend={t(`roles.areas.${area}`)} data-testid={`permission-area-${area}`}>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
                  {inArea.map((p) => (
                    <Checkbox
                      key={p.id}
                      label={permissionLabel(t, p.name)}
                      description={permissionHint(i18n, p.name)}
                      checked={checked.has(p.name)}
                      onChange={() => toggle(p.name)}
                      data-testid="permission-checkbox"
                      data-permission={p.name}
                    />
                  ))}
                </SimpleGrid>
              </Fieldset>
            );
          })}
        </Stack>
      </PageFrame>
    </form>
  );
}
