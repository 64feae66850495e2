import { Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  astigmatismText,
  axisLabelPosition,
  plainD,
  histogramLayout,
  plotRadius,
  ringsOf,
  toPlot,
  type HistogramInputBin,
} from './outcome-format.ts';

const WIDTH = 640;
const HEIGHT = 256;
const PLOT = { x: 36, y: 16, width: WIDTH - 52, height: HEIGHT - 76 };

/**
 * The prediction errors' histogram, our own SVG (the bins come from the server's `errorHistogram`). A chart reads
 * left to right in any language: the drawing is LTR inside an RTL page, minus to the left.
 */
export function ErrorHistogram({ bins }: { bins: readonly HistogramInputBin[] }) {
  const { t } = useTranslation();
  const layout = histogramLayout(bins, PLOT);
  const base = PLOT.y + PLOT.height;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ maxWidth: WIDTH, direction: 'ltr' }}
      role="img"
      aria-label={t('outcomes.histogram.title')}
      data-testid="outcomes-histogram"
    >
      {layout.ticks.map((tick) => (
        <g key={tick.label}>
          <line x1={tick.x} x2={tick.x} y1={base} y2={base + 5} stroke="currentColor" />
          {/* The open end bins' labels a row lower: they stand beside the ±2.00 ticks. */}
          <text
            x={tick.x}
            y={base + (tick.open ? 32 : 18)}
            textAnchor="middle"
            fontSize={11}
            fill="currentColor"
          >
            {tick.label}
          </text>
        </g>
      ))}
      <line x1={PLOT.x} x2={PLOT.x + PLOT.width} y1={base} y2={base} stroke="currentColor" />
      {layout.bars.map((bar) => (
        <g key={bar.label} data-testid="outcomes-histogram-bar">
          <title>{`${bar.label} D: ${bar.count}`}</title>
          <rect
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            fill="var(--mantine-primary-color-filled)"
            opacity={0.85}
          />
          {bar.count > 0 && (
            <text
              x={bar.x + bar.width / 2}
              y={bar.y - 3}
              textAnchor="middle"
              fontSize={10}
              fill="currentColor"
            >
              {bar.count}
            </text>
          )}
        </g>
      ))}
      <text x={PLOT.x + PLOT.width / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={12} fill="currentColor">
        {t('outcomes.histogram.axis')}
      </text>
    </svg>
  );
}

const SIZE = 320;
const MARGIN = 36;
const SITE_COLOURS = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#e03131', '#5c940d'];

export interface SiaSite {
  site: string | null;
  n: number;
  mean: { magnitude: number; axis: number | null } | null;
  /** The arithmetic mean of the eyes' magnitudes (the vector mean above cancels opposite axes). */
  meanMagnitude: number | null;
  centroid: { x: number; y: number } | null;
  points: ReadonlyArray<{ x: number; y: number }>;
}

/**
 * The surgically induced astigmatism on the double-angle plot: each eye a dot, each incision site's centroid a
 * cross, rings every 0.5 D, and the axes of the eye at their doubled angles (90° to the left).
 */
export function SiaPlot({
  sites,
  siteLabel,
}: {
  sites: readonly SiaSite[];
  siteLabel: (site: string | null) => string;
}) {
  const { t } = useTranslation();
  const all = sites.flatMap((s) => [...s.points, ...(s.centroid ? [s.centroid] : [])]);
  const radius = plotRadius(all);
  const centre = SIZE / 2;
  const px = (dioptres: number) => (dioptres * (SIZE / 2 - MARGIN)) / radius;
  return (
    <div>
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        width="100%"
        style={{ maxWidth: SIZE, direction: 'ltr' }}
        role="img"
        aria-label={t('outcomes.sia.title')}
        data-testid="outcomes-sia-plot"
      >
        {ringsOf(radius).map((ring) => (
          <g key={ring}>
            <circle cx={centre} cy={centre} r={px(ring)} fill="none" stroke="currentColor" opacity={0.25} />
            {/* Labelled on the lower-right diagonal, clear of the axes' labels. */}
            <text
              x={centre + px(ring) * Math.SQRT1_2 + 2}
              y={centre + px(ring) * Math.SQRT1_2 + 10}
              fontSize={9}
              fill="currentColor"
              opacity={0.7}
            >
              {ring.toFixed(1)}
            </text>
          </g>
        ))}
        <line x1={MARGIN} x2={SIZE - MARGIN} y1={centre} y2={centre} stroke="currentColor" opacity={0.4} />
        <line x1={centre} x2={centre} y1={MARGIN} y2={SIZE - MARGIN} stroke="currentColor" opacity={0.4} />
        {[0, 45, 90, 135].map((axis) => {
          const at = axisLabelPosition(axis, SIZE, MARGIN, 16);
          return (
            <text key={axis} x={at.x} y={at.y + 4} textAnchor="middle" fontSize={11} fill="currentColor">
              {`${axis}°`}
            </text>
          );
        })}
        {sites.map((site, i) => {
          const colour = SITE_COLOURS[i % SITE_COLOURS.length]!;
          return (
            <g key={site.site ?? 'none'} data-testid="outcomes-sia-site">
              {site.points.map((point, j) => {
                const at = toPlot(point, radius, SIZE, MARGIN);
                return <circle key={j} cx={at.cx} cy={at.cy} r={3} fill={colour} opacity={0.6} />;
              })}
              {site.centroid &&
                (() => {
                  const at = toPlot(site.centroid, radius, SIZE, MARGIN);
                  return (
                    <g stroke={colour} strokeWidth={3}>
                      <line x1={at.cx - 7} x2={at.cx + 7} y1={at.cy} y2={at.cy} />
                      <line x1={at.cx} x2={at.cx} y1={at.cy - 7} y2={at.cy + 7} />
                    </g>
                  );
                })()}
            </g>
          );
        })}
      </svg>
      {sites.map((site, i) => (
        <Text key={site.site ?? 'none'} size="sm" data-testid="outcomes-sia-mean">
          <span style={{ color: SITE_COLOURS[i % SITE_COLOURS.length] }}>●</span> {siteLabel(site.site)}:{' '}
          <bdi dir="ltr">{astigmatismText(site.mean)}</bdi>{' '}
          <Text span c="dimmed" size="xs">
            {t('outcomes.sia.eyes', { eyes: site.n })}
            {site.meanMagnitude !== null && (
              <>
                {' · '}
                {t('outcomes.sia.meanMagnitude')} <bdi dir="ltr">{`${plainD(site.meanMagnitude)} D`}</bdi>
              </>
            )}
          </Text>
        </Text>
      ))}
    </div>
  );
}
