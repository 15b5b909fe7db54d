import { describe, expect, it } from 'vitest';
import { readOfficial } from '../../../test/support/marketplace-contract.ts';
import type { CancellationRequest, RefundRequest } from '../types.ts';
import {
  cancellationUnits,
  cancelledUnitsByLine,
  invalidWalmartCancellation,
  invalidWalmartRefund,
  openUnitsByLine,
  walmartCancellationRecorded,
  walmartCancellationRequest,
  walmartCancellationSince,
  walmartRefundRecorded,
  walmartRefundRequest,
} from './order-actions-transform.ts';
import type { WalmartOrder } from './types.ts';

type Json = Record<string, any>;
const orders = () => readOfficial('walmart/orders.json') as Json;
const post = (path: string) => orders().paths[path].post;
/** The order the definition's cancelOrderLines example answers (line 1 Cancelled). */
const cancelledExample = () =>
  structuredClone(
    post('/v3/orders/{purchaseOrderId}/cancel').responses['200'].content['application/json'].example.order,
  ) as WalmartOrder;
/** The order the definition's refundOrderLines example answers (line 1 Shipped, with a refund). */
const refundedExample = () =>
  structuredClone(
    post('/v3/orders/{purchaseOrderId}/refund').responses['200'].content['application/json'].example.order,
  ) as WalmartOrder;

const cancellation = (lines: Array<[string, number]>, wholeOrder = false): CancellationRequest => ({
  marketplaceOrderId: '1577914061094',
  cancellationId: 'ours-1',
  reason: 'buyer asked',
  wholeOrder,
  lines: lines.map(([lineId, quantity]) => ({ lineId, sku: 'NJ_WITHOUT_RCA_003', quantity })),
});

