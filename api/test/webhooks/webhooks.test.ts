import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, consentOnEbay, installOnShopify } from '../support/channel-flows.ts';
import { adapterFor } from '../../src/modules/channel-access/marketplace-adapters.ts';
import { adapterForChannel } from '../../src/modules/channel-access/channel-adapter.ts';

let t: TestProduct;
let seller: Browser;
const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const eventsOf = (channelId: string) =>
  rows<{ topic: string; delivery_id: string; payload: unknown }>(
    `select topic, delivery_id, payload from marketplace_events where channel_id = '${channelId}' order by received_at`,
  );

const connectTyped = async (kind: 'walmart' | 'amazon') => {
  const channel = await connectWithSandboxSeller(seller, kind);
  return { channel, sandboxSeller: { sellerId: channel.sandboxSellerId } };
};

async function connectShopify() {
  const { location, channel } = await installOnShopify(seller, 'install');
  expect(location).toBe('/channels?connected=shopify');
  return { channel: channel!, sandboxSeller: { sellerId: channel!.sandboxSellerId } };
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller } = await t.signedInSeller());
});
afterAll(() => t?.stop());

describe('marketplace pushes reach the app, verified and recorded once', () => {
  it('Shopify: orders/create arrives signed; a replay of the same delivery is dropped; a forgery is refused', async () => {
    const { channel, sandboxSeller } = await connectShopify();
    const sku = await skuInStock(channel);
    const order = await fetch(`${t.url}/sandbox/shopify/_control/sellers/${sandboxSeller.sellerId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ sku, quantity: 1 }] }),
    });
    expect(order.status).toBe(201);
    await vi.waitFor(async () => expect((await eventsOf(channel.id)).map((e) => e.topic)).toContain('orders/create'), {
      timeout: 10_000,
    });
    const [delivered] = (await eventsOf(channel.id)).filter((e) => e.topic === 'orders/create');

    // The same delivery again, as Shopify retries it: same id, same signed body.
    const body = JSON.stringify(delivered!.payload);
    const signed = (secret: string) => crypto.createHmac('sha256', secret).update(body).digest('base64');
    const headers = (hmac: string) => ({
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': hmac,
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': channel.externalSellerId,
      'x-shopify-webhook-id': delivered!.delivery_id,
    });
    const replay = await fetch(`${t.url}/api/webhooks/shopify/${channel.id}`, {
      method: 'POST',
      headers: headers(signed(t.product.ctx.marketplaces.sandboxApplications.shopify.clientSecret)),
      body,
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect((await eventsOf(channel.id)).filter((e) => e.topic === 'orders/create')).toHaveLength(1);

    const forged = await fetch(`${t.url}/api/webhooks/shopify/${channel.id}`, {
      method: 'POST',
      headers: { ...headers(signed('not-the-secret')), 'x-shopify-webhook-id': 'forged-1' },
      body,
    });
    expect(forged.status).toBe(401);
    expect((await eventsOf(channel.id)).some((e) => e.delivery_id === 'forged-1')).toBe(false);
  });

  it('Walmart: PO_CREATED arrives signed with HMAC and is recorded', async () => {
    const { channel, sandboxSeller } = await connectTyped('walmart');
    const sku = await skuInStock(channel);
    const order = await fetch(`${t.url}/sandbox/walmart/_control/sellers/${sandboxSeller.sellerId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ sku, quantity: 1 }] }),
    });
    expect(order.status).toBe(201);
    await vi.waitFor(async () => expect((await eventsOf(channel.id)).map((e) => e.topic)).toContain('PO_CREATED'), {
      timeout: 10_000,
    });
    const unsigned = await fetch(`${t.url}/api/webhooks/walmart/${channel.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"source":{"eventType":"PO_CREATED"}}',
    });
    expect(unsigned.status).toBe(401);
  });

  it('Amazon: ORDER_CHANGE arrives through the API destination with the channel key', async () => {
    const { channel, sandboxSeller } = await connectTyped('amazon');
    const sku = await skuInStock(channel);
    const order = await fetch(`${t.url}/sandbox/amazon/_control/sellers/${sandboxSeller.sellerId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ sku, quantity: 1 }] }),
    });
    expect(order.status).toBe(201);
    await vi.waitFor(async () => expect((await eventsOf(channel.id)).length).toBeGreaterThan(0), { timeout: 10_000 });
    const keyless = await fetch(`${t.url}/api/webhooks/amazon/${channel.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect([400, 401]).toContain(keyless.status);
  });

  it('refuses unknown channels and kinds', async () => {
    expect(
      (
        await fetch(`${t.url}/api/webhooks/shopify/00000000-0000-4000-8000-000000000000`, {
          method: 'POST',
          body: '{}',
        })
      ).status,
    ).toBe(404);
    expect(
      (await fetch(`${t.url}/api/webhooks/etsy/00000000-0000-4000-8000-000000000000`, { method: 'POST', body: '{}' }))
        .status,
    ).toBe(404);
  });
});

/** A SKU in stock on the channel, found through the channel's own adapter and credentials. */
async function skuInStock(channel: { id: string; kind: 'amazon' | 'walmart' | 'ebay' | 'shopify' }): Promise<string> {
  const ctx = t.product.ctx;
  const [stored] = await rows<{ account_id: string; credentials_ciphertext: string }>(
    `select account_id, credentials_ciphertext from channels where id = '${channel.id}'`,
  );
  const credentials = ctx.marketplaces.vault.open(stored!.credentials_ciphertext, {
    accountId: stored!.account_id,
    channelId: channel.id,
  });
  const adapter = adapterFor(ctx, channel.kind, 'sandbox', credentials);
  const page = await adapter.listCatalogue(undefined);
  const listings = await adapter.readListings(page.items.slice(0, 10).map((i) => i.sku));
  const inStock = listings.find((l) => (l.quantity ?? 0) > 1);
  if (!inStock) throw new Error('No SKU in stock among the first ten');
  return inStock.sku;
}

describe('eBay marketplace account deletion', () => {
  async function connectEbay() {
    const { location, channel } = await consentOnEbay(seller, 'agree');
    expect(location).toBe('/auth-success');
    return { channel: channel!, sandboxSeller: { sellerId: channel!.sandboxSellerId } };
  }

  it('answers the endpoint challenge as eBay expects', async () => {
    const answer = await fetch(`${t.url}/api/webhooks/ebay-notifications/sandbox?challenge_code=abc123`);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.challengeResponse).toMatch(/^[0-9a-f]{64}$/);
    expect((await fetch(`${t.url}/api/webhooks/ebay-notifications/sandbox`)).status).toBe(400);
  });

  it('disconnects the channel of a deleted eBay account, deleting its credentials; a forged notice is refused', async () => {
    const { channel, sandboxSeller } = await connectEbay();
    const forged = await fetch(`${t.url}/api/webhooks/ebay-notifications/sandbox`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-ebay-signature': Buffer.from(
          JSON.stringify({ alg: 'ecdsa', kid: 'nope', signature: 'AAAA', digest: 'SHA256' }),
        ).toString('base64'),
      },
      body: JSON.stringify({
        metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION' },
        notification: { data: { userId: channel.externalSellerId } },
      }),
    });
    expect(forged.status).toBe(401);
    expect((await seller.get('/api/channels')).body.items.some((c: { id: string }) => c.id === channel.id)).toBe(true);

    const trigger = await fetch(`${t.url}/sandbox/ebay/_control/sellers/${sandboxSeller.sellerId}/account_deletion`, {
      method: 'POST',
    });
    expect(trigger.ok).toBe(true);
    await vi.waitFor(
      async () =>
        expect(
          (await rows<{ status: string }>(`select status from channels where id = '${channel.id}'`))[0]!.status,
        ).toBe('disconnected'),
      { timeout: 10_000 },
    );
    const stored = await rows<{ credentials_ciphertext: string | null }>(
      `select credentials_ciphertext from channels where id = '${channel.id}'`,
    );
    expect(stored[0]!.credentials_ciphertext).toBeNull();
    const audit = await rows<{ metadata: { reason: string } }>(
      `select metadata from audit_log where action = 'channel.disconnected' and target_id = '${channel.id}'`,
    );
    expect(audit[0]!.metadata.reason).toBe('ebay_marketplace_account_deletion');
  });
});

describe('renewed credentials', () => {
  it('stores the rotated Shopify refresh token, so the next adapter (a restart, another worker) still works', async () => {
    const { channel } = await connectShopify();
    const ctx = t.product.ctx;
    const [stored] = await rows<{ account_id: string; credentials_ciphertext: string }>(
      `select account_id, credentials_ciphertext from channels where id = '${channel.id}'`,
    );
    const boundTo = { accountId: stored!.account_id, channelId: channel.id };
    const original = ctx.marketplaces.vault.open(stored!.credentials_ciphertext, boundTo);
    expect(original.refreshToken).toBeTruthy();
    // The access token has run out: the next call must refresh, and Shopify rotates the refresh token.
    await t.database.handle.db.execute(
      sql.raw(
        `update channels set credentials_ciphertext = '${ctx.marketplaces.vault.seal({ ...original, expiresAt: String(Date.now() - 1000) }, boundTo)}' where id = '${channel.id}'`,
      ),
    );
    const first = await adapterForChannel(ctx, { ...channel, accountId: stored!.account_id });
    await first.verifyCredentials();
    await vi.waitFor(async () => {
      const [now] = await rows<{ credentials_ciphertext: string }>(
        `select credentials_ciphertext from channels where id = '${channel.id}'`,
      );
      expect(ctx.marketplaces.vault.open(now!.credentials_ciphertext, boundTo).refreshToken).not.toBe(
        original.refreshToken,
      );
    });
    const second = await adapterForChannel(ctx, { ...channel, accountId: stored!.account_id });
    await expect(second.verifyCredentials()).resolves.toMatchObject({ sellerId: channel.externalSellerId });
  });
});

describe('Shopify stock levels are the main channel’s to tell', () => {
  /** The topics a channel's webhook address was subscribed to, as the Shopify sandbox was asked. */
  async function topicsSubscribed(channelId: string): Promise<string[]> {
    const requests = (await (await fetch(`${t.url}/sandbox/shopify/_control/requests`)).json()) as Array<{
      body?: { query?: string; variables?: { topic?: string; callbackUrl?: string } };
    }>;
    return requests
      .filter(
        (r) =>
          r.body?.query?.includes('webhookSubscriptionCreate') &&
          r.body.variables?.callbackUrl?.endsWith(`/api/webhooks/shopify/${channelId}`),
      )
      .map((r) => r.body!.variables!.topic!)
      .sort();
  }

  it('a target store subscribes to its orders and product edits only; its stock notices are answered and not recorded; made main, it subscribes to its stock levels', async () => {
    const main = (await rows<{ id: string }>(`select id from channels where role = 'main'`))[0];
    expect(main).toBeDefined();
    const { channel: target } = await connectShopify();
    expect((await rows<{ role: string }>(`select role from channels where id = '${target.id}'`))[0]!.role).toBe(
      'target',
    );
    expect(await topicsSubscribed(target.id)).toEqual(['ORDERS_CREATE', 'ORDERS_UPDATED', 'PRODUCTS_UPDATE']);

    // Shopify's notice of a level on the target (our own value echoed back, or a hand edit): nothing to record.
    const body = JSON.stringify({
      inventory_item_id: 808950810,
      location_id: 905684977,
      available: 6,
      updated_at: new Date().toISOString(),
    });
    const hmac = crypto
      .createHmac('sha256', t.product.ctx.marketplaces.sandboxApplications.shopify.clientSecret)
      .update(body)
      .digest('base64');
    const delivered = await fetch(`${t.url}/api/webhooks/shopify/${target.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': hmac,
        'x-shopify-topic': 'inventory_levels/update',
        'x-shopify-shop-domain': target.externalSellerId,
        'x-shopify-webhook-id': crypto.randomUUID(),
      },
      body,
    });
    expect(delivered.status).toBe(200);
    expect(await eventsOf(target.id)).toEqual([]);
    // Signed with another secret, it is refused all the same.
    const forged = await fetch(`${t.url}/api/webhooks/shopify/${target.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': crypto.createHmac('sha256', 'not the secret').update(body).digest('base64'),
        'x-shopify-topic': 'inventory_levels/update',
        'x-shopify-shop-domain': target.externalSellerId,
        'x-shopify-webhook-id': crypto.randomUUID(),
      },
      body,
    });
    expect(forged.status).toBe(401);

    expect((await seller.post(`/api/channels/${target.id}/make-main`)).status).toBe(200);
    expect(await topicsSubscribed(target.id)).toEqual([
      'INVENTORY_LEVELS_UPDATE',
      'ORDERS_CREATE',
      'ORDERS_UPDATED',
      'PRODUCTS_UPDATE',
    ]);
  });
});
