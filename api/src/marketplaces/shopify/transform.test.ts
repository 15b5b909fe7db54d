import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { catalogueQuery, ordersQuery } from './queries.ts';
import {
  isOrderWebhook,
  notListed,
  orderToMarketplaceOrder,
  orderWebhookToMarketplaceOrder,
  skuSearchQuery,
  updatedSinceQuery,
  userErrorIndex,
  variantToCatalogueItem,
  variantToListingState,
} from './transform.ts';
import { verifyShopifyWebhook } from './webhooks.ts';
import { shopifyAuthorizeUrl, verifyShopifyCallback } from './consent.ts';
import { shopBaseUrl, shopifyEndpoints } from './endpoints.ts';
import type { ShopifyOrder, ShopifyVariant } from './types.ts';
import { checkAnswer } from '../../../test/marketplaces/shopify/schema-check.ts';

// Answers in the shapes the official schema declares for our documents: each fixture is checked
// against the 2025-01 schema first, so a fixture that drifts from Shopify fails here.
const catalogueAnswer = {
  shop: { currencyCode: 'EUR' },
  productVariants: {
    nodes: [
      {
        id: 'gid://shopify/ProductVariant/43729076',
        sku: 'MUG-BLK-S',
        price: '19.50',
        barcode: '4006381333931',
        displayName: 'Classic Mug - Black, Small',
        inventoryQuantity: 12,
        product: {
          id: 'gid://shopify/Product/912',
          title: 'Classic Mug',
          descriptionHtml: '<p>A mug &amp; a saucer.</p>',
          vendor: 'Northwind',
          tags: ['Kitchen', 'Gift ideas'],
          status: 'ACTIVE',
          images: { nodes: [{ url: 'https://cdn.shopify.com/s/files/mug.png' }] },
        },
        inventoryItem: {
          id: 'gid://shopify/InventoryItem/55',
          inventoryLevel: { quantities: [{ name: 'available', quantity: 12 }] },
        },
      },
      {
        id: 'gid://shopify/ProductVariant/43729077',
        sku: 'MUG-BLK-L',
        price: '21.00',
        barcode: null,
        displayName: 'Classic Mug - Black, Large',
        inventoryQuantity: 0,
        product: {
          id: 'gid://shopify/Product/912',
          title: 'Classic Mug',
          descriptionHtml: '',
          vendor: '',
          tags: [],
          status: 'DRAFT',
          images: { nodes: [] },
        },
        inventoryItem: { id: 'gid://shopify/InventoryItem/56', inventoryLevel: null },
      },
    ],
    pageInfo: { hasNextPage: false, endCursor: 'eyJsYXN0X2lkIjo0MzcyOTA3N30=' },
  },
};

