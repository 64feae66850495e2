import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
// The 12-hour time input is @mantine/dates': its styles come with the screen that uses it.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
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
import { pathTo } from '../../lib/routes.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { staleRecord, useSchemaForm } from '../../lib/use-schema-form.ts';
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
  // The record the form was read from: its version goes with the save.
  const [base, setBase] = useState(organization);
  const [stale, setStale] = useState(false);
  const form = useSchemaForm({
    schema: organizationUpdateSchema,
    initialValues: valuesOf(organization),
    toBody: (values: Values) => ({
      version: base.version,
      name: values.name.trim(),
      phone: values.phone.trim() || null,
      reminderTime: hhmm(values.reminderTime),
    }),
    required: ['name', 'reminderTime'],
  });
  const { values, dirty } = form;
  const show = (record: OrganizationSettings) => {
    setBase(record);
    form.load(valuesOf(record));
  };

  // A newer version read meanwhile (the page refetched) is taken in while nothing is typed over it.
  useEffect(() => {
    if (organization.version <= base.version || dirty) return;
    show(organization);
  }, [organization.version]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const body = form.submitValues();
    if (!body) return;
    update.mutate(body, {
      onSuccess: (saved) => {
        show(saved);
        setStale(false);
        toastSuccess(t('messaging.settings.saved'));
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        const theirs = staleRecord(error, organizationSchema);
        if (theirs) {
          show(theirs);
          setStale(true);
          return;
        }
        form.showServerErrors(error);
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
              {...form.inputProps('name')}
              data-testid="messaging-settings-name"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField
                name="phone"
                type="tel"
                label={t('messaging.settings.phone')}
                description={t('messaging.settings.phoneHint')}
                maxLength={25}
                {...form.inputProps('phone')}
                // A phone number reads left to right in either language.
                styles={{ input: { direction: 'ltr', textAlign: 'start' } }}
                data-testid="messaging-settings-phone"
              />
              <ClockTimeInput
                label={t('messaging.settings.reminderTime')}
                description={t('messaging.settings.reminderTimeHint')}
                withAsterisk
                value={values.reminderTime}
                onChange={(value) => form.set('reminderTime', value)}
                error={form.error('reminderTime')}
                data-testid="messaging-settings-reminder-time"
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              {dirty && (
                <Button variant="default" onClick={() => form.form.reset()} disabled={update.isPending}>
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
