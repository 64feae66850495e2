import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  billingSettingsUpdateSchema,
  doctorSharesUpdateSchema,
  type BillingSettings,
  type DoctorShare,
} from '@basira/shared/money/billing.schemas';
import { IconPlus, IconTrash } from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { roleLabel } from '../../lib/permission-label.ts';
import { pathTo } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import {
  billingDoctorsQuery,
  servicesQuery,
  settingsQuery,
  sharesQuery,
  useSaveSettings,
  useSaveShares,
} from './billing.queries.ts';
import { useLang } from '../../components/money-view.tsx';

/** Input props for a field inside a list of the form's values (`shares.2.percent`), with its error translated. */
function nestedProps(
  form: {
    form: { getInputProps: (path: string) => GetInputPropsReturnType };
    error: (path: string) => string | undefined;
  },
  path: string,
) {
  return { ...form.form.getInputProps(path), error: form.error(path) };
}

/** The "all services" choice of a share's service: a share for every service without one of its own. */
export const ALL_SERVICES = 'all';

/** A NumberInput's value as the body's integer: blank (or half-typed) text stays for the schema to refuse. */
const intOf = (value: number | string): number | undefined =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);

/** /billing/settings: the free-return window, each role's discount limit, and the doctors' shares. */
export function BillingSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(settingsQuery);
  const shares = useQuery(sharesQuery);
  useLoadFailure(settings.error ?? shares.error, pathTo('dashboard'));
  return (
    <PageFrame title={t('billing.settings.title')} loading={settings.isPending || shares.isPending}>
      <Stack gap="md">
        {settings.data && <SettingsCard key={settings.data.version} settings={settings.data} />}
        {shares.data && <SharesCard key={JSON.stringify(shares.data)} shares={shares.data} />}
      </Stack>
    </PageFrame>
  );
}

interface SettingsValues {
  freeReturnDays: number | string;
  discountLimits: { roleId: number; roleName: string; percent: number | string }[];
}

