/**
 * Buyers' returns from Amazon's "Flat File Returns Report by Return Date" (reportType
 * GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE, https://developer-docs.amazon.com/sp-api/docs/report-type-values
 * and .../returns-reports-attributes): a tab-separated file, one row per item of a return, under
 * Amazon's column names (order-id, return-request-date, return-request-status, amazon-rma-id,
 * merchant-sku, return-quantity, return-reason, tracking-id, return-delivery-date, refunded-amount, ...).
 * Pure: no I/O.
 */
import type { MarketplaceReturn, ReturnStatus } from '../types.ts';

/** The report type, and how many days of returns one report may cover ("up to 60 days of data in a single report"). */
export const RETURNS_REPORT_TYPE = 'GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE';
export const RETURNS_REPORT_MAX_DAYS = 60;

/** One row of the report, by its column names (lower case, as the file's header gives them). */
export type ReturnsReportRow = Record<string, string>;

/** The rows of a tab-separated report: the header names the columns; blank lines are skipped. */
export function parseTabSeparated(text: string): ReturnsReportRow[] {
  const [header, ...lines] = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!header?.trim()) return [];
  const columns = header.split('\t').map((c) => c.trim().toLowerCase());
  return lines
    .filter((line) => line.trim())
    .map((line) => {
      const cells = line.split('\t');
      return Object.fromEntries(columns.map((column, i) => [column, (cells[i] ?? '').trim()]));
    });
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A report date as ISO: ISO 8601 with an offset, or Seller Central's "05-Mar-2025"; null when absent or unreadable. */
export function reportDate(value: string | undefined): string | null {
  if (!value) return null;
  const dayMonthYear = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(value);
  const month = dayMonthYear ? MONTHS.indexOf(dayMonthYear[2]!.toLowerCase()) : -1;
  const ms = dayMonthYear
    ? month < 0
      ? NaN
      : Date.UTC(Number(dayMonthYear[3]), month, Number(dayMonthYear[1]))
    : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

const amountCents = (value: string | undefined) => {
  const cents = Math.round(Number(value?.replace(/,/g, '') || 0) * 100);
  return Number.isFinite(cents) && cents > 0 ? cents : 0;
};

/** return-request-status values that end a return without its units coming back. */
const ENDED_STATUSES = new Set(['closed', 'completed', 'rejected', 'cancelled', 'canceled']);

const statusOrder: readonly ReturnStatus[] = ['requested', 'in transit', 'closed', 'received', 'refunded'];

/**
 * How far one row's return has gone: refunded once Amazon reports a refunded amount; received once it
 * has a return delivery date; closed when Amazon closed it without either; in transit once it has a
 * tracking id (a label was issued); else requested.
 */
export function rowStatus(row: ReturnsReportRow): ReturnStatus {
  if (amountCents(row['refunded-amount']) > 0) return 'refunded';
  if (row['return-delivery-date']) return 'received';
  if (ENDED_STATUSES.has((row['return-request-status'] ?? '').toLowerCase())) return 'closed';
  if (row['tracking-id']) return 'in transit';
  return 'requested';
}

/** A return's id: Amazon's RMA id, or (a row without one) its order and SKU. */
export const returnIdOf = (row: ReturnsReportRow) =>
  row['amazon-rma-id'] || `${row['order-id'] ?? ''}:${row['merchant-sku'] ?? ''}`;

/**
 * The report's rows as returns, one per RMA (its items as lines), in the report's order. The report
 * names no order item, so lines carry the SKU only; and nothing in it says the units went back to
 * sellable stock (a merchant-fulfilled return comes back to the seller), so `restock` is false.
 */
export function returnsReportToReturns(rows: ReturnsReportRow[]): MarketplaceReturn[] {
  const returns = new Map<string, MarketplaceReturn & { refundedCents: number }>();
  for (const row of rows) {
    if (!row['order-id'] || !row['merchant-sku']) continue;
    const id = returnIdOf(row);
    const requested =
      reportDate(row['return-request-date']) ?? reportDate(row['order-date']) ?? new Date(0).toISOString();
    const changed = [requested, reportDate(row['return-delivery-date'])]
      .filter((d): d is string => !!d)
      .sort()
      .at(-1)!;
    let held = returns.get(id);
    if (!held) {
      held = {
        marketplaceReturnId: id,
        marketplaceOrderId: row['order-id'],
        status: 'requested',
        reason: row['return-reason'] || null,
        lines: [],
        refunded: null,
        refundedCents: 0,
        createdAt: requested,
        updatedAt: changed,
      };
      returns.set(id, held);
    }
    const status = rowStatus(row);
    if (statusOrder.indexOf(status) > statusOrder.indexOf(held.status)) held.status = status;
    const quantity = Number(row['return-quantity']);
    held.lines.push({
      lineId: null,
      sku: row['merchant-sku'],
      quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
      restock: false,
    });
    held.refundedCents += amountCents(row['refunded-amount']);
    if (held.refundedCents > 0)
      held.refunded = { amount: (held.refundedCents / 100).toFixed(2), currency: row['currency-code'] || 'USD' };
    if (requested < held.createdAt) held.createdAt = requested;
    if (changed > held.updatedAt) held.updatedAt = changed;
  }
  return [...returns.values()].map(({ refundedCents: _cents, ...ret }) => ret);
}
