import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageSendSchema, TELEGRAM_TEXT_MAX } from '@basira/shared/messaging/messaging.schemas';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { errorText, schemaValidator, serverFieldErrors, type ErrorKeys } from '../../lib/form-validation.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useUnsavedInput } from '../../lib/unsaved-input.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useSendMessage } from './messaging.queries.ts';

interface Values extends Record<string, unknown> {
  header: string;
  message: string;
  footer: string;
}

const validate = schemaValidator<Values>(messageSendSchema, ['message']);
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
  const [values, setValues] = useState<Values>({ header: '', message: '', footer: '' });
  const [errors, setErrors] = useState<ErrorKeys>({});
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendMessage(patient.id);
  useUnsavedInput(values.message.trim() !== '' || values.header.trim() !== '' || values.footer.trim() !== '');

  const set = (key: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    setFailure(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const footer = values.footer.trim();
    send.mutate(
      { header: values.header, message: values.message, ...(footer ? { footer } : {}) },
      {
        onSuccess: () => {
          toastSuccess(t('messaging.send.queued'));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.handled) return;
          const fields = isApiError(error) ? serverFieldErrors(error.errors) : {};
          setErrors(fields);
          setFailure(Object.keys(fields).length > 0 ? null : errorMessage(translate, error));
        },
      },
    );
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
            value={values.header}
            maxLength={HEADER_MAX}
            onChange={(event) => set('header', event.currentTarget.value)}
            error={errorText(translate, errors.header)}
            data-testid="telegram-send-header"
          />
          <Textarea
            label={t('messaging.send.message')}
            withAsterisk
            aria-required
            value={values.message}
            maxLength={TELEGRAM_TEXT_MAX}
            autosize
            minRows={4}
            maxRows={12}
            onChange={(event) => set('message', event.currentTarget.value)}
            error={errorText(translate, errors.message)}
            data-autofocus
            data-testid="telegram-send-message"
          />
          <Textarea
            label={t('messaging.send.footer')}
            description={t('messaging.send.footerHint')}
            placeholder={t('messaging.send.footerPlaceholder')}
            value={values.footer}
            maxLength={FOOTER_MAX}
            autosize
            minRows={2}
            maxRows={6}
            onChange={(event) => set('footer', event.currentTarget.value)}
            error={errorText(translate, errors.footer)}
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
