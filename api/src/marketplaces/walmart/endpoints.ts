/**
 * Walmart Marketplace (US) endpoints. The base URL is configuration: production, Walmart's own
 * sandbox, or this product's sandbox (mounted at /sandbox/walmart) all serve the same paths.
 */
export const walmartBaseUrls = {
  production: 'https://marketplace.walmartapis.com',
  walmartSandbox: 'https://sandbox.walmartapis.com',
} as const;

/** The same paths under any base URL (no trailing slash). */
export function walmartEndpoints(baseUrl: string = walmartBaseUrls.production) {
  const base = baseUrl.replace(/\/+$/, '');
  const q = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
    const text = search.toString();
    return text ? `?${text}` : '';
  };
  return {
    token: () => `${base}/v3/token`,
    tokenDetail: () => `${base}/v3/token/detail`,
    items: (params: { nextCursor: string; limit: number }) => `${base}/v3/items${q(params)}`,
    item: (sku: string) => `${base}/v3/items/${encodeURIComponent(sku)}${q({ productIdType: 'SKU' })}`,
    /** GET: the item of a Walmart item id (the id Walmart Connect names an ad's item by). */
    itemOfWalmartId: (itemId: string) =>
      `${base}/v3/items/${encodeURIComponent(itemId)}${q({ productIdType: 'ITEM_ID' })}`,
    inventory: (sku: string) => `${base}/v3/inventory${q({ sku })}`,
    /** GET: every SKU's inventory at every ship node, 50 at most a page (inventory.json getMultiNodeInventoryForAllSkuAndAllShipNodes). */
    inventories: (params: { limit: number; nextCursor?: string }) => `${base}/v3/inventories${q(params)}`,
    /** GET: Walmart's own stock of its WFS items, 300 at most a page (inventory.json getWFSInventory). */
    wfsInventory: (params: { limit: number; offset: number; fromModifiedDate?: string }) =>
      `${base}/v3/fulfillment/inventory${q(params)}`,
    price: () => `${base}/v3/price`,
    feeds: (feedType: 'inventory' | 'price' | 'MP_ITEM') => `${base}/v3/feeds${q({ feedType })}`,
    /** POST: the item spec (JSON Schema) of product types (Get Spec; not in items.json). */
    itemSpec: () => `${base}/v3/items/spec`,
    /** DELETE: retire the item (items.json retireAnItem). */
    retire: (sku: string) => `${base}/v3/items/${encodeURIComponent(sku)}`,
    feedStatus: (feedId: string, offset: number, limit: number) =>
      `${base}/v3/feeds/${encodeURIComponent(feedId)}${q({ includeDetails: 'true', offset, limit })}`,
    /** GET: orders changed since a time, of one kind of fulfilment (shipNodeType: SellerFulfilled by default, WFSFulfilled). */
    orders: (params: { lastModifiedStartDate: string; limit: number; shipNodeType?: 'WFSFulfilled' }) =>
      `${base}/v3/orders${q(params)}`,
    /** Walmart's meta.nextCursor is a query string ("?limit=…&hasMoreElements=true&…") for the same path. */
    ordersNext: (nextCursor: string) =>
      `${base}/v3/orders${nextCursor.startsWith('?') ? nextCursor : `?${nextCursor}`}`,
    /** GET: one purchase order (orders.json getAnOrder). */
    order: (purchaseOrderId: string) => `${base}/v3/orders/${encodeURIComponent(purchaseOrderId)}`,
    /** POST: acknowledge every line of the order (orders.json acknowledgeOrders). */
    acknowledge: (purchaseOrderId: string) => `${base}/v3/orders/${encodeURIComponent(purchaseOrderId)}/acknowledge`,
    /** POST: ship order lines (orders.json shippingUpdates). */
    shipping: (purchaseOrderId: string) => `${base}/v3/orders/${encodeURIComponent(purchaseOrderId)}/shipping`,
    /** POST: cancel units of order lines (orders.json cancelOrderLines). */
    cancel: (purchaseOrderId: string) => `${base}/v3/orders/${encodeURIComponent(purchaseOrderId)}/cancel`,
    /** POST: refund order lines (orders.json refundOrderLines). */
    refund: (purchaseOrderId: string) => `${base}/v3/orders/${encodeURIComponent(purchaseOrderId)}/refund`,
    /** GET: return orders modified since a time (returns.json getReturns). */
    returns: (params: { returnLastModifiedStartDate: string; limit: number }) => `${base}/v3/returns${q(params)}`,
    /** Walmart's meta.nextCursor is a query string ("?limit=10&offset=10…") for the same path. */
    returnsNext: (nextCursor: string) =>
      `${base}/v3/returns${nextCursor.startsWith('?') ? nextCursor : `?${nextCursor}`}`,
    subscriptions: () => `${base}/v3/webhooks/subscriptions`,
    /** GET: the dates a recon (settlement) report can be downloaded for (reports.json getAvailableV1ReconReportDates). */
    reconDates: (reportVersion: string) => `${base}/v3/report/reconreport/availableReconFiles${q({ reportVersion })}`,
    /** GET: one date's recon report, a zip holding a CSV (reports.json getReconReportV1); the date is MMDDYYYY. */
    reconFile: (reportDate: string, reportVersion: string) =>
      `${base}/v3/report/reconreport/reconFile${q({ reportDate, reportVersion })}`,
  };
}

export type WalmartEndpoints = ReturnType<typeof walmartEndpoints>;
