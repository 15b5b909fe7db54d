import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { unstorableTextProblem } from '../../db/storable-text.ts';
import { editableProductsBySku, type ChangeBatchRecord } from '../../db/queries/listing-edits.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { CsvSyntaxError, parseCsv } from '../csv/csv-parse.ts';
import { applyEdits, type ProductEdit } from './edit-batches.ts';
import { PREVIEW_LIMIT } from './bulk-edit.ts';
import { formatPrice, isPriceText } from './values.ts';
import { channelKindValues } from '../../db/schema/index.ts';
import { csvCellValue, importColumn, type ImportedField } from './catalogue-csv.ts';

/** The largest file taken (also the request body limit of the import routes). */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 100_000;
const TITLE_MAX = 500;

export interface CsvRowError {
  line: number;
  sku: string | null;
  message: string;
}

export interface CsvImportRow extends ProductEdit {
  line: number;
}

export interface CsvImportPlan {
  rows: CsvImportRow[];
  errors: CsvRowError[];
  /** What the import passed over (columns it does not read), said once for the file. */
  notices: string[];
}

export const NOTHING_IMPORTED = 'Nothing was imported.';

interface ParsedRow {
  line: number;
  sku: string;
  price?: string;
  quantity?: number;
  title?: string;
}

/** Refuses a file holding what the database cannot store (a NUL character: not a text file), naming its first such line. */
function refuseUnstorableText(text: string): void {
  if (!unstorableTextProblem(text)) return;
  const lines = text.split(/\r\n|\r|\n/);
  const index = lines.findIndex((line) => unstorableTextProblem(line) !== undefined);
  throw new AppError(
    400,
    `Line ${index + 1} of the file ${unstorableTextProblem(lines[index]!)}. Save it as CSV text (UTF-8) and import it again.`,
  );
}

/** The file's rows as values, with every row error found (by line); product lookups come after. */
export function readImportFile(text: string): { rows: ParsedRow[]; errors: CsvRowError[]; notices: string[] } {
  if (Buffer.byteLength(text, 'utf8') > CSV_MAX_BYTES)
    throw new AppError(413, 'The file is larger than 5 MB. Split it into smaller files.');
  refuseUnstorableText(text);
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return { rows: [], errors: [{ line: error.line, sku: null, message: error.message }], notices: [] };
    throw error;
  }
  const blank = (fields: string[]) => fields.every((f) => f.trim() === '');
  const [header, ...body] = records.filter((r, i) => i === 0 || !blank(r.fields));
  if (!header || blank(header.fields))
    return {
      rows: [],
      notices: [],
      errors: [
        {
          line: 1,
          sku: null,
          message: 'The file is empty. Its first line names the columns: sku, then any of price, quantity, title.',
        },
      ],
    };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const errors: CsvRowError[] = [];
  const column = new Map<ImportedField, number>();
  const readOnly: string[] = [];
  const unknown: string[] = [];
  for (const [i, name] of names.entries()) {
    const kind = importColumn(name, channelKindValues);
    if ('field' in kind) {
      if (column.has(kind.field))
        errors.push({
          line: header.line,
          sku: null,
          message:
            kind.field === 'quantity'
              ? 'The quantity appears twice: keep one of the columns "on_hand" and "quantity".'
              : `The column "${name}" appears twice.`,
        });
      else column.set(kind.field, i);
    } else if ('readOnly' in kind) readOnly.push(header.fields[i]!.trim());
    else unknown.push(header.fields[i]!.trim() || `(column ${i + 1} has no name)`);
  }
  const notices: string[] = [];
  if (readOnly.length > 0) notices.push(`Read-only columns ignored: ${readOnly.join(', ')}.`);
  if (unknown.length > 0) notices.push(`Ignored columns: ${unknown.join(', ')}.`);
  if (!column.has('sku')) errors.push({ line: header.line, sku: null, message: 'The column "sku" is missing.' });
  if (![...column.keys()].some((f) => f !== 'sku'))
    errors.push({
      line: header.line,
      sku: null,
      message: 'Add at least one column to change: price, on_hand (or quantity) or title.',
    });
  if (errors.length > 0) return { rows: [], errors, notices };
  if (body.length === 0)
    return {
      rows: [],
      notices,
      errors: [{ line: header.line + 1, sku: null, message: 'The file has no rows under its header.' }],
    };
  if (body.length > CSV_MAX_ROWS)
    return {
      rows: [],
      notices,
      errors: [
        {
          line: body[CSV_MAX_ROWS]!.line,
          sku: null,
          message: `A file holds at most ${CSV_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`,
        },
      ],
    };

  const firstLineOf = new Map<string, number>();
  const rows: ParsedRow[] = [];
  for (const record of body) {
    const cell = (field: ImportedField) =>
      column.has(field) ? csvCellValue((record.fields[column.get(field)!] ?? '').trim()) : '';
    const sku = cell('sku');
    const fail = (message: string) => errors.push({ line: record.line, sku: sku || null, message });
    if (record.fields.length !== names.length) {
      fail(`Expected ${names.length} values, found ${record.fields.length}.`);
      continue;
    }
    if (!sku) {
      fail('The SKU is missing.');
      continue;
    }
    const seen = firstLineOf.get(sku);
    if (seen !== undefined) {
      fail(`SKU ${sku} is also on line ${seen}.`);
      continue;
    }
    firstLineOf.set(sku, record.line);
    const row: ParsedRow = { line: record.line, sku };
    const price = cell('price');
    if (price !== '') {
      if (!isPriceText(price) || Number(price) <= 0)
        fail(`"${price}" is not a price: use a number above 0 with at most two decimals, such as 19.99.`);
      else row.price = formatPrice(Number(price));
    }
    const quantity = cell('quantity');
    if (quantity !== '') {
      if (!/^\d{1,9}$/.test(quantity)) fail(`"${quantity}" is not a quantity: use a whole number, 0 or more.`);
      else row.quantity = Number(quantity);
    }
    const title = cell('title');
    if (title !== '') {
      if (title.length > TITLE_MAX) fail(`The title is longer than ${TITLE_MAX} characters.`);
      else row.title = title;
    }
    rows.push(row);
  }
  return { rows, errors, notices };
}

