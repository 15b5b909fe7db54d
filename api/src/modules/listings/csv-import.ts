import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { unstorableTextProblem } from '../../db/storable-text.ts';
import { editableProductsBySku, type ChangeBatchRecord } from '../../db/queries/listing-edits.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { CsvSyntaxError, parseCsv } from '../csv/csv-parse.ts';
import { applyEdits, type ProductEdit } from './edit-batches.ts';
import { PREVIEW_LIMIT } from './bulk-edit.ts';
import { channelName, formatPrice, isPriceText } from './values.ts';
import { sameTags, tagsFromText, tagsProblem } from './tags.ts';
import { channelKindValues, type ChannelKind, type ChannelRole } from '../../db/schema/index.ts';
import { catalogueListings } from '../../db/queries/catalogue-page.ts';
import { listChannels } from '../../db/queries/channels.ts';
import { componentsOfProducts, lockBundleEdits } from '../../db/queries/bundles.ts';
import { formatComponents, parseComponents, type ComponentOfBundle } from '../stock/bundle-arithmetic.ts';
import { applyBundleChanges, checkBundleChanges } from '../stock/bundles.ts';
import {
  COMPONENTS_COLUMN,
  channelPriceColumn,
  csvCellValue,
  exportedListingOf,
  importColumn,
  type ImportedField,
} from './catalogue-csv.ts';

/** The largest file taken (also the request body limit of the import routes). */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 100_000;
const TITLE_MAX = 500;

export interface CsvRowError {
  line: number;
  sku: string | null;
  message: string;
}

/** A channel's new own price as the preview shows it: the price the export wrote for it, and the new one. */
export interface CsvChannelPriceChange {
  channelId: string;
  channelKind: ChannelKind;
  /** The seller's store on that marketplace (tells two channels of one marketplace apart). */
  channelName: string;
  currency: string | null;
  before: string | null;
  after: string;
}

export interface CsvImportRow extends ProductEdit {
  line: number;
  /**
   * What `channelPrices` sets, as the preview shows it: `before` is the price the export wrote
   * (`channelPrices` keeps the override it replaces, which undo puts back).
   */
  channelPriceChanges?: CsvChannelPriceChange[];
  /** The bundle's components (the `components` column), as the export writes them, and as they are set. */
  components?: { before: string; after: string; parts: ComponentOfBundle[] };
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
  /** The seller's cost of one unit, two decimals. */
  cost?: string;
  /** The SKU's tags become these (the cell, comma-separated). */
  tags?: string[];
  /** Each marketplace's price cell that is not empty, as written (checked against the catalogue in planChannelPrice). */
  channelPrices?: Partial<Record<ChannelKind, string>>;
  /** A `components` cell that is not empty: the SKU becomes a bundle of these (checked in planImport). */
  components?: ComponentOfBundle[];
}

/** The message for a cell that is not a price, the same for `price` and each marketplace's price. */
export const notAPrice = (text: string) =>
  `"${text}" is not a price: use a number above 0 with at most two decimals, such as 19.99.`;

/** A price cell as the import takes it: two decimals, or null when it is not a price above 0. */
export function importedPrice(text: string): string | null {
  return isPriceText(text) && Number(text) > 0 ? formatPrice(Number(text)) : null;
}

const cents = (price: string) => Math.round(Number(price) * 100);

/** One listing of a row's SKU as the import weighs a marketplace's price against it. */
export interface PricedListing {
  listingId: string;
  channelId: string;
  channelKind: ChannelKind;
  channelRole: ChannelRole;
  channelName: string;
  /** The price the export writes for it (the last one read from the marketplace). */
  price: string | null;
  priceOverride: string | null;
  currency: string | null;
}

/** A channel's new own price: the edit (its override before and after, as undo reads it) and what the preview shows. */
export interface PlannedChannelPrice {
  edit: NonNullable<ProductEdit['channelPrices']>[number];
  shown: CsvChannelPriceChange;
}

