import { useLayoutEffect, useRef, useState } from 'react';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { Bar, Line, LinePath } from '@visx/shape';
import { BAR, FALLBACK_WIDTH, spreadIndexes, textWidth } from './chartLayout';
import type { ChartCategory, ChartSeries } from './Chart';
import type { ChartKind } from './Chart.variants';
import * as styles from './Chart.css';

export interface ChartPlotProps {
  kind: ChartKind;
  categories: ChartCategory[];
  series: ChartSeries[];
  height: number;
  /** Values written on bars. */
  formatValue: (value: number) => string;
  /** Values on the value axis (shorter: "$1.2k"). */
  formatTick: (value: number) => string;
}

/** The frame's width, followed as it changes (a phone turned, the sidebar opened). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const measure = () => setWidth(frame.clientWidth);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(frame);
    return () => observer?.disconnect();
  }, []);
  return [ref, width || FALLBACK_WIDTH] as const;
}

/**
 * The drawing of a chart, in SVG at the frame's own pixel width (never a scaled picture, so its words
 * keep their size on a phone). Loaded on demand by Chart: the drawing library is not in the main bundle.
 */
export default function ChartPlot(props: ChartPlotProps) {
  const [ref, width] = useWidth();
  return (
    <div ref={ref} className={styles.plot} style={{ height: props.height }}>
      <svg className={styles.svg} width={width} height={props.height} focusable="false">
        {props.kind === 'line' ? <LinePlot {...props} width={width} /> : <BarPlot {...props} width={width} />}
      </svg>
    </div>
  );
}

const maxOf = (series: ChartSeries[]) => Math.max(0, ...series.flatMap((s) => s.values));

function LinePlot({ categories, series, height, width, formatTick }: ChartPlotProps & { width: number }) {
  const y = scaleLinear<number>({ domain: [0, maxOf(series) || 1], range: [height - 24, 8], nice: true });
  const ticks = y.ticks(4);
  const left = Math.max(...ticks.map((t) => textWidth(formatTick(t)))) + 8;
  const x = scalePoint<string>({
    domain: categories.map((c) => c.key),
    range: [left + 4, width - 12],
    padding: categories.length === 1 ? 0.5 : 0,
  });
  const labelled = spreadIndexes(categories.length, Math.max(2, Math.floor((width - left) / 72)));
  const [bottom] = y.range();
  return (
    <>
      {ticks.map((tick) => (
        <Group key={tick} top={y(tick)}>
          <Line className={styles.gridLine} from={{ x: left, y: 0 }} to={{ x: width, y: 0 }} />
          <text className={styles.axisText} x={left - 6} dy="0.32em" textAnchor="end">
            {formatTick(tick)}
          </text>
        </Group>
      ))}
      <Line className={styles.baseline} from={{ x: left, y: bottom }} to={{ x: width, y: bottom }} />
      {labelled.map((i) => (
        <text
          key={categories[i]!.key}
          className={styles.axisText}
          x={x(categories[i]!.key)}
          y={height - 6}
          textAnchor={labelled.length > 1 && i === 0 ? 'start' : i === categories.length - 1 ? 'end' : 'middle'}
        >
          {categories[i]!.label}
        </text>
      ))}
      {/* The comparison first, so the figures in question are drawn over it. */}
      {[...series].reverse().map((s) => (
        <Group key={s.key} data-series={s.key}>
          <LinePath<number>
            className={styles.mark({ kind: 'line', tone: s.tone })}
            data={s.values}
            x={(_, i) => x(categories[i]!.key) ?? 0}
            y={(value) => y(value)}
          />
          {s.values.length <= 31
            ? s.values.map((value, i) => (
                <circle
                  key={categories[i]!.key}
                  className={styles.point({ tone: s.tone })}
                  cx={x(categories[i]!.key)}
                  cy={y(value)}
                  r={(s.tone === 'primary' ? 3 : 2) * (s.values.length > 14 ? 0.6 : 1)}
                  data-value={value}
                />
              ))
            : null}
        </Group>
      ))}
    </>
  );
}

function BarPlot({ categories, series, width, formatValue }: ChartPlotProps & { width: number }) {
  const valueSpace = Math.max(...series.flatMap((s) => s.values.map((v) => textWidth(formatValue(v))))) + 8;
  const x = scaleLinear<number>({ domain: [0, maxOf(series) || 1], range: [0, Math.max(40, width - valueSpace)] });
  const rowHeight = BAR.label + series.length * BAR.thickness + (series.length - 1) * BAR.gap;
  const rows = scaleBand<string>({
    domain: categories.map((c) => c.key),
    range: [0, categories.length * rowHeight + (categories.length - 1) * BAR.rowGap],
    paddingInner: BAR.rowGap / (rowHeight + BAR.rowGap),
  });
  return (
    <>
      {categories.map((category, i) => (
        <Group key={category.key} top={rows(category.key)}>
          <text className={styles.categoryText} x={0} y={BAR.label - 5}>
            {category.label}
          </text>
          {series.map((s, n) => {
            const value = s.values[i] ?? 0;
            const top = BAR.label + n * (BAR.thickness + BAR.gap);
            return (
              <Group key={s.key} top={top} data-series={s.key}>
                <Bar className={styles.track} x={0} y={0} width={x.range()[1]!} height={BAR.thickness} rx={3} />
                <Bar
                  className={styles.mark({ kind: 'bar', tone: s.tone })}
                  x={0}
                  y={0}
                  width={Math.max(value > 0 ? 2 : 0, x(value))}
                  height={BAR.thickness}
                  rx={3}
                  data-value={value}
                />
                <text className={styles.valueText} x={x.range()[1]! + 6} y={BAR.thickness / 2} dy="0.32em">
                  {formatValue(value)}
                </text>
              </Group>
            );
          })}
        </Group>
      ))}
    </>
  );
}
