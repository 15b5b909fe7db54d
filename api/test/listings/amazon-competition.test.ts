/**
 * Other sellers' offers on an Amazon listing (issue 24, repricing against competitors): the Amazon
 * sandbox's competing offers, set from its control API, reach the product as ANY_OFFER_CHANGED over
 * HTTP (the channel subscribed when it connected) and are kept for that listing at landed prices; the
 * adapter reads the same from the competitive summary. A rule following the lowest offer beats it by
 * a cent, read back from the Amazon sandbox, and stops at its floor instead of racing below it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import {
  connectWithSandboxSeller,
  consentOnEbay,
  installOnShopify,
  type ConnectedChannel,
} from '../support/channel-flows.ts';
import { control, query, sandboxItem, settled } from '../support/sync-checks.ts';
import { findChannel } from '../../src/db/queries/channels.ts';
import { adapterForChannel } from '../../src/modules/channel-access/channel-adapter.ts';
import { competitionOfListings } from '../../src/db/queries/listing-competition.ts';
import { pricingRuleBody } from '../support/pricing-rules.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let amazon: ConnectedChannel;
let ebay: ConnectedChannel;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller({ firstName: 'Cora', lastName: 'Compete' }));
  const shopify = (await installOnShopify(seller, 'install', { products: 3 })).channel!;
  amazon = await connectWithSandboxSeller(seller, 'amazon', 3);
  ebay = (await consentOnEbay(seller, 'agree', { products: 3 })).channel!;
  expect([shopify.role, amazon.role, ebay.role]).toEqual(['main', 'target', 'target']);
  await vi.waitFor(
    async () =>
      expect(
        await query(
          t,
          sql`select 1 from listings where channel_id = ${amazon.id} and product_id is not null and confirmed_price is not null and marketplace_id is not null`,
        ),
      ).toHaveLength(3),
    { timeout: 60_000, interval: 250 },
  );
  await settled(t, accountId);
}, 180_000);
afterAll(() => t?.stop());

/** The Amazon listings with their ASIN and our price, SKU order. */
const amazonListings = () =>
  query<{ id: string; sku: string; asin: string; price: string }>(
    t,
    sql`select l.id, l.sku, l.marketplace_id as asin, l.confirmed_price::text as price from listings l
        where l.channel_id = ${amazon.id} and l.marketplace_id is not null and l.product_id is not null order by l.sku`,
  );

interface OfferInput {
  price: number;
  shipping?: number;
  repricer?: { beatBy: number; floor: number; reactAfterSeconds?: number };
}
const compete = (sku: string, offers: OfferInput[]) =>
  control(t, 'amazon', `/sellers/${amazon.sandboxSellerId}/items/${encodeURIComponent(sku)}/competing-offers`, {
    method: 'PUT',
    body: { offers },
  });

describe('competing offers on Amazon', () => {
  it('a cheaper competitor reaches the listing as the lowest other offer and the Buy Box it took', async () => {
    const [listing] = await amazonListings();
    expect(listing, 'an Amazon listing with its ASIN').toBeDefined();
    const ours = Number(listing!.price);
    const cheaper = Math.round((ours - 1) * 100) / 100;
    const answer = await compete(listing!.sku, [{ price: cheaper - 0.5, shipping: 0.5 }, { price: ours + 3 }]);
    expect(answer.status, await answer.clone().text()).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await competitionOfListings(t.database.handle.db, accountId, [listing!.id])).toEqual([
          expect.objectContaining({
            lowestOther: cheaper.toFixed(2),
            featured: cheaper.toFixed(2),
            featuredIsOurs: false,
            currency: 'USD',
          }),
        ]),
      { timeout: 10_000, interval: 100 },
    );

    // The competitor leaves: we hold the Buy Box, and the dearer offer is the lowest other.
    expect((await compete(listing!.sku, [{ price: ours + 3 }])).status).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await competitionOfListings(t.database.handle.db, accountId, [listing!.id])).toEqual([
          expect.objectContaining({
            lowestOther: (ours + 3).toFixed(2),
            featured: ours.toFixed(2),
            featuredIsOurs: true,
          }),
        ]),
      { timeout: 10_000, interval: 100 },
    );
  });

  it('the adapter reads the same from the competitive summary, 20 ASINs a call', async () => {
    const listings = await amazonListings();
    const [first, second] = listings;
    const ours = Number(second!.price);
    expect((await compete(second!.sku, [{ price: ours - 2, shipping: 1 }])).status).toBe(200);
    const channel = (await findChannel(t.database.handle.db, accountId, amazon.id))!;
    const adapter = await adapterForChannel(t.product.ctx, channel);
    const found = await adapter.competition!([first!.asin, second!.asin, 'B0NOSUCH00']);
    expect(found.map((c) => c.productId).sort()).toEqual([first!.asin, second!.asin].sort());
    expect(found.find((c) => c.productId === second!.asin)).toMatchObject({
      lowestOther: { amount: (ours - 1).toFixed(2), currency: 'USD' },
      featured: { amount: (ours - 1).toFixed(2) },
      featuredIsOurs: false,
    });
  });

  it('refuses competing offers it cannot hold, with a message', async () => {
    const [listing] = await amazonListings();
    // 3.07 is two decimals, however floating point holds it.
    expect((await compete(listing!.sku, [{ price: 3.07, shipping: 0.1 + 0.2 }])).status).toBe(200);
    for (const offers of [[{ price: 0 }], [{ price: 1.234 }], [{ price: 5, shipping: -1 }], 'cheap'])
      expect((await compete(listing!.sku, offers as never)).status, JSON.stringify(offers)).toBe(400);
    const unknown = await compete('NO-SUCH-SKU', [{ price: 5 }]);
    expect(unknown.status).toBe(404);
  });
});

