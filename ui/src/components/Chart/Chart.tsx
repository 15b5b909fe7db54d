import { lazy, Suspense } from 'react';
import { visuallyHidden } from '../../theme/utils.css';
import { Button } from '../Button/Button';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '../Table/Table';
import { csvText, downloadCsv, type CsvFile } from './csv';
import { plotHeight } from './chartLayout';
import type { ChartKind, ChartTableDisplay, ChartTone } from './Chart.variants';
import * as styles from './Chart.css';

export {
  chartKinds,
  chartTableDisplays,
  chartTones,
  type ChartKind,
  type ChartTableDisplay,
  type ChartTone,
} from './Chart.variants';
export { csvText, downloadCsv, type CsvFile } from './csv';

// The drawing code (and the chart library in it) is its own chunk, fetched when a chart first shows:
// pages without charts, and the first paint of pages with them, do not carry it.
const ChartPlot = lazy(() => import('./ChartPlot'));

export interface ChartCategory {
  /** Stable and machine-readable: the CSV's first column ("2026-11-15", a channel's name). */
  key: string;
  /** As the seller reads it, on the axis and in the table ("15 Nov"). */
  label: string;
}

export interface ChartSeries {
  key: string;
  /** The series' name in the legend and the table's column header ("This period"). */
  label: string;
  /** The CSV column's header; the label when absent. */
  csvHeader?: string;
  tone: ChartTone;
  /** One value per category, in the categories' order. */
  values: number[];
}

export interface ChartProps {
  kind: ChartKind;
  /** Names the table of figures (its caption) and the drawing. */
  title: string;
  /** The header of the categories' column ("Day", "Channel"). */
  categoryLabel: string;
  categories: ChartCategory[];
  /** One or two series: the figures, and what they are compared against. */
  series: ChartSeries[];
  /** A value as the table and the bars show it ("$1,210.40"). */
  formatValue: (value: number) => string;
  /** A value on the axis; formatValue when absent. */
  formatTick?: (value: number) => string;
  /** A value as the CSV holds it ("1210.40"); the plain number when absent. */
  formatCsv?: (value: number) => string;
  /** The CSV file's name, and the words after "Download" on its button ("revenue by day"). */
  csv: { fileName: string; label: string };
  /** The table of figures is always there for screen readers; `visible` shows it under the drawing too. */
  table?: ChartTableDisplay;
  /** Said instead of a drawing when there are no categories. */
  emptyText?: string;
  'data-testid'?: string;
}

/** The chart's figures as a CSV file: a row per category, a column per series. */
export function chartCsv({ categoryLabel, categories, series, formatCsv = String, csv }: ChartProps): CsvFile {
  return {
    name: csv.fileName,
    text: csvText(
      [categoryLabel.toLowerCase(), ...series.map((s) => s.csvHeader ?? s.label)],
      categories.map((c, i) => [c.key, ...series.map((s) => formatCsv(s.values[i] ?? 0))]),
    ),
  };
}

/**
 * A chart drawn in the theme's colours, with a table of the same figures (for screen readers, or on
 * screen too) and the same figures as CSV. The drawing itself is hidden from assistive technology:
 * the table says everything it shows.
 */
export function Chart(props: ChartProps) {
  const { kind, title, categoryLabel, categories, series, formatValue, table = 'screenReader' } = props;
  const height = plotHeight(kind, categories.length, series.length);
  return (
    <div className={styles.chart}>
      <div className={styles.header}>
        {series.length > 1 ? (
          <ul className={styles.legend} aria-hidden="true">
            {series.map((s) => (
              <li key={s.key} className={styles.legendItem}>
                <span className={styles.swatch({ kind, tone: s.tone })} />
                <span>{s.label}</span>
              </li>
            ))}
          </ul>
        ) : (
          <span />
        )}
        <Button
          variant="secondary"
          size="small"
          className={styles.csvButton}
          onClick={() => downloadCsv(chartCsv(props))}
        >
          {`Download ${props.csv.label} (CSV)`}
        </Button>
      </div>
      <div aria-hidden="true" data-testid={props['data-testid']} data-chart={kind}>
        {categories.length === 0 ? (
          <p className={styles.empty}>{props.emptyText ?? 'Nothing to show.'}</p>
        ) : (
          <Suspense fallback={<div className={styles.plot} style={{ height }} />}>
            <ChartPlot
              kind={kind}
              categories={categories}
              series={series}
              height={height}
              formatValue={formatValue}
              formatTick={props.formatTick ?? formatValue}
            />
          </Suspense>
        )}
      </div>
      <ChartTable
        title={title}
        categoryLabel={categoryLabel}
        categories={categories}
        series={series}
        visible={table === 'visible'}
        formatValue={formatValue}
      />
    </div>
  );
}

function ChartTable({
  title,
  categoryLabel,
  categories,
  series,
  formatValue,
  visible,
}: Pick<ChartProps, 'title' | 'categoryLabel' | 'categories' | 'series' | 'formatValue'> & { visible: boolean }) {
  const head = (
    <TableRow>
      <TableHeaderCell>{categoryLabel}</TableHeaderCell>
      {series.map((s) => (
        <TableHeaderCell key={s.key} className={styles.numeric}>
          {s.label}
        </TableHeaderCell>
      ))}
    </TableRow>
  );
  const rows = categories.map((c, i) => (
    <TableRow key={c.key}>
      <TableHeaderCell scope="row">{c.label}</TableHeaderCell>
      {series.map((s) => (
        <TableCell key={s.key} className={styles.numeric}>
          {formatValue(s.values[i] ?? 0)}
        </TableCell>
      ))}
    </TableRow>
  ));
  if (visible)
    return (
      <Table caption={title} hideCaption>
        <TableHeader>{head}</TableHeader>
        <TableBody>{rows}</TableBody>
      </Table>
    );
  // Off screen, and out of the keyboard's way: a plain table (no scrolling frame to focus). The hiding
  // box is a div: a table grows to its content whatever its width, and would widen the page.
  return (
    <div className={visuallyHidden}>
      <table>
        <caption>{title}</caption>
        <thead>{head}</thead>
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}
