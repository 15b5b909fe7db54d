import { describe, expect, test } from 'vitest';
import { OfficialContract, readOfficial } from '../../../test/support/marketplace-contract.ts';
import {
  confirmShipmentRequest,
  orderToMarketplaceOrder,
  packageReferenceId,
  postalAddress,
} from './order-transform.ts';
import type { AmazonAddress, AmazonOrder, AmazonOrderItem, AmazonOrderStatus } from './types.ts';

const orders = readOfficial('amazon/ordersV0.json') as any;
const sandboxExamples = (path: string, method = 'get', status = '200') =>
  orders.paths[path][method].responses[status]['x-amzn-api-sandbox'].static;

const exampleOrders = sandboxExamples('/orders/v0/orders')[0].response.payload.Orders as AmazonOrder[];
const exampleItems = sandboxExamples('/orders/v0/orders/{orderId}/orderItems')[0].response.payload
  .OrderItems as AmazonOrderItem[];
const exampleAddress = sandboxExamples('/orders/v0/orders/{orderId}/address')[0].response.payload
  .ShippingAddress as AmazonAddress;
const exampleBuyer = sandboxExamples('/orders/v0/orders/{orderId}/buyerInfo')[0].response.payload as {
  BuyerName: string;
};

describe('orders', () => {
  test('getOrders + getOrderItems examples → MarketplaceOrder with its lines and details', () => {
    const order = orderToMarketplaceOrder(exampleOrders[0]!, exampleItems);
    expect(order).toEqual({
      marketplaceOrderId: '902-1845936-5435065',
      status: 'open',
      lines: [
        {
          sku: 'NABetaASINB00551Q3CS',
          quantity: 1,
          price: { amount: '10.00', currency: 'USD' },
          cancelledQuantity: 0,
          lineId: '05015851154158',
          title: 'B00551Q3CS [Card Book]',
          shippedQuantity: 0,
        },
      ],
      createdAt: '1970-01-19T03:58:30.000Z',
      updatedAt: '1970-01-19T03:58:32.000Z',
      // The example was answered without a Restricted Data Token: no buyer name, no address.
      details: {
        orderNumber: '902-1845936-5435065',
        buyerName: null,
        shipTo: null,
        total: { amount: '11.01', currency: 'USD' },
        shipBy: '1970-01-19T04:05:13.000Z',
        fulfilment: 'unshipped',
        fees: null,
      },
    });
  });

  test('an answer carrying the restricted data (the address and buyer examples) fills the buyer and ship-to', () => {
    const withPii: AmazonOrder = {
      ...exampleOrders[0]!,
      ShippingAddress: exampleAddress,
      BuyerInfo: { BuyerName: exampleBuyer.BuyerName },
    };
    expect(orderToMarketplaceOrder(withPii, exampleItems).details).toMatchObject({
      buyerName: 'MFNIntegrationTestMerchant',
      shipTo: {
        name: 'MFNIntegrationTestMerchant',
        line1: '2201 WESTLAKE AVE',
        line2: null,
        city: 'SEATTLE',
        region: 'WA',
        postalCode: '98121-2778',
        countryCode: 'US',
        phone: '+1 480-386-0930 ext. 73824',
      },
    });
  });

  test('without a token Amazon sends only the address’s non-personal parts: too little to ship to, so none', () => {
    const { City, StateOrRegion, PostalCode, CountryCode } = exampleAddress;
    expect(postalAddress({ City, StateOrRegion, PostalCode, CountryCode })).toBeNull();
    expect(postalAddress(undefined)).toBeNull();
    expect(postalAddress({ ...exampleAddress, AddressLine2: 'Suite 100', AddressLine3: 'Dock 4' })?.line2).toBe(
      'Suite 100, Dock 4',
    );
  });

  test('ItemPrice is the line total: the line carries the unit price; cancelled orders cancel every unit', () => {
    const order = orderToMarketplaceOrder({ ...exampleOrders[0]!, OrderStatus: 'Canceled' }, [
      { ...exampleItems[0]!, QuantityOrdered: 3, ItemPrice: { CurrencyCode: 'USD', Amount: '29.97' } },
    ]);
    expect(order.status).toBe('cancelled');
    expect(order.lines[0]).toMatchObject({
      quantity: 3,
      price: { amount: '9.99', currency: 'USD' },
      cancelledQuantity: 3,
    });
    expect(orderToMarketplaceOrder({ ...exampleOrders[0]!, OrderStatus: 'Shipped' }, []).status).toBe('shipped');
  });

  test('OrderStatus → the order’s status and its fulfilment, as Amazon reports them', () => {
    const cases: Array<[AmazonOrderStatus, string, string]> = [
      ['Pending', 'open', 'unshipped'],
      ['Unshipped', 'open', 'unshipped'],
      ['PartiallyShipped', 'open', 'partially shipped'],
      ['Shipped', 'shipped', 'shipped'],
      ['InvoiceUnconfirmed', 'open', 'shipped'],
      ['Canceled', 'cancelled', 'cancelled'],
    ];
    for (const [OrderStatus, status, fulfilment] of cases) {
      const order = orderToMarketplaceOrder({ ...exampleOrders[0]!, OrderStatus }, []);
      expect([order.status, order.details?.fulfilment]).toEqual([status, fulfilment]);
    }
    // An order read without LatestShipDate (placed before February 2013, per the model) has no ship-by.
    const { LatestShipDate: _, ...old } = exampleOrders[0]!;
    expect(orderToMarketplaceOrder(old, []).details?.shipBy).toBeNull();
  });
});

