/**
 * Tracking by CSV: a file of parcels (order_number, carrier, tracking, optional ship_date, sku,
 * quantity) read into shipments. Rows of the same order, carrier and tracking number are one
 * parcel; a row naming a SKU ships that SKU's units (all remaining when no quantity), a row without
 * one ships every unit left. Every row gets its outcome; a dry run sends nothing.
 */
import { AppError, type AppContext } from '../../context.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { ordersByNumber, shipmentsOfOrders, type OrderRecord } from '../../db/queries/order-pages.ts';
import { CsvSyntaxError, parseCsv } from '../csv/csv-parse.ts';
import { unitsToShip } from './shipment-checks.ts';
import { shipOrders, type ShipmentRequest } from './shipping.ts';

export const MAX_TRACKING_ROWS = 5_000;

const columns = ['order_number', 'carrier', 'tracking', 'ship_date', 'sku', 'quantity'] as const;
const required = ['order_number', 'carrier', 'tracking'] as const;

interface TrackingRow {
  line: number;
  orderNumber: string;
  carrier: string;
  trackingNumber: string;
  shipDate: string;
  sku: string;
  quantity: string;
}

export interface TrackingRowOutcome {
  line: number;
  orderNumber: string;
  carrier: string;
  trackingNumber: string;
  /** The SKU the row ships, or null for every unit left of the order. */
  sku: string | null;
  /** The units of that SKU it ships (all remaining when the row gives none), or null without a SKU or when refused. */
  quantity: number | null;
  outcome: 'ready' | 'sending' | 'refused';
  message: string | null;
}

