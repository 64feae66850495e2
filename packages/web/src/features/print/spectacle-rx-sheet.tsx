import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { nearRx } from '@basira/shared/clinical/refraction';
import { formatAxis, formatDiopters } from '@basira/shared/clinical/rounding';
import type { ValuesOf } from '@basira/shared/exams/fields';
import { prescribedReading, type spectacles } from '@basira/shared/exams/spectacles';
import type { ZeroStyle } from '@basira/shared/print/print-settings.schemas';

/** The spectacles record's field values (ExamData of the definition, read from its fields). */
export type SpectaclesData = ValuesOf<(typeof spectacles)['fields']>;
type Reading = NonNullable<SpectaclesData['readings']>[number];
type Eye = NonNullable<Reading['right']>;

const SIDES = ['right', 'left'] as const;
const EMPTY = '—';

/** One eye's row of the table: sphere, cylinder, axis, prism, base, as an optician reads them. */
interface RxRow {
  sphere: string;
  cylinder: string;
  axis: string;
  prism: string;
  base: string;
}

function rowOf(
  eye: Eye | undefined,
  plano: boolean,
  baseText: (base: string) => string,
  add?: number | null,
): RxRow | null {
  if (!eye || eye.sphere == null) return null;
  const cylinder = eye.cylinder ?? 0;
  const axis = eye.axis ?? 180;
  // Near: the add on the sphere, the same cylinder and axis (clinical/refraction nearRx).
  const rx =
    add != null
      ? nearRx({ sphere: eye.sphere, cylinder, axis }, add)
      : { sphere: eye.sphere, cylinder, axis };
  return {
    sphere: formatDiopters(rx.sphere, { plano }),
    // Plano names a zero sphere only; a zero cylinder is a spherical lens, written DS.
    cylinder: eye.cylinder == null ? EMPTY : formatCylinder(rx.cylinder, plano),
    axis: rx.cylinder !== 0 ? formatAxis(rx.axis) : EMPTY,
    prism: eye.prism ? eye.prism.toFixed(2) : EMPTY,
    base: eye.prism && eye.prismBase ? baseText(eye.prismBase) : EMPTY,
  };
}

/** A cylinder as the Rx column shows it: `DS` for zero in the Plano style (`0.00` in the zeros style), else signed. */
export function formatCylinder(cylinder: number, plano: boolean): string {
  const text = formatDiopters(cylinder);
  return text === '0.00' && plano ? 'DS' : text;
}

const COLUMNS = ['sphere', 'cylinder', 'axis', 'prism', 'base'] as const;

/**
 * The body of a spectacle prescription: the prescribed reading (the one marked final, else the latest subjective)
 * as a table that is always left to right, the right eye (OD) on the left as opticians write it, even on an Arabic
 * page whose labels are Arabic; distance and near rows (near = sphere + add) with the add between them; then PD,
 * lenses, acuity and notes.
 */
