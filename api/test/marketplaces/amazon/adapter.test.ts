import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import type { AmazonAdapter } from '../../../src/marketplaces/amazon/amazon-adapter.ts';
import { AmazonNotificationError, parseEventBridgeDelivery } from '../../../src/marketplaces/amazon/webhooks.ts';
import type { CatalogueItem, Submission, SubmissionStatus } from '../../../src/marketplaces/types.ts';
import {
  detailType,
  startAmazonSandbox,
  startReceiver,
  waitFor,
  type AmazonTestEnv,
  type SandboxSeller,
} from './amazon-test-env.ts';

let env: AmazonTestEnv;
let seller: SandboxSeller;
let adapter: AmazonAdapter;
const catalogue: CatalogueItem[] = [];

beforeAll(async () => {
  env = await startAmazonSandbox('fast');
  seller = await env.createSeller(45);
  adapter = env.adapter(seller);
  let cursor: string | undefined;
  do {
    const page = await adapter.listCatalogue(cursor);
    catalogue.push(...page.items);
    cursor = page.next;
  } while (cursor);
});

afterAll(async () => {
  await env?.close();
});

/** SKUs that start in stock, so an order can take some. */
const inStock = () => catalogue.filter((item) => (item.quantity ?? 0) > 3).map((item) => item.sku);

