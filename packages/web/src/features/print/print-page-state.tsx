import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { useTranslator } from '../../lib/use-translator.ts';

/** A route's id (`/print/<kind>/:id`, `?printId=`): a positive whole number of at most 10 digits, else null. */
export const routeId = (value: string | null | undefined): number | null =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * What a print view shows until its sheet is loaded: the failure (a bad id, or the server's refusal in the
 * error catalogue's words), else a loader.
 */
export function PrintNotReady({ failed, error }: { failed: boolean; error: unknown }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  if (failed)
    return (
      <Alert color="red" m="md" data-testid="print-load-failed" title={t('print.loadFailed')}>
        {error ? errorMessage(translate, error) : null}
      </Alert>
    );
  return (
    <Center mih="40vh">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/** Above a reprint: which earlier print this paper repeats. */
export function ReprintNotice({ printedAt }: { printedAt: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Alert color="blue" mb="sm" data-testid="print-reprint">
      {t('print.reprintOf', { date: format.dateTime(printedAt) })}
    </Alert>
  );
}
