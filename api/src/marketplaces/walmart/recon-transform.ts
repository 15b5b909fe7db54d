/**
 * Walmart's reconciliation (settlement) report, read for the fees of orders: reports.json getReconReportV1
 * (GET /v3/report/reconreport/reconFile?reportVersion=v1&reportDate=MMDDYYYY) answers a zip holding one CSV, a row
 * per money line of a settlement period. reports.json names no columns; these are Walmart's recon v1 columns
 * ("Purchase Order #", "Transaction Type", "Amount Type", "Amount", "Currency", …). Walmart writes what it deducts
 * (commission, fees) as negative amounts and gives back commission on a refund as positive ones, so an order's fees
 * are its fee lines summed and negated. The available dates come from getAvailableV1ReconReportDates.
 */
import zlib from 'node:zlib';
import type { OrderFeesRead } from '../types.ts';
import type { WalmartReconDates } from './types.ts';

/** The recon report version read (reports.json: reportVersion=v1, the one whose columns are read here). */
export const RECON_REPORT_VERSION = 'v1';

export const RECON_COLUMNS = {
  purchaseOrder: 'Purchase Order #',
  transactionType: 'Transaction Type',
  amountType: 'Amount Type',
  amount: 'Amount',
  currency: 'Currency',
} as const;

export type ReconRow = Record<string, string>;

/** One report's fees per purchase order, in cents, with the currency its rows name. */
export type ReconFees = Map<string, { cents: number; currency: string }>;

const LOCAL_FILE = 0x04034b50;
const CENTRAL_FILE = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** The end record is 22 bytes and may be followed by a comment of up to 65,535. */
const END_RECORD_SEARCH = 22 + 0xffff;

export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_FILE;

/**
 * The first CSV of a zip (or its first file), found through the central directory, whose sizes are right even when
 * the writer streamed the entry (a data descriptor after the data). Stored and deflated entries; the CRC is checked.
 */
export function unzipFirstCsv(zip: Buffer): string {
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - END_RECORD_SEARCH); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: Array<{ name: string; method: number; crc: number; size: number; unzippedSize: number; local: number }> =
    [];
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_FILE) throw new Error('broken zip: bad central directory entry');
    const nameLength = zip.readUInt16LE(at + 28);
    files.push({
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      size: zip.readUInt32LE(at + 20),
      unzippedSize: zip.readUInt32LE(at + 24),
      local: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  const file = files.find((f) => /\.csv$/i.test(f.name)) ?? files.find((f) => !f.name.endsWith('/'));
  if (!file) throw new Error('the zip holds no file');
  if (file.size === 0xffffffff || file.unzippedSize === 0xffffffff) throw new Error('zip64 entries are not read');
  if (zip.readUInt32LE(file.local) !== LOCAL_FILE) throw new Error('broken zip: bad local header');
  const start = file.local + 30 + zip.readUInt16LE(file.local + 26) + zip.readUInt16LE(file.local + 28);
  const data = zip.subarray(start, start + file.size);
  if (file.method !== 0 && file.method !== 8) throw new Error(`zip compression method ${file.method} is not read`);
  const content = file.method === 8 ? zlib.inflateRawSync(data) : data;
  if (content.length !== file.unzippedSize || zlib.crc32(content) !== file.crc)
    throw new Error(`broken zip: ${file.name} does not match its size or CRC`);
  return content.toString('utf8');
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF; a BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (source[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

/** The report's rows by column name (the first row names the columns). */
export function reconRows(csv: string): ReconRow[] {
  const [header, ...rows] = parseCsv(csv);
  if (!header) return [];
  const names = header.map((name) => name.trim());
  if (!names.includes(RECON_COLUMNS.purchaseOrder) || !names.includes(RECON_COLUMNS.amount))
    throw new Error(`not a recon v1 report: no "${RECON_COLUMNS.purchaseOrder}" or "${RECON_COLUMNS.amount}" column`);
  return rows.map((cells) => Object.fromEntries(names.map((name, i) => [name, (cells[i] ?? '').trim()])));
}

/**
 * Lines that are fees: commission (on product, on shipping, …, and given back on a refund) and Walmart's fee lines
 * ("Fee/Reimbursement": label service charges, WFS fulfilment fees), not the sale, shipping or tax the buyer paid.
 */
export const isFeeLine = (row: ReconRow) => /^commission\b|\bfee/i.test(row[RECON_COLUMNS.amountType] ?? '');

/** "-2.25" or "(2.25)" or "$1,002.25" in cents; NaN when not an amount. */
function cents(amount: string): number {
  const negative = /^\(.*\)$/.test(amount) || amount.startsWith('-');
  const digits = amount.replace(/[()$,\s+-]/g, '');
  if (!/^\d+(\.\d+)?$/.test(digits)) return Number.NaN;
  const value = Math.round(Number(digits) * 100);
  return negative ? -value : value;
}

/**
 * Each purchase order of a report with its fees: its fee lines summed, as a positive amount (Walmart's are
 * negative). An order the report holds without a fee line is settled with no fees (0.00), not missing.
 */
export function feesByPurchaseOrder(rows: readonly ReconRow[]): ReconFees {
  const fees: ReconFees = new Map();
  for (const row of rows) {
    const po = row[RECON_COLUMNS.purchaseOrder];
    if (!po) continue;
    const amount = isFeeLine(row) ? cents(row[RECON_COLUMNS.amount] ?? '') : 0;
    const seen = fees.get(po);
    fees.set(po, {
      cents: (seen?.cents ?? 0) - (Number.isNaN(amount) ? 0 : amount),
      currency: seen?.currency || row[RECON_COLUMNS.currency] || 'USD',
    });
  }
  return fees;
}

/** A downloaded report (the zip, or the CSV itself should Walmart send it bare) as fees per purchase order. */
export function reconFileFees(download: Buffer): ReconFees {
  return feesByPurchaseOrder(reconRows(isZip(download) ? unzipFirstCsv(download) : download.toString('utf8')));
}

/** MMDDYYYY as a UTC time, or NaN. */
export function reconDateTime(reportDate: string): number {
  const match = /^(\d{2})(\d{2})(\d{4})$/.exec(reportDate);
  if (!match) return Number.NaN;
  const [, month, day, year] = match.map(Number) as [number, number, number, number];
  const at = Date.UTC(year, month - 1, day);
  return new Date(at).getUTCDate() === day && new Date(at).getUTCMonth() === month - 1 ? at : Number.NaN;
}

/** The available report dates, newest first; anything that is not a date is left out. */
export function reconDatesNewestFirst(answer: WalmartReconDates): string[] {
  const dates = (answer.availableApReportDates ?? []).filter((d) => !Number.isNaN(reconDateTime(d)));
  return [...new Set(dates)].sort((a, b) => reconDateTime(b) - reconDateTime(a));
}

/**
 * The order's fees over the reports read: its fee lines in all of them (a refund's commission given back comes in a
 * later report than the sale); 'pending' while no report holds the order yet.
 */
export function orderFeesFromRecon(purchaseOrderId: string, reports: Iterable<ReconFees>): OrderFeesRead {
  let total = 0;
  let currency: string | undefined;
  for (const report of reports) {
    const fees = report.get(purchaseOrderId);
    if (!fees) continue;
    total += fees.cents;
    currency ??= fees.currency;
  }
  if (currency === undefined) return { status: 'pending' };
  return { status: 'reported', fees: { amount: (total / 100).toFixed(2), currency } };
}