describe('confirmShipment', () => {
  const example = sandboxExamples('/orders/v0/orders/{orderId}/shipmentConfirmation', 'post', '204')[0].request
    .parameters.body.value;

  test('the official example package, from the same shipment', () => {
    const body = confirmShipmentRequest(
      {
        marketplaceOrderId: '902-1106328-1059050',
        shipmentId: example.packageDetail.packageReferenceId,
        carrier: example.packageDetail.carrierCode,
        trackingNumber: example.packageDetail.trackingNumber,
        shippedAt: example.packageDetail.shipDate,
        lines: [{ lineId: '79039765272157', sku: 'ANY', quantity: 1 }],
      },
      example.marketplaceId,
    );
    // The example also names optional fields we do not send (carrier name, shipping method, supply source, codes).
    const {
      carrierName: _name,
      shippingMethod: _method,
      shipFromSupplySourceId: _source,
      ...required
    } = example.packageDetail;
    expect(body).toEqual({
      marketplaceId: example.marketplaceId,
      packageDetail: {
        ...required,
        orderItems: required.orderItems.map(({ orderItemId, quantity }: any) => ({ orderItemId, quantity })),
      },
    });
  });

  test('the request follows the official ConfirmShipmentRequest; lines of one item are added together', () => {
    const body = confirmShipmentRequest(
      {
        marketplaceOrderId: '111-2222222-3333333',
        shipmentId: '2b7f0c56-3d0e-4b8e-9c83-4d3f7a9e1c20',
        carrier: 'USPS',
        trackingNumber: '9400111899223344556677',
        shippedAt: '2026-03-02T15:04:05+01:00',
        lines: [
          { lineId: '12345678901234', sku: 'A', quantity: 1 },
          { lineId: '12345678901234', sku: 'A', quantity: 2 },
          { lineId: '56789012345678', sku: 'B', quantity: 1 },
        ],
      },
      'ATVPDKIKX0DER',
    );
    const contract = new OfficialContract('ordersV0', orders);
    expect(
      contract.check({
        method: 'POST',
        path: '/orders/v0/orders/111-2222222-3333333/shipmentConfirmation',
        requestBody: body,
      }),
    ).toEqual([]);
    expect(body.packageDetail.shipDate).toBe('2026-03-02T14:04:05.000Z');
    expect(body.packageDetail.orderItems).toEqual([
      { orderItemId: '12345678901234', quantity: 3 },
      { orderItemId: '56789012345678', quantity: 1 },
    ]);
  });

  test('packageReferenceId is a positive number, the same for the same shipment on every retry', () => {
    const uuid = '2b7f0c56-3d0e-4b8e-9c83-4d3f7a9e1c20';
    expect(packageReferenceId(uuid)).toMatch(/^[1-9]\d*$/);
    expect(Number.isSafeInteger(Number(packageReferenceId(uuid)))).toBe(true);
    expect(packageReferenceId(uuid)).toBe(packageReferenceId(uuid));
    expect(packageReferenceId('0c1f9a7e-1111-4e2b-8a55-000000000000')).not.toBe(packageReferenceId(uuid));
    expect(packageReferenceId('42')).toBe('42');
    expect(packageReferenceId('0')).toMatch(/^[1-9]\d*$/);
  });
});
