import { useEffect } from 'react';
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { IconEyeClinic } from '../../components/icons.tsx';
import { landingPath } from '../../lib/session-local.ts';
import { getStoredUser, getToken } from '../../lib/storage.ts';

/** `/`: the start page, outside the main layout and without a token. */
export function StartPage() {
  const { t } = useTranslation();
  const signedIn = getToken() !== null;
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  return (
    <Stack align="center" ta="center" gap="lg" py="xl" data-testid="start-page">
      <ThemeIcon size={88} radius={44} variant="light" aria-hidden="true">
        <IconEyeClinic size={56} />
      </ThemeIcon>
      <Title order={1}>{t('start.title')}</Title>
      <Text size="lg" maw={520}>
        {t('start.text')}
      </Text>
      <Group justify="center">
        {signedIn ? (
          <Button component={Link} to={landingPath(getStoredUser())} size="md">
            {t('start.continue')}
          </Button>
        ) : (
          <Button component={Link} to="/login" size="md">
            {t('auth.signIn')}
          </Button>
        )}
        <Button component={Link} to="/config" variant="default" size="md">
          {t('auth.connectionSettings')}
        </Button>
      </Group>
    </Stack>
  );
}
