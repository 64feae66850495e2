import type { ReactNode } from 'react';
import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAxis, formatDiopters } from '@basira/shared/clinical/rounding';
import { KMAX_PROGRESSION_D } from '@basira/shared/exams/keratoconus';
import type { ExamType } from '@basira/shared/exams/exam-types';

/**
 * What the server computed from a record (SRK/T, LASIK safety, keratoconus progression), per eye: shown live by
 * the exam form as it is typed, and printed with the record's report.
 */
type Sides<T> = { right?: T; left?: T } | null | undefined;
const SIDES = ['right', 'left'] as const;
type Columns = number | Record<string, number>;

interface ResultProps<T> {
  derived: Sides<T>;
  /** Biometry: each eye's target refraction (the closest lens power is marked). */
  targets?: { right?: number | null; left?: number | null } | undefined;
  cols: Columns;
  /** Print: smaller type, the powers without the table of lenses around them. */
  compact?: boolean;
}

interface LensOption {
  power: number;
  predictedRefraction: number;
}
interface BiometryEye {
  meanK: number;
  cornealAstigmatism: number;
  astigmatismAxis: number | null;
  srkt?: { emmetropicPower: number; powerForTarget: number; options: LensOption[] };
}

/** On paper the right eye is on the left, as everywhere on the page; each eye's lines keep their own direction. */
const eyeOrder = (compact?: boolean) => (compact ? { dir: 'ltr' } : {});
const eyeSide = (compact?: boolean) => (compact ? { dir: 'auto' } : {});

