import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  EXEMPTION_CATEGORIES,
  type Charge,
  type ExemptionCategory,
} from '@basira/shared/money/billing.schemas';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useDiscount, useExempt } from './billing-desk.queries.ts';
import { MoneyText } from './money-text.tsx';
import { chargeName } from './charge-name.ts';
import { parseMoneyText } from '../../components/money-input.tsx';
import { percentOf } from './payment-lines.ts';
import { useMoneyLang } from './money-text.tsx';

export type AdjustKind = 'discount' | 'exemption';

const MIN_REASON = 2;

/**
 * A discount (an amount or a percent of what is due) or an exemption (all of it, with its category) on one
 * charge, with the reason the audit keeps. Over the role's limit the server refuses (403
 * billing.discount_over_limit) unless the user may give discounts: the form says so plainly.
 */
export function AdjustForm({
  charge,
  kind,
  onDone,
  onCancel,
}: {
  charge: Charge;
  kind: AdjustKind;
  /** After a change (made, or made impossible by someone else's): the charges are read again. */
  onDone: (outcome: 'saved' | 'stale') => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const lang = useMoneyLang();
  const discount = useDiscount();
  const exempt = useExempt();
  const [by, setBy] = useState<'amount' | 'percent'>('amount');
  const [value, setValue] = useState('');
  const [category, setCategory] = useState<ExemptionCategory | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const amount = by === 'amount' ? parseMoneyText(value, charge.currency) : null;
  const percent = by === 'percent' && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : null;
  const valueError =
    kind !== 'discount'
      ? null
      : by === 'amount'
        ? amount === null || amount < 1
          ? t('billingDesk.adjust.amountInvalid')
          : amount > charge.balance
            ? t('billingDesk.adjust.amountOver')
            : null
        : percent === null || percent < 1 || percent > 100
          ? t('billingDesk.adjust.percentInvalid')
          : null;
  const reasonError = reason.trim().length < MIN_REASON ? t('billingDesk.reasonRequired') : null;
  const categoryError = kind === 'exemption' && !category ? t('billingDesk.adjust.categoryRequired') : null;
  const pending = discount.isPending || exempt.isPending;

  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 'billing.discount_over_limit') {
      setFailure(t('billingDesk.adjust.overLimit'));
      return;
    }
    if (isApiError(error) && error.code === 'stale_version') {
      onDone('stale');
      return;
    }
    if (isApiError(error) && error.handled) return;
    setFailure(errorMessage(translate, error));
  };

  const submit = () => {
    setTried(true);
    setFailure(null);
    if (valueError || reasonError || categoryError || pending) return;
    const options = { onSuccess: () => onDone('saved'), onError };
    if (kind === 'discount')
      discount.mutate(
        {
          chargeId: charge.id,
          body: {
            version: charge.version,
            by,
            value: (by === 'amount' ? amount : percent) ?? 0,
            reason: reason.trim(),
          },
        },
        options,
      );
    else
      exempt.mutate(
        {
          chargeId: charge.id,
          body: { version: charge.version, category: category as ExemptionCategory, reason: reason.trim() },
        },
        options,
      );
  };

  const name = chargeName(charge, lang);
  return (
    <Stack gap="sm" data-testid={`adjust-${kind}`}>
      <Text fw={600}>
        {t(kind === 'discount' ? 'billingDesk.adjust.discountTitle' : 'billingDesk.adjust.exemptionTitle', {
          name,
        })}
      </Text>
      <Text size="sm">
        {t('billingDesk.balance')}:{' '}
        <MoneyText value={{ amount: charge.balance, currency: charge.currency }} />
      </Text>
      {kind === 'discount' ? (
        <>
          <SegmentedControl
            aria-label={t('billingDesk.adjust.by')}
            value={by}
            onChange={(v) => setBy(v as 'amount' | 'percent')}
            data={[
              { value: 'amount', label: t('billingDesk.adjust.byAmount') },
              { value: 'percent', label: t('billingDesk.adjust.byPercent') },
            ]}
          />
          <TextInput
            label={by === 'amount' ? t('billingDesk.adjust.amount') : t('billingDesk.adjust.percent')}
            inputMode="decimal"
            dir="ltr"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={tried ? valueError : null}
            description={
              percent !== null && percent >= 1 && percent <= 100 ? (
                <>
                  {t('billingDesk.adjust.percentComes')}{' '}
                  <MoneyText
                    value={{ amount: percentOf(charge.balance, percent), currency: charge.currency }}
                  />
                </>
              ) : undefined
            }
            data-autofocus
          />
        </>
      ) : (
        <Select
          label={t('billingDesk.adjust.category')}
          data={EXEMPTION_CATEGORIES.map((c) => ({ value: c, label: t(`billingDesk.categories.${c}`) }))}
          value={category}
          onChange={(v) => setCategory(v as ExemptionCategory | null)}
          error={tried ? categoryError : null}
          comboboxProps={{ withinPortal: false }}
        />
      )}
      <Textarea
        label={t('billingDesk.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={tried ? reasonError : null}
        maxLength={300}
        autosize
        minRows={2}
      />
      {failure && (
        <Alert color="red" role="alert" data-testid="adjust-failed">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={pending} color={kind === 'exemption' ? 'grape' : undefined}>
          {t(kind === 'discount' ? 'billingDesk.adjust.saveDiscount' : 'billingDesk.adjust.saveExemption')}
        </Button>
      </Group>
    </Stack>
  );
}
