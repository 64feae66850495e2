import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';

/** Any unknown path: 404 and "Page not found" in the chosen language (outside the main layout, no token). */
export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('notFound.title')} · ${t('app.name')}`;
  }, [t]);
  return (
    <Stack align="center" gap="md" py="xl" ta="center" data-testid="not-found">
      <Text fz={72} fw={800} c="dimmed" lh={1} aria-hidden="true">
        404
      </Text>
      <Title order={1} fz="h2">
        {t('notFound.title')}
      </Title>
      <Text>{t('notFound.text')}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
