/**
 * The pure eBay transforms. The copied definitions carry no example payloads, so each payload here is
 * first checked against the official schema (an invalid fixture fails the test), and the aspects
 * value is the example the definition gives in the Product.aspects description.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readOfficial } from '../../../test/support/marketplace-contract.ts';
import {
  describeEbayError,
  listingStatusOf,
  outcomesFromPriceQuantity,
  toCatalogueItem,
  toListingState,
  toMarketplaceOrder,
  toPriceQuantity,
} from './transform.ts';
import type { EbayInventoryItems, EbayOffers } from './types.ts';
import { fulfillmentsPage, ordersPage } from '../../../test/marketplaces/ebay/order-payloads.ts';
import {
  checkExchange,
  ebayAllowances,
  ebayContracts,
  withoutAllowed,
} from '../../../test/marketplaces/ebay/ebay-contracts.ts';

const contracts = ebayContracts();
const inventorySpec = readOfficial('ebay/sell_inventory_v1_oas3.json') as any;

/** The aspects example written in the definition's own description of Product.aspects. */
function officialAspectsExample(): Record<string, string[]> {
  const description: string = inventorySpec.components.schemas.Product.properties.aspects.description;
  const code = /<pre><code>"aspects":\s*([\s\S]*?)<\/code><\/pre>/.exec(description)![1]!;
  return JSON.parse(code.replace(/<br>/g, '\n'));
}

const inventoryPage: EbayInventoryItems = {
  href: 'https://api.ebay.com/sell/inventory/v1/inventory_item?limit=2&offset=0',
  limit: 2,
  size: 2,
  total: 3,
  next: 'https://api.ebay.com/sell/inventory/v1/inventory_item?limit=2&offset=1',
  inventoryItems: [
    {
      sku: 'GP-HERO-1',
      locale: 'en_US',
      condition: 'NEW',
      product: {
        title: 'GoPro Hero4 Helmet Cam',
        description: 'New GoPro Hero4 Helmet Cam. Unopened box.',
        brand: 'GoPro',
        mpn: 'CHDHX-401',
        imageUrls: ['https://i.ebayimg.com/images/a.jpg'],
        upc: ['888002040012'],
        aspects: officialAspectsExample(),
      },
      availability: { shipToLocationAvailability: { quantity: 50 } },
    },
    { sku: 'BARE-2', availability: { shipToLocationAvailability: { quantity: 0 } } },
  ],
};

const offers: EbayOffers = {
  href: 'https://api.ebay.com/sell/inventory/v1/offer?sku=GP-HERO-1',
  limit: 25,
  size: 1,
  total: 1,
  offers: [
    {
      offerId: '5005317010',
      sku: 'GP-HERO-1',
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
      availableQuantity: 50,
      pricingSummary: { price: { value: '272.17', currency: 'USD' } },
      status: 'PUBLISHED',
      listing: { listingId: '110270210712', listingStatus: 'ACTIVE', soldQuantity: 0 },
    },
  ],
};

describe('the fixtures follow the official definitions', () => {
  it('getInventoryItems, getOffers and getOrders payloads validate (aspects by its named allowance)', () => {
    const inventory = contracts.inventory.check({
      method: 'GET',
      path: '/sell/inventory/v1/inventory_item',
      status: 200,
      responseBody: inventoryPage,
    });
    expect(inventory.length).toBeGreaterThan(0);
    expect(withoutAllowed(inventory)).toEqual([]);
    expect(ebayAllowances[0].stillInDefinition(inventorySpec)).toBe(true);
    expect(
      contracts.inventory.check({ method: 'GET', path: '/sell/inventory/v1/offer', status: 200, responseBody: offers }),
    ).toEqual([]);
    expect(
      contracts.fulfillment.check({
        method: 'GET',
        path: '/sell/fulfillment/v1/order',
        status: 200,
        responseBody: ordersPage,
      }),
    ).toEqual([]);
    expect(
      contracts.fulfillment.check({
        method: 'GET',
        path: '/sell/fulfillment/v1/order/01-03955-36441/shipping_fulfillment',
        status: 200,
        responseBody: fulfillmentsPage,
      }),
    ).toEqual([]);
  });

  it('the aspects example is read from the definition', () => {
    expect(officialAspectsExample()).toEqual({ Brand: ['GoPro'], 'Storage Type': ['Removable'] });
  });
});

