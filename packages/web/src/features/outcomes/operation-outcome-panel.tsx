import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EXAM_PERMISSIONS } from '@basira/shared/exams/exam-types';
import { OUTCOME_WINDOW_DAYS } from '@basira/shared/outcomes/outcomes.schemas';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { canAny } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { astigmatismText, refractionText, signedD } from './outcome-format.ts';
import { operationOutcomeQuery, useChooseOutcome } from './outcomes.queries.ts';

/**
 * The outcome of one operation (docs/outcomes.md §1): the spectacles records of the operated eye that could be
 * its postoperative refraction, the one linked (the earliest final one 3–12 weeks after, unless the surgeon chose
 * another), the predicted and achieved spherical equivalents, the prediction error and the SIA. Whoever may edit
 * operations links another record, or goes back to the default. Placed in the operation record's view.
 */
export function OperationOutcomePanel({ operationId }: { operationId: number }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const me = useMe();
  const mayChoose = canAny(me?.permissions, EXAM_PERMISSIONS.operation.edit);
  const outcome = useQuery(operationOutcomeQuery(operationId));
  const choose = useChooseOutcome(operationId);

  const pick = (spectaclesId: number | null) =>
    choose.mutate(spectaclesId, {
      onSuccess: () =>
        toastSuccess(
          spectaclesId === null ? t('outcomes.panel.defaultRestored') : t('outcomes.panel.chosen'),
        ),
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        toastError(t('outcomes.panel.chooseFailed'), errorMessage(translate, error));
      },
    });

  return (
    <Paper withBorder p="md" data-testid="operation-outcome-panel">
      <Title order={3} fz="h4" mb="sm">
        {t('outcomes.panel.title')}
      </Title>
      {outcome.error ? (
        <Alert color="red">{errorMessage(translate, outcome.error)}</Alert>
      ) : !outcome.data ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm">
          <Group gap="lg" data-testid="operation-outcome-figures">
            <Text size="sm">
              {t('outcomes.panel.predicted')}:{' '}
              <bdi dir="ltr">{signedD(outcome.data.predictedRefraction)} D</bdi>
            </Text>
            <Text size="sm">
              {t('outcomes.panel.achieved')}: <bdi dir="ltr">{signedD(outcome.data.achievedSE)} D</bdi>
            </Text>
            <Text size="sm" fw={700} data-testid="operation-outcome-error">
              {t('outcomes.panel.error')}: <bdi dir="ltr">{signedD(outcome.data.predictionError)} D</bdi>
            </Text>
            <Text size="sm">
              {t('outcomes.panel.sia')}: <bdi dir="ltr">{astigmatismText(outcome.data.sia)}</bdi>
            </Text>
          </Group>
          {outcome.data.candidates.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="operation-outcome-none">
              {t('outcomes.panel.noCandidates', {
                from: OUTCOME_WINDOW_DAYS.from / 7,
                to: OUTCOME_WINDOW_DAYS.to / 7,
              })}
            </Text>
          ) : (
            <Table data-testid="operation-outcome-candidates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('outcomes.panel.columns.date')}</Table.Th>
                  <Table.Th>{t('outcomes.panel.columns.daysAfter')}</Table.Th>
                  <Table.Th>{t('outcomes.panel.columns.refraction')}</Table.Th>
                  <Table.Th>{t('outcomes.panel.columns.acuity')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outcome.data.candidates.map((c) => {
                  const chosen =
                    outcome.data.chosen?.spectaclesId === c.spectaclesId ? outcome.data.chosen : null;
                  return (
                    <Table.Tr
                      key={c.spectaclesId}
                      data-testid="operation-outcome-candidate"
                      data-chosen={chosen ? chosen.by : undefined}
                      fw={chosen ? 700 : undefined}
                    >
                      <Table.Td>{format.date(c.date)}</Table.Td>
                      <Table.Td>
                        {c.daysAfter}{' '}
                        <Badge size="xs" variant="light" color={c.inWindow ? 'green' : 'gray'}>
                          {c.inWindow ? t('outcomes.panel.inWindow') : t('outcomes.panel.outWindow')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">{refractionText(c.sphere, c.cylinder, c.axis)}</bdi>
                        {!c.isFinal && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            ({t('outcomes.panel.notFinal')})
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">
                          {t('outcomes.panel.corrected')}: <bdi dir="ltr">{c.correctedAcuity ?? '—'}</bdi>
                        </Text>
                        <Text size="xs">
                          {t('outcomes.panel.uncorrected')}: <bdi dir="ltr">{c.uncorrectedAcuity ?? '—'}</bdi>
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {chosen ? (
                          <Badge
                            color={chosen.by === 'surgeon' ? 'blue' : 'teal'}
                            data-testid="operation-outcome-chosen"
                          >
                            {chosen.by === 'surgeon'
                              ? t('outcomes.panel.bySurgeon')
                              : t('outcomes.panel.byDefault')}
                          </Badge>
                        ) : (
                          mayChoose && (
                            <Button
                              size="compact-xs"
                              variant="light"
                              loading={choose.isPending && choose.variables === c.spectaclesId}
                              disabled={choose.isPending}
                              onClick={() => pick(c.spectaclesId)}
                              data-testid="operation-outcome-use"
                            >
                              {t('outcomes.panel.use')}
                            </Button>
                          )
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          {mayChoose && outcome.data.chosen?.by === 'surgeon' && (
            <Group>
              <Button
                size="compact-sm"
                variant="subtle"
                loading={choose.isPending && choose.variables === null}
                disabled={choose.isPending}
                onClick={() => pick(null)}
                data-testid="operation-outcome-default"
              >
                {t('outcomes.panel.backToDefault')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
