import type { ReactNode } from 'react';
import { Alert, Badge, Group, List, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { ltr } from '@basira/shared/clinical/ltr-text';
import { formatAxis, formatDiopters } from '@basira/shared/clinical/rounding';
import {
  AXIAL_LENGTH_DIFFERENCE_WARNING_MM,
  FORMULA_SPREAD_WARNING_D,
  IOL_FORMULAS,
  MEAN_K_DIFFERENCE_WARNING_D,
  type BiometryDerived,
  type BiometryEyeDerived,
  type BiometryWarning,
  type IolFormula,
} from '@basira/shared/exams/biometry';
import { KMAX_PROGRESSION_D } from '@basira/shared/exams/keratoconus';
import { ClinicalValue, formatClinicalValue, Ltr } from '../components/clinical-value.tsx';
import type { Columns } from './exam-extension.ts';

/**
 * What the server computed from a record (Hoffer Q, Holladay 1, SRK/T, LASIK safety, keratoconus progression), per eye: shown live by
 * the exam form as it is typed, and printed with the record's report. Each type's extension (biometry.tsx,
 * lasik.tsx, keratoconus.tsx) offers its own as `Results`.
 */
export type Sides<T> = { right?: T; left?: T } | null | undefined;
const SIDES = ['right', 'left'] as const;

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

export const FORMULA_NAMES: Record<IolFormula, string> = {
  hofferQ: 'Hoffer Q',
  holladay1: 'Holladay 1',
  srkt: 'SRK/T',
};

/** On paper the right eye is on the left, as everywhere on the page; each eye's lines keep their own direction. */
const eyeOrder = (compact?: boolean) => (compact ? { dir: 'ltr' } : {});
const eyeSide = (compact?: boolean) => (compact ? { dir: 'auto' } : {});

/** The lens of `options` whose predicted refraction is nearest the target. */
const closestTo = (options: LensOption[] | undefined, goal: number) =>
  options?.reduce<LensOption | null>(
    (best, o) =>
      !best || Math.abs(o.predictedRefraction - goal) < Math.abs(best.predictedRefraction - goal) ? o : best,
    null,
  );

/**
 * One eye's three formulas side by side (a column each, the recommended one marked): the power for emmetropia,
 * for the target, and the refraction each predicts with the chosen lens.
 */
function FormulaTable({
  side,
  eye,
  size,
}: {
  side: 'right' | 'left';
  eye: BiometryEyeDerived;
  size: 'xs' | 'sm';
}) {
  const { t, i18n } = useTranslation();
  const formulas = IOL_FORMULAS.filter((f) => eye[f]);
  const marked = (f: IolFormula) => f === eye.recommendedFormula;
  const chosen = eye.chosen;
  const rows: { key: string; label: ReactNode; value: (f: IolFormula) => ReactNode }[] = [
    {
      key: 'emmetropia',
      label: t('examForm.iolEmmetropia'),
      value: (f) => <ClinicalValue value={eye[f]?.emmetropicPower} kind="diopters" unit="D" />,
    },
    {
      key: 'power',
      label: t('examForm.iolForTarget'),
      value: (f) => <ClinicalValue value={eye[f]?.powerForTarget} kind="diopters" unit="D" />,
    },
    ...(chosen?.byFormula
      ? [
          {
            key: 'chosen',
            label: (
              <>
                {t('examForm.iolChosen')} <ClinicalValue value={chosen.power} kind="diopters" unit="D" />
              </>
            ),
            value: (f: IolFormula) => <ClinicalValue value={chosen.byFormula?.[f]} kind="diopters" />,
          },
        ]
      : []),
  ];
  const mark = (f: IolFormula) => ({
    'data-testid': `iol-${side}-${f}`,
    'data-recommended': marked(f) ? 'true' : undefined,
  });
  const cellProps = (f: IolFormula) => (marked(f) ? { fw: 700, bg: 'var(--mantine-color-blue-light)' } : {});
  return (
    <Table withTableBorder withColumnBorders fz={size} dir="ltr" data-testid={`iol-${side}-formulas`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          {formulas.map((f) => (
            <Table.Th key={f} ta="center" {...cellProps(f)} {...mark(f)}>
              {FORMULA_NAMES[f]}
              {marked(f) && (
                <Text component="div" size="xs" fw={700} c="blue" dir={i18n.dir()}>
                  {'✓ '}
                  {t('examForm.recommended')}
                </Text>
              )}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" dir={i18n.dir()} fw={500}>
              {row.label}
            </Table.Th>
            {formulas.map((f) => (
              <Table.Td key={f} ta="center" {...cellProps(f)} data-testid={`${f}-${side}-${row.key}`}>
                {row.value(f)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The constants Hoffer Q and Holladay 1 used, where they came from, and how far the formulas are apart. */
function ConstantsLine({
  side,
  eye,
  size,
  compact,
}: {
  side: 'right' | 'left';
  eye: BiometryEyeDerived;
  size: 'xs' | 'sm';
  /** On paper: the eye's short name first (one line for each eye under the shared table). */
  compact?: boolean | undefined;
}) {
  const { t } = useTranslation();
  if (eye.pACD === undefined && eye.surgeonFactor === undefined && eye.formulaSpread === undefined)
    return null;
  return (
    <Text
      size={size}
      {...(compact ? { fz: '0.8em', lh: 1.15 } : { c: 'dimmed' })}
      data-testid={`iol-${side}-constants`}
    >
      {compact && `${t(`exams.eyes.${side}Short`)}: `}
      <Ltr>
        {eye.pACD !== undefined && (
          <>
            pACD {formatClinicalValue(eye.pACD, 'plain', 2)} mm
            {eye.surgeonFactor !== undefined ? ' · ' : ''}
          </>
        )}
        {eye.surgeonFactor !== undefined && <>SF {formatClinicalValue(eye.surgeonFactor, 'plain', 2)} mm</>}
      </Ltr>
      {eye.constantsFrom && ` (${t(`examForm.constantsFrom.${eye.constantsFrom}`)})`}
      {eye.formulaSpread !== undefined && (
        <>
          {' · '}
          {t('examForm.formulaSpread')}: <ClinicalValue value={eye.formulaSpread} decimals={2} unit="D" />
        </>
      )}
    </Text>
  );
}

/** Mean K and corneal astigmatism: `K 43.63 D · Δ 0.75 D × 090`. */
const keratometry = (eye: BiometryEyeDerived) =>
  `K ${eye.meanK.toFixed(2)} D · Δ ${eye.cornealAstigmatism.toFixed(2)} D${
    eye.astigmatismAxis ? ` × ${formatAxis(eye.astigmatismAxis)}` : ''
  }`;

/** Each warning's limit as the text says it (the shared constants), isolated left to right inside Arabic. */
const WARNING_LIMITS: Record<BiometryWarning['code'], string> = {
  formulaSpread: `${FORMULA_SPREAD_WARNING_D} D`,
  axialLengthDifference: `${AXIAL_LENGTH_DIFFERENCE_WARNING_MM} mm`,
  meanKDifference: `${MEAN_K_DIFFERENCE_WARNING_D} D`,
};

/** The record's warnings (formulas apart, eyes unlike each other), in the form and on paper. */
function BiometryWarnings({ warnings, compact }: { warnings: BiometryWarning[]; compact?: boolean }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  const text = (w: BiometryWarning) =>
    t(`examForm.iolWarnings.${w.code}`, {
      eye: w.eye ? t(`exams.eyes.${w.eye}`) : '',
      limit: ltr(WARNING_LIMITS[w.code]),
    });
  const unitOf = (w: BiometryWarning) => (w.code === 'axialLengthDifference' ? 'mm' : 'D');
  const items = warnings.map((w, i) => (
    <List.Item key={i} data-testid={`biometry-warning-${w.code}`}>
      {text(w)}: <ClinicalValue value={w.value} decimals={2} unit={unitOf(w)} />
    </List.Item>
  ));
  return compact ? (
    <div data-testid="biometry-warnings" style={{ fontSize: '0.8em', lineHeight: 1.15 }}>
      <strong>{t('examForm.iolWarningsTitle')}:</strong>{' '}
      {warnings.map((w, i) => (
        <span key={i} data-testid={`biometry-warning-${w.code}`}>
          {i > 0 && ' · '}
          {text(w)}: <ClinicalValue value={w.value} decimals={2} unit={unitOf(w)} />
        </span>
      ))}
    </div>
  ) : (
    <Alert
      color="orange"
      role="alert"
      title={t('examForm.iolWarningsTitle')}
      mt="sm"
      data-testid="biometry-warnings"
    >
      <List size="sm">{items}</List>
    </Alert>
  );
}

/**
 * On paper (A5 holds the whole report with its signatures): one table for both eyes, in the page's eye order,
 * a formula a row (mean K is left to the screen: K1 and K2 are printed above); per eye the power for emmetropia, for the target and the refraction
 * each formula predicts with the chosen lens; the recommended formula's cells bold with a ✓. Under it each eye's
 * constants and spread, then the warnings.
 */
function BiometryPrintResults({ derived }: { derived: BiometryDerived | null | undefined }) {
  const { t, i18n } = useTranslation();
  const chosen = SIDES.some((side) => derived?.[side]?.chosen?.byFormula);
  const pad = { paddingInline: '1mm', paddingBlock: 0 } as const;
  const cell = { ...pad, whiteSpace: 'nowrap' } as const;
  const columns = (side: 'right' | 'left') => {
    const eye = derived?.[side];
    // An eye without a result keeps one narrow column of dashes.
    if (!IOL_FORMULAS.some((f) => eye?.[f])) return [{ key: 'none', label: '', value: () => undefined }];
    return [
      {
        key: 'emmetropia',
        label: t('examForm.iolEmmetropia'),
        value: (f: IolFormula) => eye?.[f]?.emmetropicPower,
      },
      { key: 'power', label: t('examForm.iolForTarget'), value: (f: IolFormula) => eye?.[f]?.powerForTarget },
      ...(chosen
        ? [
            {
              key: 'chosen',
              label: eye?.chosen ? (
                <>
                  IOL <ClinicalValue value={eye.chosen.power} kind="diopters" unit="D" />
                </>
              ) : (
                'IOL'
              ),
              value: (f: IolFormula) => eye?.chosen?.byFormula?.[f],
            },
          ]
        : []),
    ];
  };
  return (
    <div>
      <table
        className="print-table"
        dir="ltr"
        style={{ fontSize: '0.8em', lineHeight: 1, marginBlock: 0 }}
        data-testid="iol-formulas"
      >
        {/* Numbers and formula names fit a line height of 1; the Arabic labels of the head need more. */}
        <thead style={{ lineHeight: 1.4 }}>
          <tr>
            <th style={cell} />
            {SIDES.map((side) => (
              <th
                key={side}
                colSpan={columns(side).length}
                dir={i18n.dir()}
                style={pad}
                data-testid={`srkt-${side}`}
              >
                {t(`exams.eyes.${side}`)}
              </th>
            ))}
          </tr>
          <tr>
            <th dir={i18n.dir()} style={{ ...cell, fontWeight: 400 }}>
              {'✓ '}
              {t('examForm.recommended')}
            </th>
            {SIDES.flatMap((side) =>
              columns(side).map((c) => (
                <th key={`${side}-${c.key}`} dir={i18n.dir()} style={pad}>
                  {c.label}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {IOL_FORMULAS.map((f) => (
            <tr key={f}>
              <th scope="row" style={cell}>
                {FORMULA_NAMES[f]}
              </th>
              {SIDES.flatMap((side) => {
                const marked = derived?.[side]?.recommendedFormula === f && derived[side][f] !== undefined;
                return columns(side).map((c) => (
                  <td
                    key={`${side}-${c.key}`}
                    style={{ ...cell, fontWeight: marked ? 700 : undefined }}
                    data-testid={`${f}-${side}-${c.key}`}
                    data-recommended={marked ? 'true' : undefined}
                  >
                    {c.value(f) === undefined ? (
                      '—'
                    ) : (
                      <ClinicalValue
                        value={c.value(f)}
                        kind="diopters"
                        unit={c.key === 'chosen' ? undefined : 'D'}
                      />
                    )}
                    {marked && c.key === 'power' ? ' ✓' : ''}
                  </td>
                ));
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {SIDES.map((side) => {
        const eye = derived?.[side];
        return eye ? <ConstantsLine key={side} side={side} eye={eye} size="xs" compact /> : null;
      })}
      <BiometryWarnings warnings={derived?.warnings ?? []} compact />
    </div>
  );
}

/**
 * Hoffer Q, Holladay 1 and SRK/T per eye side by side, the recommended formula for the axial length marked; in the
 * form also the recommended formula's powers on the 0.5 D grid with their predicted refraction, the closest to
 * the target marked; then the warnings.
 */
export function BiometryResults({
  derived,
  targets,
  cols,
  compact,
}: Omit<ResultProps<unknown>, 'derived'> & { derived: BiometryDerived | null | undefined }) {
  const size = compact ? 'xs' : 'sm';
  const { t } = useTranslation();
  if (compact) return <BiometryPrintResults derived={derived} />;
  return (
    <>
      <SimpleGrid cols={cols} {...eyeOrder(compact)}>
        {SIDES.map((side) => {
          const eye = derived?.[side];
          const goal = targets?.[side] ?? 0;
          const formula = eye?.recommendedFormula;
          const listed = formula && eye[formula] ? formula : IOL_FORMULAS.find((f) => eye?.[f]);
          const options = listed ? eye?.[listed]?.options : undefined;
          const closest = closestTo(options, goal);
          const anyFormula = IOL_FORMULAS.some((f) => eye?.[f]);
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
                    {keratometry(eye)}
                  </Text>
                  {anyFormula ? (
                    <>
                      <FormulaTable side={side} eye={eye} size={size} />
                      <ConstantsLine side={side} eye={eye} size={size} compact={compact} />
                      {listed && options && (
                        <>
                          <Text size={size} fw={500} mt={4}>
                            {t('examForm.lensOptionsBy', { formula: FORMULA_NAMES[listed] })}
                          </Text>
                          <Table
                            withTableBorder
                            striped
                            fz={size}
                            dir="ltr"
                            data-testid={`iol-${side}-options`}
                          >
                            <Table.Thead>
                              <Table.Tr>
                                <Table.Th>{t('examForm.iolPower')}</Table.Th>
                                <Table.Th>{t('examForm.predicted')}</Table.Th>
                              </Table.Tr>
                            </Table.Thead>
                            <Table.Tbody>
                              {options.map((o) => (
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
      <BiometryWarnings warnings={derived?.warnings ?? []} compact={compact} />
    </>
  );
}

export interface LasikEye {
  meanK?: number;
  residualStromalBed?: number;
  percentTissueAltered?: number;
  lowResidualBed?: boolean;
  highTissueAltered?: boolean;
}

export function LasikResults({ derived, cols, compact }: ResultProps<LasikEye>) {
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

export interface KeratoconusEye {
  meanK?: number;
  kmaxChange?: number;
  thinnestChange?: number;
}

export function KeratoconusResults({ derived, cols, compact }: ResultProps<KeratoconusEye>) {
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
