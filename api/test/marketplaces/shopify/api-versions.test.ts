import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { SHOPIFY_API_VERSION } from '../../../src/marketplaces/shopify/endpoints.ts';
import { startReceiver, startSandbox } from './harness.ts';

/**
 * The Admin API versions: the adapter sends `@idempotent(key:)` with its relative adjustments, which
 * 2026-01 introduced (https://shopify.dev/changelog/adding-idempotency-for-inventory-adjustments-and-refund-mutations), so it targets 2026-01; the sandbox serves 2026-01 and keeps answering
 * 2025-01 as Shopify does, where the directive does not exist.
 */
const adjust = `mutation Adjust($input: InventoryAdjustQuantitiesInput!, $key: String!) {
  inventoryAdjustQuantities(input: $input) @idempotent(key: $key) { inventoryAdjustmentGroup { id } userErrors { code message } }
}`;

let h: Awaited<ReturnType<typeof startSandbox>>;
let shop: string;
let sellerId: string;
let token: string;
let change: { inventoryItemId: string; locationId: string; delta: number };
let sku: string;

beforeAll(async () => {
  h = await startSandbox('fast');
  const seller = await h.createSeller(4);
  shop = seller.credentials.shopDomain;
  sellerId = seller.sellerId;
  token = (await h.connect(shop)).accessToken;
  const answer = await h.graphql(
    shop,
    token,
    '{ locations(first: 1) { nodes { id } } productVariants(first: 1) { nodes { sku inventoryItem { id } } } }',
  );
  const variant = answer.body.data.productVariants.nodes[0];
  sku = variant.sku;
  change = { inventoryItemId: variant.inventoryItem.id, locationId: answer.body.data.locations.nodes[0].id, delta: 1 };
});
afterAll(async () => {
  await h.close();
});

describe('Shopify Admin API versions', () => {
  it('the adapter calls 2026-01, the first version with @idempotent', async () => {
    expect(SHOPIFY_API_VERSION).toBe('2026-01');
    const adapter = h.adapter(shop, await h.connect(shop));
    const before = (await h.item(sellerId, sku)).quantity;
    expect(await adapter.adjustQuantity!(sku, 2, crypto.randomUUID())).toEqual({ sku, outcome: 'confirmed' });
    expect((await h.item(sellerId, sku)).quantity).toBe(before + 2);
    const paths = new Set(
      h.sandbox
        .requests()
        .filter((r) => r.path.endsWith('/graphql.json'))
        .map((r) => r.path.replace(/^\/shops\/[^/]+/, '')),
    );
    expect(paths).toEqual(new Set(['/admin/api/2026-01/graphql.json']));
  });

  it('2026-01 takes @idempotent(key:) and answers a replay with the first result', async () => {
    const variables = {
      key: crypto.randomUUID(),
      input: { name: 'available', reason: 'correction', changes: [change] },
    };
    const before = (await h.item(sellerId, sku)).quantity;
    const first = await h.graphql(shop, token, adjust, variables, '2026-01');
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.inventoryAdjustQuantities.userErrors).toEqual([]);
    expect((await h.graphql(shop, token, adjust, variables, '2026-01')).body.data).toEqual(first.body.data);
    expect((await h.item(sellerId, sku)).quantity).toBe(before + 1);
  });

  it('2025-01 refuses a document using @idempotent with Shopify’s validation error, and changes nothing', async () => {
    const before = (await h.item(sellerId, sku)).quantity;
    const answer = await h.graphql(
      shop,
      token,
      adjust,
      { key: crypto.randomUUID(), input: { name: 'available', reason: 'correction', changes: [change] } },
      '2025-01',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([
      {
        message: 'Directive @idempotent is not defined',
        locations: [{ line: 2, column: 44 }],
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    ]);
    expect((await h.item(sellerId, sku)).quantity).toBe(before);
  });

  it('2025-01 still answers what it has, the same adjustment without the directive included', async () => {
    const before = (await h.item(sellerId, sku)).quantity;
    const plain = adjust.replace(', $key: String!', '').replace(' @idempotent(key: $key)', '');
    const answer = await h.graphql(
      shop,
      token,
      plain,
      { input: { name: 'available', reason: 'correction', changes: [change] } },
      '2025-01',
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.inventoryAdjustQuantities.userErrors).toEqual([]);
    expect((await h.item(sellerId, sku)).quantity).toBe(before + 1);
  });

  it('answers 404 for a version it does not serve', async () => {
    for (const version of ['2024-10', '2026-04', 'unstable', 'latest']) {
      const answer = await h.graphql(shop, token, '{ shop { name } }', {}, version);
      expect([version, answer.status, answer.body]).toEqual([version, 404, { errors: 'Not Found' }]);
    }
  });

  it('sends webhooks in the app’s version, the one the adapter speaks, and says so on the subscription', async () => {
    const receiver = await startReceiver();
    try {
      const created = await h.graphql(
        shop,
        token,
        `mutation S($url: URL!) { webhookSubscriptionCreate(topic: ORDERS_CREATE, webhookSubscription: { callbackUrl: $url, format: JSON }) {
          webhookSubscription { apiVersion { handle supported } } userErrors { message } } }`,
        { url: receiver.url },
      );
      expect(created.body.data.webhookSubscriptionCreate.webhookSubscription.apiVersion).toEqual({
        handle: SHOPIFY_API_VERSION,
        supported: true,
      });
      await h.control('POST', `sellers/${sellerId}/orders`, { lines: [{ sku, quantity: 1 }] });
      const delivery = await receiver.next((d) => d.headers['x-shopify-topic'] === 'orders/create');
      expect(delivery.headers['x-shopify-api-version']).toBe(SHOPIFY_API_VERSION);
    } finally {
      await receiver.close();
    }
  });
});
