import { useState, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { isApiError } from '../../lib/api-error.ts';
import { useFormatters } from '../../lib/format.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { moveErrorMessage, type StateAction } from './queue-actions.ts';
import { useMoveQueueEntry } from './queue.queries.ts';
import { RewaitModal } from './rewait-modal.tsx';
import { sexOf } from '../../lib/grammar.ts';

export interface StateMoves {
  /** Makes a move; re-waiting first asks for the date and note, cancelling for a confirmation. */
  run: (entry: QueueEntry, action: StateAction) => void;
  /** The re-waiting dialog: render it once beside the controls. */
  modal: ReactNode;
  /** The entry a move is under way for. */
  pendingId: number | undefined;
}

/** Status moves with their toasts: success in the chosen language, a refusal naming both states. */
export function useStateMoves(onMoved?: (entry: QueueEntry, action: StateAction) => void): StateMoves {
  const { t } = useTranslation();
  const translate = useTranslator();
  const move = useMoveQueueEntry();
  const format = useFormatters();
  const [rewaiting, setRewaiting] = useState<QueueEntry | null>(null);

  const handlers = (entry: QueueEntry, action: StateAction) => ({
    onSuccess: (moved: QueueEntry) => {
      if (action === 'rewait') setRewaiting(null);
      toastSuccess(
        t(`queue.moved.${action}`, {
          name: entry.patient.name,
          // Arriving gives today's ticket.
          number: moved.ticketNumber,
          context: sexOf(entry.patient),
        }),
      );
      onMoved?.(moved, action);
    },
    onError: (error: unknown) => {
      if (isApiError(error) && error.handled) return;
      toastError(t('queue.moveFailed'), moveErrorMessage(translate, error, action));
    },
  });

  return {
    run: (entry, action) => {
      if (action === 'rewait') setRewaiting(entry);
      else if (action === 'cancel')
        // Cancelling takes the patient off every screen's waiting list at once: a slipped click must not do it.
        modals.openConfirmModal({
          title: t('queue.cancelConfirm.title'),
          children: (
            <Text size="sm">
              {entry.ticketNumber === null
                ? t('queue.cancelConfirm.textBooked', {
                    name: entry.patient.name,
                    date: format.dateTime(entry.date),
                  })
                : t('queue.cancelConfirm.text', { name: entry.patient.name, ticket: entry.ticketNumber })}
            </Text>
          ),
          labels: { confirm: t('queue.cancelConfirm.yes'), cancel: t('queue.cancelConfirm.no') },
          confirmProps: { color: 'red', 'data-testid': 'confirm-yes' } as Record<string, unknown>,
          onConfirm: () => move.mutate({ id: entry.id, action }, handlers(entry, action)),
        });
      else move.mutate({ id: entry.id, action }, handlers(entry, action));
    },
    pendingId: move.isPending ? move.variables.id : undefined,
    modal: (
      <RewaitModal
        entry={rewaiting}
        pending={move.isPending}
        onClose={() => setRewaiting(null)}
        onSubmit={(body) =>
          rewaiting &&
          move.mutate({ id: rewaiting.id, action: 'rewait', body }, handlers(rewaiting, 'rewait'))
        }
      />
    ),
  };
}
