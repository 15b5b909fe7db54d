// Writing CSV as spreadsheets read it: every export (the catalogue, the compliance issues, a pricing
// dry run) writes its cells with these, so a value never runs as a formula.

/**
 * One CSV cell. Quoted when it holds a quote, a separator or a line break; a value a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a carriage return) gets a leading
 * apostrophe, so it shows as text.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: Array<string | number | null | undefined>) => `${cells.map(csvCell).join(',')}\r\n`;

/** What a cell holds, as `csvCell` wrote it: the apostrophe put before a formula-like value is taken off. */
export const csvCellValue = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