/** SRK/T per eye: the powers on the 0.5 D grid with their predicted refraction, the closest to the target marked. */
function BiometryResults({ derived, targets, cols, compact }: ResultProps<BiometryEye>) {
  const size = compact ? 'xs' : 'sm';
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={cols} {...eyeOrder(compact)}>
      {SIDES.map((side) => {
        const eye = derived?.[side];
        const goal = targets?.[side] ?? 0;
        const closest = eye?.srkt?.options.reduce<LensOption | null>(
          (best, o) =>
            !best || Math.abs(o.predictedRefraction - goal) < Math.abs(best.predictedRefraction - goal)
              ? o
              : best,
          null,
        );
        return (
          <Stack key={side} gap={4} {...eyeSide(compact)} data-testid={`srkt-${side}`}>
            <Text fw={700} size={size}>
              {t(`exams.eyes.${side}`)}
            </Text>
            {!eye ? (
              <Text size={size} c="dimmed">
                {t('examForm.biometryNeeds')}
              </Text>
            ) : (
              <>
                <Text size={size} dir="ltr">
                  K {eye.meanK.toFixed(2)} D · Δ {eye.cornealAstigmatism.toFixed(2)} D
                  {eye.astigmatismAxis ? ` × ${formatAxis(eye.astigmatismAxis)}` : ''}
                </Text>
                {eye.srkt ? (
                  <>
                    <Text size={size} data-testid={`srkt-${side}-power`}>
                      SRK/T · {t('examForm.emmetropia')}: <bdi>{eye.srkt.emmetropicPower.toFixed(2)} D</bdi> ·{' '}
                      {t('examForm.forTarget')}: <bdi>{eye.srkt.powerForTarget.toFixed(2)} D</bdi>
                    </Text>
                    {!compact && (
                      <Table withTableBorder striped fz={size} dir="ltr" data-testid={`srkt-${side}-options`}>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{t('examForm.iolPower')}</Table.Th>
                            <Table.Th>{t('examForm.predicted')}</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {eye.srkt.options.map((o) => (
                            <Table.Tr
                              key={o.power}
                              fw={o === closest ? 700 : undefined}
                              bg={o === closest ? 'var(--mantine-color-blue-light)' : undefined}
                            >
                              <Table.Td>{formatDiopters(o.power)}</Table.Td>
                              <Table.Td>{formatDiopters(o.predictedRefraction)}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    )}
                  </>
                ) : (
                  <Text size={size} c="dimmed">
                    {t('examForm.biometryNeeds')}
                  </Text>
                )}
              </>
            )}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

interface LasikEye {
  meanK?: number;
  residualStromalBed?: number;
  percentTissueAltered?: number;
  lowResidualBed?: boolean;
  highTissueAltered?: boolean;
}

function LasikResults({ derived, cols, compact }: ResultProps<LasikEye>) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={cols} {...eyeOrder(compact)}>
      {SIDES.map((side) => {
        const eye = derived?.[side];
        return (
          <Stack key={side} gap={4} {...eyeSide(compact)} data-testid={`lasik-${side}`}>
            <Text fw={700} size="sm">
              {t(`exams.eyes.${side}`)}
            </Text>
            {eye?.meanK !== undefined && (
              <Text size="sm" dir="ltr">
                K {eye.meanK.toFixed(2)} D
              </Text>
            )}
            {eye?.residualStromalBed !== undefined ? (
              <Group gap="xs">
                <Text size="sm" dir="ltr">
                  RSB {Math.round(eye.residualStromalBed)} µm · PTA {eye.percentTissueAltered?.toFixed(1)} %
                </Text>
                {eye.lowResidualBed && <Badge color="red">{t('examForm.lowRsb')}</Badge>}
                {eye.highTissueAltered && <Badge color="red">{t('examForm.highPta')}</Badge>}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('examForm.lasikNeeds')}
              </Text>
            )}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

interface KeratoconusEye {
  meanK?: number;
  kmaxChange?: number;
  thinnestChange?: number;
}

function KeratoconusResults({ derived, cols, compact }: ResultProps<KeratoconusEye>) {
  const { t } = useTranslation();
  const signed = (n: number, digits: number) => `${n >= 0 ? '+' : ''}${n.toFixed(digits)}`;
  return (
    <SimpleGrid cols={cols} {...eyeOrder(compact)}>
      {SIDES.map((side) => {
        const eye = derived?.[side];
        return (
          <Stack key={side} gap={4} {...eyeSide(compact)}>
            <Text fw={700} size="sm">
              {t(`exams.eyes.${side}`)}
            </Text>
            {eye?.meanK !== undefined && (
              <Text size="sm" dir="ltr">
                K {eye.meanK.toFixed(2)} D
              </Text>
            )}
            {eye?.kmaxChange !== undefined && (
              <Group gap="xs">
                <Text size="sm" dir="ltr">
                  ΔKmax {signed(eye.kmaxChange, 2)} D
                  {eye.thinnestChange !== undefined ? ` · Δ ${signed(eye.thinnestChange, 0)} µm` : ''}
                </Text>
                {eye.kmaxChange >= KMAX_PROGRESSION_D && (
                  <Badge color="red">{t('examForm.progression')}</Badge>
                )}
              </Group>
            )}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

/** The types whose records carry computed results. */
export const TYPES_WITH_RESULTS: readonly ExamType[] = ['biometry', 'lasik', 'keratoconus'];

/** The type's computed results, or null for a type that has none. */
export function ExamResults({
  type,
  derived,
  targets,
  cols = { base: 1, md: 2 },
  compact = false,
}: {
  type: ExamType;
  derived: unknown;
  targets?: ResultProps<unknown>['targets'];
  cols?: Columns;
  compact?: boolean;
}): ReactNode {
  switch (type) {
    case 'biometry':
      return (
        <BiometryResults
          derived={derived as Sides<BiometryEye>}
          targets={targets}
          cols={cols}
          compact={compact}
        />
      );
    case 'lasik':
      return <LasikResults derived={derived as Sides<LasikEye>} cols={cols} compact={compact} />;
    case 'keratoconus':
      return <KeratoconusResults derived={derived as Sides<KeratoconusEye>} cols={cols} compact={compact} />;
    default:
      return null;
  }
}