function SettingsCard({ settings }: { settings: BillingSettings }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const save = useSaveSettings();
  const form = useSchemaForm({
    schema: billingSettingsUpdateSchema,
    initialValues: {
      freeReturnDays: settings.freeReturnDays,
      discountLimits: settings.discountLimits.map((l) => ({ ...l })),
    } satisfies SettingsValues,
    toBody: (v: SettingsValues) => ({
      freeReturnDays: intOf(v.freeReturnDays),
      discountLimits: v.discountLimits.map((l) => ({ roleId: l.roleId, percent: intOf(l.percent) })),
      version: settings.version,
    }),
    required: ['freeReturnDays'],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.submitValues();
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => toastSuccess(t('billing.settings.saved')),
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        form.showServerErrors(error);
        toastError(t('billing.settings.saveFailed'), errorMessage(translate, error));
      },
    });
  };

  return (
    <Card
      withBorder
      padding="md"
      component="form"
      onSubmit={submit}
      noValidate
      data-testid="billing-settings"
    >
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('billing.settings.generalTitle')}
        </Title>
        <NumberInput
          label={t('billing.settings.freeReturnDays')}
          description={t('billing.settings.freeReturnDaysHint')}
          min={0}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          maw={260}
          {...form.inputProps('freeReturnDays')}
          data-testid="free-return-days"
        />
        <Text fw={500} size="sm">
          {t('billing.settings.limitsTitle')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('billing.settings.limitsHint')}
        </Text>
        <Table.ScrollContainer minWidth={360}>
          <Table data-testid="discount-limits" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.settings.role')}</Table.Th>
                <Table.Th w={180}>{t('billing.settings.limitPercent')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.discountLimits.map((limit, i) => (
                <Table.Tr key={limit.roleId}>
                  <Table.Td>{roleLabel(t, limit.roleName)}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('billing.settings.limitFor', { role: roleLabel(t, limit.roleName) })}
                      min={0}
                      max={100}
                      allowDecimal={false}
                      allowNegative={false}
                      suffix=" %"
                      {...nestedProps(form, `discountLimits.${i}.percent`)}
                      data-testid="discount-limit"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="settings-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

interface ShareRow {
  doctorId: string | null;
  serviceId: string;
  percent: number | string;
}

/**
 * What only the table knows: a row without its doctor, and two rows for the same doctor and service (the second
 * would silently replace the first).
 */
export function shareChecks(rows: readonly ShareRow[]): Record<string, string> {
  const seen = new Set<string>();
  const errors: Record<string, string> = {};
  rows.forEach((row, i) => {
    if (row.doctorId === null) {
      errors[`shares.${i}.doctorId`] = 'doctorId.required';
      return;
    }
    const key = `${row.doctorId}:${row.serviceId}`;
    if (seen.has(key)) errors[`shares.${i}.serviceId`] = 'share.duplicate';
    seen.add(key);
  });
  return errors;
}

function SharesCard({ shares }: { shares: DoctorShare[] }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const lang = useLang();
  const me = useMe();
  const save = useSaveShares();
  const services = useQuery(servicesQuery);
  const doctors = useQuery({
    ...billingDoctorsQuery,
    enabled: canAny(me?.permissions, ['add queue', 'edit queue', 'show queues']),
  });
  const [notice, setNotice] = useState(false);
  const form = useSchemaForm({
    schema: doctorSharesUpdateSchema,
    initialValues: {
      shares: shares.map((s): ShareRow => ({
        doctorId: String(s.doctor.id),
        serviceId: s.serviceId === null ? ALL_SERVICES : String(s.serviceId),
        percent: s.percent,
      })),
    },
    toBody: (v: { shares: ShareRow[] }) => ({
      shares: v.shares.map((row) => ({
        doctorId: row.doctorId === null ? undefined : Number(row.doctorId),
        serviceId: row.serviceId === ALL_SERVICES ? null : Number(row.serviceId),
        percent: intOf(row.percent),
      })),
    }),
    check: (v) => shareChecks(v.shares),
  });

  const known = new Map<number, string>();
  for (const s of shares) known.set(s.doctor.id, s.doctor.name);
  for (const d of doctors.data ?? []) known.set(d.id, d.name);
  const doctorOptions = [...known].map(([id, name]) => ({ value: String(id), label: name }));
  const serviceOptions = [
    { value: ALL_SERVICES, label: t('billing.settings.allServices') },
    ...(services.data ?? []).map((s) => ({
      value: String(s.id),
      label: `${s.code} — ${lang === 'ar' ? s.nameAr : s.nameEn}`,
    })),
  ];

  const rows = form.values.shares;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.submitValues();
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        setNotice(true);
        toastSuccess(t('billing.settings.sharesSaved'));
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        form.showServerErrors(error);
        toastError(t('billing.settings.saveFailed'), errorMessage(translate, error));
      },
    });
  };

  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} noValidate data-testid="doctor-shares">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('billing.settings.sharesTitle')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('billing.settings.sharesHint')}
        </Text>
        {notice && !form.dirty && (
          <Alert color="green" variant="light">
            {t('billing.settings.sharesSaved')}
          </Alert>
        )}
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="shares-empty">
            {t('billing.settings.sharesEmpty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('billing.settings.doctor')}</Table.Th>
                  <Table.Th>{t('billing.settings.service')}</Table.Th>
                  <Table.Th w={140}>{t('billing.settings.sharePercent')}</Table.Th>
                  <Table.Th w={48} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((_, i) => (
                  <Table.Tr key={i} data-testid="share-row">
                    <Table.Td>
                      <Select
                        aria-label={t('billing.settings.doctor')}
                        searchable
                        data={doctorOptions}
                        {...nestedProps(form, `shares.${i}.doctorId`)}
                        data-testid="share-doctor"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('billing.settings.service')}
                        searchable
                        allowDeselect={false}
                        data={serviceOptions}
                        {...nestedProps(form, `shares.${i}.serviceId`)}
                        data-testid="share-service"
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t('billing.settings.sharePercent')}
                        min={0}
                        max={100}
                        allowDecimal={false}
                        allowNegative={false}
                        suffix=" %"
                        {...nestedProps(form, `shares.${i}.percent`)}
                        data-testid="share-percent"
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('billing.settings.removeShare')}
                        onClick={() => form.form.removeListItem('shares', i)}
                        data-testid="share-remove"
                      >
                        <IconTrash />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus />}
            onClick={() =>
              form.form.insertListItem('shares', { doctorId: null, serviceId: ALL_SERVICES, percent: '' })
            }
            data-testid="share-add"
          >
            {t('billing.settings.addShare')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="shares-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
