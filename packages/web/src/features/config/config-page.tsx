import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { z } from 'zod';
import { DEFAULT_ORGANIZATION } from '@basira/shared/auth/auth.schemas';
import { healthSchema, type Health } from '@basira/shared/common/api.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { endLocalSession } from '../../lib/session-local.ts';
import {
  defaultConnectionString,
  getOrganization,
  getStoredConnectionString,
  getToken,
  setConnectionString,
  setOrganization,
} from '../../lib/storage.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';

/** Same rule as the server's organization slugs. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function isValidConnectionString(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The form's schema is its own: no route takes these values (they stay in this workstation's local storage, and
 * the server only ever sees them as the address called and the organization header). The slug rule is the
 * server's (`ORG_SLUG`).
 */
const connectionSettingsSchema = z.object({
  connection: z.string().trim().refine(isValidConnectionString, 'connection.invalid'),
  organization: z.string().trim().toLowerCase().regex(SLUG, 'organization.invalid'),
});

type TestResult = { ok: true; health: Health; ms: number } | { ok: false; message: string };

/** /config: the API's base address and the organization, both kept in local storage; a connection test. */
export function ConfigPage() {
  const { t } = useTranslation();
  const translate = useTranslator();
  const form = useSchemaForm({
    schema: connectionSettingsSchema,
    initialValues: {
      connection: getStoredConnectionString() ?? defaultConnectionString(),
      organization: getOrganization() ?? DEFAULT_ORGANIZATION,
    },
  });
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  // A new address that did not answer is saved only when the user insists (a server being set up).
  const [unconfirmed, setUnconfirmed] = useState(false);

  useEffect(() => {
    document.title = `${t('config.title')} · ${t('app.name')}`;
  }, [t]);

  /** Tests the address and organization on screen; true when a Basira server of that organization answered. */
  const test = async (): Promise<boolean> => {
    setResult(null);
    setUnconfirmed(false);
    const settings = form.submitValues();
    if (!settings) return false;
    setTesting(true);
    const started = performance.now();
    try {
      const { data } = await apiRequest('health', {
        schema: healthSchema,
        base: settings.connection,
        organization: settings.organization,
        withToken: false,
        selfHandled: true,
        timeoutMs: 8_000,
      });
      setResult({ ok: true, health: data, ms: Math.round(performance.now() - started) });
      return true;
    } catch (error) {
      let message: string;
      if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout'))
        message = t('config.unreachable', { url: settings.connection });
      else if (isApiError(error) && error.code === 'organization.not_found')
        message = t('config.organizationNotFound', { organization: form.values.organization.trim() });
      else if (isApiError(error)) message = `${t('config.notBasira')} ${errorMessage(translate, error)}`;
      else message = t('config.notBasira');
      setResult({ ok: false, message });
      return false;
    } finally {
      setTesting(false);
    }
  };

  const save = async (event: FormEvent | null, confirmed = false) => {
    event?.preventDefault();
    const settings = form.submitValues();
    if (!settings) return;
    const base = settings.connection.replace(/\/+$/, '');
    const org = settings.organization;
    const changed =
      base !== (getStoredConnectionString() ?? defaultConnectionString()) ||
      org !== (getOrganization() ?? DEFAULT_ORGANIZATION);
    // A changed address is tried before it is kept: a typo would otherwise lock this workstation out.
    if (changed && !confirmed && !(await test())) {
      setUnconfirmed(true);
      return;
    }
    setUnconfirmed(false);
    setConnectionString(base === defaultConnectionString() ? null : base);
    setOrganization(org === DEFAULT_ORGANIZATION ? null : org);
    // A session belongs to one server and organization: after a change, sign in again.
    if (changed && getToken()) endLocalSession();
    // Kept: what is on screen is now what is stored.
    form.load(form.values);
    toastSuccess(t('config.saved'));
  };

  const reset = () => {
    form.form.setValues({ connection: defaultConnectionString(), organization: DEFAULT_ORGANIZATION });
    form.form.clearErrors();
    setResult(null);
  };

  return (
    <Paper withBorder shadow="sm" p="xl" maw={560} mx="auto" mt="md">
      <form onSubmit={(event) => void save(event)} noValidate aria-labelledby="config-title">
        <Stack gap="md">
          <Title order={1} fz="h2" id="config-title">
            {t('config.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('config.text')}
          </Text>
          <TextInput
            name="connectionString"
            label={t('config.connectionString')}
            description={t('config.connectionStringHint')}
            withAsterisk
            aria-required
            {...form.inputProps('connection')}
            inputMode="url"
            dir="ltr"
            data-testid="config-connection"
          />
          <TextInput
            name="organization"
            label={t('config.organization')}
            description={t('config.organizationHint')}
            withAsterisk
            aria-required
            {...form.inputProps('organization')}
            dir="ltr"
            data-testid="config-organization"
          />
          {result?.ok === true && (
            <Alert color="green" role="status" title={t('config.connected')} data-testid="config-result">
              <Table withRowBorders={false} verticalSpacing={2}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row">{t('diagnostics.version')}</Table.Th>
                    <Table.Td>{result.health.version}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('diagnostics.database')}</Table.Th>
                    <Table.Td>{t(`diagnostics.databases.${result.health.database}`)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('diagnostics.roundTrip')}</Table.Th>
                    <Table.Td>{t('diagnostics.ms', { value: result.ms })}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Alert>
          )}
          {result?.ok === false && (
            <Alert color="red" role="alert" title={t('config.failed')} data-testid="config-result">
              {result.message}
              {unconfirmed && (
                <Group mt="xs" gap="xs">
                  <Text size="sm">{t('config.notSaved')}</Text>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => void save(null, true)}
                    data-testid="config-save-anyway"
                  >
                    {t('config.saveAnyway')}
                  </Button>
                </Group>
              )}
            </Alert>
          )}
          <Group justify="space-between">
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() => void test()}
                loading={testing}
                data-testid="config-test"
              >
                {t('config.test')}
              </Button>
              <Button variant="subtle" onClick={reset}>
                {t('config.reset')}
              </Button>
            </Group>
            <Button type="submit" loading={testing} data-testid="config-save">
              {t('common.save')}
            </Button>
          </Group>
          <Button component={Link} to="/login" variant="subtle">
            {t('config.toLogin')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
