/** A CSV file's text: a header row and rows, each value quoted where it must be (RFC 4180). */
export function csvText(header: string[], rows: Array<Array<string | number | null>>): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    // A leading =, +, - or @ would be read as a formula by a spreadsheet: kept as text.
    const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
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