describe('Walmart cancellations on the official examples', () => {
  it('builds the body of the definition’s own example (one unit of line 1, the buyer’s request)', () => {
    const example = post('/v3/orders/{purchaseOrderId}/cancel').requestBody.content['application/json'].example;
    const body = walmartCancellationRequest(
      cancellationUnits(cancellation([['1', 1]]), cancelledExample()),
      'buyer asked',
    );
    const line = body.orderCancellation.orderLines.orderLine[0]!;
    expect(line.lineNumber).toBe(example.orderCancellation.orderLines.orderLine[0].lineNumber);
    expect(line.orderLineStatuses.orderLineStatus[0]).toEqual({
      ...example.orderCancellation.orderLines.orderLine[0].orderLineStatuses.orderLineStatus[0],
      statusQuantity: { unitOfMeasurement: 'EACH', amount: '1' },
    });
  });

  it('maps every reason of ours to one of Walmart’s, the buyer’s request only for the buyer', () => {
    const enumOf = orders().components.schemas.CancelLineStatusType.properties.cancellationReason.enum as string[];
    const units = new Map([['1', 1]]);
    const reasons = (['out of stock', 'buyer asked', 'cannot ship to address', 'pricing error', 'other'] as const).map(
      (reason) =>
        walmartCancellationRequest(units, reason).orderCancellation.orderLines.orderLine[0]!.orderLineStatuses
          .orderLineStatus[0]!.cancellationReason,
    );
    for (const reason of reasons) expect(enumOf).toContain(reason);
    expect(reasons.filter((r) => r === 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL')).toHaveLength(1);
  });

  it('reads cancelled and open units per line, and a whole order as every open unit', () => {
    const order = cancelledExample();
    expect(cancelledUnitsByLine(order)).toEqual(new Map([['1', 1]]));
    expect(openUnitsByLine(order)).toEqual(new Map([['1', 0]]));
    const open = structuredClone(order);
    open.orderLines.orderLine[0]!.orderLineStatuses!.orderLineStatus![0]!.status = 'Acknowledged';
    expect(cancellationUnits(cancellation([], true), open)).toEqual(new Map([['1', 1]]));
    expect(cancellationUnits(cancellation([], true), order)).toEqual(new Map());
    expect(
      cancellationUnits(
        cancellation([
          ['1', 1],
          ['1', 2],
        ]),
        order,
      ),
    ).toEqual(new Map([['1', 3]]));
  });

  it('knows a cancellation held by the units cancelled beyond those before it was sent', () => {
    const order = cancelledExample();
    expect(walmartCancellationRecorded(new Map([['1', 1]]), new Map([['1', 0]]), order)).toBe(true);
    expect(walmartCancellationRecorded(new Map([['1', 1]]), new Map([['1', 1]]), order)).toBe(false);
  });

  it('after a lost answer and a restart, knows a cancellation by units cancelled on lines changed since it was recorded', () => {
    const order = cancelledExample();
    const recorded = '2026-11-20T10:00:00.000Z';
    order.orderLines.orderLine[0]!.statusDate = Date.parse('2026-11-20T10:00:02.000Z');
    expect(walmartCancellationSince(cancellation([['1', 1]]), order, recorded)).toBe(true);
    expect(walmartCancellationSince(cancellation([], true), order, recorded)).toBe(true);
    // More units than the line holds cancelled: not this one (yet).
    expect(walmartCancellationSince(cancellation([['1', 2]]), order, recorded)).toBe(false);
    // Cancelled long before this cancellation was recorded: someone else's, so it is sent.
    order.orderLines.orderLine[0]!.statusDate = Date.parse('2026-11-19T10:00:00.000Z');
    expect(walmartCancellationSince(cancellation([['1', 1]]), order, recorded)).toBe(false);
    expect(walmartCancellationSince(cancellation([], true), order, recorded)).toBe(false);
  });

  it('refuses before any call a cancellation without lines or with a unit count that is not whole', () => {
    expect(invalidWalmartCancellation(cancellation([]))).toMatch(/at least one/);
    expect(invalidWalmartCancellation(cancellation([['1', 0.5]]))).toMatch(/whole number/);
    expect(invalidWalmartCancellation(cancellation([], true))).toBeUndefined();
  });
});

describe('Walmart refunds on the official examples', () => {
  const refund = (amount: string): RefundRequest => ({
    marketplaceOrderId: '2577453162650',
    refundId: 'ours-refund',
    reason: 'other',
    wholeOrder: false,
    lines: [{ lineId: '4', sku: 'NJ_WITHOUT_RCA_003', quantity: 1, amount: { amount, currency: 'USD' } }],
    total: { amount, currency: 'USD' },
    note: 'test test',
  });

  it('builds the definition’s example body: the charge negative, under our refundId, the note as comments', () => {
    const example = post('/v3/orders/{purchaseOrderId}/refund').requestBody.content['application/json'].example;
    const body = walmartRefundRequest(refund('0.10'));
    const exampleLine = example.orderRefund.orderLines.orderLine[0];
    const exampleCharge = exampleLine.refunds.refund[0].refundCharges.refundCharge[0];
    expect(body.orderRefund.purchaseOrderId).toBe(example.orderRefund.purchaseOrderId);
    expect(body.orderRefund.orderLines.orderLine[0]).toEqual({
      lineNumber: exampleLine.lineNumber,
      isFullRefund: false,
      refunds: {
        refund: [
          {
            refundId: 'ours-refund',
            refundComments: exampleLine.refunds.refund[0].refundComments,
            refundCharges: {
              refundCharge: [
                {
                  refundReason: 'Others',
                  charge: {
                    chargeType: exampleCharge.charge.chargeType,
                    chargeName: 'ItemPrice',
                    chargeAmount: exampleCharge.charge.chargeAmount,
                  },
                },
              ],
            },
          },
        ],
      },
    });
  });

  it('maps every reason of ours into RefundChargeType’s enum', () => {
    const enumOf = orders().components.schemas.RefundChargeType.properties.refundReason.enum as string[];
    for (const reason of [
      'buyer returned',
      'damaged',
      'not as described',
      'buyer cancelled',
      'shipping delay',
      'other',
    ] as const) {
      const sent = walmartRefundRequest({ ...refund('1.00'), reason });
      expect(enumOf).toContain(
        sent.orderRefund.orderLines.orderLine[0]!.refunds.refund[0]!.refundCharges.refundCharge![0]!.refundReason,
      );
    }
  });

  it('sums a line named twice, and refuses a refund without lines or amounts', () => {
    const twice = refund('1.25');
    twice.lines.push({ ...twice.lines[0]!, amount: { amount: '0.75', currency: 'USD' } });
    const charge =
      walmartRefundRequest(twice).orderRefund.orderLines.orderLine[0]!.refunds.refund[0]!.refundCharges
        .refundCharge![0]!;
    expect(charge.charge.chargeAmount).toEqual({ currency: 'USD', amount: -2 });
    expect(invalidWalmartRefund({ ...refund('1.00'), lines: [] })).toMatch(/by order line/);
    expect(invalidWalmartRefund(refund('0'))).toMatch(/above 0/);
  });

  it('knows a refund held by the refundId on the line it names', () => {
    const order = refundedExample();
    const asked = { ...refund('19.99'), lines: [{ ...refund('19.99').lines[0]!, lineId: '1' }] };
    expect(walmartRefundRecorded(asked, order)).toBe(false);
    order.orderLines.orderLine[0]!.refund!.refundId = 'ours-refund';
    expect(walmartRefundRecorded(asked, order)).toBe(true);
    expect(walmartRefundRecorded({ ...asked, refundId: 'another' }, order)).toBe(false);
  });
});
