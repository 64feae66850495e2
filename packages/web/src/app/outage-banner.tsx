import { useSyncExternalStore } from 'react';
import { Alert } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { IconPlug } from '../components/icons.tsx';
import { outage } from '../lib/outage.ts';

const noOutage = () => null;

/**
 * One calm notice at the top of the page while the database (or the server) does not answer, instead of a
 * message per failed call; it goes by itself once the server answers again (lib/outage.ts).
 */
export function OutageBanner() {
  const { t } = useTranslation();
  // A page drawn by the server shows no outage: it could read its data.
  const kind = useSyncExternalStore(outage.subscribe, outage.current, noOutage);
  if (!kind) return null;
  return (
    <Alert
      // A status, not an alarm: read once, politely.
      role="status"
      color="yellow"
      variant="light"
      icon={<IconPlug />}
      mb="md"
      data-testid="outage-banner"
      data-outage={kind}
      style={{ position: 'sticky', insetBlockStart: 'var(--app-shell-header-offset, 0rem)', zIndex: 3 }}
    >
      {t(`layout.outage.${kind}`)}
    </Alert>
  );
}
