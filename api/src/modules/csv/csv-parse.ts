/** One record of a CSV file and the line it starts on (1 for the first). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * Parses CSV as RFC 4180 writes it and spreadsheets save it: a leading byte-order mark is dropped;
 * records end with CRLF, LF or CR; a field in double quotes may hold commas, line breaks and
 * doubled quotes (""). A quote left open is an error naming the line it opened on. Every record is
 * returned, blank ones too (the caller decides), except an empty last line.
 */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push({ line: recordLine, fields });
    fields = [];
  };
  while (i < source.length) {
    const c = source[i]!;
    if (c === '"' && field === '') {
      // A quoted field: up to the closing quote that is not doubled.
      const openedOn = line;
      i += 1;
      let closed = false;
      while (i < source.length) {
        const q = source[i]!;
        if (q === '"') {
          if (source[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          closed = true;
          i += 1;
          break;
        }
        if (q === '\r' || q === '\n') {
          line += 1;
          if (q === '\r' && source[i + 1] === '\n') {
            field += '\r\n';
            i += 2;
            continue;
          }
        }
        field += q;
        i += 1;
      }
      if (!closed) throw new CsvSyntaxError(openedOn, 'A quoted value is never closed.');
      const next = source[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n')
        throw new CsvSyntaxError(line, 'A quoted value must be followed by a comma or the end of the line.');
      continue;
    }
    if (c === ',') {
      endField();
      i += 1;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && source[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    field += c;
    i += 1;
  }
  // The last record, unless the text ended with a line break (or is empty).
  if (source.length > 0 && !/[\r\n]$/.test(source)) endRecord();
  else if (fields.length > 0) endRecord();
  return records;
}
