import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { openPostgres, type DatabaseHandle } from '../../src/db/client.ts';
import { createAccountWithOwner } from '../../src/db/queries/users.ts';
import type { ChannelRules } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { availableStock, desiredQuantity } from '../../src/modules/push/desired-values.ts';
import {
  LISTINGS_CONFIRM_QUEUE,
  LISTINGS_PUSH_QUEUE,
  MAIN_ADJUST_QUEUE,
  MAIN_REFRESH_QUEUE,
  ORDERS_POLL_QUEUE,
  SYNC_RUN_QUEUE,
} from '../../src/workers/queues.ts';
import { Browser } from '../support/browser.ts';
import {
  connectWithSandboxSeller,
  consentOnEbay,
  installOnShopify,
  type ConnectedChannel,
} from '../support/channel-flows.ts';
import { killGroup, runEntry, type Child } from '../support/child-process.ts';
import { startMarketplaceTap, type MarketplaceTap, type TappedCall } from '../support/marketplace-tap.ts';
import { freePort } from '../support/free-port.ts';

/**
 * The sync issue's crash requirement, always on PostgreSQL (a database of this file's own, whatever
 * the suite runs on): the web process (HTTP app and sandboxes) and two worker processes, started with
 * the commands of `npm run web` and `npm run worker`. eBay is the main channel; Amazon (a feed) and
 * Shopify (250 quantities a call) are targets. A worker is SIGKILLed in the middle of a bulk push —
 * right after Shopify applied one of its batches, before the worker heard so — while sales on the
 * targets are being passed to eBay, and a worker is started again in its place. Every change must
 * then be confirmed once: none lost, none applied twice.
 */

/** SKUs per seller: the bulk push sends every one of them to Shopify (250 a call) and to Amazon (a feed). */
const SKUS = 1_250;
/** The worker sending this Shopify quantity batch of the bulk push is killed once Shopify has applied it. */
const KILL_AT_BATCH = 3;
const AMAZON_LATENCY_MS = 200;
const syncQueues = [
  LISTINGS_PUSH_QUEUE,
  LISTINGS_CONFIRM_QUEUE,
  MAIN_ADJUST_QUEUE,
  MAIN_REFRESH_QUEUE,
  ORDERS_POLL_QUEUE,
  SYNC_RUN_QUEUE,
];
const openWriteStatuses = `('pending', 'sending', 'submitted', 'accepted')`;

const packageScripts = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts as Record<
  string,
  string
>;
/** `npm run web` / `npm run worker` as package.json has them: tsx, the entry point, the role. */
function npmScript(name: 'web' | 'worker'): { entry: string; args: string[] } {
  const [bin, entry, ...args] = packageScripts[name]!.split(/\s+/);
  expect(bin).toBe('tsx');
  return { entry: entry!, args };
}

