/**
 * getOrders and getShippingFulfillments payloads for the order transforms. The copied definition carries
 * no example payloads: these follow its schemas (the tests check them against it) and take its own
 * example values where its descriptions give some (order id 01-03955-36441, fulfillment id
 * 9405509699937003457459).
 */
import type {
  EbayOrderSearchPagedCollection,
  EbayShippingFulfillmentPagedCollection,
} from '../../../src/marketplaces/ebay/types.ts';

/** An order's buyer and ship-to in the Fulfillment API's ExtendedContact shape. */
const buyer = {
  fullName: 'Emily Johnson',
  contactAddress: {
    addressLine1: '2215 Maple Avenue',
    addressLine2: 'Apt 4',
    city: 'Austin',
    stateOrProvince: 'TX',
    postalCode: '78701',
    countryCode: 'US',
  },
  primaryPhone: { phoneNumber: '512-555-0142' },
  email: 'sandbox_buyer_7@members.ebay.com',
};

/** A page of three orders: not started, cancelled and refunded, partly shipped. */
export const ordersPage: EbayOrderSearchPagedCollection = {
  href: 'https://api.ebay.com/sell/fulfillment/v1/order?filter=lastmodifieddate:%5B2025-01-01T00:00:00.000Z..%5D&limit=50&offset=0',
  limit: 50,
  offset: 0,
  total: 3,
  orders: [
    {
      orderId: '04-06207-14598',
      creationDate: '2025-03-01T10:00:00.000Z',
      lastModifiedDate: '2025-03-01T10:05:00.000Z',
      orderFulfillmentStatus: 'NOT_STARTED',
      orderPaymentStatus: 'PAID',
      sellerId: 'seller_one',
      buyer: { username: 'sandbox_buyer_7', buyerRegistrationAddress: buyer },
      fulfillmentStartInstructions: [
        {
          fulfillmentInstructionsType: 'SHIP_TO',
          shippingStep: { shipTo: { ...buyer, fullName: 'Emily J. Johnson' } },
        },
      ],
      pricingSummary: { total: { value: '30.00', currency: 'USD' } },
      totalMarketplaceFee: { value: '4.48', currency: 'USD' },
      cancelStatus: { cancelState: 'NONE_REQUESTED' },
      lineItems: [
        {
          lineItemId: '10040966890123',
          sku: 'GP-HERO-1',
          title: 'GoPro Hero4 Helmet Cam',
          quantity: 3,
          lineItemCost: { value: '30.00', currency: 'USD' },
          lineItemFulfillmentStatus: 'NOT_STARTED',
          lineItemFulfillmentInstructions: { shipByDate: '2025-03-04T06:59:59.000Z' },
        },
      ],
    },
    {
      orderId: '04-06207-14599',
      creationDate: '2025-03-02T10:00:00.000Z',
      lastModifiedDate: '2025-03-03T09:00:00.000Z',
      orderFulfillmentStatus: 'NOT_STARTED',
      orderPaymentStatus: 'FULLY_REFUNDED',
      buyer: { username: 'quiet_buyer' },
      cancelStatus: { cancelState: 'CANCELED', cancelledDate: '2025-03-03T09:00:00.000Z' },
      lineItems: [
        { lineItemId: '10040966890124', sku: 'BARE-2', quantity: 1, lineItemCost: { value: '9.99', currency: 'USD' } },
      ],
    },
    {
      orderId: '01-03955-36441',
      creationDate: '2025-03-05T10:00:00.000Z',
      lastModifiedDate: '2025-03-06T12:00:00.000Z',
      orderFulfillmentStatus: 'IN_PROGRESS',
      orderPaymentStatus: 'PAID',
      buyer: { username: 'sandbox_buyer_9', buyerRegistrationAddress: buyer },
      fulfillmentStartInstructions: [{ fulfillmentInstructionsType: 'SHIP_TO', shippingStep: { shipTo: buyer } }],
      pricingSummary: { total: { value: '50.00', currency: 'USD' } },
      cancelStatus: { cancelState: 'NONE_REQUESTED' },
      lineItems: [
        {
          lineItemId: '10040966890130',
          sku: 'MUG-1',
          quantity: 4,
          lineItemCost: { value: '40.00', currency: 'USD' },
          lineItemFulfillmentStatus: 'IN_PROGRESS',
          lineItemFulfillmentInstructions: { shipByDate: '2025-03-07T06:59:59.000Z' },
        },
        {
          lineItemId: '10040966890131',
          sku: 'CAP-1',
          quantity: 1,
          lineItemCost: { value: '10.00', currency: 'USD' },
          lineItemFulfillmentStatus: 'FULFILLED',
          lineItemFulfillmentInstructions: { shipByDate: '2025-03-06T06:59:59.000Z' },
        },
      ],
    },
  ],
};

/** getShippingFulfillments of the partly shipped order (its id the definition's example 9405509699937003457459). */
export const fulfillmentsPage: EbayShippingFulfillmentPagedCollection = {
  total: 1,
  fulfillments: [
    {
      fulfillmentId: '9405509699937003457459',
      shipmentTrackingNumber: '9405509699937003457459',
      shippingCarrierCode: 'USPS',
      shippedDate: '2025-03-06T12:00:00.000Z',
      lineItems: [
        { lineItemId: '10040966890130', quantity: 2 },
        { lineItemId: '10040966890131', quantity: 1 },
      ],
    },
  ],
};