/** The file's rows by column name (any case, any order; unknown columns ignored). */
export function readTrackingCsv(csv: string): TrackingRow[] {
  let records;
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new AppError(400, `Line ${error.line}: ${error.message}`);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw new AppError(400, 'The file is empty.');
  const names = header.fields.map((f) =>
    f
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const missing = required.filter((c) => !names.includes(c));
  if (missing.length > 0)
    throw new AppError(
      400,
      `The first line must name the columns: ${missing.join(', ')} missing (columns: ${columns.join(', ')}).`,
    );
  const rows = body.filter((r) => r.fields.some((f) => f.trim() !== ''));
  if (rows.length === 0) throw new AppError(400, 'The file has no rows under its header.');
  if (rows.length > MAX_TRACKING_ROWS)
    throw new AppError(400, `A file may hold at most ${MAX_TRACKING_ROWS.toLocaleString('en-US')} rows.`);
  const at = (fields: string[], name: (typeof columns)[number]) => {
    const index = names.indexOf(name);
    return index >= 0 ? (fields[index] ?? '').trim() : '';
  };
  return rows.map((r) => ({
    line: r.line,
    orderNumber: at(r.fields, 'order_number'),
    carrier: at(r.fields, 'carrier'),
    trackingNumber: at(r.fields, 'tracking'),
    shipDate: at(r.fields, 'ship_date'),
    sku: at(r.fields, 'sku'),
    quantity: at(r.fields, 'quantity'),
  }));
}

export async function shipFromCsv(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  csv: string,
  options: { dryRun: boolean },
): Promise<TrackingRowOutcome[]> {
  const rows = readTrackingCsv(csv);
  const found = await ordersByNumber(ctx.db, accountId, [...new Set(rows.map((r) => r.orderNumber))]);
  const byNumber = new Map<string, OrderRecord[]>();
  for (const order of found)
    for (const key of new Set([order.orderNumber, order.marketplaceOrderId]))
      byNumber.set(key, [...(byNumber.get(key) ?? []), order]);
  const shipped = await shipmentsOfOrders(
    ctx.db,
    accountId,
    found.map((o) => o.id),
  );

  const outcomes: TrackingRowOutcome[] = rows.map((r) => ({
    line: r.line,
    orderNumber: r.orderNumber,
    carrier: r.carrier,
    trackingNumber: r.trackingNumber,
    sku: r.sku || null,
    quantity: null,
    outcome: 'ready',
    message: null,
  }));
  const refuse = (index: number, message: string) => {
    outcomes[index] = { ...outcomes[index]!, outcome: 'refused', message };
  };
  // Rows grouped into parcels: one shipment per order, carrier and tracking number.
  const parcels = new Map<string, { request: ShipmentRequest; rows: number[] }>();
  for (const [index, row] of rows.entries()) {
    const problem = rowProblem(row, byNumber.get(row.orderNumber));
    if (problem) {
      refuse(index, problem);
      continue;
    }
    const order = byNumber.get(row.orderNumber)![0]!;
    const key = `${order.id}\u0000${row.carrier.toLowerCase()}\u0000${row.trackingNumber}`;
    const parcel = parcels.get(key) ?? {
      request: {
        orderId: order.id,
        carrier: row.carrier,
        trackingNumber: row.trackingNumber,
        ...(row.shipDate ? { shippedAt: new Date(row.shipDate) } : {}),
      },
      rows: [],
    };
    parcel.rows.push(index);
    parcels.set(key, parcel);
    if (row.sku) {
      const lines = linesOfSku(
        order,
        shipped.filter((s) => s.orderId === order.id),
        row.sku,
        row.quantity,
      );
      if (typeof lines === 'string') refuse(index, lines);
      else {
        parcel.request.lines = [...(parcel.request.lines ?? []), ...lines];
        outcomes[index]!.quantity = lines.reduce((sum, l) => sum + l.quantity, 0);
      }
    }
  }
  const sendable = [...parcels.values()].filter((p) => p.rows.some((i) => outcomes[i]!.outcome !== 'refused'));
  if (sendable.length === 0) return outcomes;
  const results = await shipOrders(
    ctx,
    audit,
    accountId,
    sendable.map((p) => p.request),
    options,
  );
  for (const [i, parcel] of sendable.entries())
    for (const index of parcel.rows)
      if (outcomes[index]!.outcome !== 'refused')
        outcomes[index] = { ...outcomes[index]!, outcome: results[i]!.outcome, message: results[i]!.message };
  return outcomes;
}

function rowProblem(row: TrackingRow, orders: OrderRecord[] | undefined): string | null {
  if (!row.orderNumber) return 'order_number is empty.';
  if (!row.carrier) return 'carrier is empty.';
  if (!row.trackingNumber) return 'tracking is empty.';
  if (!orders) return `No order ${row.orderNumber} in this account.`;
  if (orders.length > 1)
    return `${orders.length} orders (on different channels) have the number ${row.orderNumber}: ship it from its drawer.`;
  if (row.shipDate && Number.isNaN(Date.parse(row.shipDate)))
    return `ship_date "${row.shipDate}" is not a date (write it as 2026-11-28).`;
  if (row.quantity && !row.sku) return 'quantity needs a sku: which line the units are of.';
  if (row.quantity && !/^[1-9]\d{0,5}$/.test(row.quantity))
    return `quantity "${row.quantity}" is not a whole number of units.`;
  return null;
}

/** The order's lines of a SKU, with the units to ship from them (all remaining when no quantity). */
function linesOfSku(
  order: OrderRecord,
  sent: Parameters<typeof unitsToShip>[1],
  sku: string,
  quantity: string,
): Array<{ lineId: string; quantity: number }> | string {
  const remaining = unitsToShip(order.lines, sent);
  const lines = order.lines.map((line, index) => ({ line, left: remaining[index]! })).filter((l) => l.line.sku === sku);
  if (lines.length === 0) return `Order ${order.orderNumber} has no line of SKU ${sku}.`;
  let wanted = quantity ? Number(quantity) : lines.reduce((sum, l) => sum + l.left, 0);
  const picked: Array<{ lineId: string; quantity: number }> = [];
  for (const { line, left } of lines) {
    if (wanted === 0 || left === 0 || line.lineId === undefined) continue;
    const units = Math.min(left, wanted);
    picked.push({ lineId: line.lineId, quantity: units });
    wanted -= units;
  }
  if (picked.length === 0) return `Every unit of ${sku} on order ${order.orderNumber} has been shipped already.`;
  if (wanted > 0) return `Order ${order.orderNumber} has fewer units of ${sku} left to ship than ${quantity}.`;
  return picked;
}
