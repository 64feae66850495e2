import { Anchor, Card, Group, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { formatLeaf } from '@basira/shared/exams/field-format';
import type { Leaf } from '@basira/shared/exams/fields';
import { prescribedReading, rxFields } from '@basira/shared/exams/spectacles';
import type { PatientFile, SpectaclesRecord } from '@basira/shared/patients/patient-file.schemas';
import { useFormatters } from '../../../lib/format.ts';
import { pathTo } from '../../../lib/routes.ts';

type Eye = NonNullable<NonNullable<SpectaclesRecord['readings']>[number]['right']>;
const COLUMNS = ['sphere', 'cylinder', 'axis', 'add', 'prism', 'va'] as const;

/** The Rx the patient wears: the final reading of the latest spectacles record that has one, as written. */
export function LastRxCard({ rx, canOpen }: { rx: PatientFile['lastRx']; canOpen: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const reading = rx ? prescribedReading(rx.readings) : undefined;
  const cell = (column: (typeof COLUMNS)[number], eye: Eye | undefined) => {
    const value = eye?.[column];
    if (value == null) return '—';
    const text = formatLeaf(rxFields[column] as Leaf, value) || '—';
    // The prism with its base, as written on a prescription: 2.00 Δ up.
    return column === 'prism' && eye?.prismBase
      ? `${text} ${t('exams.units.prism')} ${t(`exams.values.${eye.prismBase}`)}`
      : text;
  };
  return (
    <Card withBorder padding="md" h="100%" data-testid="last-rx">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h4">
          {t('patientFile.lastRx')}
        </Title>
        {rx && (
          <Text size="sm" c="dimmed">
            {canOpen && rx.queueId !== null ? (
              <Anchor
                component={Link}
                to={pathTo('spectaclesUpdate', { patientId: rx.patientId, queueId: rx.queueId, id: rx.id })}
                size="sm"
              >
                {format.dateTime(rx.createdAt)}
              </Anchor>
            ) : (
              format.dateTime(rx.createdAt)
            )}
            {rx.createdBy ? ` · ${rx.createdBy.name}` : ''}
          </Text>
        )}
      </Group>
      {!rx || !reading ? (
        <Text size="sm" c="dimmed">
          {t('patientFile.noRx')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={380} dir="ltr">
            {/* Prescriptions read left to right in every language: the numbers are the clinician's notation. */}
            <Table withTableBorder withColumnBorders fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  {COLUMNS.map((column) => (
                    <Table.Th key={column}>{t(`exams.fields.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(['right', 'left'] as const).map((side) => (
                  <Table.Tr key={side} data-testid={`last-rx-${side}`}>
                    <Table.Th>{side === 'right' ? 'OD' : 'OS'}</Table.Th>
                    {COLUMNS.map((column) => (
                      <Table.Td key={column} ff="monospace">
                        {cell(column, reading[side])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group gap="lg" mt="xs">
            {rx.pd?.binocularDistance != null && (
              <Text size="sm">
                <Text span c="dimmed">
                  {t('exams.fields.pd')}:
                </Text>{' '}
                <bdi>
                  {rx.pd.binocularDistance}
                  {rx.pd.binocularNear != null ? ` / ${rx.pd.binocularNear}` : ''} {t('exams.units.mm')}
                </bdi>
              </Text>
            )}
            {rx.lens?.type && (
              <Text size="sm">
                <Text span c="dimmed">
                  {t('exams.fields.lens')}:
                </Text>{' '}
                {[rx.lens.type, rx.lens.material]
                  .flatMap((v) => (v ? [t(`exams.values.${v}`)] : []))
                  .join(t('common.listSeparator'))}
              </Text>
            )}
          </Group>
        </>
      )}
    </Card>
  );
}
