import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  SUPPORT_DETAILS_MAX,
  SUPPORT_TYPES,
  supportCreateSchema,
  type SupportType,
} from '@basira/shared/support/support.schemas';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { sendSupportRequest } from './support.queries.ts';

/**
 * Report a problem, send feedback or request a feature (from the settings drawer, for any signed-in user): the
 * kind and a text; the support desk is notified.
 */
export function SupportReportModal({
  type: initialType,
  onClose,
}: {
  type: SupportType;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const form = useSchemaForm({
    schema: supportCreateSchema,
    initialValues: { type: initialType, details: '' },
    required: ['details'],
  });
  // A failed send's message, under the text (its field errors go on the fields).
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const body = form.submitValues();
    setFailure(null);
    if (!body) return;
    setSending(true);
    try {
      await sendSupportRequest(body);
      toastSuccess(t('support.report.sent'));
      onClose();
    } catch (error) {
      // The client's own reaction (session expired, server down) already said what happened.
      if (isApiError(error) && error.handled) return;
      form.showServerErrors(error);
      setFailure(errorMessage(translate, error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`support.report.titles.${form.values.type}`)}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="support-report"
    >
      <Stack
        gap="sm"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap={4}>
          <Text size="sm" fw={500} id="support-report-type">
            {t('support.report.type')}
          </Text>
          <SegmentedControl
            aria-labelledby="support-report-type"
            value={form.values.type}
            onChange={(value) => form.set('type', value as SupportType)}
            data={SUPPORT_TYPES.map((value) => ({ value, label: t(`support.types.${value}`) }))}
            fullWidth
            data-testid="support-report-type"
          />
        </Stack>
        <Textarea
          label={t('support.report.details')}
          description={t('support.report.hint')}
          {...form.inputProps('details')}
          onChange={(event) => {
            form.set('details', event.currentTarget.value);
            setFailure(null);
          }}
          error={form.error('details') ?? failure}
          autosize
          minRows={4}
          maxRows={12}
          maxLength={SUPPORT_DETAILS_MAX}
          withAsterisk
          data-autofocus
          data-testid="support-report-details"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={sending} data-testid="support-report-send">
            {t('support.report.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
