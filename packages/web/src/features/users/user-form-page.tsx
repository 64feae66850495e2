import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useParams } from 'react-router';
import { userCreateSchema, userUpdateSchema, type UserDetail } from '@basira/shared/users/users.schemas';
import { PageFrame } from '../../components/page-frame.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { pathTo } from '../../lib/routes.ts';
import { SUCCESS_TOAST_MS, toastError, toastSuccess } from '../../lib/toasts.ts';
import { useGoBack, useLoadFailure } from '../../lib/use-load-failure.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { assignableRolesQuery, userIdFrom, userQuery, useSaveUser } from './users.queries.ts';
import { roleLabel } from '../../lib/permission-label.ts';

interface Values extends Record<string, unknown> {
  name: string;
  email: string;
  username: string;
  password: string;
  password_confirmation: string;
  roles: number[];
  isActive: boolean;
  isDoctor: boolean;
}

/** The request body: a blank username is none; on update a blank password keeps the current one. */
export function userBody(values: Values, creating: boolean, version?: number) {
  const base = {
    name: values.name.trim(),
    email: values.email.trim(),
    username: values.username.trim() || null,
    roles: values.roles,
    isActive: values.isActive,
    isDoctor: values.isDoctor,
  };
  if (creating)
    return { ...base, password: values.password, password_confirmation: values.password_confirmation };
  return {
    ...base,
    ...(values.password
      ? { password: values.password, password_confirmation: values.password_confirmation }
      : {}),
    ...(version !== undefined ? { version } : {}),
  };
}

/** /user/add and /user/:id/update. */
export function UserFormPage() {
  const { t } = useTranslation();
  const id = userIdFrom(useParams().id);
  const user = useQuery({ ...userQuery(id ?? 0), enabled: id !== null });
  useLoadFailure(user.error, pathTo('userIndex'));
  const title = id === null ? t('users.addTitle') : t('users.updateTitle');
  if (id !== null && !user.data)
    return <PageFrame title={title} loading={!user.error} backFallback={pathTo('userIndex')} />;
  return (
    <UserForm key={user.data?.id ?? 'new'} title={title} user={id === null ? null : (user.data ?? null)} />
  );
}

function UserForm({ title, user }: { title: string; user: UserDetail | null }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const back = useGoBack(pathTo('userIndex'));
  const roles = useQuery(assignableRolesQuery);
  const creating = user === null;
  const save = useSaveUser(user?.id ?? null);
  const [saved, setSaved] = useState(false);
  const form = useSchemaForm({
    schema: creating ? userCreateSchema : userUpdateSchema,
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      username: user?.username ?? '',
      password: '',
      password_confirmation: '',
      roles: user?.roles.map((r) => r.id) ?? [],
      isActive: user?.isActive ?? true,
      isDoctor: user?.isDoctor ?? false,
    } satisfies Values,
    toBody: (v: Values) => userBody(v, creating, user?.version),
    required: creating ? ['name', 'email', 'password', 'password_confirmation'] : ['name', 'email'],
    guardUnsaved: !saved,
  });
  const { values, set } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.submitValues();
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        setSaved(true);
        toastSuccess(creating ? t('users.savedCreate') : t('users.savedUpdate'));
        window.setTimeout(back, SUCCESS_TOAST_MS);
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        form.showServerErrors(error);
        toastError(
          creating ? t('users.createFailed') : t('users.updateFailed'),
          errorMessage(translate, error),
        );
      },
    });
  };

  const passwordField = (name: 'password' | 'password_confirmation', label: string) => (
    <PasswordInput
      name={name}
      label={label}
      autoComplete="new-password"
      withAsterisk={creating}
      aria-required={creating || undefined}
      {...form.inputProps(name)}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
      maxLength={200}
      data-testid={`user-${name}`}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <PageFrame
        title={title}
        backFallback={pathTo('userIndex')}
        footer={
          <Button type="submit" loading={save.isPending} disabled={saved} data-testid="user-submit">
            {creating ? t('common.add') : t('common.update')}
          </Button>
        }
      >
        <Stack gap="md" maw={720}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              name="name"
              label={t('users.name')}
              required
              minLength={3}
              maxLength={120}
              {...form.inputProps('name')}
              data-testid="user-name"
            />
            <TextField
              name="email"
              type="email"
              label={t('users.email')}
              required
              maxLength={254}
              autoComplete="off"
              {...form.inputProps('email')}
              data-testid="user-email"
            />
            <TextField
              name="username"
              label={t('users.username')}
              description={t('users.usernameHint')}
              maxLength={60}
              autoComplete="off"
              {...form.inputProps('username')}
              data-testid="user-username"
            />
          </SimpleGrid>
          {!creating && (
            <Text size="sm" c="dimmed">
              {t('users.passwordKeep')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {passwordField('password', t('users.password'))}
            {passwordField('password_confirmation', t('users.passwordConfirmation'))}
          </SimpleGrid>
          <Switch
            label={t('users.isActive')}
            {...form.inputProps('isActive', { type: 'checkbox' })}
            data-testid="user-active"
          />
          <Switch
            label={t('users.isDoctor')}
            description={t('users.isDoctorHint')}
            {...form.inputProps('isDoctor', { type: 'checkbox' })}
            data-testid="user-doctor"
          />
          <Fieldset legend={t('users.roles')}>
            {roles.error && (
              <Alert color="red" role="alert">
                {errorMessage(translate, roles.error)}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
              {roles.data?.map((role) => (
                <Checkbox
                  key={role.id}
                  label={roleLabel(t, role.name)}
                  checked={values.roles.includes(role.id)}
                  onChange={(event) =>
                    set(
                      'roles',
                      event.currentTarget.checked
                        ? [...values.roles, role.id]
                        : values.roles.filter((r) => r !== role.id),
                    )
                  }
                  data-testid="user-role"
                />
              ))}
            </SimpleGrid>
            {form.errors.roles && (
              <Text c="red" size="sm" role="alert">
                {form.error('roles')}
              </Text>
            )}
          </Fieldset>
        </Stack>
      </PageFrame>
    </form>
  );
}
