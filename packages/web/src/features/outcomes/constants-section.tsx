import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ConstantOptimisationRow } from '@basira/shared/outcomes/outcomes.schemas';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { can } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { plainD, signedD } from './outcome-format.ts';
import {
  constantsQuery,
  outcomeLensesQuery,
  outcomeSettingsQuery,
  useAcceptOptimisedConstant,
  useSaveOutcomeSettings,
  type AuditFilters,
} from './outcomes.queries.ts';

/** A lens constant as the lens list writes it (A constant 118.40, pACD 5.64, surgeon factor 1.85). */
export const constantText = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : '—';

/**
 * The constants learned from the outcomes, per lens and formula (docs/outcomes.md §3): the lens list's value, the
 * optimised one with its 95 % interval and what it does to the mean absolute error, or why none is offered.
 * Whoever manages the lens list accepts one (the old value goes to the lens's history).
 */
export function ConstantsSection({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const me = useMe();
  const manage = can(me?.permissions, 'manage iol lenses');
  const constants = useQuery(constantsQuery(filters));
  const lenses = useQuery(outcomeLensesQuery);
  const accept = useAcceptOptimisedConstant();

  const confirmAccept = (row: ConstantOptimisationRow) => {
    const lens = lenses.data?.find((l) => l.id === row.lensId);
    if (!row.optimised || !lens) return;
    const optimised = row.optimised.value;
    modals.openConfirmModal({
      title: t('outcomes.constants.acceptTitle'),
      children: (
        <Text size="sm" data-testid="outcomes-accept-text">
          {t('outcomes.constants.acceptText', {
            constant: t(`outcomes.constantNames.${row.constant}`),
            lens: row.lensModel,
            formula: t(`outcomes.formulas.${row.formula}`),
            old: `\u2066${constantText(row.current)}\u2069`,
            new: `\u2066${constantText(optimised)}\u2069`,
            eyes: row.optimised.n,
          })}
        </Text>
      ),
      labels: { confirm: t('outcomes.constants.acceptYes'), cancel: t('common.cancel') },
      confirmProps: { 'data-testid': 'confirm-yes' } as Record<string, unknown>,
      onConfirm: () =>
        accept.mutate(
          { lensId: row.lensId, formula: row.formula, version: lens.version },
          {
            onSuccess: () =>
              toastSuccess(
                t('outcomes.constants.accepted', {
                  lens: row.lensModel,
                  value: `\u2066${constantText(optimised)}\u2069`,
                }),
              ),
            onError: (error) => {
              if (isApiError(error) && error.handled) return;
              toastError(t('outcomes.constants.acceptFailed'), errorMessage(translate, error));
            },
          },
        ),
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('outcomes.constants.intro')}
      </Text>
      <MinimumEyesSetting manage={manage} />
      {constants.error ? (
        <Alert color="red" data-testid="outcomes-constants-error">
          {errorMessage(translate, constants.error)}
        </Alert>
      ) : !constants.data ? (
        <Loader />
      ) : constants.data.length === 0 ? (
        <Alert color="gray" data-testid="outcomes-constants-empty">
          {t('outcomes.constants.empty')}
        </Alert>
      ) : (
        <ScrollArea>
          <Table striped miw={900} data-testid="outcomes-constants">
            <Table.Thead>
              <Table.Tr>
                {(['lens', 'formula', 'current', 'eyes', 'optimised', 'interval', 'mae'] as const).map(
                  (c) => (
                    <Table.Th key={c}>{t(`outcomes.constants.columns.${c}`)}</Table.Th>
                  ),
                )}
                {manage && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {constants.data.map((row) => (
                <Table.Tr key={`${row.lensId}-${row.formula}`} data-testid="outcomes-constant-row">
                  <Table.Td>{row.lensModel}</Table.Td>
                  <Table.Td>
                    {t(`outcomes.formulas.${row.formula}`)}
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({t(`outcomes.constantNames.${row.constant}`)})
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <bdi dir="ltr">{constantText(row.current)}</bdi>
                  </Table.Td>
                  <Table.Td>
                    {row.optimised
                      ? t('outcomes.constants.eyesUsed', {
                          used: row.optimised.n,
                          excluded: row.optimised.excluded,
                        })
                      : t('outcomes.constants.eyesOf', { eyes: row.eyes, minimum: row.minimumEyes })}
                  </Table.Td>
                  {row.optimised ? (
                    <>
                      <Table.Td fw={700}>
                        <bdi dir="ltr">{constantText(row.optimised.value)}</bdi>
                      </Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">{`${constantText(row.optimised.confidenceInterval[0])} – ${constantText(row.optimised.confidenceInterval[1])}`}</bdi>
                      </Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">{`${plainD(row.optimised.meanAbsoluteErrorBefore)} → ${plainD(row.optimised.meanAbsoluteErrorAfter)} D`}</bdi>
                        <Text size="xs" c="dimmed">
                          {t('outcomes.constants.meanError')}{' '}
                          <bdi dir="ltr">{`${signedD(row.optimised.meanErrorBefore)} → ${signedD(row.optimised.meanErrorAfter)}`}</bdi>
                        </Text>
                      </Table.Td>
                    </>
                  ) : (
                    <Table.Td colSpan={3} c="dimmed" data-testid="outcomes-constant-refused">
                      {row.refused === 'noCurrentConstant'
                        ? t('outcomes.constants.refusedNoConstant')
                        : t('outcomes.constants.refusedTooFew', { eyes: row.eyes, minimum: row.minimumEyes })}
                    </Table.Td>
                  )}
                  {manage && (
                    <Table.Td>
                      {row.optimised && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => confirmAccept(row)}
                          disabled={!lenses.data?.some((l) => l.id === row.lensId) || accept.isPending}
                          data-testid="outcomes-accept"
                        >
                          {t('outcomes.constants.accept')}
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

/** The fewest eyes a constant is learned from: shown to all, changed by whoever manages the lens list. */
function MinimumEyesSetting({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const settings = useQuery(outcomeSettingsQuery);
  const save = useSaveOutcomeSettings();
  const [typed, setTyped] = useState<number | null>(null);
  if (!settings.data) return null;
  const value = typed ?? settings.data.minimumEyes;
  if (!manage)
    return (
      <Text size="sm" data-testid="outcomes-minimum-eyes">
        {t('outcomes.settings.minimumShown', { minimum: settings.data.minimumEyes })}
      </Text>
    );
  const submit = () =>
    save.mutate(
      { minimumEyes: value, version: settings.data.version },
      {
        onSuccess: () => {
          setTyped(null);
          toastSuccess(t('outcomes.settings.saved'));
        },
        onError: (error) => {
          if (isApiError(error) && error.handled) return;
          setTyped(null);
          toastError(t('outcomes.settings.saveFailed'), errorMessage(translate, error));
        },
      },
    );
  return (
    <Paper withBorder p="sm">
      <Title order={3} fz="h5" mb="xs">
        {t('outcomes.settings.title')}
      </Title>
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t('outcomes.settings.minimumEyes')}
          description={t('outcomes.settings.minimumHint')}
          min={10}
          max={500}
          step={1}
          allowDecimal={false}
          value={value}
          onChange={(v) => setTyped(typeof v === 'number' ? v : null)}
          maw={260}
          data-testid="outcomes-minimum-eyes-input"
        />
        <Button
          onClick={submit}
          loading={save.isPending}
          disabled={value === settings.data.minimumEyes || value < 10 || value > 500}
          data-testid="outcomes-minimum-eyes-save"
        >
          {t('common.save')}
        </Button>
      </Group>
    </Paper>
  );
}
