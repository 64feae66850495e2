import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation.ts';
import { queueEntryResponseSchema } from '@basira/shared/queue/queue.schemas';
import { apiRequest } from '../lib/api-client.ts';
import { zonedDateTimeToIso } from '../lib/dates.ts';
import { errorMessage } from '../lib/error-catalogue.ts';
import { useFormatters } from '../lib/format.ts';
import { QUERY_ROOTS } from '../lib/query-keys.ts';
import { can } from '../lib/session-local.ts';
import { toastError, toastSuccess } from '../lib/toasts.ts';
import { useMe } from '../lib/use-me.ts';
import { useTranslator } from '../lib/use-translator.ts';
import type { ExamRecord } from '../features/exams/exams.queries.ts';

/** The hour a recall is set for on its day: the clinic's morning. */
const RECALL_TIME = '09:00';

/**
 * After a record with a next visit date is saved (a follow-up's, a consultation's): offers to re-wait this visit to
 * that day (the board's re-waiting call), for users who may do it, so the recall reaches the bell and the queue on
 * its date. `nextVisit` reads the day where the type keeps it; a type offers this as its `AfterSave`
 * (exam-extension.ts) with `recallAfterSave`.
 */
export function NextVisitRecall({
  record,
  queueId,
  nextVisit,
}: {
  record: ExamRecord;
  queueId: number;
  nextVisit: (record: ExamRecord) => string | null | undefined;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const me = useMe();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const day = nextVisit(record);
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

/** A type's `AfterSave`: the recall offer, its day read by `nextVisit`. */
export const recallAfterSave =
  (nextVisit: (record: ExamRecord) => string | null | undefined) =>
  ({ record, queueId }: { record: ExamRecord; queueId: number }) => (
    <NextVisitRecall record={record} queueId={queueId} nextVisit={nextVisit} />
  );
