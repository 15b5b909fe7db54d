/**
 * The sandboxes' control API and fault injection, driven through the product's real adapters over
 * HTTP: an order cancelled by the buyer, a listing edited by hand in the marketplace's seller UI,
 * writes refused for some SKUs only (rejectSkus), a burst of 429s (rateLimitBurst) and requests
 * that never answer (timeoutRate). No database is involved; every wait is on an observed condition.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { MarketplaceError } from '../../src/marketplaces/errors.ts';
import type { MarketplaceOrder, UpdateOutcome } from '../../src/marketplaces/types.ts';
import type { MarketplaceAdapter } from '../../src/marketplaces/marketplace-adapter.ts';
import type { RetryPolicy } from '../../src/marketplaces/shared/http-client.ts';
import {
  startAmazonSandbox,
  startReceiver as startAmazonReceiver,
  detailType,
  type AmazonTestEnv,
} from './amazon/amazon-test-env.ts';
import {
  startWalmartSandbox,
  startReceiver as startWalmartReceiver,
  type WalmartSandboxHandle,
} from './walmart/walmart-test-kit.ts';
import { startEbaySandbox, type EbayTestSandbox } from './ebay/ebay-test-sandbox.ts';
import { startSandbox as startShopifySandbox, startReceiver as startShopifyReceiver } from './shopify/harness.ts';

/** Retry-After: 1 must fit under maxDelayMs, or marketplaceFetch hands the 429 back instead of waiting. */
const absorbing: RetryPolicy = { attempts: 6, baseDelayMs: 20, maxDelayMs: 2000 };
/** A short request timeout, so a held request becomes the adapter's timeout quickly. */
const SHORT_TIMEOUT_MS = 300;
const poll = { timeout: 10_000, interval: 50 };

type Control = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
type ItemView = { sku: string; quantity: number; price: string; status: string };