/**
 * What a marketplace's price cell (`ebay_price`, …) does to a row's SKU, given its listings in the
 * export's order:
 * - the price the export wrote for that marketplace (same amount), or an empty cell: nothing;
 * - not a price: the same error as the `price` column; no listing on that marketplace: an error naming it;
 * - the export's listing is on the main channel: an error (the main price is the `price` column),
 *   unless the cell holds the row's new `price` too (both columns say the same);
 * - otherwise each target listing of that marketplace gets the price as its own (an override, like
 *   the SKU drawer sets), unless it already holds it. An account with two channels of one
 *   marketplace has one column for both: the export writes the first one's price, and a new price
 *   in the column is set on every target channel of that marketplace listing the SKU (the preview
 *   names each one by its store's name).
 */
export function planChannelPrice(
  kind: ChannelKind,
  cell: string,
  rowListings: readonly PricedListing[],
  row: { sku: string; price?: string },
): { error: string } | { changes: PlannedChannelPrice[] } {
  const exported = exportedListingOf(rowListings, kind);
  if (
    cell === '' ||
    (exported?.price != null &&
      (cell === exported.price || (isPriceText(cell) && cents(cell) === cents(exported.price))))
  )
    return { changes: [] };
  const after = importedPrice(cell);
  if (after === null) return { error: notAPrice(cell) };
  if (!exported) return { error: `SKU ${row.sku} is not listed on ${channelName(kind)}.` };
  if (exported.channelRole === 'main') {
    if (row.price !== undefined && cents(row.price) === cents(after)) return { changes: [] };
    return {
      error: `${channelName(kind)} is your main channel: its price is the SKU's price. Change it in the "price" column, not in "${channelPriceColumn(kind)}".`,
    };
  }
  const changes: PlannedChannelPrice[] = [];
  for (const listing of rowListings) {
    if (listing.channelKind !== kind || listing.channelRole !== 'target') continue;
    const override = listing.priceOverride === null ? null : formatPrice(Number(listing.priceOverride));
    if (override === after) continue;
    changes.push({
      edit: {
        listingId: listing.listingId,
        channelId: listing.channelId,
        channelKind: listing.channelKind,
        before: override,
        after,
      },
      shown: {
        channelId: listing.channelId,
        channelKind: listing.channelKind,
        channelName: listing.channelName,
        currency: listing.currency,
        before: listing.price === null ? null : formatPrice(Number(listing.price)),
        after,
      },
    });
  }
  return { changes };
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
          message:
            'The file is empty. Its first line names the columns: sku, then any of price, on_hand (or quantity), title, cost, tags and a marketplace’s price (such as ebay_price).',
        },
      ],
    };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const errors: CsvRowError[] = [];
  const column = new Map<ImportedField, number>();
  const priceColumn = new Map<ChannelKind, number>();
  const readOnly: string[] = [];
  const unknown: string[] = [];
  let componentsColumn: number | undefined;
  for (const [i, name] of names.entries()) {
    if (name === COMPONENTS_COLUMN && componentsColumn === undefined) {
      componentsColumn = i;
      continue;
    }
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
    } else if ('channelPrice' in kind) {
      if (priceColumn.has(kind.channelPrice))
        errors.push({ line: header.line, sku: null, message: `The column "${name}" appears twice.` });
      else priceColumn.set(kind.channelPrice, i);
    } else if ('readOnly' in kind) readOnly.push(header.fields[i]!.trim());
    else unknown.push(header.fields[i]!.trim() || `(column ${i + 1} has no name)`);
  }
  const notices: string[] = [];
  if (readOnly.length > 0) notices.push(`Read-only columns ignored: ${readOnly.join(', ')}.`);
  if (unknown.length > 0) notices.push(`Ignored columns: ${unknown.join(', ')}.`);
  if (!column.has('sku')) errors.push({ line: header.line, sku: null, message: 'The column "sku" is missing.' });
  if (![...column.keys()].some((f) => f !== 'sku') && priceColumn.size === 0 && componentsColumn === undefined)
    errors.push({
      line: header.line,
      sku: null,
      message:
        'Add at least one column to change: price, on_hand (or quantity), title, cost, tags or a marketplace’s price (such as ebay_price).',
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
      const valid = importedPrice(price);
      if (valid === null) fail(notAPrice(price));
      else row.price = valid;
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
    const cost = cell('cost');
    if (cost !== '') {
      if (!isPriceText(cost) || Number(cost) > 1_000_000)
        fail(`"${cost}" is not a cost: use a number, 0 or more, with at most two decimals, such as 4.20.`);
      else row.cost = formatPrice(Number(cost));
    }
    const tags = cell('tags');
    if (tags !== '') {
      const problem = tagsProblem(tags.split(','));
      if (problem) fail(problem);
      else row.tags = tagsFromText(tags);
    }
    for (const [kind, i] of priceColumn) {
      const text = csvCellValue((record.fields[i] ?? '').trim());
      if (text !== '') (row.channelPrices ??= {})[kind] = text;
    }
    if (componentsColumn !== undefined) {
      const read = parseComponents(csvCellValue((record.fields[componentsColumn] ?? '').trim()));
      if ('error' in read) fail(read.error);
      else if (read.components.length > 0) row.components = read.components;
    }
    rows.push(row);
  }
  return { rows, errors, notices };
}