/** The file against the catalogue: each row's changes (rows that change nothing are left out), and every error. */
async function planImport(
  db: Db,
  accountId: string,
  text: string,
  options: { lock?: boolean } = {},
): Promise<CsvImportPlan> {
  const { rows: parsed, errors, notices } = readImportFile(text);
  const products = await editableProductsBySku(
    db,
    accountId,
    parsed.map((r) => r.sku),
    options,
  );
  const rows: CsvImportRow[] = [];
  for (const row of parsed) {
    const product = products.get(row.sku);
    if (!product) {
      // A SKU only listed on a channel is exported with nothing to import: passed over.
      if (row.price === undefined && row.quantity === undefined && row.title === undefined) continue;
      errors.push({ line: row.line, sku: row.sku, message: `No product has the SKU ${row.sku}.` });
      continue;
    }
    const edit: CsvImportRow = { line: row.line, productId: product.id, sku: product.sku };
    if (row.price !== undefined && (product.price === null || Number(product.price) !== Number(row.price)))
      edit.price = { before: product.price === null ? null : formatPrice(Number(product.price)), after: row.price };
    if (row.quantity !== undefined && row.quantity !== product.onHand)
      edit.onHand = { before: product.onHand, after: row.quantity };
    if (row.title !== undefined && row.title !== product.title)
      edit.title = { before: product.title, after: row.title };
    if (edit.price || edit.onHand || edit.title) rows.push(edit);
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors, notices };
}

/** What the file would change (the first rows) and all its errors; nothing is stored. */
export async function previewCsvImport(
  ctx: AppContext,
  accountId: string,
  text: string,
): Promise<{ items: CsvImportRow[]; total: number; errors: CsvRowError[]; notices: string[] }> {
  const plan = await planImport(ctx.db, accountId, text);
  return {
    items: plan.rows.slice(0, PREVIEW_LIMIT),
    total: plan.rows.length,
    errors: plan.errors,
    notices: plan.notices,
  };
}

export type CsvImportOutcome = { applied: ChangeBatchRecord } | { rejected: CsvRowError[] };

/** Applies the file as one bulk edit (undone the same way); a file with any row in error changes nothing. */
export async function runCsvImport(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  text: string,
): Promise<CsvImportOutcome> {
  return ctx.db.transaction(async (tx) => {
    const plan = await planImport(tx, accountId, text, { lock: true });
    if (plan.errors.length > 0) return { rejected: plan.errors };
    if (plan.rows.length === 0)
      throw new AppError(400, 'Nothing to import: every SKU in the file already holds these values.');
    return {
      applied: await applyEdits(
        ctx,
        tx,
        audit,
        accountId,
        'csv_import',
        plan.rows.map(({ line: _line, ...edit }) => edit),
      ),
    };
  });
}