describe('Amazon adapter against the sandbox', () => {
  test('verifyCredentials answers the seller the credentials belong to', async () => {
    const identity = await adapter.verifyCredentials();
    expect(identity.sellerId).toBe(seller.sellerId);
  });

  test('refused credentials are an auth error carrying Amazon’s words', async () => {
    const badRefresh = env.adapter({
      ...seller,
      credentials: { ...seller.credentials, refreshToken: 'Atzr|not-the-token' },
    });
    const refresh = await badRefresh.verifyCredentials().catch((error: unknown) => error);
    expect(refresh).toBeInstanceOf(MarketplaceError);
    expect((refresh as MarketplaceError).kind).toBe('auth');
    expect((refresh as MarketplaceError).message).toContain('invalid grant parameter : refresh_token');

    const badSecret = env.adapter({
      ...seller,
      credentials: { ...seller.credentials, clientSecret: 'amzn1.oa2-cs.v1.wrong' },
    });
    const secret = await badSecret.verifyCredentials().catch((error: unknown) => error);
    expect((secret as MarketplaceError).kind).toBe('auth');
    expect((secret as MarketplaceError).details.code).toBe('invalid_client');

    // A valid grant used with another merchant's id: SP-API refuses with 403.
    const otherSeller = env.adapter({ ...seller, credentials: { ...seller.credentials, sellerId: 'A1OTHERSELLER0' } });
    const other = await otherSeller.verifyCredentials().catch((error: unknown) => error);
    expect((other as MarketplaceError).kind).toBe('auth');
    expect((other as MarketplaceError).message).toContain('Access to requested resource is denied.');
  });

  test('listCatalogue walks every page (≤ 20 per page) and matches the marketplace’s own view', async () => {
    expect(catalogue).toHaveLength(45);
    expect(new Set(catalogue.map((item) => item.sku)).size).toBe(45);
    const first = catalogue[0]!;
    expect(first.marketplaceId).toMatch(/^B0[A-Z0-9]{8}$/);
    expect(first.title.length).toBeGreaterThan(5);
    expect(first.gtin).toMatch(/^\d{13}$/);
    expect(first.images[0]).toContain('/_images/');
    const view = await env.item(seller.sellerId, first.sku);
    expect(first.quantity).toBe(view.quantity);
    expect(first.price).toEqual({ amount: view.price, currency: 'USD' });
    const searches = env.sandbox
      .requests()
      .filter((r) => r.path === `/listings/2021-08-01/items/${seller.sellerId}` && r.status === 200);
    expect(searches.length).toBeGreaterThanOrEqual(3);
    expect(searches.every((r) => Number(r.query?.pageSize) <= 20)).toBe(true);
  });

  test('readListings answers what Amazon holds, and "not listed" for unknown SKUs', async () => {
    const [a, b] = inStock();
    const states = await adapter.readListings([a!, 'NO-SUCH-SKU', b!]);
    expect(states.map((s) => s.sku)).toEqual([a, 'NO-SUCH-SKU', b]);
    expect(states[1]).toMatchObject({ status: 'not listed', quantity: null, price: null });
    const view = await env.item(seller.sellerId, a!);
    expect(states[0]).toMatchObject({
      status: 'active',
      quantity: view.quantity,
      price: { amount: view.price, currency: 'USD' },
    });
  });

  test('updateListings: quantity and price land, and a refused item carries Amazon’s message while the others succeed', async () => {
    const [, , first, second, third] = inStock();
    const before = await env.item(seller.sellerId, third!);
    const outcomes = await adapter.updateListings([
      { sku: first!, quantity: 7, price: { amount: '12.34', currency: 'USD' } },
      { sku: second!, quantity: 0 },
      { sku: third!, price: { amount: '-1.00', currency: 'USD' } },
    ]);
    expect(outcomes[0]).toMatchObject({ sku: first, outcome: 'accepted' });
    expect(outcomes[1]).toMatchObject({ sku: second, outcome: 'accepted' });
    expect(outcomes[2]).toMatchObject({ sku: third, outcome: 'rejected', code: '4000001' });
    expect((outcomes[2] as { message: string }).message).toContain("'purchasable_offer.our_price' is invalid");

    // Amazon applies accepted changes asynchronously: wait for the marketplace's view to show them.
    await waitFor('the PATCH to apply', async () => {
      const view = await env.item(seller.sellerId, first!);
      return view.quantity === 7 && view.price === '12.34' ? view : undefined;
    });
    await waitFor('quantity 0 to apply', async () =>
      (await env.item(seller.sellerId, second!)).quantity === 0 ? true : undefined,
    );
    expect(await env.item(seller.sellerId, third!)).toEqual(before);
    const [read] = await adapter.readListings([second!]);
    expect(read).toMatchObject({ quantity: 0, status: 'inactive' });
  });

  test('submitBulk sends one JSON_LISTINGS_FEED; its report confirms good messages and rejects bad ones with Amazon’s words', async () => {
    const skus = inStock();
    const good = skus[5]!;
    const badQuantity = skus[6]!;
    const submission: Submission = await adapter.submitBulk([
      { sku: good, quantity: 3, price: { amount: '9.99', currency: 'USD' } },
      { sku: badQuantity, quantity: -2 },
      { sku: 'NOT-IN-CATALOGUE', quantity: 1 },
    ]);
    expect(submission.skus).toEqual([good, badQuantity, 'NOT-IN-CATALOGUE']);
    const states: string[] = [];
    const status = await waitFor('the feed to finish', async (): Promise<SubmissionStatus | undefined> => {
      const current = await adapter.submissionStatus(submission);
      states.push(current.state);
      return current.state === 'processing' ? undefined : current;
    });
    expect(states[0]).toBe('processing');
    expect(status.state).toBe('done');
    const results = (status as Extract<SubmissionStatus, { state: 'done' }>).results;
    expect(results[0]).toEqual({ sku: good, outcome: 'confirmed' });
    expect(results[1]).toMatchObject({ sku: badQuantity, outcome: 'rejected', code: '4000001' });
    expect((results[1] as { message: string }).message).toContain("'fulfillment_availability.quantity' is invalid");
    expect(results[2]).toMatchObject({ sku: 'NOT-IN-CATALOGUE', outcome: 'rejected' });
    expect(await env.item(seller.sellerId, good)).toMatchObject({ quantity: 3, price: '9.99' });

    const feedStatuses = env.sandbox
      .requests()
      .filter((r) => r.path === `/feeds/2021-06-30/feeds/${submission.submissionId}`)
      .map((r) => (r.response as { processingStatus: string }).processingStatus);
    expect(feedStatuses).toContain('DONE');
    expect(feedStatuses.indexOf('DONE')).toBeGreaterThan(0);
  });

  test('an order placed by a buyer reaches ordersSince and the EventBridge API destination', async () => {
    const receiver = await startReceiver();
    try {
      const apiKey = 'test-connection-key-0123456789';
      const setup = {
        accountId: '123456789012',
        region: 'us-east-1',
        sandboxApiDestination: { url: receiver.url, apiKey },
      };
      const subscribed = await adapter.subscribeNotifications(setup);
      expect(Object.keys(subscribed.subscriptions).sort()).toEqual([
        'ANY_OFFER_CHANGED',
        'FBA_INVENTORY_AVAILABILITY_CHANGES',
        'LISTINGS_ITEM_ISSUES_CHANGE',
        'LISTINGS_ITEM_MFN_QUANTITY_CHANGE',
        'ORDER_CHANGE',
      ]);
      // Subscribing again finds the same destination and subscriptions.
      expect(await adapter.subscribeNotifications(setup)).toEqual(subscribed);

      const sku = inStock()[8]!;
      const stock = (await env.item(seller.sellerId, sku)).quantity;
      const since = new Date(Date.now() - 1000);
      const placed = await env.control('POST', `/sellers/${seller.sellerId}/orders`, { lines: [{ sku, quantity: 2 }] });
      expect(placed.status).toBe(201);
      const orderId = placed.body.AmazonOrderId as string;
      expect((await env.item(seller.sellerId, sku)).quantity).toBe(stock - 2);

      const orderDelivery = await receiver.next(detailType('ORDER_CHANGE'));
      const parsed = parseEventBridgeDelivery(orderDelivery.headers, orderDelivery.body, apiKey);
      expect(parsed.notification).toMatchObject({
        kind: 'order_changed',
        sellerId: seller.sellerId,
        orderId,
        orderStatus: 'Unshipped',
      });
      expect(parsed.event.source).toMatch(/^aws\.partner\/sellingpartnerapi\.amazon\.com\/123456789012\//);
      expect(() => parseEventBridgeDelivery(orderDelivery.headers, orderDelivery.body, 'another-key')).toThrow(
        AmazonNotificationError,
      );

      const quantityDelivery = await receiver.next(
        (d) => detailType('LISTINGS_ITEM_MFN_QUANTITY_CHANGE')(d) && d.body.includes(`"Sku":"${sku}"`),
      );
      expect(
        parseEventBridgeDelivery(quantityDelivery.headers, quantityDelivery.body, apiKey).notification,
      ).toMatchObject({ kind: 'quantity_changed', sku, quantity: stock - 2 });

      const page = await adapter.ordersSince(since, undefined);
      const order = page.items.find((o) => o.marketplaceOrderId === orderId);
      const unitPrice = (await env.item(seller.sellerId, sku)).price;
      expect(order).toMatchObject({
        status: 'open',
        lines: [{ sku, quantity: 2, price: { amount: unitPrice, currency: 'USD' }, cancelledQuantity: 0 }],
      });
      expect(page.next).toBeUndefined();

      const tooMany = await env.control('POST', `/sellers/${seller.sellerId}/orders`, {
        lines: [{ sku, quantity: stock + 1 }],
      });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.message).toContain('available');
    } finally {
      await receiver.close();
    }
  });

  test('ordersSince pages through more than one page of orders, oldest first', async () => {
    const pagedSeller = await env.createSeller(10);
    const paged = env.adapter(pagedSeller, { ordersPageSize: 2 });
    const item = (await paged.listCatalogue(undefined)).items.find((i) => (i.quantity ?? 0) >= 3);
    expect(item).toBeDefined();
    const since = new Date(Date.now() - 1000);
    const placedIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await env.control('POST', `/sellers/${pagedSeller.sellerId}/orders`, {
        lines: [{ sku: item!.sku, quantity: 1 }],
      });
      expect(placed.status).toBe(201);
      placedIds.push(placed.body.AmazonOrderId);
    }
    const seen: string[] = [];
    const updated: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await paged.ordersSince(since, cursor);
      seen.push(...page.items.map((o) => o.marketplaceOrderId));
      updated.push(...page.items.map((o) => o.updatedAt));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual([...placedIds].sort());
    expect([...updated].sort()).toEqual(updated);
  });
});
