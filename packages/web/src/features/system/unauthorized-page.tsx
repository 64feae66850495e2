import { Alert, Button } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { pathTo } from '../../lib/routes.ts';

/** Where a failed permission check lands (spec section 6). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('unauthorized.title')}>
      <Alert color="red" title={t('unauthorized.heading')} data-testid="unauthorized">
        {t('unauthorized.text')}
      </Alert>
      <Button component={Link} to={pathTo('userPortal')} mt="md">
        {t('unauthorized.toPortal')}
      </Button>
    </PageFrame>
  );
}
