import type { FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  meResponseSchema,
  profileUpdateSchema,
  type Me,
  type ProfileUpdate,
} from '@basira/shared/auth/auth.schemas';
import { PageFrame } from '../../components/page-frame.tsx';
import { TextField } from '../../components/text-field.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { permissionLabel, roleLabel } from '../../lib/permission-label.ts';
import { ME_KEY } from '../../lib/session-local.ts';
import { setStoredUser } from '../../lib/storage.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import type { ErrorKeys } from '../../lib/form-validation.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

interface Values {
  name: string;
  email: string;
  username: string;
  currentPassword: string;
  password: string;
  password_confirmation: string;
}

/** The request: the password part only when a new password is typed. */
export function profileBody(values: Values): ProfileUpdate {
  const body: ProfileUpdate = {
    name: values.name.trim(),
    email: values.email.trim(),
    username: values.username.trim() || null,
  };
  if (values.password || values.currentPassword || values.password_confirmation) {
    body.currentPassword = values.currentPassword;
    body.password = values.password;
    body.password_confirmation = values.password_confirmation;
  }
  return body;
}

/** /user/profile: the signed-in user's own details and password. */
export function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <PageFrame title={t('profile.title')} loading={!me}>
      {me && <ProfileForm key={me.version} me={me} />}
    </PageFrame>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: profileUpdateSchema,
    initialValues: {
      name: me.name,
      email: me.email,
      username: me.username ?? '',
      currentPassword: '',
      password: '',
      password_confirmation: '',
    } satisfies Values,
    toBody: profileBody,
    required: ['name', 'email'],
    // The password part is sent once any of it is typed: then the new password itself is asked for.
    check: (v): ErrorKeys =>
      (v.currentPassword || v.password_confirmation) && !v.password ? { password: 'password.required' } : {},
  });

  const save = useMutation({
    mutationFn: (body: ProfileUpdate) =>
      apiRequest('profile', { method: 'POST', body, schema: meResponseSchema }),
    onSuccess: ({ data }) => {
      setStoredUser(data);
      queryClient.setQueryData(ME_KEY, data);
      toastSuccess(t('profile.saved'));
    },
    onError: (error) => {
      if (isApiError(error) && error.handled) return;
      form.showServerErrors(error);
      toastError(t('profile.saveFailed'), errorMessage(translate, error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.submitValues();
    if (body) save.mutate(body);
  };

  const password = (
    key: 'currentPassword' | 'password' | 'password_confirmation',
    label: string,
    auto: string,
  ) => (
    <PasswordInput
      name={key}
      label={label}
      autoComplete={auto}
      {...form.inputProps(key)}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
      maxLength={200}
      data-testid={`profile-${key}`}
    />
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <form onSubmit={submit} noValidate aria-labelledby="profile-details">
        <Paper withBorder p="md">
          <Stack gap="md">
            <Title order={2} fz="h4" id="profile-details">
              {t('profile.details')}
            </Title>
            <TextField
              name="name"
              label={t('users.name')}
              required
              minLength={3}
              maxLength={120}
              {...form.inputProps('name')}
              data-testid="profile-name"
            />
            <TextField
              name="email"
              type="email"
              label={t('users.email')}
              required
              maxLength={254}
              {...form.inputProps('email')}
              data-testid="profile-email"
            />
            <TextField
              name="username"
              label={t('users.username')}
              maxLength={60}
              {...form.inputProps('username')}
            />
            <Divider label={t('profile.changePassword')} labelPosition="center" />
            <Text size="sm" c="dimmed">
              {t('profile.passwordHint')}
            </Text>
            {password('currentPassword', t('auth.currentPassword'), 'current-password')}
            {password('password', t('auth.newPassword'), 'new-password')}
            {password('password_confirmation', t('auth.confirmPassword'), 'new-password')}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="profile-submit">
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('profile.access')}
          </Title>
          <Text size="sm">
            {t('profile.organization')}: <strong>{me.organization.name}</strong>
          </Text>
          <Text size="sm">
            {t('users.roles')}:{' '}
            {me.roles.map((r) => roleLabel(t, r.name)).join(t('common.listSeparator')) || '—'}
          </Text>
          {me.permissions.length === 0 ? (
            <Alert color="gray">{t('profile.noPermissions')}</Alert>
          ) : (
            <Group gap={6}>
              {me.permissions.map((p) => (
                <Badge key={p} variant="light" tt="none">
                  {permissionLabel(t, p)}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
