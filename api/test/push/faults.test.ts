import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import type { ConnectedChannel } from '../support/channel-flows.ts';
import {
  channelsNotActive,
  connectFourChannels,
  listingHistory,
  openDrift,
  recordedOffMarketplace,
  control,
  readOrdersNow,
  desiredOf,
  editByHand,
  noFaults,
  query,
  sandboxItem,
  sandboxRequests,
  setFaults,
  settled,
  targetListings,
  targetsOffDesired,
  type Kind,
} from '../support/sync-checks.ts';
import { pollOrders } from '../../src/modules/orders/order-polling.ts';
import { adapterForChannel } from '../../src/modules/channel-access/channel-adapter.ts';
import { findChannel } from '../../src/db/queries/channels.ts';
import { SINGLE_CALLS_UP_TO } from '../../src/modules/push/channel-push.ts';
import { refusedSkuMessage } from '../../src/sandbox/shared/sandbox-kit.ts';
import type { ChannelRules } from '../../src/db/schema/index.ts';
import type { SubmissionStatus } from '../../src/marketplaces/types.ts';

/**
 * Sandbox faults, one after the other, on a seller with Shopify as the main channel and Amazon,
 * Walmart and eBay as targets, each with more SKUs than go as single calls, so that a change of all
 * of them goes to Amazon and Walmart as a feed (and to eBay in batches of 25). After each fault the
 * marketplaces must hold exactly what the rules give; an item the marketplace refuses keeps its message.
 */
const PRODUCTS = 80;
const kinds = ['shopify', 'amazon', 'walmart', 'ebay'] as const;
const targets = ['amazon', 'walmart', 'ebay'] as const;
/** The adapters' default request timeout (marketplaceFetch), and the one the timeout test gives them. */
const DEFAULT_TIMEOUT_MS = 30_000;
const SHORT_TIMEOUT_MS = 2_000;

let t: TestProduct;
let seller: Browser;
let accountId: string;
const channels = {} as Record<Kind, ConnectedChannel>;

const now = () => new Date().toISOString();
const changeRules = async (kind: Kind, rules: Partial<ChannelRules>) => {
  const answer = await seller.patch(`/api/channels/${channels[kind].id}/rules`, rules);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};
const stock = async (sku: string) =>
  (
    await query<{ on_hand: number; committed: number }>(
      t,
      sql`select on_hand, committed from products where account_id = ${accountId} and sku = ${sku}`,
    )
  )[0]!;
const skus = async () =>
  (await query<{ sku: string }>(t, sql`select sku from products where account_id = ${accountId} order by sku`)).map(
    (r) => r.sku,
  );
const buy = async (kind: Kind, sku: string, quantity: number) =>
  control(t, kind, `/sellers/${channels[kind].sandboxSellerId}/orders`, {
    method: 'POST',
    body: { lines: [{ sku, quantity }] },
  });

async function everyTargetAtDesired(skip?: Set<string>) {
  const result = await targetsOffDesired(t, accountId, channels, skip);
  expect(result.checked).toBe(PRODUCTS * targets.length);
  expect(result.off).toEqual([]);
  // What the engine recorded as confirmed, and as last asked for, is what each marketplace holds.
  for (const kind of skip ? [] : targets)
    expect(
      await recordedOffMarketplace(t, accountId, channels[kind], { lastAsked: true }),
      `${kind} listings recorded at values the marketplace does not hold`,
    ).toEqual([]);
  // Nobody edits a target by hand here: any drift found would be the engine's own values misread.
  const drift = await openDrift(t, accountId);
  if (drift.length > 0)
    console.error(
      (
        await Promise.all(
          drift
            .slice(0, 3)
            .map(async (d) =>
              [
                `${d.kind} ${d.sku}: ${JSON.stringify(d)}`,
                ...(await listingHistory(t, accountId, channels[d.kind as Kind], d.sku)),
              ].join('\n'),
            ),
        )
      ).join('\n'),
    );
  expect(drift, 'drift found on a target').toEqual([]);
  // A channel that failed during the fault is active again once its calls work.
  expect(await channelsNotActive(t, accountId)).toEqual([]);
}

