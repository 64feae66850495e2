import { useMemo, useState } from 'react';
import { Badge, Button, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { BillingService } from '@basira/shared/money/billing.schemas';
import { IconEdit, IconPlus } from '../../components/icons.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { RowAction, RowActions } from '../../components/row-action.tsx';
import { pathTo } from '../../lib/routes.ts';
import { servicesQuery } from './billing.queries.ts';
import { MoneyView, useLang } from '../../components/money-view.tsx';
import { ServiceFormModal } from './service-form-modal.tsx';

/** /billing/prices: the price list, every service with its prices; add and edit in a dialog. */
export function PriceListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const services = useQuery(servicesQuery);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<BillingService | null | undefined>(undefined);

  const rows = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    if (!services.data || wanted === '') return services.data;
    return services.data.filter((s) =>
      [s.code, s.nameAr, s.nameEn, s.doctor?.name ?? ''].some((text) => text.toLowerCase().includes(wanted)),
    );
  }, [services.data, search]);

  return (
    <>
      <ListPage
        name="services"
        frame={{
          title: t('billing.prices.title'),
          actions: (
            <Button leftSection={<IconPlus />} onClick={() => setEditing(null)} data-testid="service-add">
              {t('billing.prices.add')}
            </Button>
          ),
        }}
        rows={rows}
        loading={services.isPending && !services.error}
        error={services.error}
        failureFallback={pathTo('dashboard')}
        search={{ label: t('billing.prices.search'), value: search, onChange: setSearch }}
        count={rows ? t('billing.prices.count', { count: rows.length }) : undefined}
        empty={t('billing.prices.empty')}
        columns={[
          t('billing.prices.code'),
          t('billing.prices.name'),
          t('billing.prices.kind'),
          t('billing.prices.visitReason'),
          t('billing.prices.doctor'),
          t('billing.prices.priceIqd'),
          t('billing.prices.priceUsd'),
          t('billing.prices.active'),
        ]}
        minWidth={720}
        renderRow={(service) => {
          const name = lang === 'ar' ? service.nameAr : service.nameEn;
          return (
            <Table.Tr key={service.id} data-testid="service-row">
              <Table.Td>
                <bdi dir="ltr">{service.code}</bdi>
              </Table.Td>
              <Table.Td>{name}</Table.Td>
              <Table.Td>{t(`billing.kind.${service.kind}`)}</Table.Td>
              <Table.Td>{service.visitReason ? t(`queue.examTypes.${service.visitReason}`) : '—'}</Table.Td>
              <Table.Td>{service.doctor?.name ?? t('billing.prices.everyDoctor')}</Table.Td>
              <Table.Td>
                <MoneyView amount={service.priceIqd} currency="IQD" />
              </Table.Td>
              <Table.Td>
                {service.priceUsd === null ? '—' : <MoneyView amount={service.priceUsd} currency="USD" />}
              </Table.Td>
              <Table.Td>
                <Badge color={service.active ? 'green' : 'gray'} variant="light">
                  {service.active ? t('billing.prices.activeYes') : t('billing.prices.activeNo')}
                </Badge>
              </Table.Td>
              <RowActions>
                <RowAction
                  label={t('common.edit')}
                  of={name}
                  icon={<IconEdit />}
                  onClick={() => setEditing(service)}
                  testId="service-edit"
                />
              </RowActions>
            </Table.Tr>
          );
        }}
      />
      <ServiceFormModal
        service={editing ?? null}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
