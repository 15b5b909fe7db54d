import { expect, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { ChannelRules } from '../../src/db/schema/index.ts';
import { availableStock, desiredQuantity, normalisePrice } from '../../src/modules/push/desired-values.ts';
import { pollOrders, readChannelReturns } from '../../src/modules/orders/order-polling.ts';
import {
  LISTINGS_CONFIRM_QUEUE,
  LISTINGS_PUBLISH_QUEUE,
  LISTINGS_PUSH_QUEUE,
  MAIN_ADJUST_QUEUE,
  MAIN_REFRESH_QUEUE,
  ORDERS_POLL_QUEUE,
  ORDERS_RETURNS_QUEUE,
  SYNC_RUN_QUEUE,
} from '../../src/workers/queues.ts';
import type { Browser } from './browser.ts';
import { connectWithSandboxSeller, consentOnEbay, installOnShopify, type ConnectedChannel } from './channel-flows.ts';
import type { TestProduct } from './test-product.ts';

/**
 * Checks shared by the sync tests that drive the real product against the sandboxes: when nothing is
 * left on its way, and whether every target listing holds what the rules give.
 */

export type Kind = ConnectedChannel['kind'];

/** The queues whose jobs carry sync work for one account (the schedule's tick is left out). */
export const syncQueues = [
  LISTINGS_PUSH_QUEUE,
  LISTINGS_CONFIRM_QUEUE,
  LISTINGS_PUBLISH_QUEUE,
  MAIN_ADJUST_QUEUE,
  MAIN_REFRESH_QUEUE,
  ORDERS_POLL_QUEUE,
  ORDERS_RETURNS_QUEUE,
  SYNC_RUN_QUEUE,
];

export async function query<T>(t: TestProduct, statement: SQL): Promise<T[]> {
  return ((await t.database.handle.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The sandbox's control API (never faulted, never logged). */
export function control(
  t: TestProduct,
  kind: Kind,
  path: string,
  init?: { method: string; body?: unknown },
): Promise<Response> {
  return fetch(`${t.url}/sandbox/${kind}/_control${path}`, {
    method: init?.method ?? 'GET',
    headers: { 'content-type': 'application/json' },
    ...(init?.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

export async function setFaults(t: TestProduct, kind: Kind, faults: Record<string, unknown>): Promise<void> {
  const answer = await control(t, kind, '/faults', { method: 'PUT', body: faults });
  expect(answer.status, `PUT /sandbox/${kind}/_control/faults`).toBe(200);
}

export const noFaults = { latencyMs: 0, errorRate: 0, rateLimitBurst: 0, timeoutRate: 0, rejectSkus: [] as string[] };

/** What the marketplace holds for a SKU, as its control API shows it. */
export async function sandboxItem(
  t: TestProduct,
  channel: ConnectedChannel,
  sku: string,
): Promise<{ sku: string; quantity: number; price: string; status: string }> {
  const answer = await control(t, channel.kind, `/sellers/${channel.sandboxSellerId}/items/${encodeURIComponent(sku)}`);
  expect(answer.status, `${channel.kind} item ${sku}`).toBe(200);
  return answer.json();
}

/** The seller edits a listing by hand in the marketplace's own seller UI. */
export async function editByHand(
  t: TestProduct,
  channel: ConnectedChannel,
  sku: string,
  edit: { quantity?: number; price?: string },
): Promise<void> {
  const answer = await control(
    t,
    channel.kind,
    `/sellers/${channel.sandboxSellerId}/items/${encodeURIComponent(sku)}`,
    { method: 'PATCH', body: edit },
  );
  expect(answer.status, `hand edit of ${sku} on ${channel.kind}: ${await answer.clone().text()}`).toBe(200);
}

/** The marketplace API calls the sandbox logged (status 0: never answered). */
export async function sandboxRequests(
  t: TestProduct,
  kind: Kind,
): Promise<Array<{ at: string; method: string; path: string; status: number }>> {
  return (await control(t, kind, '/requests')).json();
}

/**
 * Everything still on its way for the account: values to send or confirm, adjustments, runs, sync
 * jobs, each with what tells why it has not ended (its claim, key, last change, a job's output).
 */
export async function openWork(t: TestProduct, accountId: string) {
  const writes = await query<{ kind: Kind; sku: string }>(
    t,
    sql`select c.kind, w.sku, w.field, w.status, w.after, w.attempts, w.message, w.submission_id, w.updated_at::text from listing_writes w join channels c on c.id = w.channel_id
        where w.account_id = ${accountId} and w.status in ('pending', 'sending', 'submitted', 'accepted') order by c.kind, w.sku, w.field`,
  );
  const adjustments = await query(
    t,
    sql`select sku, delta, status, attempts, message, claimed_by, sent_key, updated_at::text from stock_adjustments where account_id = ${accountId} and status in ('pending', 'sending') order by sku`,
  );
  const runs = await query(
    t,
    sql`select kind, status from sync_runs where account_id = ${accountId} and finished_at is null`,
  );
  const jobs = await query(
    t,
    sql`select name, state, singleton_key, retry_count, group_id, start_after::text, started_on::text, output from pgboss.job where name in (${sql.join(
      syncQueues.map((q) => sql`${q}`),
      sql`, `,
    )}) and state in ('created', 'retry', 'active') and data->>'accountId' = ${accountId}
        -- The minute's later recent-order reads (eBay, every 15 s) are the schedule, not work on its way.
        and not (state = 'created' and coalesce(singleton_key, '') like '%:recent:%')`,
  );
  return { writes, adjustments, runs, jobs };
}

/** Waits until nothing is on its way for the account (pushes are retried by pg-boss with backoff: be generous). */
export async function settled(t: TestProduct, accountId: string, timeout = 90_000): Promise<void> {
  await vi.waitFor(
    async () => expect(await openWork(t, accountId)).toEqual({ writes: [], adjustments: [], runs: [], jobs: [] }),
    { timeout, interval: 250 },
  );
}

export interface TargetListing {
  kind: Kind;
  channelId: string;
  sku: string;
  status: string;
  lastError: string | null;
  rules: ChannelRules;
  onHand: number;
  committed: number;
  price: string | null;
  priceOverride: string | null;
  quantityCap: number | null;
}

/** Every linked listing on the account's target channels, with the product's stock and price and the channel's rules. */
export async function targetListings(t: TestProduct, accountId: string): Promise<TargetListing[]> {
  const rows = await query<{
    kind: Kind;
    channel_id: string;
    sku: string;
    status: string;
    last_error: string | null;
    rules: ChannelRules | string;
    on_hand: number;
    committed: number;
    price: string | null;
    price_override: string | null;
    quantity_cap: number | null;
  }>(
    t,
    sql`select c.kind, c.id as channel_id, l.sku, l.status, l.last_error, c.rules, p.on_hand, p.committed, p.price::text as price, l.price_override::text as price_override, l.quantity_cap
        from listings l join channels c on c.id = l.channel_id join products p on p.id = l.product_id
        where l.account_id = ${accountId} and c.role = 'target' and c.status in ('active', 'error') order by c.kind, l.sku`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    channelId: r.channel_id,
    sku: r.sku,
    status: r.status,
    lastError: r.last_error,
    rules: typeof r.rules === 'string' ? (JSON.parse(r.rules) as ChannelRules) : r.rules,
    onHand: Number(r.on_hand),
    committed: Number(r.committed),
    price: r.price,
    priceOverride: r.price_override,
    quantityCap: r.quantity_cap === null ? null : Number(r.quantity_cap),
  }));
}

/** What the rules give a listing (pages.md section 2): quantity from available stock, price from the main price or the listing's own. */
export function desiredOf(listing: TargetListing): { quantity: number | undefined; price: string | undefined } {
  const price = listing.priceOverride ?? listing.price;
  return {
    quantity: desiredQuantity(availableStock(listing.onHand, listing.committed), listing.rules, listing.quantityCap),
    price: listing.rules.syncPrice && price !== null ? normalisePrice(price) : undefined,
  };
}

/**
 * Target listings whose marketplace holds something other than what the rules give (an empty list
 * when every channel is at its desired values). `skip` leaves out `kind:sku` pairs expected to differ.
 */
export async function targetsOffDesired(
  t: TestProduct,
  accountId: string,
  channels: Partial<Record<Kind, ConnectedChannel>>,
  skip: Set<string> = new Set(),
) {
  const listings = await targetListings(t, accountId);
  const off: Array<{
    kind: Kind;
    sku: string;
    desired: { quantity?: number; price?: string };
    found: { quantity: number; price: string };
    status: string;
    lastError: string | null;
  }> = [];
  for (const listing of listings) {
    if (skip.has(`${listing.kind}:${listing.sku}`)) continue;
    const channel = channels[listing.kind]!;
    const item = await sandboxItem(t, channel, listing.sku);
    const desired = desiredOf(listing);
    const found = { quantity: item.quantity, price: normalisePrice(item.price) };
    const quantityOff = desired.quantity !== undefined && desired.quantity !== found.quantity;
    const priceOff = desired.price !== undefined && desired.price !== found.price;
    if (quantityOff || priceOff) {
      off.push({
        kind: listing.kind,
        sku: listing.sku,
        desired: {
          ...(desired.quantity !== undefined ? { quantity: desired.quantity } : {}),
          ...(desired.price !== undefined ? { price: desired.price } : {}),
        },
        found,
        status: listing.status,
        lastError: listing.lastError,
      });
    }
  }
  return { checked: listings.length, off };
}

/**
 * Listings whose recorded values are not what the marketplace holds: the last confirmed quantity and
 * price, and (with `lastAsked`, when nothing is on its way) the values last asked for, from which
 * the next change is planned. Either one wrong makes the engine believe a value the marketplace never took.
 */
export async function recordedOffMarketplace(
  t: TestProduct,
  accountId: string,
  channel: ConnectedChannel,
  options: { lastAsked?: boolean } = {},
) {
  const rows = await query<{
    sku: string;
    status: string;
    confirmed_quantity: number | null;
    confirmed_price: string | null;
    desired_quantity: number | null;
    desired_price: string | null;
  }>(
    t,
    sql`select sku, status, confirmed_quantity, confirmed_price::text, desired_quantity, desired_price::text from listings
        where account_id = ${accountId} and channel_id = ${channel.id} and product_id is not null order by sku`,
  );
  const price = (value: string | null) => (value === null ? null : normalisePrice(value));
  const off: Array<{
    sku: string;
    status: string;
    found: { quantity: number; price: string };
    confirmed: { quantity: number | null; price: string | null };
    lastAsked?: { quantity: number | null; price: string | null };
  }> = [];
  for (const row of rows) {
    const item = await sandboxItem(t, channel, row.sku);
    const found = { quantity: item.quantity, price: normalisePrice(item.price) };
    const confirmed = { quantity: row.confirmed_quantity, price: price(row.confirmed_price) };
    const lastAsked = {
      quantity: row.desired_quantity ?? row.confirmed_quantity,
      price: price(row.desired_price ?? row.confirmed_price),
    };
    const confirmedOff = confirmed.quantity !== found.quantity || confirmed.price !== found.price;
    const askedOff =
      options.lastAsked === true && (lastAsked.quantity !== found.quantity || lastAsked.price !== found.price);
    if (confirmedOff || askedOff)
      off.push({ sku: row.sku, status: row.status, found, confirmed, ...(options.lastAsked ? { lastAsked } : {}) });
  }
  return off;
}

/** The account's channels that are not active (a channel in error comes back once it works). */
export async function channelsNotActive(t: TestProduct, accountId: string) {
  return query<{ kind: string; status: string; status_reason: string | null }>(
    t,
    sql`select kind, status, status_reason from channels where account_id = ${accountId} and status <> 'active'`,
  );
}

const linkedListings = (t: TestProduct, accountId: string) =>
  query<{ kind: string; listings: number; linked: number }>(
    t,
    sql`select c.kind, count(l.id)::int as listings, count(l.product_id)::int as linked from channels c left join listings l on l.channel_id = c.id where c.account_id = ${accountId} group by c.kind order by c.kind`,
  );

/**
 * Connects Shopify (the main channel, connected first) then Amazon, Walmart and eBay as targets, each
 * a sandbox seller with the account's catalogue of `products` SKUs, through the product's own flows.
 * Connecting reads each channel's listings and links them to the products. `atConnect` tells how far
 * that went by itself; where it fell short, "Sync now" on the main channel (which reads every
 * channel) is pressed so the caller can go on, and `atConnect` keeps what was wrong, for an assertion.
 */
export async function connectFourChannels(t: TestProduct, seller: Browser, accountId: string, products: number) {
  const channels = {} as Record<Kind, ConnectedChannel>;
  channels.shopify = (await installOnShopify(seller, 'install', { products })).channel!;
  channels.amazon = await connectWithSandboxSeller(seller, 'amazon', products);
  channels.walmart = await connectWithSandboxSeller(seller, 'walmart', products);
  channels.ebay = (await consentOnEbay(seller, 'agree', { products })).channel!;
  expect(channels.shopify.role).toBe('main');
  const everyListingLinked = ['amazon', 'ebay', 'shopify', 'walmart'].map((kind) => ({
    kind,
    listings: products,
    linked: products,
  }));
  const allLinked = (timeout: number) =>
    vi
      .waitFor(async () => expect(await linkedListings(t, accountId)).toEqual(everyListingLinked), {
        timeout,
        interval: 250,
      })
      .then(() => true)
      .catch(() => false);
  const complete = await allLinked(60_000);
  const atConnect = {
    listings: await linkedListings(t, accountId),
    expected: everyListingLinked,
    complete,
    channels: await query(
      t,
      sql`select kind, connected_at::text from channels where account_id = ${accountId} order by connected_at`,
    ),
    importRuns: await query(
      t,
      sql`select id, kind, trigger, status, done, created_at::text, finished_at::text from sync_runs where account_id = ${accountId} order by created_at`,
    ),
  };
  if (!complete) {
    const answer = await seller.post(`/api/channels/${channels.shopify.id}/sync`);
    expect(answer.status).toBe(202);
    expect(await allLinked(60_000), 'every listing linked after "Sync now"').toBe(true);
  }
  return { channels, atConnect };
}

/**
 * A main channel (connected first: Shopify or Amazon), then Walmart and eBay as targets, each a sandbox
 * seller with `products` SKUs: answers once both targets' listings are linked (and, with
 * `pricesConfirmed`, hold a price the marketplace confirmed) and nothing is on its way.
 */
export async function connectMainWalmartEbay(
  t: TestProduct,
  seller: Browser,
  accountId: string,
  options: { main: 'shopify' | 'amazon'; products: number; pricesConfirmed?: boolean },
) {
  const { products } = options;
  const main =
    options.main === 'shopify'
      ? (await installOnShopify(seller, 'install', { products })).channel!
      : await connectWithSandboxSeller(seller, 'amazon', products);
  const walmart = await connectWithSandboxSeller(seller, 'walmart', products);
  const ebay = (await consentOnEbay(seller, 'agree', { products })).channel!;
  expect([main.role, walmart.role, ebay.role]).toEqual(['main', 'target', 'target']);
  const confirmed = options.pricesConfirmed ? sql`and l.confirmed_price is not null` : sql``;
  await vi.waitFor(
    async () =>
      expect(
        await query(
          t,
          sql`select 1 from listings l where l.channel_id in (${walmart.id}, ${ebay.id}) and l.product_id is not null ${confirmed}`,
        ),
      ).toHaveLength(2 * products),
    { timeout: 60_000, interval: 250 },
  );
  await settled(t, accountId);
  return { main, walmart, ebay };
}

/** Shopify main with Walmart and eBay as targets (see connectMainWalmartEbay). */
export async function connectShopifyMainWalmartEbay(
  t: TestProduct,
  seller: Browser,
  accountId: string,
  products: number,
) {
  const {
    main: shopify,
    walmart,
    ebay,
  } = await connectMainWalmartEbay(t, seller, accountId, { main: 'shopify', products });
  return { shopify, walmart, ebay };
}

/**
 * Reads a channel's orders now, as the scheduled read does (eBay sends no order notification to
 * sellers' apps). A read that fails (a marketplace that does not answer, a deadlock between two
 * transactions) is read again, as pg-boss retries the job; each failure is told to `onFailure`.
 */
export async function readOrdersNow(
  t: TestProduct,
  accountId: string,
  channelId: string,
  onFailure: (message: string) => void = () => undefined,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await pollOrders(t.product.ctx, { accountId, channelId });
      // The returns read the orders read asks for, now (the job runs too: each records a return once).
      await readChannelReturns(t.product.ctx, { accountId, channelId });
      return;
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      onFailure(
        `reading orders failed, attempt ${attempt}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${cause}`,
      );
      if (attempt >= 5) throw error;
    }
  }
}

/** Drift entries still open: a value found on a target that differs from what we confirmed there. */
export async function openDrift(t: TestProduct, accountId: string) {
  return query<{ kind: string; sku: string; field: string; expected: string | null; found: string | null }>(
    t,
    sql`select c.kind, d.sku, d.field, d.expected, d.found from listing_drift d join channels c on c.id = d.channel_id where d.account_id = ${accountId} and d.resolved_at is null order by c.kind, d.sku`,
  );
}

/** One listing's story, to read a failure by: the listing, its writes, its product's changes, the marketplace calls naming it. */
export async function listingHistory(
  t: TestProduct,
  accountId: string,
  channel: ConnectedChannel,
  sku: string,
): Promise<string[]> {
  const lines: string[] = [];
  const listing = await query(
    t,
    sql`select status, confirmed_quantity, desired_quantity, confirmed_price::text, desired_price::text, last_error, confirmed_at::text, updated_at::text from listings where channel_id = ${channel.id} and sku = ${sku}`,
  );
  lines.push(`  listing ${JSON.stringify(listing[0])}`);
  for (const w of await query(
    t,
    sql`select field, before, after, status, attempts, message, submission_id, created_at::text, updated_at::text from listing_writes where channel_id = ${channel.id} and sku = ${sku} order by created_at, updated_at`,
  ))
    lines.push(`  write ${JSON.stringify(w)}`);
  for (const c of await query(
    t,
    sql`select c.cause, c.cause_ref, c.field, c.before, c.after, ch.kind, c.created_at::text from changes c left join channels ch on ch.id = c.channel_id where c.account_id = ${accountId} and c.sku = ${sku} order by c.created_at`,
  ))
    lines.push(`  change ${JSON.stringify(c)}`);
  const calls = (await sandboxRequests(t, channel.kind)).filter((r) => JSON.stringify(r).includes(sku));
  for (const r of calls.slice(-15)) lines.push(`  ${channel.kind} call ${r.at} ${r.method} ${r.path} ${r.status}`);
  return lines;
}
