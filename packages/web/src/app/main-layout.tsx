import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Button,
  Group,
  Kbd,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  rem,
} from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import {
  IconActivity,
  IconCalendar,
  IconCash,
  IconCoins,
  IconReport,
  IconTag,
  IconChart,
  IconEdit,
  IconEye,
  IconEyeClinic,
  IconFilter,
  IconHome,
  IconInbox,
  IconPrinter,
  IconLifebuoy,
  IconQueue,
  IconRestore,
  IconSearch,
  IconSettings,
  IconShield,
  IconStethoscope,
  IconUser,
  IconUsers,
} from '../components/icons.tsx';
import { ScreenLoader } from '../components/screen-loader.tsx';
import { useAppHotkeys } from '../lib/hotkeys.ts';
import { useLiveEvents } from '../lib/live-events.ts';
import { SIDE_MENU, TOP_BAR, visibleItems } from '../lib/navigation.ts';
import { pathTo, type RouteName } from '../lib/routes.ts';
import { currentQueryClient } from '../lib/query-client.ts';
import { BELL_PERMISSIONS } from '@basira/shared/queue/queue-states';
import { canAny } from '../lib/session-local.ts';
import { getSidePanelOpen, setSidePanelOpen } from '../lib/storage.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useMe } from '../lib/use-me.ts';
import { useWhenIdle } from '../lib/use-when-idle.ts';
import { IdleNotice } from './idle-notice.tsx';
import { OutageBanner } from './outage-banner.tsx';
import { UnsavedGuard } from './unsaved-guard.tsx';
import { SettingsDrawer } from './screens.ts';
// The clinic's Arabic calendar, registered with dayjs here: every date picker is inside this layout, and dayjs
// stays out of the sign-in page's JavaScript (bench/web-bundle).
import '../lib/calendar-locale.ts';

const ICONS: Partial<Record<RouteName, ReactNode>> = {
  userPortal: <IconHome />,
  dashboard: <IconChart />,
  patientIndex: <IconUsers />,
  queueAdd: <IconQueue />,
  doctorIndex: <IconStethoscope />,
  userIndex: <IconUsers />,
  roleIndex: <IconShield />,
  emptyOuterAdd: <IconEdit />,
  optionIndex: <IconFilter />,
  iolLensIndex: <IconEyeClinic />,
  auditIndex: <IconEye />,
  backup: <IconRestore />,
  printSettingUpdate: <IconPrinter />,
  notification: <IconInbox />,
  allSupport: <IconLifebuoy />,
  Profile: <IconUser />,
  test: <IconActivity />,
  billingShift: <IconCash />,
  billingReports: <IconReport />,
  billingPrices: <IconTag />,
  billingSettings: <IconCoins />,
  appointmentsBook: <IconCalendar />,
  appointmentsDue: <IconInbox />,
  appointmentsReport: <IconReport />,
  outcomesAudit: <IconChart />,
  appointmentsSettings: <IconSettings />,
};

/** Its own chunk: the queue contracts it parses (with the phone metadata) stay off the layout's first paint. */
const RewaitingBell = lazy(() =>
  import('../features/queue/rewaiting-bell.tsx').then((module) => ({ default: module.RewaitingBell })),
);

/** The user's unread notifications, live (its own chunk, like the re-waiting bell). */
const NotificationsBell = lazy(() =>
  import('../features/notifications/notifications-bell.tsx').then((module) => ({
    default: module.NotificationsBell,
  })),
);

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const matches = (query: string) =>
  typeof window.matchMedia !== 'function' || window.matchMedia(query).matches;

/**
 * The side panel at first paint: closed on phones (it would cover the page); elsewhere as the user last left it,
 * else open only where the page keeps its room beside it (≥ 1200 px: on an 820 px tablet it would take a third).
 */
const initialPanelOpen = () =>
  matches('(min-width: 48em)') && (getSidePanelOpen() ?? matches('(min-width: 75em)'));

/**
 * The side panel of a page the server draws, which knows no screen: as the user left it (its cookie), else open, as
 * on a workstation. The browser takes the page over so, then lets the screen decide (a phone closes it).
 */
const drawnPanelOpen = () => getSidePanelOpen() ?? true;

/** The main layout: top bar, side panel menu (Ctrl+B), global search (Ctrl/Cmd+K), settings drawer. */
export function MainLayout() {
  return (
    <QueryClientProvider client={currentQueryClient()}>
      <ModalsProvider>
        <Shell />
      </ModalsProvider>
    </QueryClientProvider>
  );
}

/** A top-bar bell: its place kept from the first frame, so the search box does not move when it comes. */
function BellSlot({ idle, children }: { idle: boolean; children: ReactNode }) {
  // An ActionIcon of size lg, as both bells are.
  const place = <Box w={rem(34)} h={rem(34)} style={{ flex: 'none' }} aria-hidden />;
  return idle ? <Suspense fallback={place}>{children}</Suspense> : place;
}

