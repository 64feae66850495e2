import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { messageSendSchema, TELEGRAM_TEXT_MAX } from '@basira/shared/messaging/messaging.schemas';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useSendMessage } from './messaging.queries.ts';

interface Values {
  header: string;
  message: string;
  footer: string;
}

const HEADER_MAX = 500;
const FOOTER_MAX = 1000;

/**
 * A message to one patient through Telegram (spec section 7, `/telegram/send/{id}`): header, message and
 * footer. An empty footer is the clinic's default one (greeting, next visit, phone), written by the server.
 */
export function MessageSendModal({
  patient,
  onClose,
}: {
  patient: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const form = useSchemaForm({
    schema: messageSendSchema,
    initialValues: { header: '', message: '', footer: '' } satisfies Values,
    // An empty footer is left out: the server then writes the clinic's default one.
    toBody: ({ footer, ...rest }: Values) => ({ ...rest, ...(footer.trim() ? { footer } : {}) }),
    required: ['message'],
  });
  // A failed send's message (its field errors go on the fields).
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendMessage(patient.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    setFailure(null);
    const body = form.submitValues();
    if (!body) return;
    send.mutate(body, {
      onSuccess: () => {
        toastSuccess(t('messaging.send.queued'));
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        form.showServerErrors(error);
        const onFields = isApiError(error) && Object.keys(error.errors ?? {}).length > 0;
        setFailure(onFields ? null : errorMessage(translate, error));
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('messaging.send.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="telegram-send"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('messaging.send.to', { name: patient.name })}
          </Text>
          <TextInput
            label={t('messaging.send.header')}
            description={t('messaging.send.headerHint')}
            maxLength={HEADER_MAX}
            {...form.inputProps('header')}
            data-testid="telegram-send-header"
          />
          <Textarea
            label={t('messaging.send.message')}
            withAsterisk
            aria-required
            maxLength={TELEGRAM_TEXT_MAX}
            autosize
            minRows={4}
            maxRows={12}
            {...form.inputProps('message')}
            data-autofocus
            data-testid="telegram-send-message"
          />
          <Textarea
            label={t('messaging.send.footer')}
            description={t('messaging.send.footerHint')}
            placeholder={t('messaging.send.footerPlaceholder')}
            maxLength={FOOTER_MAX}
            autosize
            minRows={2}
            maxRows={6}
            {...form.inputProps('footer')}
            data-testid="telegram-send-footer"
          />
          {failure && (
            <Alert color="red" role="alert" data-testid="telegram-send-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending} data-testid="telegram-send-submit">
              {t('messaging.send.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
