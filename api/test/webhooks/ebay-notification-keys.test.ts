import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import { consentOnEbay, type ConnectedChannel } from '../support/channel-flows.ts';
import { control, query, sandboxRequests } from '../support/sync-checks.ts';
import { ebayPublicKeyPolicy } from '../../src/marketplaces/ebay/webhooks.ts';

/**
 * eBay's notification keys, over HTTP against the built-in sandbox: the key that signs real
 * notifications is asked for once an hour, and notifications naming made-up key ids cannot spend the
 * application's Notification API calls (each made-up key id looked up once, a few a minute at most).
 */
let t: TestProduct;
let channel: ConnectedChannel;
let sku: string;

const publicKeyLookups = async () =>
  (await sandboxRequests(t, 'ebay'))
    .filter((r) => r.method === 'GET' && r.path.includes('/public_key/'))
    .map((r) => decodeURIComponent(r.path.split('/').pop()!));
const lookupsOf = async (kids: (kid: string) => boolean) => (await publicKeyLookups()).filter(kids).length;

const orderConfirmations = async () =>
  (
    await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from marketplace_events where channel_id = ${channel.id} and topic = 'ORDER_CONFIRMATION'`,
    )
  )[0]!.n;

/** A buyer orders on eBay; the sandbox sends ORDER_CONFIRMATION, signed, and we record it once verified. */
async function orderConfirmed(): Promise<void> {
  const before = await orderConfirmations();
  const placed = await control(t, 'ebay', `/sellers/${channel.sandboxSellerId}/orders`, {
    method: 'POST',
    body: { lines: [{ sku, quantity: 1 }] },
  });
  expect(placed.status).toBe(201);
  await vi.waitFor(async () => expect(await orderConfirmations()).toBe(before + 1), { timeout: 20_000 });
}

/** A notification anyone could post: an account deletion for our seller, "signed" with a made-up key id. */
const forged = (kid: string) =>
  fetch(`${t.url}/api/webhooks/ebay-notifications/sandbox`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-ebay-signature': Buffer.from(
        JSON.stringify({ alg: 'ecdsa', kid, signature: 'AAAA', digest: 'SHA256' }),
      ).toString('base64'),
    },
    body: JSON.stringify({
      metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION' },
      notification: { notificationId: `forged-${kid}`, data: { userId: channel.externalSellerId } },
    }),
  });
const isForged = (kid: string) => kid.startsWith('made-up-');
const channelStatus = async () =>
  (await query<{ status: string }>(t, sql`select status from channels where id = ${channel.id}`))[0]!.status;

beforeAll(async () => {
  t = await startTestProduct();
  const { browser: seller } = await t.signedInSeller();
  const { channel: connected } = await consentOnEbay(seller, 'agree', { products: 6 });
  channel = connected!;
  await vi.waitFor(
    async () => {
      const [inStock] = await query<{ sku: string }>(
        t,
        sql`select sku from listings where channel_id = ${channel.id} and confirmed_quantity >= 5 order by sku limit 1`,
      );
      expect(inStock).toBeDefined();
      sku = inStock!.sku;
    },
    { timeout: 30_000 },
  );
}, 60_000);
afterAll(() => t?.stop());

describe('eBay notification keys', () => {
  it('asks eBay once for the key that signs its notifications, and again only after an hour', async () => {
    for (let i = 0; i < 3; i++) await orderConfirmed();
    expect(await lookupsOf((kid) => !isForged(kid))).toBe(1);

    t.advance(ebayPublicKeyPolicy.keepKeyMs / 1000 + 60);
    await orderConfirmed();
    expect(await lookupsOf((kid) => !isForged(kid))).toBe(2);
  });

  it('forged notifications with many made-up key ids make at most the budgeted lookups; a repeated key id, one', async () => {
    // A minute on, so the budget of new key ids is whole.
    t.advance(60);
    const budget = ebayPublicKeyPolicy.newKeyIdsPerMinute;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await forged(`made-up-${i}`)).status);
    expect(new Set(answers)).toEqual(new Set([401]));
    expect(await lookupsOf(isForged)).toBe(budget);
    expect(await channelStatus()).toBe('active');

    // One looked up and found unknown is remembered as such: sent again and again, it is asked for once.
    const looked = (await publicKeyLookups()).find(isForged)!;
    for (let i = 0; i < 5; i++) expect((await forged(looked)).status).toBe(401);
    expect(await lookupsOf((kid) => kid === looked)).toBe(1);
    expect(await lookupsOf(isForged)).toBe(budget);

    // A minute later a new key id is looked up again (a key eBay has just started signing with gets through).
    t.advance(60);
    expect((await forged('made-up-later')).status).toBe(401);
    expect(await lookupsOf((kid) => kid === 'made-up-later')).toBe(1);
    // Real notifications go on being verified with the key kept.
    await orderConfirmed();
  });
});
