import { describe, expect, it } from 'vitest';
import { readOfficial } from '../../../test/support/marketplace-contract.ts';
import { returnLineRestocks, returnLineStatus, returnsFromWalmart } from './returns-transform.ts';
import type { WalmartReturnOrder, WalmartReturnOrderLine, WalmartReturnsPage } from './order-action-types.ts';

type Json = Record<string, any>;
/** getReturns' own example answer (returns.json). */
const example = () =>
  structuredClone(
    (readOfficial('walmart/returns.json') as Json).paths['/v3/returns'].get.responses['200'].content['application/json']
      .example as WalmartReturnsPage,
  );
const withLine = (order: WalmartReturnOrder, change: Partial<WalmartReturnOrderLine>): WalmartReturnOrder => ({
  ...order,
  returnOrderLines: order.returnOrderLines!.map((line) => ({ ...line, ...change })),
});

describe('Walmart returns on the official example', () => {
  it('reads the example return: its purchase order, line, units, reason, and the refund Walmart completed', () => {
    const [order] = example().returnOrders;
    expect(returnsFromWalmart(order!)).toEqual([
      {
        marketplaceReturnId: '103738048909818825',
        marketplaceOrderId: '4790210558890',
        status: 'refunded',
        reason: 'ARRIVED_LATE',
        // Expected back, but not delivered to the return centre (NOT_SHIPPED, no delivery event): no restock.
        lines: [{ lineId: '1', sku: 'ANTL_GDL-0700', quantity: 3, restock: false }],
        refunded: { amount: '127.45', currency: 'USD' },
        createdAt: '2019-02-21T01:01:08.000Z',
        updatedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(returnsFromWalmart(order!)[0]!.updatedAt)).toBeGreaterThan(
      Date.parse('2019-02-21T01:01:08.000Z'),
    );
  });

  it('maps each status and latest event as Walmart’s guide pairs them', () => {
    const [order] = example().returnOrders;
    const line = order!.returnOrderLines![0]!;
    const at = (status: string, ...eventTags: string[]) =>
      returnLineStatus({
        ...line,
        status,
        currentDeliveryStatus: undefined,
        returnTrackingDetail: eventTags.map((eventTag, sequenceNo) => ({ sequenceNo, eventTag })),
      });
    expect(at('INITIATED', 'RETURN_INITIATED')).toBe('requested');
    expect(at('INITIATED', 'RETURN_INITIATED', 'RETURN_IN_TRANSIT')).toBe('in transit');
    expect(at('DELIVERED', 'RETURN_INITIATED', 'DELIVERED_AT_RETURN_CENTER')).toBe('received');
    expect(at('COMPLETED', 'RETURN_INITIATED', 'REFUND_ISSUED')).toBe('refunded');
    expect(at('COMPLETED', 'RETURN_INITIATED', 'RETURN_CANCELLED')).toBe('closed');
    expect(at('CANCELLED')).toBe('closed');
  });

  it('restocks a line only when its item came back to the return centre, expected back and not kept', () => {
    const [order] = example().returnOrders;
    const line = order!.returnOrderLines![0]!;
    const delivered = {
      ...line,
      returnTrackingDetail: [...line.returnTrackingDetail!, { sequenceNo: 2, eventTag: 'DELIVERED_AT_RETURN_CENTER' }],
    };
    expect(returnLineRestocks(line)).toBe(false);
    expect(returnLineRestocks(delivered)).toBe(true);
    expect(returnLineRestocks({ ...delivered, isKeepIt: true })).toBe(false);
    expect(returnLineRestocks({ ...delivered, returnExpectedFlag: false })).toBe(false);
    expect(returnLineRestocks({ ...line, status: 'DELIVERED' })).toBe(true);
  });

  it('a return still open: requested, nothing refunded yet; one across two purchase orders becomes two returns', () => {
    const [order] = example().returnOrders;
    const open = withLine(order!, {
      status: 'INITIATED',
      returnTrackingDetail: [{ sequenceNo: 0, eventTag: 'RETURN_INITIATED' }],
    });
    expect(returnsFromWalmart(open)[0]).toMatchObject({ status: 'requested', refunded: null });
    const line = open.returnOrderLines![0]!;
    const split = returnsFromWalmart({
      ...open,
      returnOrderLines: [line, { ...line, purchaseOrderId: '4790210558891', returnOrderLineNumber: 2 }],
    });
    expect(split.map((r) => [r.marketplaceReturnId, r.marketplaceOrderId])).toEqual([
      ['103738048909818825/4790210558890', '4790210558890'],
      ['103738048909818825/4790210558891', '4790210558891'],
    ]);
  });
});
