/** The pure parts of eBay shipments: the request body, the package comparison, the carriers. */
import { describe, expect, it } from 'vitest';
import { ebayContracts } from '../../../test/marketplaces/ebay/ebay-contracts.ts';
import { ebayCarrierCodes } from '../../sandbox/ebay/carriers.ts';
import { ebayShippingCarriers, isEbayCarrierCode } from './carriers.ts';
import { fulfillmentIdOf, isSamePackage, toShippingFulfillmentDetails } from './shipments.ts';
import type { ShipmentConfirmation } from '../types.ts';

const contracts = ebayContracts();

const shipment: ShipmentConfirmation = {
  marketplaceOrderId: '01-03955-36441',
  shipmentId: 'ship-1',
  carrier: 'USPS',
  trackingNumber: '9405 5096-9993 7003 4574 59',
  shippedAt: '2025-03-06T12:00:00.000Z',
  lines: [
    { lineId: '10040966890130', sku: 'MUG-1', quantity: 1 },
    { lineId: '10040966890131', sku: 'CAP-1', quantity: 1 },
    { lineId: '10040966890130', sku: 'MUG-1', quantity: 1 },
  ],
};

describe('createShippingFulfillment’s body', () => {
  it('follows ShippingFulfillmentDetails: each line once, tracking of letters and digits only', () => {
    const body = toShippingFulfillmentDetails(shipment, Date.parse('2025-03-07T00:00:00.000Z'));
    expect(body).toEqual({
      lineItems: [
        { lineItemId: '10040966890130', quantity: 2 },
        { lineItemId: '10040966890131', quantity: 1 },
      ],
      shippedDate: '2025-03-06T12:00:00.000Z',
      shippingCarrierCode: 'USPS',
      trackingNumber: '9405509699937003457459',
    });
    expect(
      contracts.fulfillment.check({
        method: 'POST',
        path: '/sell/fulfillment/v1/order/01-03955-36441/shipping_fulfillment',
        requestBody: body,
      }),
    ).toEqual([]);
  });

  it('a ship time ahead of now is sent as now (eBay refuses a future shippedDate)', () => {
    const now = Date.parse('2025-03-06T11:00:00.000Z');
    expect(toShippingFulfillmentDetails(shipment, now).shippedDate).toBe('2025-03-06T11:00:00.000Z');
  });
});

describe('the package eBay holds', () => {
  const sent = toShippingFulfillmentDetails(shipment);
  const held = {
    fulfillmentId: '9405509699937003457459',
    shipmentTrackingNumber: '9405509699937003457459',
    lineItems: [
      { lineItemId: '10040966890131', quantity: 1 },
      { lineItemId: '10040966890130', quantity: 2 },
    ],
  };

  it('is the same package with the same tracking number, lines and units (in any order)', () => {
    expect(isSamePackage(held, sent)).toBe(true);
    expect(isSamePackage({ ...held, shipmentTrackingNumber: '1Z999AA10123456784' }, sent)).toBe(false);
    expect(isSamePackage({ ...held, lineItems: [{ lineItemId: '10040966890130', quantity: 2 }] }, sent)).toBe(false);
    expect(
      isSamePackage({ ...held, lineItems: [held.lineItems[0]!, { lineItemId: '10040966890130', quantity: 1 }] }, sent),
    ).toBe(false);
  });

  it('its id is the last segment of the Location header', () => {
    expect(
      fulfillmentIdOf(
        'https://api.ebay.com/sell/fulfillment/v1/order/01-03955-36441/shipping_fulfillment/9405509699937003457459',
      ),
    ).toBe('9405509699937003457459');
    expect(fulfillmentIdOf(null)).toBeNull();
  });
});

describe('carriers', () => {
  it('are eBay’s US carrier codes, each once, the same list the sandbox accepts', () => {
    const codes = ebayShippingCarriers.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['USPS', 'UPS', 'FedEx', 'DHL', 'Other']));
    expect(new Set(codes)).toEqual(ebayCarrierCodes);
    expect(isEbayCarrierCode('USPS')).toBe(true);
    expect(isEbayCarrierCode('usps')).toBe(false);
    expect(isEbayCarrierCode('Pony Express')).toBe(false);
  });
});
