import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  feesByPurchaseOrder,
  orderFeesFromRecon,
  parseCsv,
  reconDateTime,
  reconDatesNewestFirst,
  reconFileFees,
  reconRows,
  unzipFirstCsv,
} from './recon-transform.ts';

// prettier-ignore
const columns = [
  'Period Start Date', 'Period End Date', 'Total Payable', 'Currency', 'Transaction Key', 'Transaction Posted Timestamp',
  'Transaction Type', 'Transaction Description', 'Customer Order #', 'Customer Order line #', 'Purchase Order #',
  'Purchase Order line #', 'Amount', 'Amount Type', 'Ship Qty', 'Commission Rate', 'Transaction Reason Description',
  'Partner Item Id', 'Partner GTIN', 'Partner Item Name', 'Product Tax Code', 'Ship to State', 'Ship to City',
  'Ship to Zipcode', 'Contract Category', 'Product Type', 'Commission Rule', 'Shipping Method', 'Fulfillment Type',
];

type Row = Partial<Record<(typeof columns)[number], string>>;
const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvOf = (rows: Row[]) =>
  `\uFEFF${[columns.join(','), ...rows.map((r) => columns.map((c) => csvField(r[c] ?? '')).join(','))].join('\r\n')}\r\n`;

const sale = (po: string, line: string, amount: string, amountType: string, extra: Row = {}): Row => ({
  'Transaction Key': `2026_03_14_${po.slice(-3)}${line}`,
  'Transaction Posted Timestamp': '03/13/2026',
  'Transaction Type': 'Sale',
  'Transaction Description': 'Purchase',
  'Customer Order #': `2000${po}`,
  'Customer Order line #': line,
  'Purchase Order #': po,
  'Purchase Order line #': line,
  Amount: amount,
  'Amount Type': amountType,
  'Ship Qty': '1',
  'Commission Rate': '15',
  'Partner Item Id': `SKU-${po.slice(-3)}-${line}`,
  'Partner GTIN': '00810027710123',
  'Partner Item Name': 'FRAM Ultra Air, 12" "Premium" Filter',
  'Ship to State': 'AR',
  'Ship to City': 'Bentonville',
  'Ship to Zipcode': '72712',
  'Contract Category': 'Automotive & Powersports',
  'Shipping Method': 'Marketplace standard',
  'Fulfillment Type': 'Seller Fulfilled',
  ...extra,
});

/** A settlement period as Walmart writes it: its payment summary, sales with their commission, tax, a label fee. */
const marchReport = csvOf([
  {
    'Period Start Date': '03/01/2026',
    'Period End Date': '03/14/2026',
    'Total Payable': '1032.18',
    Currency: 'USD',
    'Transaction Type': 'PaymentSummary',
    'Transaction Description': 'Deposited in  account',
    'Transaction Posted Timestamp': '03/14/2026',
  },
  sale('129112345678901', '1', '14.98', 'Product Price'),
  sale('129112345678901', '1', '-2.25', 'Commission on Product'),
  sale('129112345678901', '1', '1.20', 'Product tax'),
  sale('129112345678901', '2', '20.00', 'Product Price'),
  sale('129112345678901', '2', '-3.00', 'Commission on Product'),
  sale('129112345678902', '1', '49.99', 'Product Price'),
  sale('129112345678902', '1', '-7.50', 'Commission on Product'),
  sale('129112345678902', '1', '5.99', 'Product Shipping'),
  sale('129112345678902', '1', '-0.90', 'Commission on Shipping'),
  sale('129112345678902', '', '-11.12', 'Fee/Reimbursement', {
    'Transaction Type': 'Adjustment',
    'Transaction Description': 'Walmart Shipping Label Service Charge',
  }),
  sale('129112345678903', '1', '19.99', 'Product Price'),
  sale('129112345678903', '1', '-3.00', 'Commission on Product'),
]);

/** The next period: the third order refunded, Walmart giving back most of its commission. */
const aprilReport = csvOf([
  sale('129112345678903', '1', '-19.99', 'Product Price', { 'Transaction Type': 'Refund' }),
  sale('129112345678903', '1', '2.40', 'Commission on Product', { 'Transaction Type': 'Refund' }),
]);

/**
 * A zip as a streaming writer makes it: each entry's sizes and CRC in a data descriptor after its data (flag bit 3,
 * zeros in the local header), a note before the report, the report deflated and the note stored.
 */