/** The PostgreSQL server: the suite's when it runs on PostgreSQL, else the local one. */
const serverUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
const databaseName = `crash_${crypto.randomBytes(6).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hub-crash-'));
const appSecretKey = crypto.randomBytes(32).toString('hex');

interface Worker {
  name: string;
  child: Child;
  tap: MarketplaceTap;
}

let port: number;
let appUrl: string;
let web: Child;
const workers: Worker[] = [];
const children: Child[] = [];
let database: DatabaseHandle | undefined;
let pool: pg.Pool;
let seller: Browser;
let accountId: string;
let ebay: ConnectedChannel;
let amazon: ConnectedChannel;
let shopify: ConnectedChannel;

const rows = async <T>(text: string, values: unknown[] = []): Promise<T[]> =>
  (await pool.query(text, values)).rows as T[];
const count = async (text: string, values: unknown[] = []) => Number((await rows<{ n: number }>(text, values))[0]!.n);

function processEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: databaseUrl,
    APP_SECRET_KEY: appSecretKey,
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: appUrl,
    SANDBOX: 'on',
    SANDBOX_PROFILE: 'fast',
    // The test drives the sandboxes' control API (sellers, orders) without an account, as tests do.
    SANDBOX_CONTROL: 'open',
    SYNC_SCHEDULE: 'off',
    SMTP_URL: '',
    ...extra,
  };
}

/** A worker process reaching the sandboxes over HTTP through its own tap (so the test sees which worker calls what). */
async function startWorker(name: string, tap?: MarketplaceTap): Promise<Worker> {
  const ownTap = tap ?? (await startMarketplaceTap(appUrl));
  const { entry, args } = npmScript('worker');
  const child = runEntry(entry, args, processEnv({ SANDBOX_URL: ownTap.sandboxUrl }), { ownProcessGroup: true });
  children.push(child);
  await child.waitFor(/Marketplace Hub worker is running \(PostgreSQL\)/, 90_000);
  return { name, child, tap: ownTap };
}

/**
 * The sandboxes' control API. The web process is busy during the bulk push (every Shopify quantity
 * set comes back as a webhook), so a connection it was slow to accept is tried again (nothing was
 * sent), and so is a read whose kept-alive connection the server closed meanwhile.
 */
async function control(
  kind: string,
  pathAndQuery: string,
  init?: { method: string; body: unknown },
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(
        `${appUrl}/sandbox/${kind}/_control${pathAndQuery}`,
        init
          ? { method: init.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }
          : undefined,
      );
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      const safeAgain =
        code === 'UND_ERR_CONNECT_TIMEOUT' || (!init && (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'));
      if (!safeAgain || attempt === 3) throw error;
    }
  }
}

async function sandboxQuantity(channel: ConnectedChannel, sku: string): Promise<number> {
  const answer = await control(channel.kind, `/sellers/${channel.sandboxSellerId}/items/${encodeURIComponent(sku)}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { quantity: number }).quantity;
}

/** Every SKU's quantity on a channel, as the marketplace holds it (a few requests at a time). */
async function sandboxQuantities(channel: ConnectedChannel, skus: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < skus.length) {
        const sku = skus[next++]!;
        found.set(sku, await sandboxQuantity(channel, sku));
      }
    }),
  );
  return found;
}

async function placeOrder(channel: ConnectedChannel, sku: string, quantity: number) {
  const answer = await control(channel.kind, `/sellers/${channel.sandboxSellerId}/orders`, {
    method: 'POST',
    body: { lines: [{ sku, quantity }] },
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
}

/** What the engine holds, for a failure message: orders, deliveries, open work and jobs. */
async function diagnosis(since: Date): Promise<string> {
  const parts = {
    orders: await rows(
      `select c.kind, o.marketplace_order_id, o.lines, o.received_at from orders o join channels c on c.id = o.channel_id where o.account_id = $1 order by o.received_at`,
      [accountId],
    ),
    deliveries: await rows(
      `select c.kind, e.topic, e.received_at from marketplace_events e join channels c on c.id = e.channel_id where c.account_id = $1 and e.received_at >= $2 order by e.received_at`,
      [accountId, since],
    ),
    ordersReadUntil: await rows(`select kind, orders_read_until from channels where account_id = $1`, [accountId]),
    openWrites: await rows(
      `select c.kind, w.status, count(*)::int as n from listing_writes w join channels c on c.id = w.channel_id where w.account_id = $1 and w.status in ${openWriteStatuses} group by 1, 2`,
      [accountId],
    ),
    adjustments: await rows(
      `select sku, delta, status, attempts, read_before, expected_after, message from stock_adjustments where account_id = $1`,
      [accountId],
    ),
    jobs: await rows(
      `select name, state, singleton_key, retry_count, output, created_on, started_on, completed_on from pgboss.job where name = any($1) and created_on >= $2 order by created_on`,
      [syncQueues, since],
    ),
  };
  const outputs = [web, ...workers.map((w) => w.child)].map((c) => c.output().split('\n').slice(-15).join('\n'));
  return `${JSON.stringify(parts, null, 1)}\n--- process output (last lines) ---\n${outputs.join('\n---\n')}`;
}

const isShopifyQuantitySet = (call: TappedCall) =>
  call.path.startsWith('/sandbox/shopify/') && call.body.includes('inventorySetQuantities');

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();

  port = await freePort();
  appUrl = `http://localhost:${port}`;
  const webScript = npmScript('web');
  web = runEntry(webScript.entry, webScript.args, processEnv(), { ownProcessGroup: true });
  children.push(web);
  // Both workers start with the web process: migrations are taken in turn (an advisory lock).
  const started = await Promise.all([
    web.waitFor(/Marketplace Hub is running on .* \(web, PostgreSQL\)/, 90_000),
    startWorker('worker 1'),
    startWorker('worker 2'),
  ]);
  workers.push(started[1], started[2]);

  database = await openPostgres(databaseUrl, { max: 4 });
  pool = (database as Extract<DatabaseHandle, { kind: 'postgres' }>).pool;
  const created = await createAccountWithOwner(database.db, {
    accountName: 'Crash Test Traders',
    trialEndsAt: new Date(Date.now() + 7 * 86400_000),
    email: 'crash@example.com',
    passwordHash: await hashPassword('crash test secret 1'),
    firstName: null,
    lastName: null,
    emailVerifiedAt: new Date(),
  });
  accountId = created!.accountId;
  // The Business plan imports up to 10,000 SKUs (the trial stops at 1,000).
  await pool.query(`update accounts set plan = 'business' where id = $1`, [accountId]);
  seller = new Browser(appUrl, appUrl);
  await seller.signIn('crash@example.com', 'crash test secret 1');
}, 180_000);