describe('a rule that follows the lowest other offer on Amazon', () => {
  const rule = (overrides: Record<string, unknown>) =>
    pricingRuleBody([amazon.id], {
      name: 'Beat the lowest offer by a cent',
      priority: 1,
      action: { basis: 'lowest_offer', change: 'amount', value: '-0.01' },
      ...overrides,
    });

  it('is for Amazon channels only, whose offers are known', async () => {
    const answer = await seller.post('/api/pricing-rules', rule({ channelIds: [amazon.id, ebay.id] }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "Other sellers' prices are known on Amazon only: choose Amazon channels for a rule that follows them.",
    );
  });

  it('beats a cheaper competitor by a cent on Amazon, and stops at its floor when the competitor goes lower', async () => {
    const [, , third] = await amazonListings();
    const ours = Math.round(Number(third!.price) * 100);
    const floor = ours - 200;
    const created = await seller.post(
      '/api/pricing-rules',
      rule({ scope: { kind: 'skus', skus: [third!.sku] }, minPrice: (floor / 100).toFixed(2) }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const amazonPrice = async () => Math.round(Number((await sandboxItem(t, amazon, third!.sku)).price) * 100);

    expect((await compete(third!.sku, [{ price: (ours - 100) / 100 }])).status).toBe(200);
    await vi.waitFor(async () => expect(await amazonPrice()).toBe(ours - 101), { timeout: 20_000, interval: 200 });

    // The competitor races down past our floor: we stop at the floor.
    expect((await compete(third!.sku, [{ price: (ours - 500) / 100 }])).status).toBe(200);
    await vi.waitFor(async () => expect(await amazonPrice()).toBe(floor), { timeout: 20_000, interval: 200 });
    await settled(t, accountId);
    expect(await amazonPrice()).toBe(floor);

    // Each move is a change with its before and after, caused by the pricing rule.
    const moves = await query<{ before: string; after: string }>(
      t,
      sql`select before, after from changes where account_id = ${accountId} and sku = ${third!.sku}
          and cause = 'pricing_rule' and cause_ref = 'competitor offers' order by created_at`,
    );
    expect(moves.map((m) => Math.round(Number(m.after) * 100))).toEqual([ours - 101, floor]);
    // The other SKUs, not in the rule's scope, kept the main price.
    const [first] = await amazonListings();
    expect(await sandboxItem(t, amazon, first!.sku)).toMatchObject({ price: first!.price });
  });

  it('a competitor whose repricer answers each of our moves: the price war ends at our floor, its offer a cent under, and nothing moves after', async () => {
    const [, second] = await amazonListings();
    const ours = Math.round(Number(second!.price) * 100);
    const floor = ours - 6;
    const created = await seller.post(
      '/api/pricing-rules',
      rule({ scope: { kind: 'skus', skus: [second!.sku] }, minPrice: (floor / 100).toFixed(2) }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const offersPath = `/sellers/${amazon.sandboxSellerId}/items/${encodeURIComponent(second!.sku)}/competing-offers`;
    const competitor = async () => {
      const answer = await control(t, 'amazon', offersPath);
      const [offer] = (await answer.json()).offers as Array<{ price: number; repricer: { reactsAt: string | null } }>;
      return { price: Math.round(offer!.price * 100), waiting: offer!.repricer.reactsAt !== null };
    };
    const amazonPrice = async () => Math.round(Number((await sandboxItem(t, amazon, second!.sku)).price) * 100);

    // A cent under us (where its repricer would put it), beating the lowest other offer by a cent down to a floor
    // far under ours, answering at once.
    const answer = await compete(second!.sku, [
      { price: (ours - 1) / 100, repricer: { beatBy: 0.01, floor: (ours - 300) / 100, reactAfterSeconds: 0 } },
    ]);
    expect(answer.status, await answer.clone().text()).toBe(200);
    // We beat it (−0.02), it beats us (−0.03), … until our floor (−0.06): it sits a cent under, we stay on the floor.
    await vi.waitFor(
      async () =>
        expect({ ours: await amazonPrice(), theirs: await competitor() }).toEqual({
          ours: floor,
          theirs: { price: floor - 1, waiting: false },
        }),
      { timeout: 45_000, interval: 250 },
    );
    await settled(t, accountId);
    expect({ ours: await amazonPrice(), theirs: await competitor() }).toEqual({
      ours: floor,
      theirs: { price: floor - 1, waiting: false },
    });
    // Each of our moves a change of the rule's, never under the floor.
    const moves = await query<{ after: string }>(
      t,
      sql`select after from changes where account_id = ${accountId} and sku = ${second!.sku}
          and cause = 'pricing_rule' and cause_ref = 'competitor offers' order by created_at`,
    );
    expect(moves.map((m) => ours - Math.round(Number(m.after) * 100))).toEqual([2, 4, 6]);
  }, 90_000);

  it('refuses a repricer it cannot run, with a message', async () => {
    const [listing] = await amazonListings();
    for (const repricer of [
      { beatBy: -1, floor: 5 },
      { beatBy: 0.01, floor: 0 },
      { beatBy: 0.01, floor: 5, reactAfterSeconds: 7200 },
    ]) {
      const refused = await compete(listing!.sku, [{ price: 10, repricer: repricer as OfferInput['repricer'] }]);
      expect(refused.status, JSON.stringify(repricer)).toBe(400);
      expect((await refused.json()).message, JSON.stringify(repricer)).toMatch(/^repricer\./);
    }
  });
});
