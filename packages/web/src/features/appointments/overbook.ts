import { modals } from '@mantine/modals';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage, type Translator } from '../../lib/error-catalogue.ts';
import { toastError, toastWarning } from '../../lib/toasts.ts';

/** Asks whether to overbook a slot someone has taken meanwhile; resolves true to book it anyway. */
export function confirmOverbook(t: Translator): Promise<boolean> {
  return new Promise((resolve) =>
    modals.openConfirmModal({
      title: t('appointments.overbook.title'),
      children: t('appointments.overbook.body'),
      labels: { confirm: t('appointments.overbook.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange', 'data-testid': 'overbook-confirm' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    }),
  );
}

/**
 * Runs a booking or a move; on 409 `appointments.slot_taken` asks whether to overbook and runs it again with
 * `overbook: true`; a stale version says the book changed (the caller's mutation reloads it). Resolves to the
 * result, or null when it did not happen (the error already told). `onFailed` gets a refusal as well (a form
 * puts a 422's field errors on its fields).
 */
export async function withOverbook<T>(
  t: Translator,
  run: (overbook: boolean) => Promise<T>,
  onFailed?: (error: unknown) => void,
): Promise<T | null> {
  const failed = (error: unknown) => {
    toastError(t('appointments.failed'), errorMessage(t, error));
    onFailed?.(error);
    return null;
  };
  try {
    return await run(false);
  } catch (error) {
    if (isApiError(error) && error.code === 'appointments.slot_taken') {
      if (!(await confirmOverbook(t))) return null;
      try {
        return await run(true);
      } catch (again) {
        return failed(again);
      }
    }
    if (isApiError(error) && error.code === 'stale_version') {
      toastWarning(t('appointments.staleReloaded'));
      return null;
    }
    return failed(error);
  }
}
