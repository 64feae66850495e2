import type { FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import {
  meResponseSchema,
  profileUpdateSchema,
  type Me,
  type ProfileUpdate,
} from '@basira/shared/auth/auth.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { logout } from '../../lib/session.ts';
import { landingPath, ME_KEY } from '../../lib/session-local.ts';
import { queryClient } from '../../lib/query-client.ts';
import { setStoredUser } from '../../lib/storage.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

interface Passwords {
  currentPassword: string;
  password: string;
  password_confirmation: string;
}

/** The server asks for a new password (first sign-in, or one set by an administrator) before anything else. */
export function PasswordChangeForm({ me, onSignOut }: { me: Me; onSignOut: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const navigate = useNavigate();
  const form = useSchemaForm({
    schema: profileUpdateSchema,
    initialValues: { currentPassword: '', password: '', password_confirmation: '' } satisfies Passwords,
    toBody: (v: Passwords) => ({ name: me.name, email: me.email, username: me.username, ...v }),
    required: ['currentPassword', 'password', 'password_confirmation'],
  });

  const change = useMutation(
    {
      mutationFn: (body: ProfileUpdate) =>
        apiRequest('profile', { method: 'POST', body, schema: meResponseSchema }),
      onSuccess: ({ data }) => {
        setStoredUser(data);
        queryClient.setQueryData(ME_KEY, data);
        toastSuccess(t('auth.passwordChanged'));
        navigate(landingPath(data), { replace: true });
      },
      onError: (error) => form.showServerErrors(error),
    },
    // Outside the main layout there is no cache provider: the app's one client is passed directly.
    queryClient,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.submitValues();
    change.reset();
    if (body) change.mutate(body);
  };

  const field = (name: keyof Passwords, label: string, autoComplete: string) => (
    <PasswordInput
      name={name}
      label={label}
      autoComplete={autoComplete}
      withAsterisk
      aria-required
      {...form.inputProps(name)}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
      maxLength={200}
    />
  );

  const failure = change.error;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="change-title" data-testid="password-change">
      <Stack gap="md">
        <Title order={1} fz="h2" id="change-title">
          {t('auth.changeTitle')}
        </Title>
        <Text size="sm">{t('auth.changeText', { name: me.name })}</Text>
        {failure && !(isApiError(failure) && failure.errors) && (
          <Alert color="red" role="alert">
            {errorMessage(translate, failure)}
          </Alert>
        )}
        {field('currentPassword', t('auth.currentPassword'), 'current-password')}
        {field('password', t('auth.newPassword'), 'new-password')}
        {field('password_confirmation', t('auth.confirmPassword'), 'new-password')}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => void logout().then(onSignOut)}>
            {t('settings.logout')}
          </Button>
          <Button type="submit" loading={change.isPending} data-testid="password-change-submit">
            {t('auth.changeSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