const ordersAnswer = {
  orders: {
    nodes: [
      {
        id: 'gid://shopify/Order/4504812716108',
        name: '#1001',
        createdAt: '2025-03-01T10:00:00Z',
        updatedAt: '2025-03-01T12:00:00Z',
        cancelledAt: null,
        displayFulfillmentStatus: 'PARTIALLY_FULFILLED',
        displayFinancialStatus: 'PARTIALLY_REFUNDED',
        totalPriceSet: { shopMoney: { amount: '58.50', currencyCode: 'EUR' } },
        shippingAddress: {
          name: 'Olivia Garcia',
          address1: '1421 Maple Avenue',
          address2: 'Apt 4B',
          city: 'Austin',
          provinceCode: 'TX',
          zip: '78701',
          countryCodeV2: 'US',
          phone: '+1 512-555-0101',
        },
        fulfillmentOrders: { nodes: [{ fulfillBy: null }] },
        lineItems: {
          nodes: [
            {
              id: 'gid://shopify/LineItem/11880521',
              name: 'Classic Mug - Black, Small',
              sku: 'MUG-BLK-S',
              quantity: 3,
              currentQuantity: 2,
              unfulfilledQuantity: 1,
              originalUnitPriceSet: { shopMoney: { amount: '19.5', currencyCode: 'EUR' } },
            },
          ],
          pageInfo: { hasNextPage: false, endCursor: null },
        },
      },
      {
        id: 'gid://shopify/Order/4504812716109',
        name: '#1002',
        createdAt: '2025-03-02T10:00:00Z',
        updatedAt: '2025-03-02T11:00:00Z',
        cancelledAt: '2025-03-02T11:00:00Z',
        displayFulfillmentStatus: 'UNFULFILLED',
        displayFinancialStatus: 'REFUNDED',
        totalPriceSet: { shopMoney: { amount: '5.00', currencyCode: 'EUR' } },
        shippingAddress: null,
        fulfillmentOrders: { nodes: [] },
        lineItems: {
          nodes: [
            {
              id: 'gid://shopify/LineItem/11880522',
              name: 'Gift wrap',
              sku: null,
              quantity: 1,
              currentQuantity: 0,
              unfulfilledQuantity: 0,
              originalUnitPriceSet: { shopMoney: { amount: '5.00', currencyCode: 'EUR' } },
            },
          ],
          pageInfo: { hasNextPage: false, endCursor: null },
        },
      },
      {
        id: 'gid://shopify/Order/4504812716110',
        name: '#1003',
        createdAt: '2025-03-03T10:00:00Z',
        updatedAt: '2025-03-03T11:00:00Z',
        cancelledAt: null,
        displayFulfillmentStatus: 'FULFILLED',
        displayFinancialStatus: 'PAID',
        totalPriceSet: { shopMoney: { amount: '0.00', currencyCode: 'EUR' } },
        shippingAddress: {
          name: null,
          address1: null,
          address2: null,
          city: null,
          provinceCode: null,
          zip: null,
          countryCodeV2: null,
          phone: null,
        },
        fulfillmentOrders: { nodes: [{ fulfillBy: '2025-03-07T00:00:00Z' }, { fulfillBy: '2025-03-05T00:00:00Z' }] },
        lineItems: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } },
      },
    ],
    pageInfo: { hasNextPage: true, endCursor: 'abc' },
  },
};

describe('fixtures follow the official 2025-01 schema', () => {
  it('for the catalogue and orders documents', () => {
    expect(checkAnswer(catalogueQuery, { first: 50, locationId: 'gid://shopify/Location/1' }, catalogueAnswer)).toEqual(
      [],
    );
    expect(checkAnswer(ordersQuery, { first: 10, query: 'updated_at:>2025-01-01' }, ordersAnswer)).toEqual([]);
  });

  it('and the check catches an answer that does not', () => {
    const wrongStatus = structuredClone(catalogueAnswer);
    (wrongStatus.productVariants.nodes[0]!.product as { status: string }).status = 'LIVE';
    expect(
      checkAnswer(catalogueQuery, { first: 50, locationId: 'gid://shopify/Location/1' }, wrongStatus).join(),
    ).toMatch(/Enum "ProductStatus" cannot represent value: "LIVE"/);
    const missing = structuredClone(ordersAnswer) as any;
    delete missing.orders.nodes[0].name;
    expect(checkAnswer(ordersQuery, { first: 10, query: 'x' }, missing).join()).toMatch(
      /non-nullable field Order.name/,
    );
  });
});

