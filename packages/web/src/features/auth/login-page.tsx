import { lazy, Suspense, useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useNavigate } from 'react-router';
import type { LoginRequest, Me } from '@basira/shared/auth/auth.schemas';
import { ApiError, isApiError } from '../../lib/api-error.ts';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { errorText, serverFieldErrors, type ErrorKeys } from '../../lib/form-validation.ts';
import { landingPath } from '../../lib/session-local.ts';
import { getConnectionString, getStoredUser, getToken } from '../../lib/storage.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useTranslator } from '../../lib/use-translator.ts';

const loadSignIn = () => import('./sign-in.ts');
const PasswordChangeForm = lazy(() =>
  import('./password-change-form.tsx').then((module) => ({ default: module.PasswordChangeForm })),
);

/** /login: one identifier (email or username), password, show password; a forced password change step. */
export function LoginPage() {
  const { t } = useTranslation();
  const stored = getStoredUser();
  const [mustChange, setMustChange] = useState<Me | null>(
    getToken() && stored?.mustChangePassword ? stored : null,
  );

  useEffect(() => {
    document.title = `${t('auth.title')} · ${t('app.name')}`;
  }, [t]);

  return (
    <Paper withBorder shadow="sm" p="xl" maw={440} mx="auto" mt="xl">
      {mustChange ? (
        <Suspense fallback={<ScreenLoader />}>
          <PasswordChangeForm me={mustChange} onSignOut={() => setMustChange(null)} />
        </Suspense>
      ) : (
        <LoginForm onMustChange={setMustChange} />
      )}
    </Paper>
  );
}

function LoginForm({ onMustChange }: { onMustChange: (me: Me) => void }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const navigate = useNavigate();
  // Two fields in plain state, not `useSchemaForm`: every workstation loads this page first, and the form library
  // and zod would be a sixth of what it loads (bench/web-bundle). The shared schema checks the body on submit, with
  // the sign-in call's chunk (`loginBody`); nothing here is unsaved work a person would lose.
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<ErrorKeys>({});
  const field = (name: keyof LoginRequest) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
    error: errorText(translate, errors[name]),
  });
  const [showPassword, setShowPassword] = useState(false);
  // The server sends this page drawn (entry-server.tsx): until React has taken it over, a letter typed would be
  // lost to the form's state and a press of the button would post the page natively. So the fields are read-only
  // and the button does nothing (and says so to assistive technology) for those few frames; both look the same.
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);

  const login = async () => {
    setPending(true);
    setFailure(null);
    try {
      // The sign-in chunk itself may not load when the server is down: that is a network failure too.
      const module = await loadSignIn().catch(() => {
        throw new ApiError({ kind: 'network', method: 'POST', path: 'login' });
      });
      const checked = module.loginBody(values);
      setErrors('errors' in checked ? checked.errors : {});
      if ('errors' in checked) return;
      const user = await module.signIn(checked.data);
      if (user.mustChangePassword) onMustChange(user);
      else void navigate(landingPath(user), { replace: true });
    } catch (error) {
      setErrors(isApiError(error) ? serverFieldErrors(error.errors) : {});
      setFailure(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void login();
  };

  const hasFieldErrors = isApiError(failure) && failure.errors !== undefined;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <Title order={1} fz="h2" id="login-title">
          {t('auth.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('auth.subtitle')}
        </Text>
        {failure && !hasFieldErrors && (
          <Alert color="red" role="alert" data-testid="login-error">
            <LoginFailure error={failure} message={errorMessage(translate, failure)} />
          </Alert>
        )}
        <TextInput
          name="email"
          autoComplete="username"
          label={t('auth.identifier')}
          description={t('auth.identifierHint')}
          withAsterisk
          aria-required
          {...field('email')}
          readOnly={!hydrated}
          maxLength={254}
          onFocus={() => void loadSignIn()}
        />
        <TextInput
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          label={t('auth.password')}
          withAsterisk
          aria-required
          {...field('password')}
          readOnly={!hydrated}
          maxLength={200}
        />
        <Checkbox
          label={t('auth.showPassword')}
          checked={showPassword}
          onChange={(event) => setShowPassword(event.currentTarget.checked)}
          data-testid="show-password"
        />
        <Button
          type={hydrated ? 'submit' : 'button'}
          aria-disabled={hydrated ? undefined : true}
          loading={pending}
          fullWidth
          data-testid="login-submit"
        >
          {t('auth.signIn')}
        </Button>
        <Anchor component={Link} to="/config" size="sm" ta="center">
          {t('auth.connectionSettings')}
        </Anchor>
      </Stack>
    </form>
  );
}

function LoginFailure({ error, message }: { error: Error; message: string }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.code === 'organization.not_found')
    return (
      <>
        {message}{' '}
        <Anchor component={Link} to="/config" inherit>
          {t('auth.connectionSettings')}
        </Anchor>
      </>
    );
  // Which server did not answer: a wrong address in /config is the usual cause at a new workstation.
  if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'))
    return (
      <>
        {message} {t('errors.serverTried', { url: getConnectionString() })}{' '}
        <Anchor component={Link} to="/config" inherit>
          {t('auth.connectionSettings')}
        </Anchor>
      </>
    );
  return <>{message}</>;
}
