import type { ReactNode } from 'react';
import {
  Button,
  Card,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  downloadCsv,
  type CsvFile,
} from '../../index';
import * as styles from './AnalyticsPage.css';

export interface ReportColumn<Row> {
  header: string;
  /** Figures line up on the right, in tabular digits. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

export interface ReportTableProps<Row> {
  /** The card's title; the table's caption says it to screen readers. */
  title: string;
  caption: string;
  description?: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The row's name (its header cell), then the figures. */
  rowHeader: ReportColumn<Row>;
  columns: ReportColumn<Row>[];
  /** Said instead of the table when there are no rows. */
  emptyText?: string;
  /** The table as CSV, and the words of its button ("Download by day (CSV)"). */
  csv: { label: string; file: () => CsvFile };
}

/** One of the report's tables in its card, with its CSV download: the same shape for every table. */
export function ReportTable<Row>({
  title,
  caption,
  description,
  rows,
  rowKey,
  rowHeader,
  columns,
  emptyText,
  csv,
}: ReportTableProps<Row>) {
  const numeric = (column: ReportColumn<Row>) => (column.numeric ? styles.numeric : undefined);
  return (
    <Card
      title={title}
      description={description}
      actions={
        <Button variant="secondary" size="small" onClick={() => downloadCsv(csv.file())}>
          {csv.label}
        </Button>
      }
    >
      {rows.length === 0 && emptyText ? (
        <p className={styles.muted}>{emptyText}</p>
      ) : (
        <Table caption={caption} hideCaption>
          <TableHeader>
            <TableRow>
              {[rowHeader, ...columns].map((column) => (
                <TableHeaderCell key={column.header} className={numeric(column)}>
                  {column.header}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                <TableHeaderCell scope="row">{rowHeader.cell(row)}</TableHeaderCell>
                {columns.map((column) => (
                  <TableCell key={column.header} className={numeric(column)}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