/** The kit's control API the same way for each marketplace's test harness (Shopify's takes paths without the leading slash). */
function controlOf(raw: Control, leadingSlash = true) {
  const control: Control = (method, path, body) => raw(method, leadingSlash ? path : path.replace(/^\//, ''), body);
  return {
    control,
    item: async (sellerId: string, sku: string) => {
      const answer = await control('GET', `/sellers/${encodeURIComponent(sellerId)}/items/${encodeURIComponent(sku)}`);
      expect(answer.status).toBe(200);
      return answer.body as ItemView;
    },
    edit: (sellerId: string, sku: string, body: unknown) =>
      control('PATCH', `/sellers/${encodeURIComponent(sellerId)}/items/${encodeURIComponent(sku)}`, body),
    order: (sellerId: string, lines: Array<{ sku: string; quantity: number }>) =>
      control('POST', `/sellers/${encodeURIComponent(sellerId)}/orders`, { lines }),
    cancel: (sellerId: string, orderId: string) =>
      control('POST', `/sellers/${encodeURIComponent(sellerId)}/orders/${encodeURIComponent(orderId)}/cancel`),
    faults: async (body: unknown) => {
      const answer = await control('PUT', '/faults', body);
      expect(answer.status).toBe(200);
      return answer.body;
    },
    /** The request log (GET /_control/requests) from `mark` on. */
    requests: async (mark = 0) =>
      (
        (await control('GET', '/requests')).body as Array<{
          method: string;
          path: string;
          status: number;
          response?: any;
        }>
      ).slice(mark),
  };
}
type Controls = ReturnType<typeof controlOf>;

/** Gives each SKU a known stock by hand (the seller's own edit), so orders never meet an empty listing. */
async function stock(c: Controls, sellerId: string, skus: string[], quantity: number) {
  for (const sku of skus) expect((await c.edit(sellerId, sku, { quantity })).status).toBe(200);
}

async function findOrder(
  adapter: MarketplaceAdapter,
  since: Date,
  orderId: string,
): Promise<MarketplaceOrder | undefined> {
  let cursor: string | undefined;
  do {
    const page = await adapter.ordersSince(since, cursor);
    const found = page.items.find((o) => o.marketplaceOrderId === orderId);
    if (found) return found;
    cursor = page.next;
  } while (cursor);
  return undefined;
}

/**
 * The cancellation scenario every marketplace shares: an order read as open, cancelled through the
 * control API, read again from its old updatedAt as cancelled with a later updatedAt, units restocked.
 */
async function cancelScenario(
  c: Controls,
  adapter: MarketplaceAdapter,
  sellerId: string,
  sku: string,
  orderIdOf: (placed: any) => string,
  engineIdOf: (orderId: string) => string = (id) => id,
) {
  const before = await c.item(sellerId, sku);
  const placed = await c.order(sellerId, [{ sku, quantity: 2 }]);
  expect(placed.status).toBe(201);
  const orderId = orderIdOf(placed.body);
  expect((await c.item(sellerId, sku)).quantity).toBe(before.quantity - 2);
  const open = await findOrder(adapter, new Date(Date.now() - 60_000), engineIdOf(orderId));
  expect(open).toMatchObject({ status: 'open', lines: [{ sku, quantity: 2, cancelledQuantity: 0 }] });

  const cancelled = await c.cancel(sellerId, orderId);
  expect(cancelled.status).toBe(200);

  const again = await findOrder(adapter, new Date(open!.updatedAt), engineIdOf(orderId));
  expect(again).toMatchObject({ status: 'cancelled', lines: [{ sku, quantity: 2, cancelledQuantity: 2 }] });
  expect(Date.parse(again!.updatedAt)).toBeGreaterThan(Date.parse(open!.updatedAt));
  expect((await c.item(sellerId, sku)).quantity).toBe(before.quantity);

  expect(await c.cancel(sellerId, orderId)).toMatchObject({
    status: 409,
    body: { message: expect.stringContaining('already') },
  });
  expect(await c.cancel(sellerId, 'NO-SUCH-ORDER')).toMatchObject({
    status: 404,
    body: { message: expect.any(String) },
  });
  expect(await c.cancel('NO-SUCH-SELLER', orderId)).toMatchObject({
    status: 404,
    body: { message: expect.any(String) },
  });
  return { orderId, cancelled: cancelled.body };
}

/** A hand edit seen by readListings; unknown seller or SKU is a 404. */
async function handEditScenario(c: Controls, adapter: MarketplaceAdapter, sellerId: string, sku: string) {
  const edited = await c.edit(sellerId, sku, {
    quantity: 37,
    price: '23.45',
    title: 'Edited by hand in the seller UI',
  });
  expect(edited).toMatchObject({ status: 200, body: { sku, quantity: 37, price: '23.45' } });
  const [listing] = await adapter.readListings([sku]);
  expect(listing).toMatchObject({ sku, quantity: 37, price: { amount: '23.45', currency: 'USD' } });
  expect(await c.edit(sellerId, 'NO-SUCH-SKU', { quantity: 1 })).toEqual({
    status: 404,
    body: { message: 'No such seller or SKU' },
  });
  expect(await c.edit('NO-SUCH-SELLER', sku, { quantity: 1 })).toEqual({
    status: 404,
    body: { message: 'No such seller or SKU' },
  });
  // The title is the catalogue's (the main channel's import reads it).
  let cursor: string | undefined;
  let title: string | undefined;
  do {
    const page = await adapter.listCatalogue(cursor);
    title = page.items.find((i) => i.sku === sku)?.title ?? title;
    cursor = title ? undefined : page.next;
  } while (cursor);
  expect(title).toContain('Edited by hand in the seller UI');
}

/** rejectSkus on an immediate call: the listed SKU is rejected with the marketplace's words, the other goes through. */
function expectRefused(outcome: UpdateOutcome | undefined, sku: string) {
  expect(outcome).toMatchObject({ sku, outcome: 'rejected', message: expect.stringContaining(`SKU ${sku}`) });
  expect((outcome as { message: string }).message).toContain('rejectSkus');
}

/** rateLimitBurst of 2: the call still succeeds through the adapter's retries, and the log shows the two 429s. */
async function burstScenario(c: Controls, adapter: MarketplaceAdapter, sku: string, body429: unknown) {
  const mark = (await c.requests()).length;
  expect(await c.faults({ rateLimitBurst: 2 })).toMatchObject({ rateLimitBurst: 2 });
  const [listing] = await adapter.readListings([sku]);
  expect(listing).toMatchObject({ sku, status: 'active' });
  expect((await c.control('GET', '/faults')).body).toMatchObject({ rateLimitBurst: 0 });
  const refused = (await c.requests(mark)).filter((r) => r.status === 429);
  expect(refused).toHaveLength(2);
  for (const r of refused) expect(r.response).toMatchObject(body429 as object);
}

describe('the kit: fault and hand-edit validation', () => {
  let sb: WalmartSandboxHandle;
  let c: Controls;
  let sellerId: string;
  let sku: string;
  beforeAll(async () => {
    sb = await startWalmartSandbox('fast');
    c = controlOf(sb.control);
    const seller = await sb.createSeller(2);
    sellerId = seller.sellerId;
    sku = (await sb.skus(seller.credentials, 1))[0]!;
  });
  afterAll(async () => {
    await sb?.close();
  });

  test('PUT /faults validates every field, GET answers them, reset restores the defaults', async () => {
    const defaults = {
      latencyMs: 0,
      errorRate: 0,
      rateLimitProfile: 'fast',
      rateLimitBurst: 0,
      timeoutRate: 0,
      rejectSkus: [],
    };
    expect((await c.control('GET', '/faults')).body).toEqual(defaults);
    for (const bad of [
      { rateLimitBurst: -1 },
      { rateLimitBurst: 1.5 },
      { rateLimitBurst: '2' },
      { timeoutRate: 1.2 },
      { timeoutRate: -0.1 },
      { rejectSkus: 'A' },
      { rejectSkus: [1] },
      { rejectSkus: [''] },
      { errorRate: 2 },
      { nonsense: true },
    ]) {
      const answer = await c.control('PUT', '/faults', bad);
      expect(answer, JSON.stringify(bad)).toMatchObject({
        status: 400,
        body: { message: expect.stringMatching(/^faults: /) },
      });
    }
    expect((await c.control('GET', '/faults')).body).toEqual(defaults);
    const set = { rateLimitBurst: 3, timeoutRate: 0.25, rejectSkus: ['A', 'B', 'A'] };
    expect(await c.faults(set)).toEqual({ ...defaults, rateLimitBurst: 3, timeoutRate: 0.25, rejectSkus: ['A', 'B'] });
    expect((await c.control('GET', '/faults')).body).toEqual({
      ...defaults,
      rateLimitBurst: 3,
      timeoutRate: 0.25,
      rejectSkus: ['A', 'B'],
    });
    expect((await c.control('POST', '/reset')).status).toBe(200);
    expect((await c.control('GET', '/faults')).body).toEqual(defaults);
    // The reset emptied the sandbox: a new seller for the tests below.
    const seller = await sb.createSeller(2);
    sellerId = seller.sellerId;
    sku = (await sb.skus(seller.credentials, 1))[0]!;
  });

  test('a 429 of the burst carries Retry-After: 1 and the marketplace’s own body, and counts down', async () => {
    await c.faults({ rateLimitBurst: 1 });
    const refused = await fetch(`${sb.baseUrl}/v3/items`, {
      headers: { 'WM_QOS.CORRELATION_ID': 'x', 'WM_SVC.NAME': 'test' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ errors: [{ code: 'REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API' }] });
    // The burst is spent: the next call reaches the API (a 401 without a token).
    expect(
      (await fetch(`${sb.baseUrl}/v3/items`, { headers: { 'WM_QOS.CORRELATION_ID': 'x', 'WM_SVC.NAME': 'test' } }))
        .status,
    ).toBe(401);
  });

  test('a hand edit is validated: at least one field, whole quantity ≥ 0, decimal price > 0, title of 1 to 500 characters', async () => {
    const bad: unknown[] = [
      {},
      { quantity: -1 },
      { quantity: 1.5 },
      { quantity: '3' },
      { price: '0' },
      { price: 0 },
      { price: -2 },
      { price: 'abc' },
      { price: '1.999' },
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(501) },
      { title: 42 },
      { colour: 'red' },
      [],
    ];
    for (const body of bad) {
      const answer = await c.edit(sellerId, sku, body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    }
    expect(await c.edit(sellerId, sku, { price: 12.5 })).toMatchObject({ status: 200, body: { price: '12.50' } });
    expect(await c.edit(sellerId, sku, { quantity: 0, title: 'x'.repeat(500) })).toMatchObject({
      status: 200,
      body: { quantity: 0, price: '12.50' },
    });
  });
});

describe('Amazon', () => {
  let env: AmazonTestEnv;
  let c: Controls;
  let seller: Awaited<ReturnType<AmazonTestEnv['createSeller']>>;
  let adapter: ReturnType<AmazonTestEnv['adapter']>;
  let skus: string[];
  beforeAll(async () => {
    env = await startAmazonSandbox('fast');
    c = controlOf(env.control);
    seller = await env.createSeller(8);
    adapter = env.adapter(seller, { retry: absorbing });
    skus = (await adapter.listCatalogue(undefined)).items.map((i) => i.sku);
    await stock(c, seller.sellerId, skus, 20);
  });
  afterAll(async () => {
    await env?.close();
  });
  const pending = (sku: string) =>
    (env.sandbox.context.state().sellers[seller.sellerId]!.pending as Array<{ sku: string }>).filter(
      (p) => p.sku === sku,
    );

  test('a cancelled order comes back Canceled from ordersSince, units restocked, ORDER_CHANGE pushed', async () => {
    const receiver = await startAmazonReceiver();
    try {
      await adapter.subscribeNotifications({
        accountId: '123456789012',
        region: 'us-east-1',
        sandboxApiDestination: { url: receiver.url, apiKey: 'key' },
      });
      const { orderId, cancelled } = await cancelScenario(
        c,
        adapter,
        seller.sellerId,
        skus[0]!,
        (placed) => placed.AmazonOrderId,
      );
      expect(cancelled).toMatchObject({ AmazonOrderId: orderId, OrderStatus: 'Canceled', NumberOfItemsUnshipped: 0 });
      const canceledChange = (d: { body: string }) =>
        detailType('ORDER_CHANGE')(d as never) &&
        JSON.parse(d.body).detail.Payload.OrderChangeNotification.Summary.OrderStatus === 'Canceled';
      const pushed = JSON.parse((await receiver.next(canceledChange)).body);
      expect(pushed.detail.Payload.OrderChangeNotification).toMatchObject({
        AmazonOrderId: orderId,
        OrderChangeType: 'OrderStatusChange',
      });
      // The restock is a quantity change of its own.
      await receiver.next(
        (d) =>
          detailType('LISTINGS_ITEM_MFN_QUANTITY_CHANGE')(d) &&
          JSON.parse(d.body).detail.Payload.Sku === skus[0] &&
          JSON.parse(d.body).detail.Payload.Quantity === 20,
      );
    } finally {
      await receiver.close();
    }
  });

  test('a hand edit in Seller Central is seen by readListings', async () => {
    await handEditScenario(c, adapter, seller.sellerId, skus[1]!);
  });

  test('rejectSkus: a PATCH of that SKU is INVALID with Amazon’s issue, the other is accepted and applied', async () => {
    const [refused, other] = [skus[2]!, skus[3]!];
    await c.faults({ rejectSkus: [refused] });
    try {
      const outcomes = await adapter.updateListings([
        { sku: refused, quantity: 3 },
        { sku: other, quantity: 4 },
      ]);
      expectRefused(outcomes[0], refused);
      expect(outcomes[0]).toMatchObject({ code: 'SANDBOX_REJECTED_SKU' });
      expect(outcomes[1]).toMatchObject({ sku: other, outcome: 'accepted' });
      await vi.waitFor(async () => expect((await c.item(seller.sellerId, other)).quantity).toBe(4), poll);
      expect(pending(refused)).toEqual([]);
      expect((await c.item(seller.sellerId, refused)).quantity).toBe(20);
    } finally {
      await c.faults({ rejectSkus: [] });
    }
  });

  test('rejectSkus: in a JSON_LISTINGS_FEED only that message has an ERROR issue; the processing report says so', async () => {
    const [refused, other] = [skus[4]!, skus[5]!];
    await c.faults({ rejectSkus: [refused] });
    try {
      const submission = await adapter.submitBulk([
        { sku: refused, quantity: 5 },
        { sku: other, quantity: 6, price: { amount: '31.00', currency: 'USD' } },
      ]);
      const status = await vi.waitFor(async () => {
        const now = await adapter.submissionStatus(submission);
        expect(now.state).toBe('done');
        return now;
      }, poll);
      const results = (status as { results: UpdateOutcome[] }).results;
      expectRefused(results[0], refused);
      expect(results[1]).toEqual({ sku: other, outcome: 'confirmed' });
      expect(await c.item(seller.sellerId, other)).toMatchObject({ quantity: 6, price: '31.00' });
      expect((await c.item(seller.sellerId, refused)).quantity).toBe(20);
    } finally {
      await c.faults({ rejectSkus: [] });
    }
  });

  test('rateLimitBurst: two 429s (QuotaExceeded) are absorbed by the adapter’s retries', async () => {
    await burstScenario(c, adapter, skus[6]!, { errors: [{ code: 'QuotaExceeded' }] });
  });

  test('timeoutRate 1: a PATCH never answered comes back as unknown, and nothing is applied', async () => {
    const sku = skus[7]!;
    const impatient = env.adapter(seller, { retry: absorbing, timeoutMs: SHORT_TIMEOUT_MS });
    await impatient.client.accessToken();
    const mark = (await c.requests()).length;
    await c.faults({ timeoutRate: 1 });
    try {
      const [outcome] = await impatient.updateListings([{ sku, quantity: 9 }]);
      expect(outcome).toMatchObject({ sku, outcome: 'unknown' });
    } finally {
      await c.faults({ timeoutRate: 0 });
    }
    // The sandbox held the request until the adapter gave up: logged without an answer, never queued.
    await vi.waitFor(
      async () =>
        expect((await c.requests(mark)).filter((r) => r.method === 'PATCH' && r.status === 0)).toHaveLength(1),
      poll,
    );
    expect(pending(sku)).toEqual([]);
    expect((await c.item(seller.sellerId, sku)).quantity).toBe(20);
  });
});

describe('Walmart', () => {
  let sb: WalmartSandboxHandle;
  let c: Controls;
  let seller: Awaited<ReturnType<WalmartSandboxHandle['createSeller']>>;
  let adapter: ReturnType<WalmartSandboxHandle['adapter']>;
  let skus: string[];
  beforeAll(async () => {
    sb = await startWalmartSandbox('fast');
    c = controlOf(sb.control);
    seller = await sb.createSeller(8);
    adapter = sb.adapter(seller.credentials, { retry: absorbing });
    skus = await sb.skus(seller.credentials, 8);
    await stock(c, seller.sellerId, skus, 20);
  });
  afterAll(async () => {
    await sb?.close();
  });

  test('a cancelled order comes back Cancelled from ordersSince, units restocked, PO_LINE_AUTOCANCELLED pushed', async () => {
    const receiver = await startWalmartReceiver();
    try {
      const token = await adapter.client.accessToken();
      const subscribed = await sb.walmart(token, 'POST', '/v3/webhooks/subscriptions', {
        events: [
          {
            eventType: 'PO_LINE_AUTOCANCELLED',
            eventVersion: 'V1',
            resourceName: 'ORDER',
            eventUrl: receiver.url,
            status: 'ACTIVE',
          },
        ],
      });
      expect(subscribed.status).toBe(200);
      const { orderId, cancelled } = await cancelScenario(
        c,
        adapter,
        seller.sellerId,
        skus[0]!,
        (placed) => placed.purchaseOrderId,
      );
      expect(cancelled.orderLines.orderLine[0].orderLineStatuses.orderLineStatus).toEqual([
        {
          status: 'Cancelled',
          statusQuantity: { unitOfMeasurement: 'EACH', amount: '2' },
          cancellationReason: 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL',
        },
      ]);
      const event = JSON.parse((await receiver.next()).rawBody.toString('utf8'));
      expect(event).toMatchObject({
        source: { eventType: 'PO_LINE_AUTOCANCELLED' },
        payload: {
          purchaseOrderId: orderId,
          orderLines: [{ sku: skus[0], status: 'CANCELLED', quantity: { measurementValue: '2' } }],
        },
      });
    } finally {
      await receiver.close();
    }
  });

  test('a hand edit in Seller Center is seen by readListings', async () => {
    await handEditScenario(c, adapter, seller.sellerId, skus[1]!);
  });

  test('rejectSkus: the single PUT of that SKU is refused with Walmart’s error, the other is confirmed', async () => {
    const [refused, other] = [skus[2]!, skus[3]!];
    await c.faults({ rejectSkus: [refused] });
    try {
      const outcomes = await adapter.updateListings([
        { sku: refused, quantity: 3, price: { amount: '9.99', currency: 'USD' } },
        { sku: other, quantity: 4, price: { amount: '8.99', currency: 'USD' } },
      ]);
      expectRefused(outcomes[0], refused);
      expect(outcomes[1]).toEqual({ sku: other, outcome: 'confirmed' });
      expect(await c.item(seller.sellerId, other)).toMatchObject({ quantity: 4, price: '8.99' });
      expect((await c.item(seller.sellerId, refused)).quantity).toBe(20);
    } finally {
      await c.faults({ rejectSkus: [] });
    }
  });

  test('rejectSkus: in inventory and price feeds that item alone ends DATA_ERROR with ingestionErrors', async () => {
    const [refused, other] = [skus[4]!, skus[5]!];
    await c.faults({ rejectSkus: [refused] });
    try {
      const submission = await adapter.submitBulk!([
        { sku: refused, quantity: 5, price: { amount: '7.50', currency: 'USD' } },
        { sku: other, quantity: 6, price: { amount: '6.50', currency: 'USD' } },
      ]);
      const status = await vi.waitFor(async () => {
        const now = await adapter.submissionStatus!(submission);
        expect(now.state).toBe('done');
        return now;
      }, poll);
      const results = (status as { results: UpdateOutcome[] }).results;
      expectRefused(results[0], refused);
      expect(results[0]).toMatchObject({ code: 'SANDBOX_REJECTED_SKU' });
      expect(results[1]).toEqual({ sku: other, outcome: 'confirmed' });
      expect(await c.item(seller.sellerId, other)).toMatchObject({ quantity: 6, price: '6.50' });
      expect((await c.item(seller.sellerId, refused)).quantity).toBe(20);
    } finally {
      await c.faults({ rejectSkus: [] });
    }
  });

  test('rateLimitBurst: two 429s (REQUEST_THRESHOLD_VIOLATED) are absorbed by the adapter’s retries', async () => {
    await burstScenario(c, adapter, skus[6]!, { errors: [{ code: 'REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API' }] });
  });

  test('timeoutRate 1: an inventory PUT never answered comes back as unknown, and the stock is unchanged', async () => {
    const sku = skus[7]!;
    const impatient = sb.adapter(seller.credentials, { retry: absorbing, timeoutMs: SHORT_TIMEOUT_MS });
    await impatient.client.accessToken();
    const mark = (await c.requests()).length;
    await c.faults({ timeoutRate: 1 });
    try {
      const [outcome] = await impatient.updateListings([{ sku, quantity: 9 }]);
      expect(outcome).toMatchObject({ sku, outcome: 'unknown' });
    } finally {
      await c.faults({ timeoutRate: 0 });
    }
    await vi.waitFor(
      async () =>
        expect((await c.requests(mark)).filter((r) => r.path === '/v3/inventory' && r.status === 0)).toHaveLength(1),
      poll,
    );
    expect((await c.item(seller.sellerId, sku)).quantity).toBe(20);
  });
});

describe('eBay', () => {
  let env: EbayTestSandbox;
  let c: Controls;
  let seller: Awaited<ReturnType<EbayTestSandbox['connectSeller']>>;
  let skus: string[];
  beforeAll(async () => {
    env = await startEbaySandbox('fast');
    c = controlOf(env.control);
    seller = await env.connectSeller(6, { retry: absorbing });
    skus = (await seller.adapter.listCatalogue(undefined)).items.map((i) => i.sku);
    await stock(c, seller.sellerId, skus, 20);
  });
  afterAll(async () => {
    await env?.close();
  });

  test('a cancelled order comes back CANCELED from ordersSince (getOrders), units restocked', async () => {
    const { orderId, cancelled } = await cancelScenario(
      c,
      seller.adapter,
      seller.sellerId,
      skus[0]!,
      (placed) => placed.orderId,
    );
    expect(cancelled).toMatchObject({
      orderId,
      cancelStatus: { cancelState: 'CANCELED', cancelRequests: [] },
      orderPaymentStatus: 'FULLY_REFUNDED',
    });
    expect(Date.parse(cancelled.cancelStatus.cancelledDate)).toBe(Date.parse(cancelled.lastModifiedDate));
  });

  test('a hand edit in Seller Hub is seen by readListings; eBay’s own 80-character title limit holds', async () => {
    await handEditScenario(c, seller.adapter, seller.sellerId, skus[1]!);
    expect(await c.edit(seller.sellerId, skus[1]!, { title: 'x'.repeat(81) })).toEqual({
      status: 400,
      body: { message: 'eBay titles are at most 80 characters' },
    });
  });

  test('rejectSkus: bulk_update_price_quantity answers 207, that SKU 400 with errors, the other 200', async () => {
    const [refused, other] = [skus[2]!, skus[3]!];
    const mark = (await c.requests()).length;
    await c.faults({ rejectSkus: [refused] });
    try {
      const outcomes = await seller.adapter.updateListings([
        { sku: refused, quantity: 3 },
        { sku: other, quantity: 4 },
      ]);
      expectRefused(outcomes[0], refused);
      expect(outcomes[1]).toEqual({ sku: other, outcome: 'confirmed' });
      const call = (await c.requests(mark)).find((r) => r.path === '/sell/inventory/v1/bulk_update_price_quantity');
      expect(call).toMatchObject({
        status: 207,
        response: {
          responses: [
            { sku: refused, statusCode: 400, errors: [{ errorId: 25002 }] },
            { sku: other, statusCode: 200 },
          ],
        },
      });
      expect((await c.item(seller.sellerId, other)).quantity).toBe(4);
      expect((await c.item(seller.sellerId, refused)).quantity).toBe(20);
    } finally {
      await c.faults({ rejectSkus: [] });
    }
  });

  test('rateLimitBurst: two 429s are absorbed by the adapter’s retries', async () => {
    await burstScenario(c, seller.adapter, skus[4]!, {
      errors: [{ errorId: 2001, longMessage: expect.stringContaining('rateLimitBurst') }],
    });
  });

  test('timeoutRate 1: the sandbox holds a bulk update without applying it until the client gives up', async () => {
    // The eBay adapter takes no request timeout (30 s, marketplaceFetch's default): the hold is shown with a plain client.
    const sku = skus[5]!;
    const mark = (await c.requests()).length;
    await c.faults({ timeoutRate: 1 });
    try {
      const call = fetch(`${env.baseUrl}/sell/inventory/v1/bulk_update_price_quantity`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seller.tokens.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ sku, shipToLocationAvailability: { quantity: 9 } }] }),
        signal: AbortSignal.timeout(SHORT_TIMEOUT_MS),
      });
      await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    } finally {
      await c.faults({ timeoutRate: 0 });
    }
    await vi.waitFor(
      async () =>
        expect(
          (await c.requests(mark)).filter(
            (r) => r.path === '/sell/inventory/v1/bulk_update_price_quantity' && r.status === 0,
          ),
        ).toHaveLength(1),
      poll,
    );
    expect((await c.item(seller.sellerId, sku)).quantity).toBe(20);
  });
});

