import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { messagingUserLinkSchema } from '@basira/shared/messaging/messaging.schemas';
import type { PatientSummary } from '@basira/shared/patients/patients.schemas';
import { PatientPicker } from '../../components/patient-picker.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { messagingUserQuery, useLinkTelegramUser, useUnlinkTelegramUser } from './messaging.queries.ts';
import { TELEGRAM_ID_MAX_DIGITS, telegramIdInput } from './telegram-id.ts';
import { TelegramUserLine } from './telegram-user-line.tsx';

export interface TelegramLinkModalProps {
  /** The patient to start with (the board's); another can be searched for. */
  patient?: PatientSummary | null;
  onClose: () => void;
}

/**
 * The spec's messaging verification popup: a patient (searched by name from 2 characters, 10 results with name
 * and phone) and their numeric Telegram ID. Save links them (relinking replaces the link); the patient's current
 * link shows below the picker, with Unlink. It carries the app's query cache itself: the settings drawer also
 * opens outside the main layout.
 */
export function TelegramLinkModal(props: TelegramLinkModalProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LinkForm {...props} />
    </QueryClientProvider>
  );
}

function LinkForm({ patient: initial = null, onClose }: TelegramLinkModalProps) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const form = useSchemaForm({
    schema: messagingUserLinkSchema,
    initialValues: { patient: initial, telegramId: '' },
    toBody: (values: { patient: PatientSummary | null; telegramId: string }) => ({
      patientId: values.patient?.id,
      telegram_id: values.telegramId,
    }),
    required: ['patientId', 'telegram_id'],
    // The picker shows the patient's errors.
    fieldOf: (path) => (path === 'patientId' ? 'patient' : path === 'telegram_id' ? 'telegramId' : path),
  });
  const { patient, telegramId } = form.values;
  // Signs the typing filter took out: a hint, not a value.
  const [refused, setRefused] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = useQuery({ ...messagingUserQuery(patient?.id ?? 0), enabled: patient !== null });
  const link = useLinkTelegramUser();
  const unlink = useUnlinkTelegramUser();

  const fail = (error: unknown) => {
    // The client's own reaction (session expired, server down) has already said what happened.
    if (isApiError(error) && error.handled) return;
    form.showServerErrors(error);
    const onFields = isApiError(error) && Object.keys(error.errors ?? {}).length > 0;
    setFailure(onFields ? null : errorMessage(translate, error));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (link.isPending) return;
    setFailure(null);
    const body = form.submitValues();
    if (!body || !patient) return;
    link.mutate(body, {
      onSuccess: () => {
        toastSuccess(t('messaging.link.saved', { name: patient.name }));
        // Saved: the patient stays chosen, and nothing is left unsaved.
        form.load({ patient, telegramId: '' });
        setRefused(false);
      },
      onError: fail,
    });
  };

  const linked = current.data ?? null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('messaging.link.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="telegram-link"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PatientPicker
            label={t('messaging.link.patient')}
            value={patient}
            onChange={(next) => {
              form.set('patient', next);
              setFailure(null);
            }}
            required
            autoFocus={initial === null}
            error={form.error('patient')}
            testId="telegram-link-patient"
          />
          <Paper withBorder p="sm" radius="md" data-testid="telegram-link-current" aria-live="polite">
            <Text size="xs" fw={600} c="dimmed" mb={4}>
              {t('messaging.link.current')}
            </Text>
            {!patient ? (
              <Text size="sm" c="dimmed">
                {t('messaging.link.choosePatient')}
              </Text>
            ) : current.isPending ? (
              <Loader size="xs" role="status" aria-label={t('common.loading')} />
            ) : current.error ? (
              <Text size="sm" c="red">
                {errorMessage(translate, current.error)}
              </Text>
            ) : linked ? (
              <Group justify="space-between" gap="xs" wrap="wrap">
                <TelegramUserLine user={linked} />
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  loading={unlink.isPending}
                  onClick={() =>
                    unlink.mutate(linked, {
                      onSuccess: () =>
                        toastSuccess(t('messaging.link.unlinked', { name: linked.Patient.name })),
                      onError: fail,
                    })
                  }
                  data-testid="telegram-unlink"
                >
                  {t('messaging.link.unlink')}
                </Button>
              </Group>
            ) : (
              <Text size="sm" data-testid="telegram-link-none">
                {t('messaging.link.none')}
              </Text>
            )}
          </Paper>
          <TextInput
            label={t('messaging.link.telegramId')}
            description={linked ? t('messaging.link.relinkHint') : t('messaging.link.telegramIdHint')}
            withAsterisk
            aria-required
            value={telegramId}
            inputMode="numeric"
            autoComplete="off"
            maxLength={TELEGRAM_ID_MAX_DIGITS}
            autoFocus={initial !== null}
            onChange={(event) => {
              const typed = telegramIdInput(event.currentTarget.value);
              form.set('telegramId', typed.digits);
              setRefused(typed.refused);
            }}
            error={form.error('telegramId') ?? (refused ? t('messaging.link.digitsOnly') : undefined)}
            // Digits read left to right in either language.
            styles={{ input: { direction: 'ltr', textAlign: 'start' } }}
            data-testid="telegram-link-id"
          />
          {failure && (
            <Alert color="red" role="alert" data-testid="telegram-link-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid="telegram-link-close">
              {t('common.close')}
            </Button>
            <Button type="submit" loading={link.isPending} data-testid="telegram-link-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
