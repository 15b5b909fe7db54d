import { describe, expect, it } from 'vitest';
import { readOfficial } from '../../../test/support/marketplace-contract.ts';
import { orderFromWalmart } from './transform.ts';
import type { WalmartOrder, WalmartWfsInventoryPage } from './types.ts';
import { marketplaceStockFromWfs } from './wfs-transform.ts';

// Walmart's own stock of the items it fulfils (WFS) and its orders, on the official payloads: orders.json's
// getAnOrder examples (SellerFulfilled, 3PLFulfilled), and the first with its shipNode turned to WFSFulfilled, and a getWFSInventory answer in
// inventory.json's WfsInventoryDTO shape (the definition has no example).

type Json = Record<string, any>;
const orders = readOfficial('walmart/orders.json') as Json;
const exampleOrder = (name: 'ORDER' | 'ATTRIBUTES'): WalmartOrder =>
  orders.paths['/v3/orders/{purchaseOrderId}'].get.responses['200'].content['application/json'].examples[name].value
    .order as WalmartOrder;

describe('WFS', () => {
  it("reads each WFS item's units available to sell", () => {
    const page: WalmartWfsInventoryPage = {
      headers: { totalCount: 3, limit: 10, offset: 0 },
      payload: {
        inventory: [
          {
            sku: 'WFS-1',
            shipNodes: [
              { modifiedDate: '2024-03-01', availToSellQty: 25, onHandQty: 30, shipNodeType: 'WFSFulfilled' },
            ],
          },
          { sku: 'WFS-2', shipNodes: [] },
          { shipNodes: [{ availToSellQty: 4, shipNodeType: 'WFSFulfilled' }] },
        ],
      },
    };
    expect(marketplaceStockFromWfs(page)).toEqual([
      { sku: 'WFS-1', quantity: 25 },
      { sku: 'WFS-2', quantity: 0 },
    ]);
    expect(marketplaceStockFromWfs({})).toEqual([]);
  });

  it('an order Walmart ships (shipNode WFSFulfilled) is fulfilled by the marketplace; a seller-fulfilled or 3PL one is not', () => {
    const order = exampleOrder('ORDER');
    expect(order.shipNode?.type).toBe('SellerFulfilled');
    expect(orderFromWalmart(order).fulfilledByMarketplace).toBeUndefined();
    expect(exampleOrder('ATTRIBUTES').shipNode?.type).toBe('3PLFulfilled');
    expect(orderFromWalmart(exampleOrder('ATTRIBUTES')).fulfilledByMarketplace).toBeUndefined();
    expect(orderFromWalmart({ ...order, shipNode: { type: 'WFSFulfilled' } }).fulfilledByMarketplace).toBe(true);
  });
});