function streamedZip(entries: Array<{ name: string; content: string; deflate: boolean }>): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const content = Buffer.from(entry.content, 'utf8');
    const data = entry.deflate ? zlib.deflateRawSync(content) : content;
    const name = Buffer.from(entry.name);
    const crc = zlib.crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0008, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(data.length, 8);
    descriptor.writeUInt32LE(content.length, 12);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0008, 8);
    record.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(data.length, 20);
    record.writeUInt32LE(content.length, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, name, data, descriptor);
    central.push(record, name);
    offset += local.length + name.length + data.length + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const comment = Buffer.from('Walmart recon report');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...parts, directory, end, comment]);
}

const reportZip = (csv: string) =>
  streamedZip([
    { name: 'README.txt', content: 'Amounts in USD.', deflate: false },
    { name: '10000000354_2026-03-14T23:09:54.438+0000.csv', content: csv, deflate: true },
  ]);

describe('Walmart recon report transform', () => {
  it('unzips the report CSV through the central directory (streamed entries, another file first, a comment)', () => {
    expect(unzipFirstCsv(reportZip(marchReport))).toBe(marchReport);
  });

  it('refuses a zip whose CRC does not match, and bytes that are no zip', () => {
    const zip = reportZip(marchReport);
    const broken = Buffer.from(zip);
    // The second entry's data starts after its 30-byte header and name; flipping a byte there breaks its CRC
    // or its deflate stream.
    const second = zip.indexOf(Buffer.from('10000000354_'), 0) + '10000000354_2026-03-14T23:09:54.438+0000.csv'.length;
    broken[second + 5] = broken[second + 5]! ^ 0xff;
    expect(() => unzipFirstCsv(broken)).toThrow();
    expect(() => unzipFirstCsv(Buffer.from('Period Start Date,Amount\r\n'))).toThrow(/not a zip/);
  });

  it('reads CSV with quoted commas, doubled quotes, line breaks inside quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n\r\n1,,3')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['1', '', '3'],
    ]);
    const [summary, first] = reconRows(marchReport);
    expect(summary!['Transaction Type']).toBe('PaymentSummary');
    expect(first!['Partner Item Name']).toBe('FRAM Ultra Air, 12" "Premium" Filter');
    expect(first!['Purchase Order #']).toBe('129112345678901');
  });

  it("sums each purchase order's commission and fee lines, positive, leaving sales, shipping and tax out", () => {
    const fees = feesByPurchaseOrder(reconRows(marchReport));
    expect(Object.fromEntries(fees)).toEqual({
      '129112345678901': { cents: 525, currency: 'USD' },
      // Commission on product and on shipping, and the shipping label charge.
      '129112345678902': { cents: 750 + 90 + 1112, currency: 'USD' },
      '129112345678903': { cents: 300, currency: 'USD' },
    });
    expect(reconFileFees(reportZip(marchReport))).toEqual(fees);
    // Walmart sending the CSV bare is read as well.
    expect(reconFileFees(Buffer.from(marchReport))).toEqual(fees);
  });

  it("refuses a file that is not a recon report rather than reading every order's fees as none", () => {
    expect(() => reconFileFees(Buffer.from('sku,quantity\r\nA,1\r\n'))).toThrow(/not a recon v1 report/);
  });

  it('reports the fees over every report read, commission given back on a refund included; pending when in none', () => {
    const reports = [reconFileFees(reportZip(aprilReport)), reconFileFees(reportZip(marchReport))];
    expect(orderFeesFromRecon('129112345678901', reports)).toEqual({
      status: 'reported',
      fees: { amount: '5.25', currency: 'USD' },
    });
    expect(orderFeesFromRecon('129112345678903', reports)).toEqual({
      status: 'reported',
      fees: { amount: '0.60', currency: 'USD' },
    });
    expect(orderFeesFromRecon('129112345678999', reports)).toEqual({ status: 'pending' });
    expect(orderFeesFromRecon('129112345678901', [])).toEqual({ status: 'pending' });
  });

  it("orders the available dates newest first (reports.json's example), leaving out what is not a date", () => {
    // getAvailableReconReportDates' example in reports.json, with two entries that are no date.
    const example = ['07012018', '07032018', '07102018', '07172018', '07242018', '07312018', '08072018', '08142018'];
    expect(reconDatesNewestFirst({ availableApReportDates: [...example, '2018-08-21', '13012018'] })).toEqual(
      [...example].reverse(),
    );
    expect(reconDatesNewestFirst({})).toEqual([]);
    expect(reconDateTime('02292024')).toBe(Date.UTC(2024, 1, 29));
    expect(reconDateTime('02292023')).toBeNaN();
  });
});
