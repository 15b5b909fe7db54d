/**
 * Every exchange between the adapter and the sandbox, checked against eBay's official definitions:
 * the requests the adapter sends and the JSON the sandbox answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOfficial } from '../../support/marketplace-contract.ts';
import { EbayClient } from '../../../src/marketplaces/ebay/ebay-client.ts';
import {
  answerEbayChallenge,
  createEbayDestination,
  ensureEbayDestination,
  createEbayPublicKeyFetcher,
  createEbaySubscription,
  ebayTopics,
  verifyEbaySignature,
} from '../../../src/marketplaces/ebay/webhooks.ts';
import {
  checkExchange,
  ebayAllowances,
  ebayContracts,
  multiStatusHasNoSchema,
  withoutAllowed,
} from './ebay-contracts.ts';
import { startEbaySandbox, startReceiver, type EbayTestSandbox } from './ebay-test-sandbox.ts';

/** Paths outside the three definitions: OAuth (no machine-readable spec), the Identity API (no copied file), the sandbox's own controls. */
const outsideDefinitions = [
  /^\/oauth2\//,
  /^\/identity\/v1\/oauth2\/token$/,
  /^\/commerce\/identity\/v1\/user\/?$/,
  /^\/_control\//,
];

let env: EbayTestSandbox;
beforeAll(async () => {
  env = await startEbaySandbox('fast');
});
afterAll(async () => {
  await env.close();
});

