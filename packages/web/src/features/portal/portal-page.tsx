import { Alert, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { IconChevron, IconPlus } from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { SIDE_MENU, visibleItems, type NavItem } from '../../lib/navigation.ts';
import { pathTo, type RouteName } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { useMe } from '../../lib/use-me.ts';

interface QuickLink {
  route: RouteName;
  labelKey: string;
  textKey: string;
}

/** /user/portal: the signed-in user's start page, with quick links to what their permissions allow. */
export function PortalPage() {
  const { t } = useTranslation();
  const me = useMe();
  const links: QuickLink[] = visibleItems(SIDE_MENU, me?.permissions, me?.organization.slug)
    .filter((item: NavItem) => item.route !== 'userPortal')
    .map((item) => ({
      route: item.route,
      labelKey: item.labelKey,
      textKey: `portal.describe.${item.route}`,
    }));
  const shortcuts: QuickLink[] = [
    ...(can(me?.permissions, 'add user')
      ? [{ route: 'userAdd' as const, labelKey: 'portal.addUser', textKey: 'portal.describe.userAdd' }]
      : []),
    ...(can(me?.permissions, 'add permission')
      ? [
          {
            route: 'permissions' as const,
            labelKey: 'portal.addRole',
            textKey: 'portal.describe.permissions',
          },
        ]
      : []),
  ];

  return (
    <PageFrame title={t('portal.title')} back={false} loading={!me}>
      {me && (
        <Stack gap="lg">
          <Text size="lg" data-testid="portal-welcome">
            {t('portal.welcome', { name: me.name, organization: me.organization.name })}
          </Text>
          {me.permissions.length === 0 && <Alert color="yellow">{t('portal.noPermissions')}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="portal-links">
            {[...shortcuts, ...links].map((link) => (
              <Card
                key={link.route}
                component={Link}
                to={pathTo(link.route)}
                withBorder
                padding="md"
                data-testid={`portal-${link.route}`}
              >
                <Stack gap={4}>
                  <Title order={2} fz="h5">
                    {shortcuts.includes(link) && (
                      <ThemeIcon size="sm" variant="light" me={6} aria-hidden="true">
                        <IconPlus size={14} />
                      </ThemeIcon>
                    )}
                    {t(link.labelKey)} <IconChevron size={14} />
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t(link.textKey)}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </PageFrame>
  );
}