describe('catalogue and listings', () => {
  it('an inventory item with its offer becomes a catalogue item', () => {
    expect(toCatalogueItem(inventoryPage.inventoryItems![0]!, offers.offers![0])).toEqual({
      sku: 'GP-HERO-1',
      marketplaceId: '5005317010',
      title: 'GoPro Hero4 Helmet Cam',
      description: 'New GoPro Hero4 Helmet Cam. Unopened box.',
      brand: 'GoPro',
      gtin: '888002040012',
      images: ['https://i.ebayimg.com/images/a.jpg'],
      price: { amount: '272.17', currency: 'USD' },
      quantity: 50,
      status: 'active',
      attributes: { Brand: 'GoPro', 'Storage Type': 'Removable', condition: 'NEW', mpn: 'CHDHX-401' },
    });
  });

  it('an item without product data or offer is not listed, titled by its SKU', () => {
    expect(toCatalogueItem(inventoryPage.inventoryItems![1]!, undefined)).toMatchObject({
      sku: 'BARE-2',
      title: 'BARE-2',
      marketplaceId: null,
      price: null,
      quantity: 0,
      status: 'not listed',
      gtin: null,
    });
  });

  it('offer states map to listing statuses', () => {
    expect(listingStatusOf(undefined)).toBe('not listed');
    expect(listingStatusOf({ status: 'UNPUBLISHED' })).toBe('inactive');
    expect(listingStatusOf({ status: 'PUBLISHED', listing: { listingStatus: 'ACTIVE', listingOnHold: true } })).toBe(
      'suppressed',
    );
    expect(listingStatusOf({ status: 'PUBLISHED', listing: { listingStatus: 'OUT_OF_STOCK' } })).toBe('active');
    expect(listingStatusOf({ status: 'PUBLISHED', listing: { listingStatus: 'ENDED' } })).toBe('inactive');
    expect(listingStatusOf({ status: 'PUBLISHED' })).toBe('pending');
  });

  it('listing state: quantity from the inventory item, price and id from the offer', () => {
    expect(toListingState('GP-HERO-1', inventoryPage.inventoryItems![0], offers.offers![0])).toEqual({
      sku: 'GP-HERO-1',
      marketplaceId: '5005317010',
      quantity: 50,
      price: { amount: '272.17', currency: 'USD' },
      status: 'active',
      issues: [],
    });
    expect(toListingState('NOPE', undefined, undefined)).toEqual({
      sku: 'NOPE',
      marketplaceId: null,
      quantity: null,
      price: null,
      status: 'not listed',
      issues: [],
    });
  });
});

describe('price and quantity updates', () => {
  it('builds bulk_update_price_quantity requests that follow the definition', () => {
    const requests = [
      toPriceQuantity({ sku: 'GP-HERO-1', quantity: 10, price: { amount: '260.00', currency: 'USD' } }, '5005317010'),
      toPriceQuantity({ sku: 'BARE-2', quantity: 4 }, undefined),
    ];
    expect(requests).toEqual([
      {
        sku: 'GP-HERO-1',
        shipToLocationAvailability: { quantity: 10 },
        offers: [{ offerId: '5005317010', price: { value: '260.00', currency: 'USD' } }],
      },
      { sku: 'BARE-2', shipToLocationAvailability: { quantity: 4 } },
    ]);
    expect(
      contracts.inventory.check({
        method: 'POST',
        path: '/sell/inventory/v1/bulk_update_price_quantity',
        requestBody: { requests },
      }),
    ).toEqual([]);
  });

  it('a 207 answer gives one outcome per SKU with eBay’s own message', () => {
    const body = {
      responses: [
        { offerId: '5005317010', sku: 'GP-HERO-1', statusCode: 200 },
        {
          sku: 'BARE-2',
          statusCode: 400,
          errors: [
            {
              errorId: 25709,
              domain: 'API_INVENTORY',
              category: 'REQUEST',
              message: 'Invalid value for shipToLocationAvailability.quantity.',
            },
          ],
        },
      ],
    };
    expect(
      checkExchange(contracts.inventory, {
        method: 'POST',
        path: '/sell/inventory/v1/bulk_update_price_quantity',
        status: 207,
        responseBody: body,
      }),
    ).toEqual([]);
    expect(
      checkExchange(contracts.inventory, {
        method: 'POST',
        path: '/sell/inventory/v1/bulk_update_price_quantity',
        status: 207,
        responseBody: { responses: [{ statusCode: '400' }] },
      }),
    ).not.toEqual([]);
    expect(outcomesFromPriceQuantity(['GP-HERO-1', 'BARE-2', 'MISSING'], body)).toEqual([
      { sku: 'GP-HERO-1', outcome: 'confirmed' },
      {
        sku: 'BARE-2',
        outcome: 'rejected',
        message: 'Invalid value for shipToLocationAvailability.quantity.',
        code: '25709',
      },
      { sku: 'MISSING', outcome: 'unknown', message: 'eBay answered without a result for this SKU' },
    ]);
  });

  it('describes REST and OAuth errors in eBay’s words', () => {
    expect(
      describeEbayError(400, {
        errors: [{ errorId: 25709, message: 'Invalid value', longMessage: 'Invalid value for price.' }],
      }),
    ).toEqual({ message: 'Invalid value for price.', code: '25709' });
    expect(
      describeEbayError(400, {
        error: 'invalid_grant',
        error_description: 'the provided authorization grant code is invalid',
      }),
    ).toEqual({
      message: 'invalid_grant: the provided authorization grant code is invalid',
      code: 'invalid_grant',
    });
    expect(describeEbayError(502, '<html>')).toEqual({ message: 'eBay answered HTTP 502' });
  });
});

