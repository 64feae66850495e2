import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAxis, formatDiopters, roundToStep } from '@basira/shared/clinical/rounding';
import { sphericalEquivalent, transpose } from '@basira/shared/clinical/refraction';
import { KMAX_PROGRESSION_D } from '@basira/shared/exams/keratoconus';
import type { ExamType } from '@basira/shared/exams/exam-types';
import { useExamForm } from './exam-form-context.ts';
import type { ItemExtras } from './exam-fields.tsx';

type Sides<T> = { right?: T; left?: T } | null | undefined;
const SIDES = ['right', 'left'] as const;

/**
 * A spectacles reading: each eye's spherical equivalent, live, and the plus/minus cylinder transposition of both
 * eyes on one button (clinical-optics.md §3.1, §3.2).
 */
function ReadingExtras({ path }: { path: string }) {
  const { t } = useTranslation();
  const form = useExamForm();
  const eye = (side: 'right' | 'left') => {
    const sphere = form.getValue(`${path}.${side}.sphere`);
    const cylinder = form.getValue(`${path}.${side}.cylinder`);
    return typeof sphere === 'number'
      ? { sphere, cylinder: typeof cylinder === 'number' ? cylinder : 0 }
      : null;
  };
  const se = SIDES.map((side) => {
    const rx = eye(side);
    // Shown to the quarter dioptre, ties away from zero (clinical-optics.md decisions); stored unrounded.
    const se = rx ? roundToStep(sphericalEquivalent(rx.sphere, rx.cylinder)) : null;
    return se === null ? null : `${t(`exams.eyes.${side}Short`)} ${formatDiopters(se)}`;
  }).filter(Boolean);
  const transposeBoth = () => {
    for (const side of SIDES) {
      const rx = eye(side);
      if (!rx || !rx.cylinder) continue;
      const axis = form.getValue(`${path}.${side}.axis`);
      const next = transpose({ ...rx, axis: typeof axis === 'number' ? axis : 180 });
      form.setValue(`${path}.${side}.sphere`, next.sphere);
      form.setValue(`${path}.${side}.cylinder`, next.cylinder);
      form.setValue(`${path}.${side}.axis`, next.axis);
    }
  };
  return (
    <Group gap="xs">
      {se.length > 0 && (
        <Text size="sm" c="dimmed" dir="ltr" data-testid="exam-se">
          {t('examForm.se')}: {se.join(' · ')}
        </Text>
      )}
      {!form.readOnly && (
        <Button size="compact-xs" variant="default" onClick={transposeBoth} data-testid="exam-transpose">
          {t('examForm.transpose')}
        </Button>
      )}
    </Group>
  );
}

export const ITEM_EXTRAS: ItemExtras = { 'spectacles.readings': ReadingExtras };

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

/** SRK/T per eye as the form is typed: the powers on the 0.5 D grid with their predicted refraction. */
function BiometryResults({ derived }: { derived: Sides<BiometryEye> }) {
  const { t } = useTranslation();
  const form = useExamForm();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {SIDES.map((side) => {
        const eye = derived?.[side];
        const target = form.getValue(`lens.${side}.targetRefraction`);
        const goal = typeof target === 'number' ? target : 0;
        const closest = eye?.srkt?.options.reduce<LensOption | null>(
          (best, o) =>
            !best || Math.abs(o.predictedRefraction - goal) < Math.abs(best.predictedRefraction - goal)
              ? o
              : best,
          null,
        );
        return (
          <Stack key={side} gap={4} data-testid={`srkt-${side}`}>
            <Text fw={700} size="sm">
              {t(`exams.eyes.${side}`)}
            </Text>
            {!eye ? (
              <Text size="sm" c="dimmed">
                {t('examForm.biometryNeeds')}
              </Text>
            ) : (
              <>
                <Text size="sm" dir="ltr">
                  K {eye.meanK.toFixed(2)} D · Δ {eye.cornealAstigmatism.toFixed(2)} D
                  {eye.astigmatismAxis ? ` × ${formatAxis(eye.astigmatismAxis)}` : ''}
                </Text>
                {eye.srkt ? (
                  <>
                    <Text size="sm" data-testid={`srkt-${side}-power`}>
                      SRK/T · {t('examForm.emmetropia')}: <bdi>{eye.srkt.emmetropicPower.toFixed(2)} D</bdi> ·{' '}
                      {t('examForm.forTarget')}: <bdi>{eye.srkt.powerForTarget.toFixed(2)} D</bdi>
                    </Text>
                    <Table withTableBorder striped fz="sm" dir="ltr" data-testid={`srkt-${side}-options`}>
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
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
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

function LasikResults({ derived }: { derived: Sides<LasikEye> }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {SIDES.map((side) => {
        const eye = derived?.[side];
        return (
          <Stack key={side} gap={4} data-testid={`lasik-${side}`}>
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

function KeratoconusResults({ derived }: { derived: Sides<KeratoconusEye> }) {
  const { t } = useTranslation();
  const signed = (n: number, digits: number) => `${n >= 0 ? '+' : ''}${n.toFixed(digits)}`;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {SIDES.map((side) => {
        const eye = derived?.[side];
        return (
          <Stack key={side} gap={4}>
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

/** What the server computes from the record, computed here live as it is typed (the same shared functions). */
export function DerivedPanel({ type, derived }: { type: ExamType; derived: unknown }) {
  const { t } = useTranslation();
  const view =
    type === 'biometry' ? (
      <BiometryResults derived={derived as Sides<BiometryEye>} />
    ) : type === 'lasik' ? (
      <LasikResults derived={derived as Sides<LasikEye>} />
    ) : type === 'keratoconus' ? (
      <KeratoconusResults derived={derived as Sides<KeratoconusEye>} />
    ) : null;
  if (!view) return null;
  return (
    <Card withBorder padding="md" data-testid="exam-derived">
      <Title order={2} fz="h5" mb="sm">
        {t('examForm.calculated')}
      </Title>
      {view}
    </Card>
  );
}
