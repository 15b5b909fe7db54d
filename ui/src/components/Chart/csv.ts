/** A CSV file's text: a header row and rows, each value quoted where it must be (RFC 4180). */
export function csvText(header: string[], rows: Array<Array<string | number | null>>): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    // Text starting with =, +, -, @, a tab or a carriage return would run as a formula in a spreadsheet: kept as
    // text, as the server's exports do (api/src/modules/csv/csv-write.ts); a whole number (a refund's -12.50) is
    // no formula and stays a number.
    const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export interface CsvFile {
  name: string;
  text: string;
}

/** Saves a CSV file through the browser's download (a link to a blob, clicked). */
export function downloadCsv({ name, text }: CsvFile): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
