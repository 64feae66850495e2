import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';

/** Shown while a screen's chunk or first data arrives. */
export function ScreenLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" role="status" aria-live="polite">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