export function SpectacleRxSheet(props: { data: SpectaclesData; zeroAs: ZeroStyle }) {
  const { data, zeroAs } = props;
  const { t, i18n } = useTranslation();
  const plano = zeroAs === 'plano';
  const reading = prescribedReading(data.readings);
  const baseText = (base: string) => t(`print.rx.bases.${base}`);
  const value = (v: string) => t(`exams.values.${v}`);

  const distance = SIDES.map((side) => rowOf(reading?.[side], plano, baseText));
  const adds = SIDES.map((side) => reading?.[side]?.add ?? null);
  const hasAdd = adds.some((add) => add != null);
  const near = SIDES.map((side, i) =>
    adds[i] != null ? rowOf(reading?.[side], plano, baseText, adds[i]) : null,
  );

  const rowCells = (row: RxRow | null, side: (typeof SIDES)[number]) =>
    COLUMNS.map((column, i) => (
      <td
        key={`${side}-${column}`}
        className={side === 'left' && i === 0 ? 'print-rx-divide' : undefined}
        data-testid={`rx-${side}-${column}`}
      >
        {row?.[column] ?? EMPTY}
      </td>
    ));

  const pd = data.pd;
  const mm = (n: number | null | undefined) =>
    n == null ? null : `${n % 1 ? n.toFixed(1) : n} ${t('exams.units.mm')}`;
  const pdParts: ReactNode[] = [];
  if (pd?.binocularDistance != null || pd?.binocularNear != null)
    pdParts.push(
      <span key="bin">
        <span className="print-label">{t('print.rx.pdBinocular')}: </span>
        <bdi dir="ltr">
          {mm(pd?.binocularDistance) ?? EMPTY} / {mm(pd?.binocularNear) ?? EMPTY}
        </bdi>
      </span>,
    );
  for (const side of SIDES) {
    const mono = pd?.monocular?.[side];
    if (mono?.distance == null && mono?.near == null) continue;
    pdParts.push(
      <span key={side}>
        <span className="print-label">{t(`print.rx.pdMonocular.${side}`)}: </span>
        <bdi dir="ltr">
          {mm(mono?.distance) ?? EMPTY} / {mm(mono?.near) ?? EMPTY}
        </bdi>
      </span>,
    );
  }

  const lens = data.lens;
  const lensParts = [
    lens?.type ? value(lens.type) : null,
    lens?.material ? value(lens.material) : null,
    ...(lens?.treatments ?? []).map(value),
  ].filter((part): part is string => !!part);

  const vaParts = SIDES.flatMap((side) => {
    const va = reading?.[side]?.va?.text;
    return va ? [{ side, va }] : [];
  });
  const notes = [
    ...SIDES.flatMap((side) => {
      const note = data.notes?.[side]?.note;
      return note ? [{ key: side, label: t(`exams.eyes.${side}`), text: note }] : [];
    }),
    ...(data.note ? [{ key: 'note', label: t('exams.fields.note'), text: data.note }] : []),
  ];

  return (
    <div data-testid="rx-sheet">
      {reading ? (
        <p className="print-rx-meta" data-testid="rx-reading">
          <span className="print-label">{t('print.rx.from')}: </span>
          {reading.kind ? value(reading.kind) : t('print.rx.reading')}
          {reading.isFinal ? ` · ${t('print.rx.final')}` : ''}
        </p>
      ) : (
        <p className="print-rx-meta" data-testid="rx-none">
          {t('print.rx.none')}
        </p>
      )}

      <table className="print-table print-rx-table" dir="ltr" data-testid="rx-table">
        <thead>
          <tr>
            <th rowSpan={2} className="print-rx-label" />
            {SIDES.map((side) => (
              <th
                key={side}
                colSpan={COLUMNS.length}
                className={side === 'left' ? 'print-rx-divide' : undefined}
                data-testid={`rx-head-${side}`}
              >
                {t(`exams.eyes.${side}`)}
              </th>
            ))}
          </tr>
          <tr>
            {SIDES.flatMap((side) =>
              COLUMNS.map((column, i) => (
                <th
                  key={`${side}-${column}`}
                  className={side === 'left' && i === 0 ? 'print-rx-divide' : undefined}
                >
                  {t(`print.rx.columns.${column}`)}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          <tr data-testid="rx-row-distance">
            <th scope="row" dir={i18n.dir()}>
              {t('print.rx.distance')}
            </th>
            {SIDES.flatMap((side, i) => rowCells(distance[i] ?? null, side))}
          </tr>
          {hasAdd && (
            <>
              <tr data-testid="rx-row-add">
                <th scope="row" dir={i18n.dir()}>
                  {t('print.rx.add')}
                </th>
                {SIDES.map((side, i) => (
                  <td
                    key={side}
                    colSpan={COLUMNS.length}
                    className={side === 'left' ? 'print-rx-divide' : undefined}
                    data-testid={`rx-${side}-add`}
                  >
                    {adds[i] != null ? formatDiopters(adds[i]) : EMPTY}
                  </td>
                ))}
              </tr>
              <tr data-testid="rx-row-near">
                <th scope="row" dir={i18n.dir()}>
                  {t('print.rx.near')}
                </th>
                {SIDES.flatMap((side, i) => rowCells(near[i] ?? null, side))}
              </tr>
            </>
          )}
        </tbody>
      </table>

      {(pdParts.length > 0 || vaParts.length > 0 || lensParts.length > 0 || lens?.vertexDistance != null) && (
        <div className="print-section" style={{ marginBlockStart: '2mm' }}>
          {pdParts.length > 0 && (
            <div className="print-pairs" data-testid="rx-pd">
              <strong>{t('print.rx.pd')}</strong>
              {pdParts}
            </div>
          )}
          {vaParts.length > 0 && (
            <div className="print-pairs" data-testid="rx-va">
              <strong>{t('print.rx.va')}</strong>
              {vaParts.map(({ side, va }) => (
                <span key={side}>
                  <span className="print-label">{t(`exams.eyes.${side}Short`)}: </span>
                  <bdi dir="ltr">{va}</bdi>
                </span>
              ))}
            </div>
          )}
          {(lensParts.length > 0 || lens?.vertexDistance != null) && (
            <div className="print-pairs" data-testid="rx-lens">
              <strong>{t('print.rx.lens')}</strong>
              {lensParts.length > 0 && <span>{lensParts.join(t('common.listSeparator'))}</span>}
              {lens?.vertexDistance != null && (
                <span>
                  <span className="print-label">{t('exams.fields.vertexDistance')}: </span>
                  <bdi dir="ltr">{mm(lens.vertexDistance)}</bdi>
                </span>
              )}
            </div>
          )}
        </div>
      )}

      {notes.length > 0 && (
        <div className="print-section" data-testid="rx-notes">
          <h2 className="print-section-title">{t('print.rx.notes')}</h2>
          {notes.map((note) => (
            <p key={note.key} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              <span className="print-label">{note.label}: </span>
              <bdi>{note.text}</bdi>
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
