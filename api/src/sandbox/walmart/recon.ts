/**
 * Walmart's reconciliation (settlement) reports (reports.json): the dates a report is available for
 * (getAvailableV1ReconReportDates, `{ availableApReportDates: [MMDDYYYY…] }`, oldest first as its example) and one
 * date's report (getReconReportV1), a real zip holding one CSV in Walmart's recon v1 columns, sent as an attachment
 * named after the partner and the time it was generated, as reports.json describes. The legacy paths (without
 * reportVersion) answer the same v1 report: the legacy columns are not imitated.
 *
 * An order settles in the report dated the day after its own (UTC), available once that day has come; the control
 * API settles a seller's orders at once (into today's report) so tests see both before and after. Each line's units
 * not cancelled settle as a sale ("Product Price", price × quantity) and Walmart's commission, a deterministic 15% of
 * it rounded to the cent, as a negative "Commission on Product" line.
 */
import zlib from 'node:zlib';
import type { Request, Response, Router } from 'express';
import { answerControl } from '../shared/control-answer.ts';
import { SandboxControlError } from '../shared/sandbox-kit.ts';
import { authorise } from './auth.ts';
import { buyerOf } from './buyers.ts';
import { send } from './errors.ts';
import { throttled } from './limits.ts';
import type { WalmartContext, WalmartSandboxOrder, WalmartSandboxSeller } from './state.ts';

const DAY_MS = 86_400_000;
/** The sandbox's commission on every sale, in percent. */
export const RECON_COMMISSION_PERCENT = 15;

/** Walmart's recon v1 columns, in its order. */
// prettier-ignore
export const RECON_V1_COLUMNS = [
  'Period Start Date', 'Period End Date', 'Total Payable', 'Currency', 'Transaction Key',
  'Transaction Posted Timestamp', 'Transaction Type', 'Transaction Description', 'Customer Order #',
  'Customer Order line #', 'Purchase Order #', 'Purchase Order line #', 'Amount', 'Amount Type', 'Ship Qty',
  'Commission Rate', 'Transaction Reason Description', 'Partner Item Id', 'Partner GTIN', 'Partner Item Name',
  'Product Tax Code', 'Ship to State', 'Ship to City', 'Ship to Zipcode', 'Contract Category', 'Product Type',
  'Commission Rule', 'Shipping Method', 'Fulfillment Type', 'Fulfillment Details',
] as const;

type ReconRow = Partial<Record<(typeof RECON_V1_COLUMNS)[number], string>>;

const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** reports.json's report date: MMDDYYYY. */
const reportDateOf = (day: number) => {
  const d = new Date(day);
  return `${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${d.getUTCFullYear()}`;
};
/** The recon report's own dates: MM/DD/YYYY. */
const slashDateOf = (day: number) => {
  const d = new Date(day);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
};
function dayOfReportDate(reportDate: string): number | undefined {
  const match = /^(\d{2})(\d{2})(\d{4})$/.exec(reportDate);
  if (!match) return undefined;
  const day = Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2]));
  return reportDateOf(day) === reportDate ? day : undefined;
}

/** The day of the report that settles the order: the one the control API chose, else the day after the order's. */
export const reconDayOf = (order: WalmartSandboxOrder) => order.settledOn ?? dayOf(order.orderDate) + DAY_MS;

const settledUnits = (order: WalmartSandboxOrder) =>
  order.lines.reduce((sum, line) => sum + line.quantity - line.cancelledQuantity, 0);

