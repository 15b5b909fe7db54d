import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProduct, type SignedInUser, type TestProduct } from '../support/test-product.ts';
import { applicationsInForce } from '../../src/modules/channel-access/marketplace-adapters.ts';
import { applicationNotificationAccess } from '../../src/modules/webhooks/ebay-notifications.ts';

// The live marketplaces' applications: configured for eBay (as EBAY_CLIENT_ID… would), not for Shopify.
let t: TestProduct;
let staff: SignedInUser;
let seller: SignedInUser;
beforeAll(async () => {
  t = await startTestProduct({
    marketplaceApps: {
      ebay: {
        production: { clientId: 'config-ebay-app', clientSecret: 'config-ebay-secret', ruName: 'Config-RuName' },
        sandbox: { clientId: 'marketplace-hub-sandbox', clientSecret: undefined },
      },
      shopify: { production: undefined, sandbox: { clientId: 'hub-sandbox-app', clientSecret: undefined } },
    },
  });
  staff = await t.signedInUser({ role: 'super_user' });
  seller = await t.signedInSeller();
});
afterAll(() => t?.stop());

const store = async (marketplaceCredentials: Record<string, string | null>) =>
  expect((await staff.browser.patch('/api/admin/settings', { marketplaceCredentials })).status).toBe(200);

/** Where the consent would send the seller's browser, read as the marketplace would. */
async function consentUrl(request: Record<string, string>) {
  const answer = await seller.browser.post('/api/channels/oauth/start', request);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return new URL(answer.body.authorizeUrl as string);
}

describe("our marketplace applications: System Settings' stored credentials, else the configuration's", () => {
  it("eBay's consent asks for the stored client id where set, each part falling back to the configuration", async () => {
    const configured = await consentUrl({ kind: 'ebay', environment: 'production' });
    expect(configured.host).toBe('auth.ebay.com');
    expect(configured.searchParams.get('client_id')).toBe('config-ebay-app');
    expect(configured.searchParams.get('redirect_uri')).toBe('Config-RuName');

    await store({ ebayClientId: 'stored-ebay-app' });
    const stored = await consentUrl({ kind: 'ebay', environment: 'production' });
    expect(stored.searchParams.get('client_id')).toBe('stored-ebay-app');
    // Not stored: the configuration's.
    expect(stored.searchParams.get('redirect_uri')).toBe('Config-RuName');
    // The token exchange and refreshes use the same application, secret and all.
    expect((await applicationsInForce(t.product.ctx, 'production')).ebay).toEqual({
      clientId: 'stored-ebay-app',
      clientSecret: 'config-ebay-secret',
      ruName: 'Config-RuName',
    });
    await store({ ebayClientSecret: 'stored-ebay-secret', ebayRuName: 'Stored-RuName' });
    expect((await applicationsInForce(t.product.ctx, 'production')).ebay).toEqual({
      clientId: 'stored-ebay-app',
      clientSecret: 'stored-ebay-secret',
      ruName: 'Stored-RuName',
    });

    await store({ ebayClientId: null, ebayClientSecret: null, ebayRuName: null });
    const removed = await consentUrl({ kind: 'ebay', environment: 'production' });
    expect(removed.searchParams.get('client_id')).toBe('config-ebay-app');
  });

  it("the built-in sandbox keeps this installation's own application, whatever is stored", async () => {
    await store({ ebayClientId: 'stored-ebay-app' });
    try {
      const sandbox = await consentUrl({ kind: 'ebay', environment: 'sandbox' });
      expect(sandbox.searchParams.get('client_id')).toBe('marketplace-hub-sandbox');
    } finally {
      await store({ ebayClientId: null });
    }
  });

  it('Shopify, not configured, is set up by storing its client id and secret: the install and the webhooks use them', async () => {
    const refused = await seller.browser.post('/api/channels/oauth/start', {
      kind: 'shopify',
      environment: 'production',
      shopDomain: 'my-shop.myshopify.com',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Shopify is not configured/);

    await store({ shopifyClientId: 'stored-shopify-app', shopifyClientSecret: 'stored-shopify-secret' });
    const install = await consentUrl({
      kind: 'shopify',
      environment: 'production',
      shopDomain: 'my-shop.myshopify.com',
    });
    expect(install.host).toBe('my-shop.myshopify.com');
    expect(install.searchParams.get('client_id')).toBe('stored-shopify-app');

    // A compliance webhook is checked with the stored secret.
    const body = JSON.stringify({ shop_id: 1, shop_domain: 'my-shop.myshopify.com', customer: { id: 7 } });
    const deliver = (secret: string, id: string) =>
      fetch(`${t.url}/api/webhooks/shopify-privacy/production`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-hmac-sha256': crypto.createHmac('sha256', secret).update(body).digest('base64'),
          'x-shopify-topic': 'customers/data_request',
          'x-shopify-shop-domain': 'my-shop.myshopify.com',
          'x-shopify-webhook-id': id,
        },
        body,
      });
    expect((await deliver('another-secret', 'w-1')).status).toBe(401);
    expect((await deliver('stored-shopify-secret', 'w-2')).status).toBe(200);
  });

  it("eBay's notifications (account deletions, orders) are read with the application in force", async () => {
    const configured = await applicationNotificationAccess(t.product.ctx, 'ebay', 'production');
    expect(configured).toBeDefined();
    // Kept for the process: the same access (its token and keys) serves every notification.
    expect(await applicationNotificationAccess(t.product.ctx, 'ebay', 'production')).toBe(configured);
    await store({ ebayClientSecret: 'stored-ebay-secret' });
    try {
      const stored = await applicationNotificationAccess(t.product.ctx, 'ebay', 'production');
      expect(stored).toBeDefined();
      expect(stored).not.toBe(configured);
    } finally {
      await store({ ebayClientSecret: null });
    }
    expect(await applicationNotificationAccess(t.product.ctx, 'ebay', 'production')).toBe(configured);
    // Shopify notifies each channel, not the application.
    expect(await applicationNotificationAccess(t.product.ctx, 'shopify', 'production')).toBeUndefined();
  });
});

