import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
// The 12-hour time input is @mantine/dates': its styles come with the screen that uses it.
import '@mantine/dates/styles.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  organizationSchema,
  organizationUpdateSchema,
  type OrganizationSettings,
} from '@basira/shared/organizations/organization.schemas';
import { ClockTimeInput } from '../../components/clock-time-input.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { errorText, schemaValidator, serverFieldErrors, type ErrorKeys } from '../../lib/form-validation.ts';
import { pathTo } from '../../lib/routes.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useUnsavedInput } from '../../lib/unsaved-input.ts';
import { messagingStatusQuery, organizationQuery, useUpdateOrganization } from './messaging.queries.ts';

interface Values {
  name: string;
  phone: string;
  reminderTime: string;
}

const valuesOf = (org: OrganizationSettings): Values => ({
  name: org.name,
  phone: org.phone ?? '',
  reminderTime: org.reminderTime,
});

/** The time picker's value (`HH:mm`, or `HH:mm:ss`, or '' while incomplete) as the API's `HH:MM`. */
const hhmm = (value: string) => value.slice(0, 5);

const validate = schemaValidator<Record<string, unknown>>(organizationUpdateSchema, ['name', 'reminderTime']);

/**
 * /setting/messaging (Administrator): what messages to patients say about the clinic (its name and phone, in the
 * default footer) and when the day-before reminder of a recall goes, on the clinic's clock.
 */
export function MessagingSettingsPage() {
  const { t } = useTranslation();
  const org = useQuery(organizationQuery);
  useLoadFailure(org.error, pathTo('userPortal'));
  return (
    <PageFrame
      title={t('messaging.settings.title')}
      loading={org.isPending}
      backFallback={pathTo('userPortal')}
    >
      {org.data && <SettingsForm key={org.data.id} organization={org.data} />}
    </PageFrame>
  );
}

function SettingsForm({ organization }: { organization: OrganizationSettings }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const status = useQuery(messagingStatusQuery);
  const update = useUpdateOrganization();
  const [base, setBase] = useState(organization);
  const [values, setValues] = useState<Values>(() => valuesOf(organization));
  const [errors, setErrors] = useState<ErrorKeys>({});
  const [stale, setStale] = useState(false);
  const dirty =
    values.name !== base.name ||
    values.phone.trim() !== (base.phone ?? '') ||
    hhmm(values.reminderTime) !== base.reminderTime;
  useUnsavedInput(dirty);

  // A newer version read meanwhile (the page refetched) is taken in while nothing is typed over it.
  useEffect(() => {
    if (organization.version <= base.version || dirty) return;
    setBase(organization);
    setValues(valuesOf(organization));
  }, [organization.version]);

  const set = (key: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const body = {
      version: base.version,
      name: values.name.trim(),
      phone: values.phone.trim() || null,
      reminderTime: hhmm(values.reminderTime),
    };
    const found = validate(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(body, {
      onSuccess: (saved) => {
        setBase(saved);
        setValues(valuesOf(saved));
        setStale(false);
        toastSuccess(t('messaging.settings.saved'));
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        if (isApiError(error) && error.code === 'stale_version') {
          const theirs = organizationSchema.safeParse(error.data);
          if (theirs.success) {
            setBase(theirs.data);
            setValues(valuesOf(theirs.data));
            setErrors({});
            setStale(true);
            return;
          }
        }
        setErrors(isApiError(error) ? serverFieldErrors(error.errors) : {});
        toastError(t('messaging.settings.saveFailed'), errorMessage(translate, error));
      },
    });
  };

  return (
    <Stack gap="md" maw={760}>
      {status.data && !status.data.configured && (
        <Alert color="gray" data-testid="messaging-settings-not-configured">
          {t('messaging.settings.notConfigured')}
        </Alert>
      )}
      {status.data?.configured && (
        <Text size="sm" c="dimmed" data-testid="messaging-settings-bot">
          {t('messaging.settings.bot')}{' '}
          <bdi dir="ltr">{status.data.botUsername ? `@${status.data.botUsername}` : '—'}</bdi>
        </Text>
      )}
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate aria-labelledby="messaging-settings-form-title">
          <Stack gap="md">
            <Title order={2} fz="h4" id="messaging-settings-form-title">
              {t('messaging.settings.formTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('messaging.settings.intro')}
            </Text>
            {stale && (
              <Alert color="orange" role="alert" data-testid="messaging-settings-stale">
                {t('messaging.settings.stale')}
              </Alert>
            )}
            <TextField
              name="name"
              label={t('messaging.settings.name')}
              description={t('messaging.settings.nameHint')}
              required
              maxLength={120}
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={errorText(translate, errors.name)}
              data-testid="messaging-settings-name"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField
                name="phone"
                type="tel"
                label={t('messaging.settings.phone')}
                description={t('messaging.settings.phoneHint')}
                maxLength={25}
                value={values.phone}
                onChange={(event) => set('phone', event.currentTarget.value)}
                error={errorText(translate, errors.phone)}
                // A phone number reads left to right in either language.
                styles={{ input: { direction: 'ltr', textAlign: 'start' } }}
                data-testid="messaging-settings-phone"
              />
              <ClockTimeInput
                label={t('messaging.settings.reminderTime')}
                description={t('messaging.settings.reminderTimeHint')}
                withAsterisk
                value={values.reminderTime}
                onChange={(value) => set('reminderTime', value)}
                error={errorText(translate, errors.reminderTime)}
                data-testid="messaging-settings-reminder-time"
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              {dirty && (
                <Button
                  variant="default"
                  onClick={() => setValues(valuesOf(base))}
                  disabled={update.isPending}
                >
                  {t('messaging.settings.discard')}
                </Button>
              )}
              <Button
                type="submit"
                loading={update.isPending}
                disabled={!dirty}
                data-testid="messaging-settings-submit"
              >
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
