import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  SERVICE_KINDS,
  serviceCreateSchema,
  serviceUpdateSchema,
  type BillingService,
  type ServiceKind,
} from '@basira/shared/money/billing.schemas';
import { VISIT_REASONS } from '@basira/shared/queue/queue.schemas';
import { MoneyInput, moneyText, parseMoneyText } from '../../components/money-input.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { canAny } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { billingDoctorsQuery, useSaveService } from './billing.queries.ts';

export interface ServiceValues {
  code: string;
  nameAr: string;
  nameEn: string;
  kind: ServiceKind | null;
  visitReason: string | null;
  doctorId: string | null;
  priceIqd: string;
  priceUsd: string;
  active: boolean;
}

export const serviceValues = (service: BillingService | null): ServiceValues => ({
  code: service?.code ?? '',
  nameAr: service?.nameAr ?? '',
  nameEn: service?.nameEn ?? '',
  kind: service?.kind ?? null,
  visitReason: service?.visitReason ?? null,
  doctorId: service?.doctor ? String(service.doctor.id) : null,
  priceIqd: moneyText(service?.priceIqd, 'IQD'),
  priceUsd: moneyText(service?.priceUsd, 'USD'),
  active: service?.active ?? true,
});

/** The body the values make: prices parsed from their text (an unreadable one is left out for the schema to ask). */
export function serviceBody(v: ServiceValues, version?: number) {
  return {
    code: v.code,
    nameAr: v.nameAr,
    nameEn: v.nameEn,
    kind: v.kind ?? undefined,
    visitReason: v.visitReason,
    doctorId: v.doctorId === null ? null : Number(v.doctorId),
    priceIqd: parseMoneyText(v.priceIqd, 'IQD') ?? undefined,
    priceUsd: v.priceUsd.trim() === '' ? null : (parseMoneyText(v.priceUsd, 'USD') ?? undefined),
    active: v.active,
    ...(version === undefined ? {} : { version }),
  };
}

/** The money fields whose text is not an amount (the schema only sees them as missing). */
export function priceChecks(v: ServiceValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.priceIqd.trim() !== '' && parseMoneyText(v.priceIqd, 'IQD') === null)
    errors.priceIqd = 'amount.invalid';
  if (v.priceUsd.trim() !== '' && parseMoneyText(v.priceUsd, 'USD') === null)
    errors.priceUsd = 'amount.invalid';
  return errors;
}

/** Add or edit one service of the price list; charges already made keep the price they were made with. */
export function ServiceFormModal({
  service,
  opened,
  onClose,
}: {
  /** null: a new service. */
  service: BillingService | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={service ? t('billing.prices.editTitle', { code: service.code }) : t('billing.prices.addTitle')}
      size="lg"
    >
      {opened && <ServiceForm key={service?.id ?? 'new'} service={service} onDone={onClose} />}
    </Modal>
  );
}

function ServiceForm({ service, onDone }: { service: BillingService | null; onDone: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const me = useMe();
  const creating = service === null;
  const save = useSaveService(service?.id ?? null);
  const [saved, setSaved] = useState(false);
  const doctors = useQuery({
    ...billingDoctorsQuery,
    enabled: canAny(me?.permissions, ['add queue', 'edit queue', 'show queues']),
  });
  const form = useSchemaForm({
    schema: creating ? serviceCreateSchema : serviceUpdateSchema,
    initialValues: serviceValues(service),
    toBody: (v: ServiceValues) => serviceBody(v, service?.version),
    required: ['code', 'nameAr', 'nameEn', 'kind', 'priceIqd'],
    check: priceChecks,
    guardUnsaved: !saved,
  });

  const doctorOptions = [
    ...(doctors.data ?? []),
    ...(service?.doctor && !doctors.data?.some((d) => d.id === service.doctor?.id) ? [service.doctor] : []),
  ].map((d) => ({ value: String(d.id), label: d.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.submitValues();
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        setSaved(true);
        toastSuccess(t('billing.prices.saved'));
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        form.showServerErrors(error);
        toastError(t('billing.prices.saveFailed'), errorMessage(translate, error));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="service-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('billing.prices.code')}
            withAsterisk
            dir="ltr"
            {...form.inputProps('code')}
            data-testid="service-code"
          />
          <Select
            label={t('billing.prices.kind')}
            withAsterisk
            data={SERVICE_KINDS.map((k) => ({ value: k, label: t(`billing.kind.${k}`) }))}
            {...form.inputProps('kind')}
            data-testid="service-kind"
          />
          <TextInput
            label={t('billing.prices.nameAr')}
            withAsterisk
            dir="rtl"
            {...form.inputProps('nameAr')}
            data-testid="service-name-ar"
          />
          <TextInput
            label={t('billing.prices.nameEn')}
            withAsterisk
            dir="ltr"
            {...form.inputProps('nameEn')}
            data-testid="service-name-en"
          />
          <Select
            label={t('billing.prices.visitReason')}
            description={t('billing.prices.visitReasonHint')}
            clearable
            data={VISIT_REASONS.map((r) => ({ value: r, label: t(`queue.examTypes.${r}`) }))}
            {...form.inputProps('visitReason')}
            data-testid="service-visit-reason"
          />
          <Select
            label={t('billing.prices.doctor')}
            description={t('billing.prices.doctorHint')}
            clearable
            searchable
            data={doctorOptions}
            {...form.inputProps('doctorId')}
            data-testid="service-doctor"
          />
          <MoneyInput
            currency="IQD"
            label={t('billing.prices.priceIqd')}
            withAsterisk
            value={form.values.priceIqd}
            onChange={(text) => form.set('priceIqd', text)}
            error={form.error('priceIqd')}
            data-testid="service-price-iqd"
          />
          <MoneyInput
            currency="USD"
            label={t('billing.prices.priceUsd')}
            description={t('billing.prices.priceUsdHint')}
            value={form.values.priceUsd}
            onChange={(text) => form.set('priceUsd', text)}
            error={form.error('priceUsd')}
            data-testid="service-price-usd"
          />
        </SimpleGrid>
        <Switch
          label={t('billing.prices.active')}
          {...form.inputProps('active', { type: 'checkbox' })}
          data-testid="service-active"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="service-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
