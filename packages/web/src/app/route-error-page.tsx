import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { useRouteError } from 'react-router';
import { errorMessage } from '../lib/error-catalogue.ts';
import { isApiError } from '../lib/api-error.ts';
import { useTranslator } from '../lib/use-translator.ts';

/** A screen's code could not be fetched: the server is not answering (or was updated meanwhile). */
function isChunkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|module script failed|Failed to fetch/i.test(error.message)
  );
}

/** A route that failed to load (its chunk after a new deploy, or its data): say so and offer a reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const translate = useTranslator();
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} fz="h2">
          {t('errors.routeTitle')}
        </Title>
        <Text>
          {isApiError(error)
            ? errorMessage(translate, error)
            : isChunkFailure(error)
              ? t('errors.serverDown')
              : t('errors.routeText')}
        </Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
