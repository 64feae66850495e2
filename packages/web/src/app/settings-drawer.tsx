import { lazy, Suspense, useState } from 'react';
import {
  Button,
  Divider,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  UnstyledButton,
  useMantineColorScheme,
} from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link, useNavigate } from 'react-router';
import { FlagIcon } from '../components/flag-icon.tsx';
import { IconBug, IconBulb, IconLogout, IconMessage, IconPlug } from '../components/icons.tsx';
import { switchLanguage } from '../i18n/i18n.ts';
import { logout } from '../lib/session.ts';
import { BELL_PERMISSIONS } from '@basira/shared/queue/queue-states';
import { can, canAny } from '../lib/session-local.ts';
import { hasScreen, pathTo } from '../lib/routes.ts';
import {
  getBellSound,
  getStoredUser,
  getToken,
  LANGUAGES,
  setBellSound,
  type Direction,
  type Language,
} from '../lib/storage.ts';
import { useAppDirection } from './use-app-direction.ts';
import type { SupportType } from '@basira/shared/support/support.schemas';
import { ADMINISTRATOR } from '@basira/shared/permissions/permissions';

const FLAGS: Record<Language, 'iq' | 'uk'> = { ar: 'iq', en: 'uk' };

/** The report form (and its contracts) loads when first asked for. */
const SupportReportModal = lazy(() =>
  import('../features/support/support-report-modal.tsx').then((module) => ({
    default: module.SupportReportModal,
  })),
);

/** The messaging verification popup (spec section 2), loaded when first opened. */
const TelegramLinkModal = lazy(() =>
  import('../features/messaging/telegram-link-modal.tsx').then((module) => ({
    default: module.TelegramLinkModal,
  })),
);

const REPORTS: { type: SupportType; icon: typeof IconBug }[] = [
  { type: 'bug', icon: IconBug },
  { type: 'feedback', icon: IconMessage },
  { type: 'feature', icon: IconBulb },
];

/** Spec section 2: theme, direction, language, logout (signed in only), /config, print settings, Close. */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { dir, setDir } = useAppDirection();
  const navigate = useNavigate();
  // Also shown outside the main layout (no query cache there): the stored user is enough for one link.
  const me = getStoredUser();
  const signedIn = getToken() !== null;
  const current = (i18n.resolvedLanguage ?? i18n.language) as Language;
  const [bellSound, setBellSoundState] = useState(getBellSound);
  // Report a problem, send feedback, request a feature: any signed-in user, to the support desk.
  const [report, setReport] = useState<SupportType | null>(null);
  const [linkingTelegram, setLinkingTelegram] = useState(false);

  const chooseLanguage = async (lang: Language) => {
    setDir(await switchLanguage(lang, i18n));
  };

  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        title={t('settings.title')}
        // Mantine mirrors drawer sides in RTL: "right" is the end side (next to the settings button) in both.
        position="right"
        size="sm"
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="settings-drawer"
      >
        <Stack gap="lg">
          <Switch
            label={t('settings.darkTheme')}
            checked={colorScheme === 'dark'}
            onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
            data-testid="theme-toggle"
          />
          {signedIn && canAny(me?.permissions, BELL_PERMISSIONS) && (
            <Switch
              label={t('settings.bellSound')}
              description={t('settings.bellSoundHint')}
              checked={bellSound}
              onChange={(event) => {
                setBellSound(event.currentTarget.checked);
                setBellSoundState(event.currentTarget.checked);
              }}
              data-testid="bell-sound-toggle"
            />
          )}
          <Stack gap={6}>
            <Text fw={500} id="direction-label">
              {t('settings.direction')}
            </Text>
            <SegmentedControl
              aria-labelledby="direction-label"
              value={dir}
              onChange={(value) => setDir(value as Direction)}
              data={[
                { value: 'rtl', label: t('settings.rtl') },
                { value: 'ltr', label: t('settings.ltr') },
              ]}
              data-testid="direction-toggle"
            />
          </Stack>
          <Stack gap={6} role="radiogroup" aria-labelledby="language-label">
            <Text fw={500} id="language-label">
              {t('settings.language')}
            </Text>
            <Group gap="xs" grow>
              {LANGUAGES.map((lang) => (
                <UnstyledButton
                  key={lang}
                  role="radio"
                  aria-checked={current === lang}
                  lang={lang}
                  onClick={() => void chooseLanguage(lang)}
                  data-testid={`language-${lang}`}
                  p="xs"
                  style={{
                    border: `1px solid ${current === lang ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                    borderRadius: 'var(--mantine-radius-md)',
                    background: current === lang ? 'var(--mantine-primary-color-light)' : undefined,
                  }}
                >
                  <Group gap="xs" justify="center" wrap="nowrap">
                    <FlagIcon flag={FLAGS[lang]} />
                    <Text size="sm">{t(`languages.${lang}`)}</Text>
                  </Group>
                </UnstyledButton>
              ))}
            </Group>
          </Stack>
          <Divider />
          <Stack gap="xs">
            <Button
              component={Link}
              to={pathTo('config')}
              variant="light"
              leftSection={<IconPlug />}
              onClick={onClose}
            >
              {t('settings.connection')}
            </Button>
            {hasScreen('printSettingUpdate') && can(me?.permissions, 'print setting') && (
              <Button component={Link} to={pathTo('printSettingUpdate')} variant="light" onClick={onClose}>
                {t('settings.printSetting')}
              </Button>
            )}
            {signedIn && can(me?.permissions, 'send message') && (
              <Button
                variant="light"
                leftSection={<IconMessage />}
                onClick={() => {
                  onClose();
                  setLinkingTelegram(true);
                }}
                data-testid="settings-telegram-link"
              >
                {t('messaging.link.open')}
              </Button>
            )}
            {signedIn && hasScreen('messagingSettings') && can(me?.permissions, ADMINISTRATOR) && (
              <Button
                component={Link}
                to={pathTo('messagingSettings')}
                variant="light"
                onClick={onClose}
                data-testid="settings-messaging"
              >
                {t('messaging.settings.open')}
              </Button>
            )}
            {signedIn && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconLogout />}
                data-testid="logout"
                onClick={() => {
                  onClose();
                  void logout().then(() => navigate('/login', { replace: true }));
                }}
              >
                {t('settings.logout')}
              </Button>
            )}
          </Stack>
          {signedIn && (
            <>
              <Divider />
              <Stack gap="xs" data-testid="support-actions">
                {REPORTS.map(({ type, icon: Icon }) => (
                  <Button
                    key={type}
                    variant="subtle"
                    justify="flex-start"
                    leftSection={<Icon />}
                    onClick={() => {
                      onClose();
                      setReport(type);
                    }}
                    data-testid={`support-report-${type}`}
                  >
                    {t(`support.report.actions.${type}`)}
                  </Button>
                ))}
              </Stack>
            </>
          )}
          <Divider />
          <Button variant="default" onClick={onClose} data-testid="settings-close">
            {t('common.close')}
          </Button>
        </Stack>
      </Drawer>
      {report && (
        <Suspense fallback={null}>
          <SupportReportModal key={report} type={report} onClose={() => setReport(null)} />
        </Suspense>
      )}
      {linkingTelegram && (
        <Suspense fallback={null}>
          <TelegramLinkModal onClose={() => setLinkingTelegram(false)} />
        </Suspense>
      )}
    </>
  );
}