afterAll(async () => {
  // Stopped as an operator would (SIGTERM), then whatever is left is killed.
  await Promise.all(
    children.map(async (child) => {
      if (child.process.exitCode !== null || child.process.signalCode !== null) return;
      child.process.kill('SIGTERM');
      const stopped = await Promise.race([
        child.exited.then(() => true),
        new Promise((resolve) => setTimeout(() => resolve(false), 15_000)),
      ]);
      if (!stopped) killGroup(child, 'SIGKILL');
    }),
  );
  for (const child of children) killGroup(child, 'SIGKILL');
  await Promise.all(workers.map((w) => w.tap.close()));
  await database?.close();
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a worker killed in the middle of a bulk push (PostgreSQL; web and two workers as separate processes)', () => {
  it('runs web and workers apart: the workers import every channel’s catalogue over HTTP', async () => {
    ebay = (await consentOnEbay(seller, 'agree', { products: SKUS })).channel!;
    amazon = await connectWithSandboxSeller(seller, 'amazon', SKUS);
    shopify = (await installOnShopify(seller, 'install', { products: SKUS })).channel!;
    expect([ebay.role, amazon.role, shopify.role]).toEqual(['main', 'target', 'target']);

    await vi.waitFor(
      async () => {
        expect(
          await rows(`select status from sync_runs where account_id = $1 and finished_at is null`, [accountId]),
        ).toEqual([]);
        expect(await count(`select count(*)::int as n from products where account_id = $1`, [accountId])).toBe(SKUS);
        for (const channel of [amazon, shopify])
          expect(
            await count(`select count(*)::int as n from listings where channel_id = $1 and product_id is not null`, [
              channel.id,
            ]),
          ).toBe(SKUS);
        expect(
          await count(
            `select count(*)::int as n from listing_writes where account_id = $1 and status in ${openWriteStatuses}`,
            [accountId],
          ),
        ).toBe(0);
      },
      { timeout: 180_000, interval: 1_000 },
    );
    expect(await rows(`select distinct status from sync_runs where account_id = $1`, [accountId])).toEqual([
      { status: 'succeeded' },
    ]);
    // The catalogues were read by the workers (their calls went through their taps), not by the web process.
    expect(
      workers.reduce((n, w) => n + w.tap.calls.filter((c) => c.path.startsWith('/sandbox/ebay/')).length, 0),
    ).toBeGreaterThan(SKUS / 100);
  }, 240_000);

  it('a worker SIGKILLed mid-push: after the restart every change is confirmed once, none lost, none applied twice', async () => {
    const started = Date.now();
    onTestFailed(async () => console.error(await diagnosis(new Date(started))));
    // Amazon's calls take a little time, so its feed is still in flight when the worker is killed.
    expect((await control('amazon', '/faults', { method: 'PUT', body: { latencyMs: AMAZON_LATENCY_MS } })).status).toBe(
      200,
    );

    // Well-stocked SKUs to sell on the targets (2 units or more, so each sale moves every target's offer).
    const stocked = await rows<{ sku: string; on_hand: number }>(
      `select sku, on_hand from products where account_id = $1 and on_hand >= 40 order by sku limit 4`,
      [accountId],
    );
    expect(stocked).toHaveLength(4);
    const [a, b, c, d] = stocked.map((p) => p.sku) as [string, string, string, string];
    const mainBefore = new Map(
      await Promise.all(stocked.map(async (p) => [p.sku, await sandboxQuantity(ebay, p.sku)] as const)),
    );
    for (const p of stocked) expect(mainBefore.get(p.sku)).toBe(p.on_hand);

    // The worker that sends Shopify's KILL_AT_BATCH-th quantity batch is the victim: Shopify applies
    // the batch, the answer is held, and the worker is SIGKILLed at once, before it can record it.
    let batches = 0;
    let victim: Worker | undefined;
    const killed = new Promise<Worker>((resolve) => {
      for (const worker of workers) {
        worker.tap.intercept = (call) => {
          if (victim || !isShopifyQuantitySet(call) || call.status !== 200) return 'pass';
          batches++;
          if (batches < KILL_AT_BATCH) return 'pass';
          victim = worker;
          killGroup(worker.child, 'SIGKILL');
          resolve(worker);
          return 'hold';
        };
      }
    });
    // What was open the moment it died.
    const openAtKill = killed.then(() =>
      rows<{ kind: string; status: string; n: number }>(
        `select c.kind, w.status, count(*)::int as n from listing_writes w join channels c on c.id = w.channel_id where w.account_id = $1 and w.status in ${openWriteStatuses} group by 1, 2 order by 1, 2`,
        [accountId],
      ),
    );

    // What each target listing held before the push.
    const confirmedBefore = new Map<string, Map<string, number>>();
    for (const target of [amazon, shopify]) {
      const held = await rows<{ id: string; confirmed_quantity: number }>(
        `select id, confirmed_quantity from listings where channel_id = $1`,
        [target.id],
      );
      confirmedBefore.set(target.id, new Map(held.map((l) => [l.id, l.confirmed_quantity])));
    }

    // The bulk push: new rules on both targets change every listing's quantity.
    const pushFrom = new Date();
    expect((await seller.patch(`/api/channels/${shopify.id}/rules`, { stockPercent: 60 })).status).toBe(200);
    expect((await seller.patch(`/api/channels/${amazon.id}/rules`, { stockPercent: 80 })).status).toBe(200);
    // Sales on the targets meanwhile: each commits its units at once and is passed to the main channel (eBay) as a relative adjustment.
    const sold: Array<{ channel: ConnectedChannel; sku: string; units: number }> = [
      { channel: amazon, sku: a, units: 2 },
      { channel: shopify, sku: b, units: 3 },
      { channel: amazon, sku: c, units: 2 },
      { channel: shopify, sku: c, units: 2 },
    ];
    for (const sale of sold) await placeOrder(sale.channel, sale.sku, sale.units);

    const dead = await Promise.race([
      killed,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('No worker sent the Shopify bulk push')), 90_000),
      ),
    ]);
    expect(await dead.child.exited).toBeNull(); // killed by the signal, not exited
    const survivor = workers.find((w) => w !== dead)!;
    // The push was caught in the middle: Shopify values claimed by the dead worker, not recorded as sent.
    const atKill = await openAtKill;
    expect(atKill.find((r) => r.kind === 'shopify' && r.status === 'sending')?.n ?? 0).toBeGreaterThan(0);

    // More sales while the dead worker's jobs are still held; then a worker is started again in its place.
    const soldAfterKill = [
      { channel: shopify, sku: a, units: 2 },
      { channel: amazon, sku: d, units: 3 },
    ];
    for (const sale of soldAfterKill) await placeOrder(sale.channel, sale.sku, sale.units);
    sold.push(...soldAfterKill);
    dead.tap.intercept = undefined;
    survivor.tap.intercept = undefined;
    const restarted = await startWorker(`${dead.name}, restarted`, dead.tap);
    workers.splice(workers.indexOf(dead), 1, restarted);

    // Nothing left open: every order recorded, every adjustment settled, every value confirmed, no job held.
    await vi.waitFor(
      async () => {
        expect(await count(`select count(*)::int as n from orders where account_id = $1`, [accountId])).toBe(
          sold.length,
        );
        expect(
          await count(
            `select count(*)::int as n from stock_adjustments where account_id = $1 and status in ('pending', 'sending')`,
            [accountId],
          ),
        ).toBe(0);
        expect(
          await count(
            `select count(*)::int as n from listing_writes where account_id = $1 and status in ${openWriteStatuses}`,
            [accountId],
          ),
        ).toBe(0);
        expect(
          await count(
            `select count(*)::int as n from pgboss.job where name = any($1) and state in ('created', 'retry', 'active')`,
            [syncQueues],
          ),
        ).toBe(0);
      },
      { timeout: 300_000, interval: 1_000 },
    );

    // No job gave up, and the sync never failed a write.
    expect(
      await rows(`select name, state, output from pgboss.job where name = any($1) and state = 'failed'`, [syncQueues]),
    ).toEqual([]);
    expect(
      await rows(`select sku, status, message from listing_writes where account_id = $1 and status = 'failed'`, [
        accountId,
      ]),
    ).toEqual([]);

    // The main channel took every sale exactly once: one adjustment per order line, applied once, on hand down by the units sold.
    const unitsBySku = new Map<string, number>();
    for (const sale of sold) unitsBySku.set(sale.sku, (unitsBySku.get(sale.sku) ?? 0) + sale.units);
    const bySkuAndDelta = (x: { sku: string; delta: number }, y: { sku: string; delta: number }) =>
      x.sku < y.sku ? -1 : x.sku > y.sku ? 1 : x.delta - y.delta;
    const adjustments = await rows<{ sku: string; delta: number; status: string }>(
      `select sku, delta, status from stock_adjustments where account_id = $1`,
      [accountId],
    );
    expect(adjustments.sort(bySkuAndDelta)).toEqual(
      sold.map((s) => ({ sku: s.sku, delta: -s.units, status: 'applied' })).sort(bySkuAndDelta),
    );
    const appliedChanges = await rows<{ sku: string; n: number }>(
      `select sku, count(*)::int as n from changes where account_id = $1 and channel_id = $2 and field = 'on_hand' and cause = 'order' group by sku order by sku`,
      [accountId, ebay.id],
    );
    expect(appliedChanges).toEqual(stocked.map((p) => ({ sku: p.sku, n: sold.filter((s) => s.sku === p.sku).length })));
    for (const p of stocked) {
      const units = unitsBySku.get(p.sku)!;
      expect({ sku: p.sku, onEbay: await sandboxQuantity(ebay, p.sku) }).toEqual({
        sku: p.sku,
        onEbay: mainBefore.get(p.sku)! - units,
      });
      expect(
        await rows(`select on_hand, committed from products where account_id = $1 and sku = $2`, [accountId, p.sku]),
      ).toEqual([{ on_hand: p.on_hand - units, committed: 0 }]);
    }
    expect(
      await count(`select count(*)::int as n from products where account_id = $1 and committed <> 0`, [accountId]),
    ).toBe(0);

    // Every listing on every target holds exactly what the product's stock and the channel's rules give.
    const products = new Map(
      (
        await rows<{ sku: string; on_hand: number; committed: number }>(
          `select sku, on_hand, committed from products where account_id = $1`,
          [accountId],
        )
      ).map((p) => [p.sku, p]),
    );
    for (const target of [amazon, shopify]) {
      const [{ rules }] = (await rows<{ rules: ChannelRules }>(`select rules from channels where id = $1`, [
        target.id,
      ])) as [{ rules: ChannelRules }];
      const listings = await rows<{ id: string; sku: string; confirmed_quantity: number }>(
        `select id, sku, confirmed_quantity from listings where channel_id = $1`,
        [target.id],
      );
      expect(listings).toHaveLength(SKUS);
      const onMarketplace = await sandboxQuantities(
        target,
        listings.map((l) => l.sku),
      );
      const wrong: unknown[] = [];
      const desired = new Map<string, number>();
      for (const listing of listings) {
        const product = products.get(listing.sku)!;
        const want = desiredQuantity(availableStock(product.on_hand, product.committed), rules)!;
        desired.set(listing.id, want);
        if (onMarketplace.get(listing.sku) !== want || listing.confirmed_quantity !== want)
          wrong.push({
            sku: listing.sku,
            want,
            onMarketplace: onMarketplace.get(listing.sku),
            confirmed: listing.confirmed_quantity,
          });
      }
      expect({ channel: target.kind, wrong: wrong.slice(0, 10), count: wrong.length }).toEqual({
        channel: target.kind,
        wrong: [],
        count: 0,
      });

      // The writes of this push: per listing, the final value confirmed by exactly one write, the others superseded.
      const writes = await rows<{ listing_id: string; field: string; after: string; status: string }>(
        `select listing_id, field, after, status from listing_writes where channel_id = $1 and created_at >= $2 order by created_at`,
        [target.id, pushFrom],
      );
      const byListing = new Map<string, typeof writes>();
      for (const write of writes)
        byListing.set(`${write.listing_id}:${write.field}`, [
          ...(byListing.get(`${write.listing_id}:${write.field}`) ?? []),
          write,
        ]);
      const problems: unknown[] = [];
      for (const [key, ofListing] of byListing) {
        const [listingId, field] = key.split(':') as [string, string];
        const final = field === 'quantity' ? String(desired.get(listingId)) : undefined;
        const confirmedFinal = ofListing.filter((w) => w.status === 'confirmed' && w.after === final);
        const last = ofListing.at(-1)!;
        if (
          field !== 'quantity' ||
          confirmedFinal.length !== 1 ||
          last.status !== 'confirmed' ||
          last.after !== final ||
          ofListing.some((w) => w.status !== 'confirmed' && w.status !== 'superseded')
        ) {
          problems.push({ listingId, field, final, writes: ofListing.map((w) => `${w.after}:${w.status}`) });
        }
      }
      expect({ channel: target.kind, problems: problems.slice(0, 10), count: problems.length }).toEqual({
        channel: target.kind,
        problems: [],
        count: 0,
      });
      // Every listing whose value had to change got a write in this push (none lost), most of them.
      const before = confirmedBefore.get(target.id)!;
      const moved = listings.filter((l) => before.get(l.id) !== desired.get(l.id));
      expect(moved.filter((l) => !byListing.has(`${l.id}:quantity`))).toEqual([]);
      expect(moved.length).toBeGreaterThan(SKUS / 2);
    }
    // The main channel is never written to by the push.
    expect(await count(`select count(*)::int as n from listing_writes where channel_id = $1`, [ebay.id])).toBe(0);

    // Web and workers ran apart: every quantity Shopify was sent came from a worker (through its tap), none from the web process.
    const shopifyLog = (await (await control('shopify', '/requests')).json()) as Array<{
      path: string;
      body?: { query?: string };
    }>;
    const setsReceived = shopifyLog.filter(
      (r) => r.path.endsWith('/graphql.json') && r.body?.query?.includes('inventorySetQuantities'),
    ).length;
    // (The restarted worker has the killed one's tap.)
    const setsSentByWorkers = workers.reduce((n, w) => n + w.tap.calls.filter(isShopifyQuantitySet).length, 0);
    expect(setsReceived).toBe(setsSentByWorkers);
  }, 420_000);
});