/** Rows per read of the SKUs' listings. */
const LISTINGS_BATCH = 5000;

/**
 * The listings of the file's rows, by SKU, in the export's order (catalogueListings, as the export
 * reads them), each with its store's name: read only when the file has a marketplace's price.
 */
async function pricedListings(
  db: Db,
  accountId: string,
  rows: Array<{ productId: string | null; sku: string }>,
): Promise<Map<string, PricedListing[]>> {
  const bySku = new Map<string, PricedListing[]>();
  if (rows.length === 0) return bySku;
  const names = new Map((await listChannels(db, accountId)).map((c) => [c.id, c.displayName]));
  for (let i = 0; i < rows.length; i += LISTINGS_BATCH) {
    const batch = rows.slice(i, i + LISTINGS_BATCH);
    const skuOf = new Map(batch.flatMap((r) => (r.productId ? [[r.productId, r.sku] as const] : [])));
    for (const l of await catalogueListings(db, accountId, batch)) {
      const sku = l.productId ? skuOf.get(l.productId) : l.sku;
      if (sku === undefined) continue;
      const listing: PricedListing = {
        listingId: l.listingId,
        channelId: l.channelId,
        channelKind: l.channelKind,
        channelRole: l.channelRole,
        channelName: names.get(l.channelId) ?? channelName(l.channelKind),
        price: l.price,
        priceOverride: l.priceOverride,
        currency: l.currency,
      };
      bySku.set(sku, [...(bySku.get(sku) ?? []), listing]);
    }
  }
  return bySku;
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
  const listingsOf = await pricedListings(
    db,
    accountId,
    parsed.flatMap((r) => (r.channelPrices ? [{ productId: products.get(r.sku)?.id ?? null, sku: r.sku }] : [])),
  );
  const rows: CsvImportRow[] = [];
  const componentsNow = await componentsOfProducts(
    db,
    accountId,
    parsed.flatMap((r) =>
      (r.components || r.quantity !== undefined) && products.has(r.sku) ? [products.get(r.sku)!.id] : [],
    ),
  );
  for (const row of parsed) {
    const product = products.get(row.sku);
    const channelPrices = Object.entries(row.channelPrices ?? {}).map(([kind, cell]) =>
      planChannelPrice(kind as ChannelKind, cell, listingsOf.get(row.sku) ?? [], row),
    );
    if (!product) {
      // A SKU only listed on a channel is exported with nothing to import (its marketplace's price
      // as the export wrote it): passed over.
      const changesChannel = channelPrices.some((c) => 'error' in c || c.changes.length > 0);
      if (
        row.price === undefined &&
        row.quantity === undefined &&
        row.title === undefined &&
        row.cost === undefined &&
        row.tags === undefined &&
        row.components === undefined &&
        !changesChannel
      )
        continue;
      errors.push({ line: row.line, sku: row.sku, message: `No product has the SKU ${row.sku}.` });
      continue;
    }
    const failed = channelPrices.flatMap((c) => ('error' in c ? [c.error] : []));
    if (failed.length > 0) {
      for (const message of failed) errors.push({ line: row.line, sku: row.sku, message });
      continue;
    }
    const edit: CsvImportRow = { line: row.line, productId: product.id, sku: product.sku };
    if (row.price !== undefined && (product.price === null || Number(product.price) !== Number(row.price)))
      edit.price = { before: product.price === null ? null : formatPrice(Number(product.price)), after: row.price };
    if (row.quantity !== undefined && row.quantity !== product.onHand) {
      // A bundle holds no stock of its own: what it offers follows its components.
      if (row.components || componentsNow.has(product.id)) {
        errors.push({
          line: row.line,
          sku: row.sku,
          message: `${row.sku} is a bundle: its stock is its components'. Change their on hand instead.`,
        });
        continue;
      }
      edit.onHand = { before: product.onHand, after: row.quantity };
    }
    if (row.title !== undefined && row.title !== product.title)
      edit.title = { before: product.title, after: row.title };
    const costBefore = product.cost === null ? null : formatPrice(Number(product.cost));
    if (row.cost !== undefined && row.cost !== costBefore) edit.cost = { before: costBefore, after: row.cost };
    if (row.tags !== undefined && !sameTags(row.tags, product.tags))
      edit.tags = { before: product.tags, after: row.tags };
    const planned = channelPrices.flatMap((c) => ('changes' in c ? c.changes : []));
    if (planned.length > 0) {
      edit.channelPrices = planned.map((c) => c.edit);
      edit.channelPriceChanges = planned.map((c) => c.shown);
    }
    if (row.components) {
      const before = formatComponents(componentsNow.get(product.id) ?? []);
      const after = formatComponents(row.components);
      if (before !== after) edit.components = { before, after, parts: row.components };
    }
    if (edit.price || edit.onHand || edit.title || edit.cost || edit.tags || edit.channelPrices || edit.components)
      rows.push(edit);
  }
  // Bundles made or changed by the file, checked together (one level: no bundle of bundles, whichever rows say so).
  const bundleChanges = new Map(rows.flatMap((r) => (r.components ? [[r.sku, r.components.parts] as const] : [])));
  for (const [sku, message] of await checkBundleChanges(db, accountId, bundleChanges))
    errors.push({ line: rows.find((r) => r.sku === sku)!.line, sku, message });
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
    await lockBundleEdits(tx, accountId);
    const plan = await planImport(tx, accountId, text, { lock: true });
    if (plan.errors.length > 0) return { rejected: plan.errors };
    if (plan.rows.length === 0)
      throw new AppError(400, 'Nothing to import: every SKU in the file already holds these values.');
    const applied = await applyEdits(
      ctx,
      tx,
      audit,
      accountId,
      'csv_import',
      plan.rows.map(({ line: _line, channelPriceChanges: _shown, components: _components, ...edit }) => edit),
    );
    // Audited with the batch; an undo of the batch leaves the components as imported (the preview says so).
    await applyBundleChanges(
      ctx,
      tx,
      audit,
      accountId,
      new Map(plan.rows.flatMap((r) => (r.components ? [[r.sku, r.components.parts] as const] : []))),
      { batchId: applied.id },
    );
    return { applied };
  });
}
