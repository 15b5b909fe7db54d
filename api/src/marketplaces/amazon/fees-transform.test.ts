import { describe, expect, it } from 'vitest';
import { orderFeesFromEvents, type ListFinancialEventsResponse } from './fees-transform.ts';

/** Shaped as financesV0.json's ShipmentEvent: an MFN item's commission, and an FBA item's fulfilment fee too. */
const page: ListFinancialEventsResponse = {
  payload: {
    FinancialEvents: {
      ShipmentEventList: [
        {
          AmazonOrderId: '902-3159896-1390916',
          PostedDate: '2026-11-20T10:01:02.000Z',
          MarketplaceName: 'Amazon.com',
          ShipmentItemList: [
            {
              SellerSKU: 'MUG-BLUE-12',
              OrderItemId: '68828574383266',
              QuantityShipped: 2,
              ItemChargeList: [
                { ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: 35.98 } },
              ],
              ItemFeeList: [{ FeeType: 'Commission', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: -5.4 } }],
            },
            {
              SellerSKU: 'LAMP-OAK',
              OrderItemId: '68828574383267',
              QuantityShipped: 1,
              ItemFeeList: [
                { FeeType: 'Commission', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: -11.25 } },
                { FeeType: 'FBAPerUnitFulfillmentFee', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: -3.22 } },
              ],
              // A fee refunded by Amazon lowers the cost.
              ItemFeeAdjustmentList: [
                { FeeType: 'Commission', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: 0.1 } },
              ],
            },
          ],
        },
      ],
    },
  },
};

describe("Amazon's fees on an order (financesV0 listFinancialEventsByOrderId)", () => {
  it('sums every fee of the shipment events as a positive cost, in cents', () => {
    expect(orderFeesFromEvents('902-3159896-1390916', [page])).toEqual({
      status: 'reported',
      fees: { amount: '19.77', currency: 'USD' },
    });
  });

  it('adds the pages of a long answer together', () => {
    expect(orderFeesFromEvents('902-3159896-1390916', [page, page])).toEqual({
      status: 'reported',
      fees: { amount: '39.54', currency: 'USD' },
    });
  });

  it('is pending while Amazon has posted no shipment event for the order, and ignores another order’s', () => {
    expect(orderFeesFromEvents('902-3159896-1390916', [{ payload: { FinancialEvents: {} } }])).toEqual({
      status: 'pending',
    });
    expect(orderFeesFromEvents('111-1111111-1111111', [page])).toEqual({ status: 'pending' });
  });

  it("counts the fee adjustments Amazon posts after the shipment: a refund's commission credited back, its refund commission charged", () => {
    // Shaped as financesV0.json's RefundEventList: a ShipmentEvent whose items are in ShipmentItemAdjustmentList.
    const refunded: ListFinancialEventsResponse = {
      payload: {
        FinancialEvents: {
          ShipmentEventList: page.payload!.FinancialEvents!.ShipmentEventList,
          RefundEventList: [
            {
              AmazonOrderId: '902-3159896-1390916',
              PostedDate: '2026-11-26T08:12:40.000Z',
              MarketplaceName: 'Amazon.com',
              ShipmentItemAdjustmentList: [
                {
                  SellerSKU: 'MUG-BLUE-12',
                  OrderAdjustmentItemId: '52986411826454',
                  QuantityShipped: 2,
                  ItemChargeAdjustmentList: [
                    { ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: -35.98 } },
                  ],
                  ItemFeeAdjustmentList: [
                    { FeeType: 'Commission', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: 5.4 } },
                    { FeeType: 'RefundCommission', FeeAmount: { CurrencyCode: 'USD', CurrencyAmount: -1.08 } },
                  ],
                },
              ],
            },
          ],
          // Another order's refund in the same answer is not this order's.
          ChargebackEventList: [
            {
              AmazonOrderId: '111-1111111-1111111',
              ShipmentItemAdjustmentList: [
                { ItemFeeAdjustmentList: [{ FeeType: 'Commission', FeeAmount: { CurrencyAmount: 9.99 } }] },
              ],
            },
          ],
        },
      },
    };
    // 5.40 + 11.25 + 3.22 − 0.10 before; the mugs' commission (5.40) back, their refund commission (1.08) charged.
    expect(orderFeesFromEvents('902-3159896-1390916', [refunded])).toEqual({
      status: 'reported',
      fees: { amount: '15.45', currency: 'USD' },
    });
  });

  it('a refund posted before any shipment event still waits for the shipment', () => {
    expect(
      orderFeesFromEvents('902-3159896-1390916', [
        {
          payload: {
            FinancialEvents: {
              RefundEventList: [
                {
                  AmazonOrderId: '902-3159896-1390916',
                  ShipmentItemAdjustmentList: [
                    { ItemFeeAdjustmentList: [{ FeeType: 'Commission', FeeAmount: { CurrencyAmount: 1 } }] },
                  ],
                },
              ],
            },
          },
        },
      ]),
    ).toEqual({ status: 'pending' });
  });
});