/** The days whose reports are out by `now`: those settling an order with units left to settle. */
function availableDays(seller: WalmartSandboxSeller, now: number): number[] {
  const today = dayOf(now);
  const days = seller.orders.filter((o) => settledUnits(o) > 0).map(reconDayOf);
  return [...new Set(days.filter((day) => day <= today))].sort((a, b) => a - b);
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const decimal = (cents: number) => (cents / 100).toFixed(2);

/** The report's rows: the payment summary first, then each settled line's sale and commission. */
function reconRows(seller: WalmartSandboxSeller, day: number): ReconRow[] {
  const posted = slashDateOf(day);
  const keyPrefix = `${new Date(day).getUTCFullYear()}_${pad(new Date(day).getUTCMonth() + 1)}_${pad(new Date(day).getUTCDate())}`;
  const rows: ReconRow[] = [];
  for (const order of seller.orders.filter((o) => reconDayOf(o) === day)) {
    const buyer = buyerOf(order.sequence ?? 1);
    for (const line of order.lines) {
      const units = line.quantity - line.cancelledQuantity;
      if (units <= 0) continue;
      const item = seller.items[line.sku];
      const sale = cents(line.unitPrice) * units;
      const commission = Math.round((sale * RECON_COMMISSION_PERCENT) / 100);
      const common: ReconRow = {
        'Transaction Posted Timestamp': posted,
        'Transaction Type': 'Sale',
        'Transaction Description': 'Purchase',
        'Customer Order #': order.customerOrderId,
        'Customer Order line #': line.lineNumber,
        'Purchase Order #': order.purchaseOrderId,
        'Purchase Order line #': line.lineNumber,
        'Ship Qty': String(units),
        'Commission Rate': String(RECON_COMMISSION_PERCENT),
        'Partner Item Id': line.sku,
        'Partner GTIN': item?.gtin ?? '',
        'Partner Item Name': line.productName,
        'Product Tax Code': '2038710',
        'Ship to State': buyer.state,
        'Ship to City': buyer.city,
        'Ship to Zipcode': buyer.postalCode,
        'Product Type': item?.productType ?? '',
        'Shipping Method': 'Standard',
        'Fulfillment Type': order.shipNodeType === 'WFSFulfilled' ? 'Walmart Fulfilled' : 'Seller Fulfilled',
      };
      rows.push(
        { ...common, Amount: decimal(sale), 'Amount Type': 'Product Price', Currency: line.currency },
        { ...common, Amount: decimal(-commission), 'Amount Type': 'Commission on Product', Currency: line.currency },
      );
    }
  }
  rows.forEach((row, i) => (row['Transaction Key'] = `${keyPrefix}_${i + 1}`));
  const payable = rows.reduce((sum, row) => sum + cents(row.Amount!), 0);
  return [
    {
      'Period Start Date': posted,
      'Period End Date': posted,
      'Total Payable': decimal(payable),
      Currency: 'USD',
      'Transaction Type': 'PaymentSummary',
      'Transaction Description': 'Deposited in account',
      'Transaction Posted Timestamp': posted,
    },
    ...rows,
  ];
}

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function reconCsv(seller: WalmartSandboxSeller, day: number): string {
  const lines = [RECON_V1_COLUMNS.join(',')];
  for (const row of reconRows(seller, day)) lines.push(RECON_V1_COLUMNS.map((c) => csvField(row[c] ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** MS-DOS time and date of a zip entry (local header and central directory). */
function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** A zip of one deflated file (PKWARE APPNOTE: local header, data, central directory, end record). */
export function zipOne(name: string, content: Buffer, at = new Date()): Buffer {
  const data = zlib.deflateRawSync(content);
  const crc = zlib.crc32(content);
  const fileName = Buffer.from(name, 'utf8');
  const { time, date } = dosDateTime(at);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6); // the name is UTF-8
  local.writeUInt16LE(8, 8); // deflated
  local.writeUInt16LE(time, 10);
  local.writeUInt16LE(date, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt16LE(time, 12);
  central.writeUInt16LE(date, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42); // the local header's offset: the file is the zip's first
  const centralOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** reportVersion: v1, or absent (the legacy paths); anything else is refused (400 sent). */
function versionOk(req: Request, res: Response): boolean {
  const version = req.query.reportVersion;
  if (version === undefined || version === 'v1') return true;
  send(res, 400, 'INVALID_REQUEST_PARAM.GMP_REPORT_API', 'reportVersion must be v1', { field: 'reportVersion' });
  return false;
}

export function reconRoutes(router: Router, context: WalmartContext) {
  router.get('/v3/report/reconreport/availableReconFiles', (req, res) => {
    const seller = authorise(context, req, res);
    if (!seller || throttled(context, res, seller.sellerId, 'reports.recon') || !versionOk(req, res)) return;
    res.json({ availableApReportDates: availableDays(seller, Date.now()).map(reportDateOf) });
  });
  router.get('/v3/report/reconreport/reconFile', (req, res) => {
    const seller = authorise(context, req, res);
    if (!seller || throttled(context, res, seller.sellerId, 'reports.recon') || !versionOk(req, res)) return;
    const reportDate = typeof req.query.reportDate === 'string' ? req.query.reportDate : '';
    const day = dayOfReportDate(reportDate);
    if (day === undefined)
      return send(res, 400, 'INVALID_REQUEST_PARAM.GMP_REPORT_API', 'reportDate must be a date as MMDDYYYY', {
        field: 'reportDate',
      });
    if (!availableDays(seller, Date.now()).includes(day))
      return send(res, 404, 'CONTENT_NOT_FOUND.GMP_REPORT_API', `No reconciliation report for ${reportDate}`, {
        field: 'reportDate',
        category: 'DATA',
      });
    const generated = new Date().toISOString().replace('Z', '+0000');
    const name = `${seller.sellerId}_${generated}`;
    res
      .status(200)
      .type('application/octet-stream')
      .set('Content-Disposition', `attachment; filename=${name}.zip`)
      .send(zipOne(`${name}.csv`, Buffer.from(reconCsv(seller, day), 'utf8')));
  });
}

/**
 * The control API's settlement: `POST /sellers/{sellerId}/recon/settle` (no body) puts every order of the seller
 * not yet in an available report into today's, available at once; answers `{ reportDate, purchaseOrderIds }`.
 */
export function reconControlRoutes(router: Router, context: WalmartContext) {
  router.post('/sellers/:sellerId/recon/settle', (req, res) => {
    const { sellerId } = req.params as { sellerId: string };
    answerControl(
      res,
      200,
      () => context.changed(sellerId),
      () => {
        const seller = context.state().sellers[sellerId];
        if (!seller) throw new SandboxControlError(404, `No Walmart sandbox seller ${sellerId}`);
        const today = dayOf(Date.now());
        const settled = seller.orders.filter((o) => reconDayOf(o) > today);
        for (const order of settled) order.settledOn = today;
        return { reportDate: reportDateOf(today), purchaseOrderIds: settled.map((o) => o.purchaseOrderId) };
      },
    );
  });
}