describe('transform', () => {
  const [stocked, draft] = catalogueAnswer.productVariants.nodes as ShopifyVariant[];

  it('turns a variant into a catalogue item', () => {
    expect(variantToCatalogueItem(stocked!, 'EUR')).toEqual({
      sku: 'MUG-BLK-S',
      marketplaceId: 'gid://shopify/ProductVariant/43729076',
      title: 'Classic Mug - Black, Small',
      description: 'A mug & a saucer.',
      brand: 'Northwind',
      gtin: '4006381333931',
      images: ['https://cdn.shopify.com/s/files/mug.png'],
      price: { amount: '19.50', currency: 'EUR' },
      quantity: 12,
      status: 'active',
      attributes: { productId: 'gid://shopify/Product/912', inventoryItemId: 'gid://shopify/InventoryItem/55' },
      tags: ['Kitchen', 'Gift ideas'],
    });
    expect(variantToCatalogueItem(draft!, 'EUR')).toMatchObject({
      description: null,
      brand: null,
      gtin: null,
      images: [],
      quantity: null,
      status: 'inactive',
    });
  });

  it('turns a variant into a listing state, naming a location that does not stock it', () => {
    expect(variantToListingState(stocked!, 'EUR')).toEqual({
      sku: 'MUG-BLK-S',
      marketplaceId: 'gid://shopify/ProductVariant/43729076',
      quantity: 12,
      price: { amount: '19.50', currency: 'EUR' },
      status: 'active',
      issues: [],
    });
    expect(variantToListingState(draft!, 'EUR').issues[0]).toMatch(/not stocked/);
    expect(notListed('X')).toEqual({
      sku: 'X',
      marketplaceId: null,
      quantity: null,
      price: null,
      status: 'not listed',
      issues: [],
    });
  });

  it('turns orders into open, cancelled and shipped orders with cancelled quantities', () => {
    const [open, cancelled, shipped] = (ordersAnswer.orders.nodes as ShopifyOrder[]).map(orderToMarketplaceOrder);
    expect(open).toMatchObject({
      marketplaceOrderId: 'gid://shopify/Order/4504812716108',
      status: 'open',
      createdAt: '2025-03-01T10:00:00Z',
      updatedAt: '2025-03-01T12:00:00Z',
      lines: [{ sku: 'MUG-BLK-S', quantity: 3, price: { amount: '19.5', currency: 'EUR' }, cancelledQuantity: 1 }],
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', lines: [{ sku: '', cancelledQuantity: 1 }] });
    expect(shipped!.status).toBe('shipped');
  });

  it('fills what a seller ships by: number, buyer, address, total, ship-by, fulfilment, and each line’s id, title and shipped units', () => {
    const [open, cancelled, shipped] = (ordersAnswer.orders.nodes as ShopifyOrder[]).map(orderToMarketplaceOrder);
    expect(open!.details).toEqual({
      orderNumber: '#1001',
      buyerName: 'Olivia Garcia',
      shipTo: {
        name: 'Olivia Garcia',
        line1: '1421 Maple Avenue',
        line2: 'Apt 4B',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        countryCode: 'US',
        phone: '+1 512-555-0101',
      },
      total: { amount: '58.50', currency: 'EUR' },
      // Shopify sets no date an ordinary order must ship by.
      shipBy: null,
      fulfilment: 'partially shipped',
      fees: null,
    });
    // 3 ordered, 1 removed: of the 2 left, 1 is unfulfilled, so 1 shipped.
    expect(open!.lines[0]).toMatchObject({
      lineId: 'gid://shopify/LineItem/11880521',
      title: 'Classic Mug - Black, Small',
      shippedQuantity: 1,
    });
    expect(cancelled!.details).toMatchObject({ buyerName: null, shipTo: null, fulfilment: 'cancelled' });
    expect(cancelled!.lines[0]!.shippedQuantity).toBe(0);
    // An address without a street is no address to ship to; the earliest fulfill-by date is the ship-by.
    expect(shipped!.details).toMatchObject({
      shipTo: null,
      shipBy: '2025-03-05T00:00:00Z',
      fulfilment: 'shipped',
    });
  });

  it('names each state an order is shown in', () => {
    const [open] = ordersAnswer.orders.nodes as ShopifyOrder[];
    const fulfilmentOf = (changes: Partial<ShopifyOrder>, unfulfilledQuantity = 1) =>
      orderToMarketplaceOrder({
        ...open!,
        ...changes,
        lineItems: { ...open!.lineItems, nodes: [{ ...open!.lineItems.nodes[0]!, unfulfilledQuantity }] },
      }).details!.fulfilment;
    expect(fulfilmentOf({ displayFulfillmentStatus: 'UNFULFILLED' }, 2)).toBe('unshipped');
    expect(fulfilmentOf({ displayFulfillmentStatus: 'FULFILLED' }, 0)).toBe('shipped');
    expect(fulfilmentOf({ displayFulfillmentStatus: 'IN_PROGRESS' }, 2)).toBe('unshipped');
    expect(fulfilmentOf({ displayFulfillmentStatus: 'IN_PROGRESS' }, 1)).toBe('partially shipped');
    expect(fulfilmentOf({ displayFinancialStatus: 'REFUNDED' })).toBe('refunded');
    expect(fulfilmentOf({ cancelledAt: '2025-03-02T11:00:00Z', displayFinancialStatus: 'REFUNDED' })).toBe('cancelled');
  });

  it('turns the orders/create webhook body into the same order', () => {
    const order = orderWebhookToMarketplaceOrder({
      id: 4504812716108,
      admin_graphql_api_id: 'gid://shopify/Order/4504812716108',
      name: '#1001',
      created_at: '2025-03-01T10:00:00Z',
      updated_at: '2025-03-01T12:00:00Z',
      cancelled_at: null,
      currency: 'EUR',
      total_price: '39.00',
      shipping_address: {
        name: 'Ada Lovelace',
        address1: '12 Analytical Row',
        address2: null,
        city: 'Boston',
        province_code: 'MA',
        zip: '02108',
        country_code: 'US',
        phone: null,
      },
      line_items: [
        {
          sku: 'MUG-BLK-S',
          quantity: 3,
          current_quantity: 2,
          price: '19.5',
          admin_graphql_api_id: 'gid://shopify/LineItem/1',
          title: 'Mug',
          fulfillable_quantity: 1,
        },
      ],
    });
    const { details: _details, lines, ...read } = orderToMarketplaceOrder(ordersAnswer.orders.nodes[0] as ShopifyOrder);
    expect(order).toEqual({
      ...read,
      status: 'open',
      lines: lines.map(({ sku, quantity, price, cancelledQuantity }) => ({
        sku,
        quantity,
        price,
        cancelledQuantity,
        // The REST body's line id, title and units left to fulfil: 3 ordered, 1 cancelled, 1 left, so 1 shipped.
        lineId: 'gid://shopify/LineItem/1',
        title: 'Mug',
        shippedQuantity: 1,
      })),
      // What shipping needs, from the body's name, total and shipping address.
      details: {
        orderNumber: '#1001',
        buyerName: 'Ada Lovelace',
        shipTo: {
          name: 'Ada Lovelace',
          line1: '12 Analytical Row',
          line2: null,
          city: 'Boston',
          region: 'MA',
          postalCode: '02108',
          countryCode: 'US',
          phone: null,
        },
        total: { amount: '39.00', currency: 'EUR' },
        shipBy: null,
        fulfilment: 'partially shipped',
        fees: null,
      },
    });
  });

  it('takes a webhook as the whole order only on topics whose body is the order, with its id, times and whole quantities', () => {
    const body = {
      id: 4504812716108,
      admin_graphql_api_id: 'gid://shopify/Order/4504812716108',
      name: '#1001',
      created_at: '2025-03-01T10:00:00Z',
      updated_at: '2025-03-01T12:00:00Z',
      cancelled_at: null,
      currency: 'EUR',
      line_items: [{ sku: 'MUG-BLK-S', quantity: 3, current_quantity: 2, price: '19.5' }],
    };
    for (const topic of ['orders/create', 'orders/updated', 'orders/cancelled', 'orders/paid'])
      expect(isOrderWebhook(topic, body)).toBe(true);
    // orders/edited carries an edit, inventory_levels/update a stock level: neither is the order.
    expect(isOrderWebhook('orders/edited', body)).toBe(false);
    expect(isOrderWebhook('inventory_levels/update', body)).toBe(false);
    expect(isOrderWebhook('orders/create', { ...body, updated_at: undefined })).toBe(false);
    expect(isOrderWebhook('orders/create', { ...body, admin_graphql_api_id: undefined })).toBe(false);
    expect(isOrderWebhook('orders/create', { ...body, line_items: [{ ...body.line_items[0], quantity: 1.5 }] })).toBe(
      false,
    );
    expect(isOrderWebhook('orders/create', undefined)).toBe(false);
  });

  it('writes search queries and reads user error paths', () => {
    expect(skuSearchQuery(['A-1', 'say "hi"'])).toBe('sku:"A-1" OR sku:"say \\"hi\\""');
    expect(updatedSinceQuery(new Date('2025-01-02T03:04:05.000Z'))).toBe("updated_at:>'2025-01-02T03:04:05.000Z'");
    expect(userErrorIndex(['input', 'quantities', '3', 'quantity'], 'quantities')).toBe(3);
    expect(userErrorIndex(['variants', '0', 'price'], 'variants')).toBe(0);
    expect(userErrorIndex(['input', 'name'], 'quantities')).toBeUndefined();
    expect(userErrorIndex(null, 'variants')).toBeUndefined();
  });
});

describe('endpoints, OAuth and webhook helpers', () => {
  const secret = 'shpss_test';

  it('reaches the shop in production and the same paths below the sandbox', () => {
    expect(shopifyEndpoints('acme.myshopify.com').graphql).toBe(
      'https://acme.myshopify.com/admin/api/2026-01/graphql.json',
    );
    expect(shopBaseUrl('acme.myshopify.com', 'http://localhost:3000/sandbox/shopify/')).toBe(
      'http://localhost:3000/sandbox/shopify/shops/acme',
    );
    const url = new URL(
      shopifyAuthorizeUrl({
        shopDomain: 'acme.myshopify.com',
        clientId: 'id',
        redirectUri: 'https://hub.test/cb',
        state: 'xyz',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://acme.myshopify.com/admin/oauth/authorize');
    expect(url.searchParams.get('scope')).toContain('write_inventory');
    expect(() =>
      shopifyAuthorizeUrl({
        shopDomain: 'acme.example.com',
        clientId: 'id',
        redirectUri: 'https://hub.test/cb',
        state: 'x',
      }),
    ).toThrow(/not a shop domain/);
  });

  it('verifies a callback hmac over the sorted parameters', () => {
    const params = { code: 'c0de', host: 'aG9zdA', shop: 'acme.myshopify.com', state: 'st', timestamp: '1700000000' };
    const hmac = crypto
      .createHmac('sha256', secret)
      .update(new URLSearchParams(Object.entries(params)).toString())
      .digest('hex');
    expect(verifyShopifyCallback({ ...params, hmac }, secret)).toEqual({
      ok: true,
      shopDomain: 'acme.myshopify.com',
      code: 'c0de',
      state: 'st',
    });
    expect(verifyShopifyCallback({ ...params, code: 'other', hmac }, secret).ok).toBe(false);
    expect(verifyShopifyCallback({ ...params, hmac: 'zz' }, secret).ok).toBe(false);
  });

  it('verifies a webhook signature in constant time and reads its id', () => {
    const body = Buffer.from('{"id":1}');
    const headers = {
      'X-Shopify-Hmac-Sha256': crypto.createHmac('sha256', secret).update(body).digest('base64'),
      'X-Shopify-Topic': 'orders/create',
      'X-Shopify-Shop-Domain': 'acme.myshopify.com',
      'X-Shopify-Webhook-Id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
    };
    expect(verifyShopifyWebhook(body, headers, secret)).toEqual({
      ok: true,
      topic: 'orders/create',
      shopDomain: 'acme.myshopify.com',
      webhookId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
    });
    expect(verifyShopifyWebhook(body, new Headers(headers), secret).ok).toBe(true);
    expect(verifyShopifyWebhook(body, headers, 'wrong').ok).toBe(false);
    expect(verifyShopifyWebhook('{"id":2}', headers, secret).ok).toBe(false);
    expect(verifyShopifyWebhook(body, { ...headers, 'X-Shopify-Hmac-Sha256': 'short' }, secret).ok).toBe(false);
  });
});
