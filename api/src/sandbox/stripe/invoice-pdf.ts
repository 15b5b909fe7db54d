import { invoiceTotal } from './objects.ts';
import { day, money } from './hosted-html.ts';
import type { InvoiceRecord, StripeAccount } from './state.ts';

/** PDF text strings: ASCII only, with the three characters PDF escapes. */
const pdfText = (value: string) => value.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * An invoice as a one-page PDF (what `invoice_pdf` links to): number, dates, customer, lines and
 * total, in Helvetica. Written by hand: a handful of objects and their cross-reference table.
 */
export function invoicePdf(account: StripeAccount, invoice: InvoiceRecord): Buffer {
  const customer = account.customers[invoice.customer];
  const rows = [
    `Invoice ${invoice.number}`,
    `Date of issue: ${day(invoice.created)}`,
    `Status: ${invoice.status}`,
    `Bill to: ${customer?.name ?? customer?.email ?? invoice.customer}`,
    `Period: ${day(invoice.periodStart)} - ${day(invoice.periodEnd)}`,
    '',
    ...invoice.lines.map((l) => `${l.description}    ${money(l.amount, invoice.currency)}`),
    '',
    `Total: ${money(invoiceTotal(invoice), invoice.currency)}`,
    `Amount paid: ${money(invoice.amountPaid, invoice.currency)}`,
  ];
  const content = [
    'BT',
    '/F1 11 Tf',
    '14 TL',
    '56 780 Td',
    ...rows.map((row, i) => `${i === 0 ? '' : 'T* '}(${pdfText(row)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
