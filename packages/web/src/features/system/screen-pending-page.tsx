import { Alert } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { PageFrame } from '../../components/page-frame.tsx';

/**
 * A route of the spec whose screen comes with a later version: registered (so its guard and address work)
 * and honest about it, never a fake screen. No menu or top-bar link points here.
 */
export function ScreenPendingPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pending.title')}>
      <Alert color="gray" data-testid="screen-pending">
        {t('pending.text')}
      </Alert>
    </PageFrame>
  );
}
