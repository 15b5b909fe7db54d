/**
 * The returns report's transform on a realistic GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE file: Amazon's
 * columns in its order, tab-separated, one row per item of a return (an RMA of two items, a return
 * received and refunded, one Amazon closed, one with a label in transit, one without an RMA id).
 */
import { describe, expect, it } from 'vitest';
import { parseTabSeparated, reportDate, returnsReportToReturns, rowStatus } from './returns-transform.ts';

const header =
  'order-id\torder-date\treturn-request-date\treturn-request-status\tamazon-rma-id\tseller-rma-id\tlabel-type\tlabel-cost\tcurrency-code\treturn-carrier\ttracking-id\tlabel-to-be-paid-by\ta-to-z-claim\tis-prime\tasin\tmerchant-sku\titem-name\treturn-quantity\treturn-reason\tin-policy\treturn-type\tresolution\tinvoice-number\treturn-delivery-date\torder-amount\torder-quantity\tsafet-action-reason\tsafet-claim-id\tsafet-claim-state\tsafet-claim-creation-time\tsafet-claim-reimbursement-amount\trefunded-amount\tcategory';
const rows = [
  // Two items under one RMA, authorized, no label yet.
  '113-7265361-2295446\t2025-02-27T17:42:10+00:00\t2025-03-04T09:15:02+00:00\tApproved\tDdVGxP7kRRMA\t\t\t\tUSD\t\t\t\tN\tN\tB0C5LXK9QW\tMUG-BLUE-12\tStoneware Coffee Mug, 12 oz, Blue\t1\tCR-UNWANTED_ITEM\tY\tC-Returns\tStandardRefund\t\t\t25.00\t2\t\t\t\t\t\t\tKitchen',
  '113-7265361-2295446\t2025-02-27T17:42:10+00:00\t2025-03-04T09:15:02+00:00\tApproved\tDdVGxP7kRRMA\t\t\t\tUSD\t\t\t\tN\tN\tB0C5LXK9QX\tCOASTER-SET-4\tCork Coaster Set of 4\t2\tCR-UNWANTED_ITEM\tY\tC-Returns\tStandardRefund\t\t\t18.00\t2\t\t\t\t\t\t\tKitchen',
  // Received back and refunded, with an Amazon prepaid label; Seller Central's day-month-year dates.
  '114-1938475-8830211\t01-Mar-2025\t05-Mar-2025\tClosed\tDk3mQZ9tRRMA\tRMA-0042\tAmazonPrePaidLabel\t6.41\tUSD\tUPS\t1Z0R49W50390478251\tSeller\tN\tY\tB0BX3Q7JHL\tLAMP-DESK-BLK\tLED Desk Lamp, Black\t1\tCR-DEFECTIVE\tY\tC-Returns\tStandardRefund\t\t09-Mar-2025\t39.99\t1\t\t\t\t\t\t39.99\tHome',
  // A label issued, parcel on its way.
  '112-5550193-4471820\t2025-03-02T11:03:55+00:00\t2025-03-06T20:41:19+00:00\tApproved\tDp8nHW2cRRMA\t\tAmazonUnPaidLabel\t0.00\tUSD\tUSPS\t9400111202555842764415\tCustomer\tN\tN\tB09TQ2M4ZD\tCAP-RED-L\tCotton Baseball Cap, Red, L\t1\tAMZ-PG-BAD-DESC\tY\tC-Returns\tStandardRefund\t\t\t14.95\t1\t\t\t\t\t\t\tApparel',
  // Closed by Amazon without the parcel or a refund.
  '111-0029384-1188340\t2025-02-20T08:00:00+00:00\t2025-02-26T15:30:00+00:00\tClosed\tDa7vTT4eRRMA\t\t\t\tUSD\t\t\t\tN\tN\tB0AAAA1111\tMUG-BLUE-12\tStoneware Coffee Mug, 12 oz, Blue\t1\tCR-ORDERED_WRONG_ITEM\tN\tC-Returns\tStandardRefund\t\t\t12.50\t1\t\t\t\t\t\t\tKitchen',
  // No RMA id (a return requested outside Amazon's flow): order and SKU name it.
  '111-4471122-9001234\t2025-03-01T10:00:00+00:00\t2025-03-07T10:00:00+00:00\tPending\t\t\t\t\tUSD\t\t\t\tN\tN\tB0BBBB2222\tTOTE-CANVAS\tCanvas Tote Bag\t1\t\tY\tC-Returns\t\t\t\t9.99\t1\t\t\t\t\t\t\tBags',
];
const report = `\uFEFF${header}\r\n${rows.join('\r\n')}\r\n\r\n`;

