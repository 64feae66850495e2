import { Suspense, useState } from 'react';
import { ActionIcon, Anchor, Box, Container, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link, Outlet } from 'react-router';
import { IconEyeClinic, IconSettings } from '../components/icons.tsx';
import { ScreenLoader } from '../components/screen-loader.tsx';
import { SettingsDrawer } from './screens.ts';

/** Sign-in, start, /config and not-found: no menus, but the settings drawer (language, theme, direction). */
export function OuterLayout() {
  const { t } = useTranslation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The drawer's chunk is fetched on first use: the sign-in path stays small.
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Paper component="header" radius={0} withBorder px="md" py="xs">
        <Group justify="space-between">
          <Anchor component={Link} to="/" underline="never" c="inherit">
            <Group gap={8}>
              <IconEyeClinic size={26} color="var(--mantine-primary-color-filled)" />
              <Text fw={700} size="lg">
                {t('app.name')}
              </Text>
            </Group>
          </Anchor>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('settings.open')}
            title={t('settings.open')}
            onClick={() => {
              setSettingsLoaded(true);
              setSettingsOpen(true);
            }}
            data-testid="settings-open"
          >
            <IconSettings />
          </ActionIcon>
        </Group>
      </Paper>
      <Container size="sm" py="xl" component="main" id="main">
        <Suspense fallback={<ScreenLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsDrawer opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