describe('a Shopify secret replaced in System Settings: the configured one is still accepted while both exist', () => {
  let rotating: TestProduct;
  let admin: SignedInUser;
  beforeAll(async () => {
    rotating = await startTestProduct({
      marketplaceApps: {
        ebay: { production: undefined, sandbox: { clientId: 'marketplace-hub-sandbox', clientSecret: undefined } },
        shopify: {
          production: { clientId: 'config-shopify-app', clientSecret: 'config-shopify-secret' },
          sandbox: { clientId: 'hub-sandbox-app', clientSecret: undefined },
        },
      },
    });
    admin = await rotating.signedInUser({ role: 'super_user' });
  });
  afterAll(() => rotating?.stop());

  it('accepts deliveries signed with the new secret or the configured one, and no other', async () => {
    const body = JSON.stringify({ shop_id: 2, shop_domain: 'rotating.myshopify.com', customer: { id: 9 } });
    let deliveries = 0;
    const deliver = async (secret: string) =>
      (
        await fetch(`${rotating.url}/api/webhooks/shopify-privacy/production`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-shopify-hmac-sha256': crypto.createHmac('sha256', secret).update(body).digest('base64'),
            'x-shopify-topic': 'customers/data_request',
            'x-shopify-shop-domain': 'rotating.myshopify.com',
            'x-shopify-webhook-id': `rotation-${++deliveries}`,
          },
          body,
        })
      ).status;
    expect(await deliver('config-shopify-secret')).toBe(200);
    expect(await deliver('new-shopify-secret')).toBe(401);

    const patch = (marketplaceCredentials: Record<string, string | null>) =>
      admin.browser.patch('/api/admin/settings', { marketplaceCredentials });
    expect((await patch({ shopifyClientSecret: 'new-shopify-secret' })).status).toBe(200);
    expect(await deliver('new-shopify-secret')).toBe(200);
    expect(await deliver('config-shopify-secret')).toBe(200);
    expect(await deliver('another-secret')).toBe(401);

    // The stored secret removed: the configured one alone.
    expect((await patch({ shopifyClientSecret: null })).status).toBe(200);
    expect(await deliver('new-shopify-secret')).toBe(401);
    expect(await deliver('config-shopify-secret')).toBe(200);
  });
});
