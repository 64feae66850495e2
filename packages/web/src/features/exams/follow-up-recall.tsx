import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queueEntryResponseSchema } from '@basira/shared/queue/queue.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { zonedDateTimeToIso } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { QUERY_ROOTS } from '../../lib/query-keys.ts';
import { can } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import type { ExamRecord } from './exams.queries.ts';

/** The hour a recall is set for on its day: the clinic's morning. */
const RECALL_TIME = '09:00';

/**
 * After a follow-up or a consultation with a next visit date is saved: offers to re-wait this visit to that day (the board's
 * re-waiting call), for users who may do it, so the recall reaches the bell and the queue on its date.
 */
export function FollowUpRecall({ record, queueId }: { record: ExamRecord; queueId: number }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const me = useMe();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  // A follow-up's next visit is in its plan; a consultation's is a field of its own.
  const next = record as { plan?: { nextVisit?: string | null }; nextVisit?: string | null };
  const day = next.plan?.nextVisit ?? next.nextVisit;
  const rewait = useMutation({
    mutationFn: (date: string) =>
      apiRequest(`mo/queue/rewaiting/${queueId}`, {
        method: 'POST',
        body: { date },
        schema: queueEntryResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.queue] }),
  });
  if (!day || done || !can(me?.permissions, 'rewaiting board')) return null;
  const at = zonedDateTimeToIso(day, RECALL_TIME, format.timeZone);
  return (
    <Alert color="teal" data-testid="follow-up-recall">
      <Group justify="space-between">
        <Text size="sm">{t('examForm.recallOffer', { date: format.date(day) })}</Text>
        <Button
          size="xs"
          loading={rewait.isPending}
          disabled={!at}
          onClick={() =>
            rewait.mutate(at!, {
              onSuccess: () => {
                setDone(true);
                toastSuccess(t('examForm.recallSet', { date: format.date(day) }));
              },
              onError: (error) => toastError(t('examForm.recallFailed'), errorMessage(translate, error)),
            })
          }
          data-testid="follow-up-recall-set"
        >
          {t('examForm.recallSetButton')}
        </Button>
      </Group>
    </Alert>
  );
}
