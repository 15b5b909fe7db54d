import { afterAll, beforeAll, expect, test } from 'vitest';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { OfficialContract, readOfficial } from '../../support/marketplace-contract.ts';
import type { LoggedRequest } from '../../../src/sandbox/shared/sandbox-kit.ts';
import { sandboxEndpoints } from '../../../src/marketplaces/amazon/endpoints.ts';
import { createAmazonAdapter } from '../../../src/marketplaces/amazon/amazon-adapter.ts';
import type { Submission } from '../../../src/marketplaces/types.ts';
import { detailType, startAmazonSandbox, startReceiver, waitFor, type AmazonTestEnv } from './amazon-test-env.ts';

/**
 * Every request the adapter sent and every JSON answer the sandbox gave, checked against Amazon's
 * own models. Our target versions equal the copied ones (listings 2021-08-01, feeds 2021-06-30,
 * orders v0, notifications v1), so the only allowances are exchanges no model covers, listed here.
 */
const contracts = [
  {
    prefix: '/listings/2021-08-01/',
    contract: new OfficialContract(
      'listingsItems_2021-08-01',
      readOfficial('amazon/listingsItems_2021-08-01.json') as any,
    ),
  },
  {
    prefix: '/feeds/2021-06-30/',
    contract: new OfficialContract('feeds_2021-06-30', readOfficial('amazon/feeds_2021-06-30.json') as any),
  },
  { prefix: '/orders/v0/', contract: new OfficialContract('ordersV0', readOfficial('amazon/ordersV0.json') as any) },
  {
    prefix: '/tokens/2021-03-01/',
    contract: new OfficialContract('tokens_2021-03-01', readOfficial('amazon/tokens_2021-03-01.json') as any),
  },
  {
    prefix: '/notifications/v1/',
    contract: new OfficialContract('notifications', readOfficial('amazon/notifications.json') as any),
  },
  {
    prefix: '/batches/products/pricing/2022-05-01/',
    contract: new OfficialContract(
      'productPricing_2022-05-01',
      readOfficial('amazon/productPricing_2022-05-01.json') as any,
    ),
  },
  {
    prefix: '/finances/v0/',
    contract: new OfficialContract('financesV0', readOfficial('amazon/financesV0.json') as any),
  },
  {
    prefix: '/definitions/2020-09-01/',
    contract: new OfficialContract(
      'definitionsProductTypes_2020-09-01',
      readOfficial('amazon/definitionsProductTypes_2020-09-01.json') as any,
    ),
  },
];

/** Exchanges outside every SP-API model, each with the reason; the test asserts each one was seen. */
const allowances = [
  {
    pattern: /^\/auth\/o2\/token$/,
    reason:
      'Login with Amazon has no published model (https://developer-docs.amazon.com/sp-api/docs/connecting-to-the-selling-partner-api); checked by hand below',
  },
  {
    pattern: /^\/_s3\/feed-documents\/[^/]+$/,
    reason:
      'the pre-signed S3 URL for feed documents is S3, not SP-API; the uploaded feed is checked against listings-feed-schema-v2 below',
  },
];

/** Sandbox extension fields the models do not name (schema-valid: the models allow extra properties there). */
const extensionFields = ['x-sandbox-api-destination-url'];

function jsonSchemaValidator(schema: any) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // The notification schemas give nested `$id`s as JSON pointers ("#/properties/..."), which Ajv treats as anchors; drop them.
  const cleaned = JSON.parse(JSON.stringify(schema), (key, value) =>
    key === '$id' && typeof value === 'string' && value.startsWith('#') ? undefined : value,
  );
  return { validate: ajv.compile(cleaned), ajv };
}

let env: AmazonTestEnv;
let log: LoggedRequest[] = [];
let report: unknown;
const deliveries: unknown[] = [];