describe('the eBay exchanges follow the official definitions', () => {
  it('after every adapter operation, each request and answer passes, apart from the named allowances', async () => {
    let orderId = '';
    const receiver = await startReceiver('contract-verification-token-0123456789', answerEbayChallenge);
    try {
      const { adapter, sellerId } = await env.connectSeller(40);
      await adapter.verifyCredentials();
      const first = await adapter.listCatalogue(undefined);
      await adapter.listCatalogue(first.next);
      const skus = first.items.map((i) => i.sku);
      await adapter.readListings([...skus.slice(0, 3), 'NOT-THERE']);
      await adapter.updateListings([
        { sku: skus[0]!, quantity: 9, price: { amount: '15.00', currency: 'USD' } },
        { sku: skus[1]!, price: { amount: '0.01', currency: 'USD' } },
        { sku: 'NOT-THERE', price: { amount: '5.00', currency: 'USD' } },
      ]);
      await adapter.adjustQuantity!(skus[0]!, -1, 'key');
      await adapter.listingOptions();
      const destinationId = await createEbayDestination(adapter.client, {
        name: 'contract',
        endpoint: receiver.endpoint,
        verificationToken: 'contract-verification-token-0123456789',
      });
      await createEbaySubscription(adapter.client, { topicId: ebayTopics.orderConfirmation, destinationId });
      // Registering again (after a restart) finds the same destination.
      expect(
        await ensureEbayDestination(adapter.client, {
          name: 'contract',
          endpoint: receiver.endpoint,
          verificationToken: 'contract-verification-token-0123456789',
        }),
      ).toBe(destinationId);
      const placed = await env.control('POST', `/sellers/${sellerId}/orders`, {
        lines: [{ sku: skus[0]!, quantity: 2 }],
      });
      orderId = placed.body.orderId;
      const [order] = (await adapter.ordersSince(new Date(Date.now() - 60_000), undefined)).items;
      // The order's fees, from its SALE transaction (Finances API, filter=orderId).
      expect(await adapter.orderFees!(orderId)).toMatchObject({ status: 'reported', fees: { currency: 'USD' } });
      // A partial shipment (201), the same again (eBay's 400, then its fulfillments read), and the order read
      // again (partly shipped: its fulfillments read to count the units).
      const shipment = {
        marketplaceOrderId: orderId,
        shipmentId: 'contract-1',
        carrier: 'USPS',
        trackingNumber: '9405509699937003457459',
        shippedAt: new Date().toISOString(),
        lines: [{ lineId: order!.lines[0]!.lineId!, sku: skus[0]!, quantity: 1 }],
      };
      expect(await adapter.confirmShipment(shipment)).toMatchObject({ outcome: 'confirmed' });
      expect(await adapter.confirmShipment(shipment)).toMatchObject({ outcome: 'confirmed' });
      await adapter.ordersSince(new Date(Date.now() - 60_000), undefined);
      const notification = await receiver.next((n) => n.body.includes(placed.body.orderId));
      const app = new EbayClient({
        endpoints: env.endpoints,
        application: env.application,
        grant: 'application',
        sellerKey: 'app',
      });
      expect(
        await verifyEbaySignature(
          notification.body,
          notification.headers['x-ebay-signature'] as string,
          createEbayPublicKeyFetcher(app),
        ),
      ).toBe(true);
    } finally {
      await receiver.close();
    }

    const contracts = ebayContracts();
    const log = env.sandbox.requests();
    const problems: string[] = [];
    const covered = new Set<string>();
    for (const entry of log) {
      const contract = entry.path.startsWith('/sell/inventory/v1/')
        ? contracts.inventory
        : entry.path.startsWith('/sell/fulfillment/v1/')
          ? contracts.fulfillment
          : entry.path.startsWith('/commerce/notification/v1/')
            ? contracts.notification
            : entry.path.startsWith('/sell/account/v1/')
              ? contracts.account
              : entry.path.startsWith('/sell/finances/v1/')
                ? contracts.finances
                : undefined;
      if (!contract) {
        expect(
          outsideDefinitions.some((p) => p.test(entry.path)),
          `${entry.method} ${entry.path} belongs to no definition`,
        ).toBe(true);
        continue;
      }
      covered.add(
        `${entry.method} ${contract.operation(entry.method, entry.path)?.template ?? entry.path} ${entry.status}`,
      );
      problems.push(
        ...checkExchange(contract, {
          method: entry.method,
          path: entry.path,
          requestBody: entry.body,
          status: entry.status,
          responseBody: entry.response,
        }),
      );
    }
    // What was exercised: reads, 200 and 207 writes, a 404, notifications.
    expect([...covered].sort()).toEqual(
      expect.arrayContaining([
        'GET /sell/inventory/v1/inventory_item 200',
        'GET /sell/inventory/v1/inventory_item/{sku} 200',
        'POST /sell/inventory/v1/bulk_get_inventory_item 207',
        'GET /sell/inventory/v1/offer 200',
        'GET /sell/inventory/v1/offer 404',
        'POST /sell/inventory/v1/bulk_update_price_quantity 207',
        'POST /sell/inventory/v1/bulk_update_price_quantity 200',
        'GET /sell/fulfillment/v1/order 200',
        'POST /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment 201',
        'POST /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment 400',
        'GET /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment 200',
        'POST /commerce/notification/v1/destination 201',
        'POST /commerce/notification/v1/subscription 201',
        'GET /commerce/notification/v1/public_key/{public_key_id} 200',
        'POST /commerce/notification/v1/destination 409',
        'GET /commerce/notification/v1/destination 200',
        'GET /sell/inventory/v1/location 200',
        'GET /sell/account/v1/fulfillment_policy 200',
        'GET /sell/account/v1/payment_policy 200',
        'GET /sell/account/v1/return_policy 200',
      ]),
    );
    // The allowance for aspects is used (the sandbox answers aspects as eBay does) and still needed.
    expect(problems.some((p) => ebayAllowances[0].pattern.test(p))).toBe(true);
    expect(problems.some((p) => ebayAllowances[2].pattern.test(p))).toBe(true);
    const inventorySpec = readOfficial('ebay/sell_inventory_v1_oas3.json');
    for (const allowance of ebayAllowances)
      expect(allowance.stillInDefinition(inventorySpec), allowance.name).toBe(true);
    expect(multiStatusHasNoSchema(inventorySpec)).toBe(true);
    expect(withoutAllowed(problems)).toEqual([]);

    // The order as the sandbox holds it now, with its package: getOrder's Order and getShippingFulfillment's answer.
    const { sellerId } = log.find((e) => e.path.includes(`/order/${orderId}/`))!;
    const held = (await env.control('GET', `/sellers/${sellerId}/orders/${orderId}`)).body;
    expect(held.fulfillments).toHaveLength(1);
    const fulfillmentPath = `/sell/fulfillment/v1/order/${orderId}/shipping_fulfillment/${held.fulfillments[0].fulfillmentId}`;
    expect([
      ...contracts.fulfillment.check({
        method: 'GET',
        path: `/sell/fulfillment/v1/order/${orderId}`,
        status: 200,
        responseBody: held.order,
      }),
      ...contracts.fulfillment.check({
        method: 'GET',
        path: fulfillmentPath,
        status: 200,
        responseBody: held.fulfillments[0],
      }),
    ]).toEqual([]);
  });
});