/** Writes of one channel queued since a time that went to the marketplace in a feed (not as single calls). */
async function feedWrites(kind: Kind, since: string) {
  return (
    await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from listing_writes where channel_id = ${channels[kind].id} and created_at >= ${since}::timestamptz and submission_id is not null and submission_id not like 'read-back:%'`,
    )
  )[0]!.n;
}

/** Marketplace API answers of one status a sandbox gave since a time. */
async function answered(kind: Kind, status: number, since: string) {
  return (await sandboxRequests(t, kind)).filter((r) => r.status === status && Date.parse(r.at) >= Date.parse(since))
    .length;
}

/** The main channel's quantity of every SKU is the product's on hand, and nothing is left committed. */
async function onHandMirrorsMain() {
  const found: Record<string, { on_hand: number; committed: number }> = {};
  const expected: Record<string, { on_hand: number; committed: number }> = {};
  for (const sku of await skus()) {
    found[sku] = await stock(sku);
    expected[sku] = { on_hand: (await sandboxItem(t, channels.shopify, sku)).quantity, committed: 0 };
  }
  expect(found).toEqual(expected);
}

let atConnect: Awaited<ReturnType<typeof connectFourChannels>>['atConnect'];

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  const connected = await connectFourChannels(t, seller, accountId, PRODUCTS);
  Object.assign(channels, connected.channels);
  atConnect = connected.atConnect;
  await settled(t, accountId);
}, 240_000);
afterEach(async () => {
  for (const kind of kinds) await setFaults(t, kind, noFaults);
});
afterAll(() => t?.stop());

describe('sandbox faults: every channel ends at its desired values', () => {
  it('connecting the four channels reads and links every listing, and the targets start at their desired values', async () => {
    expect(
      atConnect.listings,
      `listings per channel after connecting (channels ${JSON.stringify(atConnect.channels)}, import runs ${JSON.stringify(atConnect.importRuns)})`,
    ).toEqual(atConnect.expected);
    await everyTargetAtDesired();
  });

  it('latency and bursts of 429 on every target: a rule change on each target (feeds on Amazon and Walmart) ends at the desired values', async () => {
    const since = now();
    for (const kind of targets) await setFaults(t, kind, { latencyMs: 150, rateLimitBurst: 8 });
    await changeRules('amazon', { stockPercent: 50 });
    await changeRules('walmart', { bufferUnits: 2, maxQuantity: 60 });
    await changeRules('ebay', { stockPercent: 80, outOfStockThreshold: 3 });
    await settled(t, accountId);
    await everyTargetAtDesired();
    // The faults were met (each burst answered 429 eight times), and the many changes went as feeds.
    for (const kind of targets) expect(await answered(kind, 429, since), `429s served by ${kind}`).toBe(8);
    // The dashboard shows them in each target's rate-limit use (the worker notes it within ten seconds).
    await vi.waitFor(
      async () => {
        const health = (await seller.get('/api/dashboard')).body.health as Array<{
          channelId: string;
          rateLimitOperation: string | null;
          rateLimitName: string | null;
          rateLimited: number;
        }>;
        for (const kind of targets) {
          const use = health.find((h) => h.channelId === channels[kind].id)!;
          expect(use.rateLimitOperation, kind).toEqual(expect.any(String));
          // Every limit the adapters spend has a name for sellers.
          expect(use.rateLimitName, kind).not.toMatch(/^(API calls)?$/);
          expect(use.rateLimited, kind).toBeGreaterThan(0);
        }
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(await feedWrites('amazon', since)).toBeGreaterThan(SINGLE_CALLS_UP_TO);
    expect(await feedWrites('walmart', since)).toBeGreaterThan(SINGLE_CALLS_UP_TO);
  }, 120_000);

  it('5xx on half the calls to every target: hand edits of the main channel read by "Sync now" reach every target', async () => {
    const since = now();
    const all = await skus();
    for (const kind of targets) await setFaults(t, kind, { errorRate: 0.5 });
    // The seller changes 60 quantities and 10 prices on Shopify by hand (both, for 10 SKUs), then presses "Sync now" on it.
    for (const [i, sku] of all.slice(0, 60).entries())
      await editByHand(t, channels.shopify, sku, { quantity: (i * 7) % 45 });
    for (const [i, sku] of all.slice(60, 70).entries())
      await editByHand(t, channels.shopify, sku, { price: `${20 + i}.99` });
    for (const [i, sku] of all.slice(50, 60).entries())
      await editByHand(t, channels.shopify, sku, { price: `${40 + i}.49` });
    expect((await seller.post(`/api/channels/${channels.shopify.id}/sync`)).status).toBe(202);
    // The fault is met on every target, then lifted; the retries take over.
    await vi.waitFor(
      async () => {
        for (const kind of targets)
          expect(await answered(kind, 503, since), `503s served by ${kind}`).toBeGreaterThanOrEqual(2);
      },
      { timeout: 60_000, interval: 250 },
    );
    for (const kind of targets) await setFaults(t, kind, { errorRate: 0 });
    await settled(t, accountId);
    await onHandMirrorsMain();
    for (const [i, sku] of all.slice(60, 70).entries())
      expect(
        (
          await query(
            t,
            sql`select price::text as price from products where account_id = ${accountId} and sku = ${sku}`,
          )
        )[0],
      ).toEqual({ price: `${20 + i}.99` });
    await everyTargetAtDesired();
    // Nothing was refused: a 5xx is retried, never taken as the marketplace's answer.
    expect(
      await query(
        t,
        sql`select sku, message from listing_writes where account_id = ${accountId} and created_at >= ${since}::timestamptz and status = 'failed'`,
      ),
    ).toEqual([]);
  }, 150_000);

  it('calls that never answer (timeouts) on every channel: orders and rule changes end at the desired values, each unit passed to the main channel once', async () => {
    // marketplaceFetch gives a call 30 s (no setting shortens it); here the adapters give up after 2 s.
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    const shortened = vi
      .spyOn(AbortSignal, 'timeout')
      .mockImplementation((ms: number) => timeout(ms === DEFAULT_TIMEOUT_MS ? SHORT_TIMEOUT_MS : ms));
    try {
      const since = now();
      const all = await skus();
      const inStock: string[] = [];
      for (const sku of all) if ((await stock(sku)).on_hand >= 12) inStock.push(sku);
      expect(inStock.length).toBeGreaterThanOrEqual(8);
      const mainBefore = Object.fromEntries(
        await Promise.all(
          inStock
            .slice(0, 8)
            .map(async (sku) => [sku, (await sandboxItem(t, channels.shopify, sku)).quantity] as const),
        ),
      );
      for (const kind of kinds) await setFaults(t, kind, { timeoutRate: 0.3 });
      // Orders on every target (single calls to the others, adjustments of Shopify), and rule changes of all SKUs (feeds).
      const orders: Array<[Kind, string, number]> = [
        ['amazon', inStock[0]!, 2],
        ['amazon', inStock[1]!, 1],
        ['walmart', inStock[2]!, 3],
        ['walmart', inStock[3]!, 1],
        ['ebay', inStock[4]!, 2],
        ['ebay', inStock[5]!, 1],
        ['shopify', inStock[6]!, 2],
        ['amazon', inStock[7]!, 1],
      ];
      for (const [kind, sku, quantity] of orders)
        expect((await buy(kind, sku, quantity)).status, `order on ${kind}`).toBe(201);
      await changeRules('amazon', { stockPercent: 100 });
      await changeRules('walmart', { bufferUnits: 0, maxQuantity: null });
      await changeRules('ebay', { stockPercent: 90 });
      // Calls were held unanswered on every marketplace and given up by the adapters; a marketplace
      // with little to do meanwhile is asked for its orders until one of its calls is held. Then the fault is lifted.
      await vi.waitFor(
        async () => {
          const quiet: Kind[] = [];
          for (const kind of kinds) if ((await answered(kind, 0, since)) === 0) quiet.push(kind);
          await Promise.all(
            quiet.map((kind) =>
              pollOrders(t.product.ctx, { accountId, channelId: channels[kind].id }).catch(() => undefined),
            ),
          );
          expect(quiet, 'marketplaces that held no call yet').toEqual([]);
        },
        { timeout: 90_000, interval: 500 },
      );
      for (const kind of kinds) await setFaults(t, kind, { timeoutRate: 0 });
      for (const kind of kinds) await readOrdersNow(t, accountId, channels[kind].id);
      await settled(t, accountId, 120_000);
      await onHandMirrorsMain();
      // Each sale moved the main channel once: by its units, neither lost nor applied twice.
      const sold = new Map<string, number>();
      for (const [, sku, quantity] of orders) sold.set(sku, (sold.get(sku) ?? 0) + quantity);
      for (const [sku, before] of Object.entries(mainBefore))
        expect({ sku, quantity: (await sandboxItem(t, channels.shopify, sku)).quantity }).toEqual({
          sku,
          quantity: before - sold.get(sku)!,
        });
      await everyTargetAtDesired();
      expect(await feedWrites('amazon', since)).toBeGreaterThan(SINGLE_CALLS_UP_TO);
      expect(await feedWrites('walmart', since)).toBeGreaterThan(SINGLE_CALLS_UP_TO);
    } finally {
      shortened.mockRestore();
    }
  }, 180_000);

  it('a feed’s refusals are read per SKU: Amazon’s report names items by their place in the feed, which the writes keep', async () => {
    // Amazon's processing report names an item by its messageId (its place in the feed), so the
    // confirmation asks with the SKUs in the feed's order: each write keeps its place (submission_position).
    const channel = await findChannel(t.product.ctx.db, accountId, channels.amazon.id);
    const adapter = await adapterForChannel(t.product.ctx, channel!);
    const chosen = (await skus()).slice(0, 6);
    const refused = [chosen[0]!, chosen[1]!];
    await setFaults(t, 'amazon', { rejectSkus: refused });
    // The values each listing holds already: nothing changes on Amazon but the refusals.
    const updates = await Promise.all(
      chosen.map(async (sku) => ({ sku, quantity: (await sandboxItem(t, channels.amazon, sku)).quantity })),
    );
    const submission = await adapter.submitBulk!(updates);
    expect(submission.skus).toEqual(chosen);
    const asked = submission.skus;
    const status: SubmissionStatus = await vi.waitFor(
      async () => {
        const answer = await adapter.submissionStatus!({ submissionId: submission.submissionId, skus: asked });
        expect(answer.state).toBe('done');
        return answer;
      },
      { timeout: 30_000, interval: 250 },
    );
    const outcomes =
      status.state === 'done'
        ? Object.fromEntries(status.results.map((r) => [r.sku, r.outcome === 'rejected' ? r.message : r.outcome]))
        : {};
    expect(outcomes).toEqual(
      Object.fromEntries(chosen.map((sku) => [sku, refused.includes(sku) ? refusedSkuMessage(sku) : 'confirmed'])),
    );
  });

  it('a feed with refused items: those show the marketplace’s message, the others in the same feed are confirmed; once allowed, "Sync now" sends them', async () => {
    const since = now();
    const next: Record<(typeof targets)[number], Partial<ChannelRules>> = {
      amazon: { stockPercent: 70 },
      walmart: { bufferUnits: 3 },
      ebay: { stockPercent: 100, outOfStockThreshold: 0 },
    };
    // Refused: SKUs whose quantity the new rules change, three per marketplace.
    const refused = {} as Record<(typeof targets)[number], string[]>;
    for (const kind of targets) {
      const listings = (await targetListings(t, accountId)).filter((l) => l.kind === kind);
      const changing = listings.filter(
        (l) => desiredOf(l).quantity !== desiredOf({ ...l, rules: { ...l.rules, ...next[kind] } }).quantity,
      );
      expect(changing.length, `${kind} listings the new rules change`).toBeGreaterThan(
        kind === 'ebay' ? 3 : SINGLE_CALLS_UP_TO,
      );
      refused[kind] = [changing[1]!.sku, changing[Math.floor(changing.length / 2)]!.sku, changing.at(-2)!.sku];
      await setFaults(t, kind, { rejectSkus: refused[kind] });
    }
    for (const kind of targets) await changeRules(kind, next[kind]);
    await settled(t, accountId);
    const skip = new Set(targets.flatMap((kind) => refused[kind].map((sku) => `${kind}:${sku}`)));
    await everyTargetAtDesired(skip);
    expect(await feedWrites('amazon', since)).toBeGreaterThan(SINGLE_CALLS_UP_TO);
    expect(await feedWrites('walmart', since)).toBeGreaterThan(SINGLE_CALLS_UP_TO);

    // Per marketplace, one picture of the outcome, against what it must be.
    for (const kind of targets) {
      const mine = refused[kind];
      const listings = await query<{ sku: string; status: string; last_error: string | null }>(
        t,
        sql`select sku, status, last_error from listings where channel_id = ${channels[kind].id} and (status = 'error' or sku in (${sql.join(
          mine.map((s) => sql`${s}`),
          sql`, `,
        )})) order by sku`,
      );
      const writes = await query<{ sku: string; status: string; message: string | null; submission_id: string | null }>(
        t,
        sql`select sku, status, message, submission_id from listing_writes where channel_id = ${channels[kind].id} and created_at >= ${since}::timestamptz and field = 'quantity' order by sku`,
      );
      const failed = writes.filter((w) => w.status === 'failed');
      // Feeds that held a refused value beside others. A submission of refused values only (sent again by a later
      // read that found the marketplace still behind, when the test runs slowly) is no feed with others in it.
      const holdsOthers = (submission: string | null) =>
        writes.some((w) => w.submission_id === submission && !mine.includes(w.sku));
      const feeds = new Set(failed.map((w) => w.submission_id).filter(holdsOthers));
      const refusedButApplied: string[] = [];
      for (const sku of mine) {
        const listing = (await targetListings(t, accountId)).find((l) => l.kind === kind && l.sku === sku)!;
        if ((await sandboxItem(t, channels[kind], sku)).quantity === desiredOf(listing).quantity)
          refusedButApplied.push(sku);
      }
      expect
        .soft(
          {
            // Exactly the refused SKUs are in error, each with the marketplace's own words for it.
            listingsInError: Object.fromEntries(
              listings.map((l) => [l.sku, { status: l.status, lastError: l.last_error }]),
            ),
            writesFailed: Object.fromEntries(failed.map((w) => [w.sku, w.message])),
            // Every other value, in the same feed (Amazon, Walmart) or batch (eBay), is confirmed.
            othersNotConfirmed: writes
              .filter((w) => !mine.includes(w.sku) && w.status !== 'confirmed')
              .map((w) => `${w.sku}: ${w.status}`),
            feedsWithOthersConfirmed:
              kind === 'ebay'
                ? 'batches'
                : [...feeds].every((feed) => writes.some((w) => w.submission_id === feed && w.status === 'confirmed')),
            // What we record as confirmed is what the marketplace holds; a refused SKU keeps its former value there.
            confirmedButNotHeld: await recordedOffMarketplace(t, accountId, channels[kind]),
            refusedButApplied,
          },
          `${kind}: refused ${mine.join(', ')}`,
        )
        .toEqual({
          listingsInError: Object.fromEntries(
            mine.map((sku) => [sku, { status: 'error', lastError: expect.stringContaining(refusedSkuMessage(sku)) }]),
          ),
          writesFailed: Object.fromEntries(mine.map((sku) => [sku, expect.stringContaining(refusedSkuMessage(sku))])),
          othersNotConfirmed: [],
          feedsWithOthersConfirmed: kind === 'ebay' ? 'batches' : true,
          confirmedButNotHeld: [],
          refusedButApplied: [],
        });
    }

    // The marketplace takes them again: "Sync now" on each target sends what was refused.
    for (const kind of targets) await setFaults(t, kind, { rejectSkus: [] });
    for (const kind of targets) expect((await seller.post(`/api/channels/${channels[kind].id}/sync`)).status).toBe(202);
    await settled(t, accountId);
    await everyTargetAtDesired();
    expect(
      await query(
        t,
        sql`select c.kind, l.sku, l.last_error from listings l join channels c on c.id = l.channel_id where l.account_id = ${accountId} and l.status = 'error'`,
      ),
    ).toEqual([]);
  }, 150_000);
});