describe('Shopify', () => {
  let h: Awaited<ReturnType<typeof startShopifySandbox>>;
  let c: Controls;
  let shop: string;
  let tokens: Awaited<ReturnType<(typeof h)['connect']>>;
  let adapter: ReturnType<(typeof h)['adapter']>;
  let skus: string[];
  beforeAll(async () => {
    h = await startShopifySandbox('fast');
    c = controlOf(h.control, false);
    shop = (await h.createSeller(10)).credentials.shopDomain;
    tokens = await h.connect(shop);
    adapter = h.adapter(shop, tokens, { retry: absorbing });
    skus = (await adapter.listCatalogue(undefined)).items.map((i) => i.sku);
    await stock(c, shop, skus, 20);
  });
  afterAll(async () => {
    h?.beforeRequest(undefined);
    await h?.close();
  });

  test('a cancelled order comes back with cancelledAt from ordersSince, units restocked, orders/cancelled and orders/updated pushed', async () => {
    const receiver = await startShopifyReceiver();
    try {
      const created = await h.graphql(
        shop,
        tokens.accessToken,
        'mutation { webhookSubscriptionCreate(topic: ORDERS_CANCELLED, webhookSubscription: { callbackUrl: "' +
          receiver.url +
          '", format: JSON }) { userErrors { message } } }',
      );
      expect(created.body.data.webhookSubscriptionCreate.userErrors).toEqual([]);
      await adapter.subscribeWebhook('ORDERS_UPDATED', receiver.url);
      const { orderId, cancelled } = await cancelScenario(c, adapter, shop, skus[0]!, (placed) => placed.id);
      expect(cancelled).toMatchObject({
        id: orderId,
        cancelReason: 'CUSTOMER',
        cancelledAt: expect.any(String),
        lines: [{ sku: skus[0], quantity: 2, currentQuantity: 0 }],
      });
      const topic = (name: string) => (d: { headers: Record<string, unknown>; rawBody: Buffer }) =>
        d.headers['x-shopify-topic'] === name &&
        JSON.parse(d.rawBody.toString('utf8')).admin_graphql_api_id === orderId;
      for (const name of ['orders/cancelled', 'orders/updated']) {
        const delivery = JSON.parse((await receiver.next(topic(name))).rawBody.toString('utf8'));
        expect(delivery).toMatchObject({
          cancelled_at: cancelled.cancelledAt,
          cancel_reason: 'customer',
          line_items: [{ sku: skus[0], quantity: 2, current_quantity: 0 }],
        });
      }
      // The GraphQL order shows the reason too.
      const read = await h.graphql(
        shop,
        tokens.accessToken,
        `{ order(id: "${orderId}") { cancelledAt cancelReason } }`,
      );
      expect(read.body.data.order).toEqual({ cancelledAt: cancelled.cancelledAt, cancelReason: 'CUSTOMER' });
    } finally {
      await receiver.close();
    }
  });

  test('a hand edit in the Shopify admin is seen by readListings', async () => {
    await handEditScenario(c, adapter, shop, skus[2]!);
  });

  test('rejectSkus: userErrors name that SKU’s field on the quantity and price mutations; the other SKU is set', async () => {
    // Two variants of one product: the price mutation (one product per call) carries both.
    const [refused, other] = [skus[4]!, skus[5]!];
    const userErrorsSince = async (mark: number, mutation: string) =>
      (await c.requests(mark)).flatMap(
        (r) => (r.response?.data?.[mutation]?.userErrors as unknown[] | undefined) ?? [],
      );
    const before = await c.item(shop, refused);
    await c.faults({ rejectSkus: [refused] });
    try {
      // inventorySetQuantities is all or nothing: the adapter drops the refused entry and sends the others again.
      let mark = (await c.requests()).length;
      const quantities = await adapter.updateListings([
        { sku: refused, quantity: 3 },
        { sku: other, quantity: 4 },
      ]);
      expectRefused(quantities[0], refused);
      expect(quantities[1]).toEqual({ sku: other, outcome: 'confirmed' });
      expect(await userErrorsSince(mark, 'inventorySetQuantities')).toEqual([
        {
          code: 'NON_MUTABLE_INVENTORY_ITEM',
          field: ['input', 'quantities', '0', 'inventoryItemId'],
          message: expect.stringContaining(refused),
        },
      ]);
      // productVariantsBulkUpdate (allowPartialUpdates): the other variant's price is set in the same call.
      mark = (await c.requests()).length;
      const prices = await adapter.updateListings([
        { sku: refused, price: { amount: '9.99', currency: 'USD' } },
        { sku: other, price: { amount: '8.99', currency: 'USD' } },
      ]);
      expectRefused(prices[0], refused);
      expect(prices[1]).toEqual({ sku: other, outcome: 'confirmed' });
      expect(await userErrorsSince(mark, 'productVariantsBulkUpdate')).toEqual([
        { code: 'INVALID_INPUT', field: ['variants', '0', 'price'], message: expect.stringContaining(refused) },
      ]);
      expect(await c.item(shop, other)).toMatchObject({ quantity: 4, price: '8.99' });
      expect(await c.item(shop, refused)).toEqual(before);
    } finally {
      await c.faults({ rejectSkus: [] });
    }
  });

  test('rateLimitBurst: two HTTP 429s are absorbed by the adapter’s retries', async () => {
    // Shopify's throttled answer: `errors` a list of `{ message: "Throttled", extensions: { code: "THROTTLED" } }` (https://shopify.dev/docs/api/usage/rate-limits).
    await burstScenario(c, adapter, skus[6]!, {
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
    });
  });

  test('timeoutRate: a quantity mutation never answered comes back as unknown, and the stock is unchanged', async () => {
    const sku = skus[7]!;
    const impatient = h.adapter(shop, tokens, { retry: absorbing, timeoutMs: SHORT_TIMEOUT_MS });
    const mark = (await c.requests()).length;
    // Only the mutation is held: the variant look-up before it is answered.
    h.beforeRequest(async (body) => {
      if (typeof body?.query === 'string' && body.query.includes('mutation HubSetQuantities'))
        await c.faults({ timeoutRate: 1 });
    });
    try {
      const [outcome] = await impatient.updateListings([{ sku, quantity: 9 }]);
      expect(outcome).toMatchObject({ sku, outcome: 'unknown' });
    } finally {
      h.beforeRequest(undefined);
      await c.faults({ timeoutRate: 0 });
    }
    await vi.waitFor(async () => expect((await c.requests(mark)).filter((r) => r.status === 0)).toHaveLength(1), poll);
    expect((await c.item(shop, sku)).quantity).toBe(20);
  });

  test('timeoutRate 1: every call held, the write fails as outcome_unknown before anything is sent (reads go by POST too)', async () => {
    const sku = skus[8]!;
    const impatient = h.adapter(shop, tokens, { retry: absorbing, timeoutMs: SHORT_TIMEOUT_MS });
    await c.faults({ timeoutRate: 1 });
    try {
      const failure = await impatient.updateListings([{ sku, quantity: 9 }]).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(MarketplaceError);
      expect(failure).toMatchObject({ kind: 'outcome_unknown' });
    } finally {
      await c.faults({ timeoutRate: 0 });
    }
    expect((await c.item(shop, sku)).quantity).toBe(20);
  });
});