beforeAll(async () => {
  env = await startAmazonSandbox('fast');
  const seller = await env.createSeller(25);
  const adapter = env.adapter(seller);
  const receiver = await startReceiver();
  try {
    await adapter.verifyCredentials();
    const first = await adapter.listCatalogue(undefined);
    await adapter.listCatalogue(first.next);
    const skus = first.items.filter((i) => (i.quantity ?? 0) > 2).map((i) => i.sku);
    await adapter.readListings([skus[0]!, 'UNKNOWN-SKU']);
    await adapter.searchProductTypes('coffee mug');
    // A new listing previewed (VALIDATION_PREVIEW): checked by Amazon, kept by nobody.
    const preview = {
      sku: 'NEW-PREVIEW',
      title: 'Preview mug',
      description: null,
      brand: 'Acme',
      gtin: '036000291452',
      images: ['https://example.com/preview.jpg'],
      attributes: {},
      price: { amount: '9.99', currency: 'USD' },
      quantity: 1,
      choices: { productType: 'DRINKING_CUP' },
    };
    // One Amazon would take (VALID), one without its product identifier (INVALID, in Amazon's words).
    expect(await adapter.previewListings([preview, { ...preview, sku: 'NEW-PREVIEW-2', gtin: null }])).toEqual([
      { sku: 'NEW-PREVIEW-2', problems: ["'externally_assigned_product_identifier' is required but not supplied."] },
    ]);
    expect((await env.control('GET', `/sellers/${seller.sellerId}/items/NEW-PREVIEW`)).status).toBe(404);
    await adapter.searchProductTypes('');
    await adapter.updateListings([
      { sku: skus[1]!, quantity: 4, price: { amount: '19.99', currency: 'USD' } },
      { sku: skus[2]!, price: { amount: '0', currency: 'USD' } },
    ]);
    const submission: Submission = await adapter.submitBulk([
      { sku: skus[3]!, quantity: 5 },
      { sku: skus[4]!, quantity: 1.5 },
    ]);
    await waitFor('feed done', async () =>
      (await adapter.submissionStatus(submission)).state === 'processing' ? undefined : true,
    );
    const feed = await adapter.client.getFeed(submission.submissionId);
    report = await adapter.client.downloadFeedDocument(
      await adapter.client.getFeedDocument(feed.resultFeedDocumentId!),
    );

    await adapter.subscribeNotifications({
      accountId: '210987654321',
      region: 'eu-west-1',
      sandboxApiDestination: { url: receiver.url, apiKey: 'contract-key' },
    });
    const since = new Date(Date.now() - 1000);
    const placed = await env.control('POST', `/sellers/${seller.sellerId}/orders`, {
      lines: [{ sku: skus[5]!, quantity: 1 }],
    });
    expect(placed.status).toBe(201);
    deliveries.push(JSON.parse((await receiver.next(detailType('ORDER_CHANGE'))).body));
    deliveries.push(JSON.parse((await receiver.next(detailType('LISTINGS_ITEM_MFN_QUANTITY_CHANGE'))).body));
    // Another seller undercuts one of our items: ANY_OFFER_CHANGED, and the competitive summary says the same.
    const contested = first.items.find((i) => i.sku === skus[6])!;
    const undercut = await env.control('PUT', `/sellers/${seller.sellerId}/items/${skus[6]}/competing-offers`, {
      offers: [
        { price: 1.5, shipping: 0.99 },
        { price: 250, fulfilledByAmazon: true },
      ],
    });
    expect(undercut.status).toBe(200);
    deliveries.push(JSON.parse((await receiver.next(detailType('ANY_OFFER_CHANGED'))).body));
    expect(await adapter.competition([contested.marketplaceId!, 'B0NOSUCH00'])).toMatchObject([
      { productId: contested.marketplaceId, lowestOther: { amount: '2.49' }, featuredIsOurs: false },
    ]);
    // Amazon finds a problem with one of our listings by itself: LISTINGS_ITEM_ISSUES_CHANGE, and the listing's issues.
    const flagged = await env.control('PUT', `/sellers/${seller.sellerId}/items/${skus[6]}/issues`, {
      issues: [
        { code: '18027', message: 'Missing main image.', severity: 'ERROR', enforcementActions: ['SEARCH_SUPPRESSED'] },
      ],
    });
    expect(flagged.status).toBe(200);
    deliveries.push(JSON.parse((await receiver.next(detailType('LISTINGS_ITEM_ISSUES_CHANGE'))).body));
    expect((await adapter.readListings([skus[6]!]))[0]).toMatchObject({
      status: 'suppressed',
      marketplaceIssues: [{ code: '18027', message: 'Missing main image.', severity: 'error', suppressing: true }],
    });
    const [order] = (await adapter.ordersSince(since, undefined)).items;
    // Its fees: none posted before it ships (Finances API v0, read again once it has shipped, below).
    expect(await adapter.orderFees!(order!.marketplaceOrderId)).toEqual({ status: 'pending' });
    // A whole shipment, the same again (204 both times), and one Amazon refuses: more units than remain.
    const parcel = {
      marketplaceOrderId: order!.marketplaceOrderId,
      shipmentId: 'c0ffee00-0000-4000-8000-000000000001',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      shippedAt: new Date().toISOString(),
      lines: [{ lineId: order!.lines[0]!.lineId!, sku: order!.lines[0]!.sku, quantity: 1 }],
    };
    expect(await adapter.confirmShipment(parcel)).toMatchObject({ outcome: 'confirmed' });
    const posted = await adapter.orderFees!(order!.marketplaceOrderId);
    expect(posted).toMatchObject({ status: 'reported', fees: { currency: 'USD' } });
    // Amazon refunds the unit later: its refund event (checked against the model too) credits the referral fee back
    // and charges the refund commission, so the order's fees fall to that commission.
    const refund = await env.control(
      'POST',
      `/sellers/${seller.sellerId}/orders/${order!.marketplaceOrderId}/refunds`,
      {
        lines: [{ sku: order!.lines[0]!.sku, quantity: 1 }],
      },
    );
    expect(refund.status).toBe(201);
    const referralCents = Math.round(Number((posted as { fees: { amount: string } }).fees.amount) * 100);
    expect(await adapter.orderFees!(order!.marketplaceOrderId)).toEqual({
      status: 'reported',
      fees: { amount: (Math.min(Math.round(referralCents * 0.2), 500) / 100).toFixed(2), currency: 'USD' },
    });
    const shippedChange = await receiver.next(
      (d) =>
        detailType('ORDER_CHANGE')(d) &&
        JSON.parse(d.body).detail.Payload.OrderChangeNotification.Summary.OrderStatus === 'Shipped',
    );
    deliveries.push(JSON.parse(shippedChange.body));
    expect(await adapter.confirmShipment(parcel)).toMatchObject({ outcome: 'confirmed' });
    const tooMany = { ...parcel, shipmentId: 'c0ffee00-0000-4000-8000-000000000002' };
    tooMany.lines = [{ ...parcel.lines[0]!, quantity: 5 }];
    expect(await adapter.confirmShipment(tooMany)).toMatchObject({ outcome: 'rejected' });
    await adapter.ordersSince(since, undefined);

    // Error answers are part of the contract too: an injected 503 and a 429 under the published limits.
    await env.control('PUT', '/faults', { errorRate: 1 });
    const broken = createAmazonAdapter({
      credentials: seller.credentials,
      endpoints: sandboxEndpoints(env.baseUrl),
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    await broken.readListings([skus[0]!]).catch(() => undefined);
    await env.control('PUT', '/faults', { errorRate: 0, rateLimitProfile: 'realistic' });
    const token = await adapter.client.accessToken();
    await Promise.all(
      Array.from({ length: 7 }, () =>
        fetch(`${env.baseUrl}/listings/2021-08-01/items/${seller.sellerId}?marketplaceIds=ATVPDKIKX0DER&pageSize=1`, {
          headers: { 'x-amz-access-token': token },
        }),
      ),
    );
  } finally {
    await receiver.close();
  }
  log = [...env.sandbox.requests()];
});

afterAll(async () => {
  await env?.close();
});

test('every request and JSON answer follows the official SP-API models', () => {
  const problems: string[] = [];
  const unmatched: string[] = [];
  const usedAllowances = new Set<string>();
  for (const entry of log) {
    const allowance = allowances.find((a) => a.pattern.test(entry.path));
    if (allowance) {
      usedAllowances.add(allowance.reason);
      continue;
    }
    const match = contracts.find((c) => entry.path.startsWith(c.prefix));
    if (!match) {
      unmatched.push(`${entry.method} ${entry.path}`);
      continue;
    }
    problems.push(
      ...match.contract.check({
        method: entry.method,
        path: entry.path,
        requestBody: entry.body,
        status: entry.status,
        responseBody: entry.response,
      }),
    );
  }
  expect(unmatched).toEqual([]);
  expect(problems).toEqual([]);
  expect([...usedAllowances].sort()).toEqual(allowances.map((a) => a.reason).sort());

  // The run covered each family, successes and failures alike.
  const statuses = new Set(log.map((e) => e.status));
  for (const status of [200, 201, 202, 204, 400, 429, 503]) expect(statuses).toContain(status);
  for (const c of contracts) expect(log.some((e) => e.path.startsWith(c.prefix))).toBe(true);
});

test('the shipment confirmations and the orders read around them were checked: packages sent, buyer and address answered', () => {
  const confirmations = log.filter((e) => e.path.endsWith('/shipmentConfirmation'));
  expect(confirmations.map((e) => [e.method, e.status])).toEqual([
    ['POST', 204],
    ['POST', 204],
    ['POST', 400],
  ]);
  expect((confirmations[0]!.body as any).packageDetail).toMatchObject({
    carrierCode: 'UPS',
    orderItems: [{ quantity: 1 }],
  });
  expect((confirmations[2]!.response as any).errors[0].code).toBe('InvalidInput');

  const orderReads = log.filter((e) => e.path === '/orders/v0/orders' && e.status === 200);
  const orders = orderReads.flatMap((e) => (e.response as any).payload.Orders);
  expect(orders.length).toBeGreaterThanOrEqual(2);
  for (const order of orders) {
    expect(Object.keys(order)).toEqual(expect.arrayContaining(['ShippingAddress', 'BuyerInfo', 'LatestShipDate']));
    expect(Object.keys(order.ShippingAddress)).toEqual(
      expect.arrayContaining(['Name', 'AddressLine1', 'City', 'StateOrRegion', 'PostalCode', 'CountryCode', 'Phone']),
    );
  }
  expect(orders.map((o: any) => o.OrderStatus)).toEqual(['Unshipped', 'Shipped']);
  const itemReads = log.filter((e) => e.path.endsWith('/orderItems') && e.status === 200);
  expect(itemReads.at(-1)!.response).toMatchObject({ payload: { OrderItems: [{ QuantityShipped: 1 }] } });
});

test('the LWA token exchange is form-encoded and never logs a secret', () => {
  const exchanges = log.filter((e) => e.path === '/auth/o2/token');
  const granted = exchanges.filter((e) => e.status === 200);
  expect(granted.length).toBeGreaterThanOrEqual(2);
  // Issued tokens are sent as text, so the log never holds one.
  for (const exchange of granted) expect(exchange.response).toBeUndefined();
  for (const exchange of exchanges) {
    const body = exchange.body as Record<string, string>;
    expect(['refresh_token', 'client_credentials']).toContain(body.grant_type);
    expect(body.client_secret).toBe('[redacted]');
    if (body.grant_type === 'refresh_token') expect(body.refresh_token).toBe('[redacted]');
  }
  // Nor a Restricted Data Token (Atz.sprdt|…).
  expect(JSON.stringify(log)).not.toMatch(/Atz(?:[ra]|\.sprdt)\|/);
});

test('the uploaded feed follows listings-feed-schema-v2 and the report follows the processing-report schema', () => {
  const uploads = log.filter((e) => e.method === 'PUT' && e.path.startsWith('/_s3/feed-documents/'));
  expect(uploads).toHaveLength(1);
  const feedSchema = jsonSchemaValidator(readOfficial('amazon/listings-feed-schema-v2.json'));
  expect(feedSchema.validate(uploads[0]!.body), feedSchema.ajv.errorsText(feedSchema.validate.errors)).toBe(true);

  const reportSchema = jsonSchemaValidator(readOfficial('amazon/listings-feed-processing-report-schema-v2.json'));
  expect(reportSchema.validate(report), reportSchema.ajv.errorsText(reportSchema.validate.errors)).toBe(true);
  expect((report as any).summary).toMatchObject({ messagesProcessed: 2, messagesAccepted: 1, messagesInvalid: 1 });
});

test('notifications follow the copied notification schemas, wrapped as EventBridge events', () => {
  const schemas: Record<string, ReturnType<typeof jsonSchemaValidator>> = {
    ORDER_CHANGE: jsonSchemaValidator(readOfficial('amazon/OrderChangeNotification.json')),
    LISTINGS_ITEM_MFN_QUANTITY_CHANGE: jsonSchemaValidator(readOfficial('amazon/ListingsItemMfnQuantityChange.json')),
    ANY_OFFER_CHANGED: jsonSchemaValidator(readOfficial('amazon/AnyOfferChangedNotification.json')),
    LISTINGS_ITEM_ISSUES_CHANGE: jsonSchemaValidator(readOfficial('amazon/ListingsItemIssuesChangeNotification.json')),
  };
  // The order placed, its stock change, a competitor's offer, a listing's issues, and the order shipped.
  expect(deliveries).toHaveLength(5);
  expect(new Set((deliveries as any[]).map((d) => d['detail-type']))).toEqual(new Set(Object.keys(schemas)));
  for (const event of deliveries as any[]) {
    expect(Object.keys(event).sort()).toEqual([
      'account',
      'detail',
      'detail-type',
      'id',
      'region',
      'resources',
      'source',
      'time',
      'version',
    ]);
    expect(event.account).toBe('210987654321');
    expect(event.region).toBe('eu-west-1');
    const schema = schemas[event['detail-type']]!;
    expect(schema.validate(event.detail), schema.ajv.errorsText(schema.validate.errors)).toBe(true);
    expect(event.detail.NotificationType).toBe(event['detail-type']);
  }
});

test('sandbox extensions are limited to the listed fields', () => {
  const destinations = log.filter((e) => e.method === 'POST' && e.path === '/notifications/v1/destinations');
  expect(destinations).toHaveLength(1);
  const eventBridge = (destinations[0]!.body as any).resourceSpecification.eventBridge as Record<string, unknown>;
  const modelFields = ['accountId', 'region'];
  expect(Object.keys(eventBridge).filter((k) => !modelFields.includes(k))).toEqual(extensionFields);
  // The connection's API key travels in a header, never in a logged body.
  expect(JSON.stringify(log)).not.toContain('contract-key');
});
