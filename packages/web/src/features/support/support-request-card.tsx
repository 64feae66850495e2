import { Alert, Button, Card, CloseButton, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  SUPPORT_DETAILS_MAX,
  SUPPORT_STATUSES,
  supportRequestSchema,
  supportUpdateSchema,
  type SupportRequest,
  type SupportStatus,
} from '@basira/shared/support/support.schemas';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { SupportStatusBadge, SupportTypeBadge } from './support-badges.tsx';
import { supportItemQuery, useAnswerSupport } from './support.queries.ts';

/** One request opened: what was reported, the answer, and for the desk the answer form. */
export function SupportRequestCard({
  id,
  canAnswer,
  onClose,
}: {
  id: number;
  canAnswer: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const item = useQuery(supportItemQuery(id));

  const close = (
    <CloseButton onClick={onClose} aria-label={t('common.close')} data-testid="support-detail-close" />
  );
  if (item.error)
    return (
      <Alert color="yellow" data-testid="support-detail-missing" title={t('support.missingTitle')}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('support.missing')}</Text>
          {close}
        </Group>
      </Alert>
    );
  if (!item.data) return null;
  const request = item.data;
  return (
    <Card
      withBorder
      shadow="sm"
      padding="md"
      data-testid="support-detail"
      data-request-id={request.id}
      style={{ borderInlineStart: '4px solid var(--mantine-primary-color-filled)' }}
      aria-labelledby="support-detail-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap">
            <Text fw={700} id="support-detail-title">
              {t('support.requestNumber', { id: request.id })}
            </Text>
            <SupportTypeBadge type={request.type} />
            <SupportStatusBadge status={request.status} />
          </Group>
          {close}
        </Group>
        <Text size="sm" c="dimmed">
          {t('support.reportedBy', {
            name: request.reporter?.name ?? t('support.formerUser'),
            date: format.dateTime(request.createdAt),
          })}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="support-detail-text">
          {request.details}
        </Text>
        {request.answer && (
          <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)" data-testid="support-answer">
            <Text size="xs" fw={600} c="dimmed" mb={4}>
              {t('support.answerBy', { name: request.answeredBy?.name ?? t('support.formerUser') })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.answer}
            </Text>
          </Paper>
        )}
        {canAnswer && <AnswerForm key={request.version} request={request} />}
      </Stack>
    </Card>
  );
}

/** The desk's answer and status; a colleague's change meanwhile (409) shows theirs, keeping nothing stale. */
function AnswerForm({ request }: { request: SupportRequest }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const queryClient = useQueryClient();
  const save = useAnswerSupport(request.id);
  // The version read goes with the save; the answer as typed is trimmed (an empty one takes the answer back).
  const form = useSchemaForm({
    schema: supportUpdateSchema,
    initialValues: { status: request.status, answer: request.answer ?? '' },
    toBody: (values: { status: SupportStatus; answer: string }) => ({
      version: request.version,
      status: values.status,
      answer: values.answer.trim(),
    }),
  });

  // The promise, not mutate's callbacks: a saved version replaces this form (its key) before they would run.
  const submit = () => {
    const body = form.submitValues();
    if (!body) return;
    return save.mutateAsync(body).then(
      () => toastSuccess(t('support.saved')),
      (error: unknown) => {
        if (isApiError(error) && error.handled) return;
        const current = isApiError(error) ? supportRequestSchema.safeParse(error.data) : null;
        // Someone else answered first: theirs is shown, and this form starts again from it.
        if (current?.success) queryClient.setQueryData(supportItemQuery(request.id).queryKey, current.data);
        else form.showServerErrors(error);
        toastError(t('support.saveFailed'), errorMessage(translate, error));
      },
    );
  };

  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="support-answer-form"
    >
      <Select
        label={t('support.statusLabel')}
        data={SUPPORT_STATUSES.map((value) => ({ value, label: t(`support.status.${value}`) }))}
        value={form.values.status}
        onChange={(value) => value && form.set('status', value as SupportStatus)}
        error={form.error('status')}
        allowDeselect={false}
        maw={260}
        data-testid="support-status-select"
      />
      <Textarea
        label={t('support.answerLabel')}
        {...form.inputProps('answer')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={SUPPORT_DETAILS_MAX}
        data-testid="support-answer-input"
      />
      <Group justify="flex-end">
        <Button
          type="submit"
          loading={save.isPending}
          disabled={!form.dirty}
          data-testid="support-answer-save"
        >
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