function Shell() {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const [panelOpen, setPanelOpen] = useState(hydrated ? initialPanelOpen : drawnPanelOpen);
  const drawn = useRef(!hydrated);
  useEffect(() => {
    if (drawn.current) setPanelOpen(initialPanelOpen());
  }, []);
  // Writing in the updater keeps the hotkey's handler (bound once) right; a repeated write is harmless.
  const togglePanel = () =>
    setPanelOpen((open) => {
      setSidePanelOpen(!open);
      return !open;
    });
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The drawer's chunk is fetched on first use: the sign-in path stays small.
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const [search, setSearch] = useState('');
  // The bells come once the screen is painted and the browser idle (use-when-idle.ts).
  const idle = useWhenIdle();
  const searchRef = useRef<HTMLInputElement>(null);
  // Live updates for every screen of the layout (queue list, doctor page, bell).
  useLiveEvents(useQueryClient(), me !== undefined);

  useAppHotkeys({
    search: () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
    sidePanel: togglePanel,
  });

  const topBar = visibleItems(TOP_BAR, me?.permissions, me?.organization.slug);
  const menu = visibleItems(SIDE_MENU, me?.permissions, me?.organization.slug);
  // The item whose path is the longest prefix of the address is the active one (/user/profile is Profile).
  const activeRoute = [...menu, ...topBar]
    .map((item) => item.route)
    .filter((name) => {
      const path = pathTo(name);
      return location.pathname === path || location.pathname.startsWith(`${path}/`);
    })
    .sort((a, b) => pathTo(b).length - pathTo(a).length)[0];
  const isActive = (name: RouteName) => name === activeRoute;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !panelOpen, desktop: !panelOpen } }}
      padding="md"
    >
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={panelOpen}
              onClick={togglePanel}
              size="sm"
              aria-label={t('layout.toggleMenu')}
              title={`${t('layout.toggleMenu')} (Ctrl+B)`}
              aria-expanded={panelOpen}
              aria-controls="side-panel"
              data-testid="side-panel-toggle"
            />
            <Link to={pathTo('userPortal')} style={{ color: 'inherit', textDecoration: 'none' }}>
              <Group gap={6} wrap="nowrap">
                <IconEyeClinic size={26} color="var(--mantine-primary-color-filled)" />
                <Text fw={700} size="lg" visibleFrom="xs">
                  {t('app.name')}
                </Text>
              </Group>
            </Link>
            <Group gap={4} visibleFrom="md" component="nav" aria-label={t('layout.topBar')} wrap="nowrap">
              {topBar.map((item) => (
                <Button
                  key={item.route}
                  component={Link}
                  to={pathTo(item.route)}
                  variant={isActive(item.route) ? 'light' : 'subtle'}
                  aria-current={isActive(item.route) ? 'page' : undefined}
                  size="compact-md"
                  data-testid={`top-${item.route}`}
                >
                  {t(item.labelKey)}
                </Button>
              ))}
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <TextInput
              ref={searchRef}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                const text = search.trim();
                navigate(text ? pathTo('patientIndex', { search: text }) : pathTo('patientIndex'));
              }}
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              leftSection={<IconSearch size={16} />}
              rightSection={<Kbd size="xs">{t(isMac ? 'search.shortcutMac' : 'search.shortcut')}</Kbd>}
              rightSectionWidth={64}
              w={{ base: 160, sm: 260 }}
              data-testid="global-search"
            />
            {me && (
              <BellSlot idle={idle}>
                <NotificationsBell />
              </BellSlot>
            )}
            {canAny(me?.permissions, BELL_PERMISSIONS) && (
              <BellSlot idle={idle}>
                <RewaitingBell />
              </BellSlot>
            )}
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
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        id="side-panel"
        aria-label={t('layout.sidePanel')}
        data-testid="side-panel"
        // Off screen when closed: keep keyboard focus out of it too.
        inert={!panelOpen}
        component="nav"
      >
        <AppShell.Section grow component={ScrollArea} p="xs">
          {menu.map((item) => (
            <NavLink
              key={item.route}
              component={Link}
              to={pathTo(item.route)}
              label={t(item.labelKey)}
              leftSection={ICONS[item.route]}
              active={isActive(item.route)}
              aria-current={isActive(item.route) ? 'page' : undefined}
              data-testid={`menu-${item.route}`}
            />
          ))}
        </AppShell.Section>
        {me && (
          <AppShell.Section
            p="sm"
            style={{ borderBlockStart: '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={0}>
              <Text size="sm" fw={600} data-testid="signed-in-user">
                {me.name}
              </Text>
              <Text size="xs" c="dimmed">
                {me.organization.name}
              </Text>
            </Stack>
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <OutageBanner />
        <Suspense fallback={<ScreenLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsDrawer opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      {me && <IdleNotice idleMinutes={me.session.idleMinutes} />}
      <UnsavedGuard />
    </AppShell>
  );
}