describe('orders', () => {
  const [open, cancelled, partly] = ordersPage.orders!;

  it('maps an eBay order: line ids and titles, unit price from lineItemCost, buyer, ship-to, ship-by, total and fees', () => {
    expect(toMarketplaceOrder(open!)).toEqual({
      marketplaceOrderId: '04-06207-14598',
      status: 'open',
      lines: [
        {
          sku: 'GP-HERO-1',
          quantity: 3,
          price: { amount: '10.00', currency: 'USD' },
          cancelledQuantity: 0,
          lineId: '10040966890123',
          title: 'GoPro Hero4 Helmet Cam',
          shippedQuantity: 0,
        },
      ],
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:05:00.000Z',
      details: {
        orderNumber: '04-06207-14598',
        buyerName: 'Emily Johnson',
        shipTo: {
          name: 'Emily J. Johnson',
          line1: '2215 Maple Avenue',
          line2: 'Apt 4',
          city: 'Austin',
          region: 'TX',
          postalCode: '78701',
          countryCode: 'US',
          phone: '512-555-0142',
        },
        total: { amount: '30.00', currency: 'USD' },
        shipBy: '2025-03-04T06:59:59.000Z',
        fulfilment: 'unshipped',
        fees: { amount: '4.48', currency: 'USD' },
      },
    });
    expect(toMarketplaceOrder({ ...open!, orderFulfillmentStatus: 'FULFILLED' })).toMatchObject({
      status: 'shipped',
      details: { fulfilment: 'shipped' },
    });
  });

  it('a cancelled order: nothing shipped, every unit cancelled; without an address the buyer is their user id', () => {
    const order = toMarketplaceOrder(cancelled!);
    expect(order).toMatchObject({
      status: 'cancelled',
      lines: [{ sku: 'BARE-2', quantity: 1, cancelledQuantity: 1, shippedQuantity: 0, lineId: '10040966890124' }],
    });
    expect(order.details).toEqual({
      orderNumber: '04-06207-14599',
      buyerName: 'quiet_buyer',
      shipTo: null,
      total: null,
      shipBy: null,
      fulfilment: 'cancelled',
      fees: null,
    });
    // Refunded in full without a cancellation (after a return): refunded.
    const { cancelStatus: _, ...refunded } = cancelled!;
    expect(toMarketplaceOrder(refunded).details!.fulfilment).toBe('refunded');
  });

  it('a partly shipped order counts its shipped units from its fulfillments; the earliest ship-by is the order’s', () => {
    expect(toMarketplaceOrder(partly!, fulfillmentsPage.fulfillments)).toMatchObject({
      status: 'open',
      lines: [
        { lineId: '10040966890130', quantity: 4, shippedQuantity: 2 },
        { lineId: '10040966890131', quantity: 1, shippedQuantity: 1 },
      ],
      details: { fulfilment: 'partially shipped', shipBy: '2025-03-06T06:59:59.000Z' },
    });
    // Without them, eBay's "some units shipped" says no number.
    expect(toMarketplaceOrder(partly!).lines[0]).not.toHaveProperty('shippedQuantity');
  });
});

describe('properties', () => {
  it('any absolute update becomes a request the definition accepts, carrying the same values', () => {
    const money = fc.record({
      amount: fc.integer({ min: 0, max: 10_000_000 }).map((c) => (c / 100).toFixed(2)),
      currency: fc.constantFrom('USD', 'GBP', 'EUR'),
    });
    const update = fc.record({
      sku: fc.string({ minLength: 1, maxLength: 50 }),
      quantity: fc.option(fc.nat({ max: 1_000_000 }), { nil: undefined }),
      price: fc.option(money, { nil: undefined }),
    });
    fc.assert(
      fc.property(update, fc.stringMatching(/^\d{10}$/), (u, offerId) => {
        const request = toPriceQuantity(u, offerId);
        expect(
          contracts.inventory.check({
            method: 'POST',
            path: '/sell/inventory/v1/bulk_update_price_quantity',
            requestBody: { requests: [request] },
          }),
        ).toEqual([]);
        expect(request.shipToLocationAvailability?.quantity).toBe(u.quantity);
        expect(request.offers?.[0]?.price).toEqual(
          u.price ? { value: u.price.amount, currency: u.price.currency } : undefined,
        );
      }),
      { numRuns: 200 },
    );
  });
});