describe('the returns report', () => {
  it('parses Amazon’s tab-separated file by its header, skipping blank lines and the byte-order mark', () => {
    const parsed = parseTabSeparated(report);
    expect(parsed).toHaveLength(6);
    expect(parsed[0]).toMatchObject({
      'order-id': '113-7265361-2295446',
      'amazon-rma-id': 'DdVGxP7kRRMA',
      'merchant-sku': 'MUG-BLUE-12',
      'return-quantity': '1',
      category: 'Kitchen',
    });
    expect(Object.keys(parsed[0]!)).toHaveLength(33);
    expect(parseTabSeparated('')).toEqual([]);
  });

  it('becomes one return per RMA, with its items as lines, statuses and refunds as Amazon reports them', () => {
    const returns = returnsReportToReturns(parseTabSeparated(report));
    expect(returns).toEqual([
      {
        marketplaceReturnId: 'DdVGxP7kRRMA',
        marketplaceOrderId: '113-7265361-2295446',
        status: 'requested',
        reason: 'CR-UNWANTED_ITEM',
        lines: [
          { lineId: null, sku: 'MUG-BLUE-12', quantity: 1, restock: false },
          { lineId: null, sku: 'COASTER-SET-4', quantity: 2, restock: false },
        ],
        refunded: null,
        createdAt: '2025-03-04T09:15:02.000Z',
        updatedAt: '2025-03-04T09:15:02.000Z',
      },
      {
        marketplaceReturnId: 'Dk3mQZ9tRRMA',
        marketplaceOrderId: '114-1938475-8830211',
        status: 'refunded',
        reason: 'CR-DEFECTIVE',
        lines: [{ lineId: null, sku: 'LAMP-DESK-BLK', quantity: 1, restock: false }],
        refunded: { amount: '39.99', currency: 'USD' },
        createdAt: '2025-03-05T00:00:00.000Z',
        updatedAt: '2025-03-09T00:00:00.000Z',
      },
      expect.objectContaining({ marketplaceReturnId: 'Dp8nHW2cRRMA', status: 'in transit', reason: 'AMZ-PG-BAD-DESC' }),
      expect.objectContaining({ marketplaceReturnId: 'Da7vTT4eRRMA', status: 'closed', refunded: null }),
      expect.objectContaining({
        marketplaceReturnId: '111-4471122-9001234:TOTE-CANVAS',
        status: 'requested',
        reason: null,
      }),
    ]);
  });

  it('says received once the parcel is back, before any refund', () => {
    const [row] = parseTabSeparated(`${header}\n${rows[0]}`);
    expect(
      rowStatus({ ...row!, 'return-delivery-date': '2025-03-10T12:00:00+00:00', 'return-request-status': 'Closed' }),
    ).toBe('received');
  });

  it('reads both date forms Amazon writes, and nothing else', () => {
    expect(reportDate('2025-03-04T09:15:02+00:00')).toBe('2025-03-04T09:15:02.000Z');
    expect(reportDate('2025-03-04T01:15:02-08:00')).toBe('2025-03-04T09:15:02.000Z');
    expect(reportDate('05-Mar-2025')).toBe('2025-03-05T00:00:00.000Z');
    expect(reportDate('05-Foo-2025')).toBeNull();
    expect(reportDate('')).toBeNull();
  });
});
