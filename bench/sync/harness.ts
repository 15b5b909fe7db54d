import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig, repoRoot } from '../../api/src/config.ts';
import { startProduct, type RunningProduct } from '../../api/src/server.ts';
import { ThreadedPglite } from '../../api/src/db/pglite-thread/threaded-pglite.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../../api/src/db/client.ts';
import { createAccountWithOwner } from '../../api/src/db/queries/users.ts';
import { hashPassword } from '../../api/src/modules/auth/passwords.ts';
import { MAIN_REFRESH_QUEUE, ORDERS_POLL_QUEUE } from '../../api/src/workers/queues.ts';
import { runEntry, type Child } from '../../api/test/support/child-process.ts';
import { Browser } from '../../api/test/support/browser.ts';
import { limitsOutOfTheWay } from '../../api/test/support/limits.ts';
import {
  connectWithSandboxSeller,
  consentOnEbay,
  installOnShopify,
  type ConnectedChannel,
} from '../../api/test/support/channel-flows.ts';
import { benchApplications } from './bench-applications.ts';

export type Kind = ConnectedChannel['kind'];
export type DatabaseKind = 'pglite' | 'postgres';
export const KINDS: Kind[] = ['amazon', 'walmart', 'ebay', 'shopify'];

/** BENCH_QUICK=1: every benchmark smaller and shorter, for a quick check that they run. */
export const QUICK = process.env.BENCH_QUICK === '1' || process.env.BENCH_QUICK === 'true';
/** The PostgreSQL server a throwaway database is made on (trust auth). */
export const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function log(line: string) {
  console.log(`  ${line}`);
}

/** Percentile (nearest rank) of already sorted numbers; Infinity stands for "never". */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const ms = (value: number) =>
  Number.isFinite(value) ? `${Math.round(value)} ms` : value === Infinity ? 'never' : 'n/a';
export const seconds = (value: number) => (Number.isFinite(value) ? `${(value / 1000).toFixed(1)} s` : 'never');

// ---- the marketplaces --------------------------------------------------------------------------

export interface SandboxStats {
  calls: Record<string, number>;
  throttled: Record<string, number>;
  shopifyPoints: number;
}

export interface Sandboxes {
  /** e.g. http://127.0.0.1:4100/sandbox */
  baseUrl: string;
  /** Sets faults on every sandbox (latency, rate-limit profile). */
  faults(faults: Record<string, unknown>, kinds?: Kind[]): Promise<void>;
  control<T = unknown>(kind: Kind, method: string, route: string, body?: unknown): Promise<{ status: number; body: T }>;
  stats(): Promise<SandboxStats>;
  resetStats(): Promise<void>;
  /** A CPU profile of the sandboxes' process, from `start` until the returned `stop`. */
  profile(): Promise<{ stop: () => Promise<unknown> }>;
  stop(): Promise<void>;
}

/** The sandboxes in their own process (see sandbox-server.ts). */
export async function startSandboxes(
  options: { shopifyPlan?: { rate: number; bucket: number } } = {},
): Promise<Sandboxes> {
  const port = await freePort();
  const args = ['--port', String(port), '--profile', 'fast'];
  if (options.shopifyPlan)
    args.push(
      '--shopify-rate',
      String(options.shopifyPlan.rate),
      '--shopify-bucket',
      String(options.shopifyPlan.bucket),
    );
  const child: Child = runEntry('bench/sync/sandbox-server.ts', args, { NODE_ENV: 'production' });
  if (process.env.BENCH_DEBUG) child.process.stdout!.on('data', (chunk: Buffer) => process.stdout.write(chunk));
  await child.waitFor(/listening/, 60_000);
  const root = `http://127.0.0.1:${port}`;
  const baseUrl = `${root}/sandbox`;
  const control = async <T>(kind: Kind, method: string, route: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/${kind}/_control${route}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  return {
    baseUrl,
    control,
    async faults(faults, kinds = KINDS) {
      for (const kind of kinds) {
        const answer = await control(kind, 'PUT', '/faults', faults);
        if (answer.status !== 200)
          throw new Error(`faults on ${kind}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    },
    stats: async () => (await (await fetch(`${root}/bench/stats`)).json()) as SandboxStats,
    resetStats: async () => {
      await fetch(`${root}/bench/stats/reset`, { method: 'POST' });
    },
    profile: async () => {
      await fetch(`${root}/bench/profile/start`, { method: 'POST' });
      return { stop: async () => (await fetch(`${root}/bench/profile/stop`, { method: 'POST' })).json() };
    },
    async stop() {
      child.process.kill('SIGTERM');
      await Promise.race([child.exited, sleep(5000)]);
      if (child.process.exitCode === null) child.process.kill('SIGKILL');
    },
  };
}

// ---- the product -------------------------------------------------------------------------------

export interface Bench {
  dbKind: DatabaseKind;
  product: RunningProduct;
  sandboxes: Sandboxes;
  url: string;
  accountId: string;
  browser: Browser;
  channels: ConnectedChannel[];
  main: ConnectedChannel;
  rows<T>(query: string): Promise<T[]>;
  /** PGlite's own thread, on PGlite: how busy it was since the mark this answers first. */
  databaseThread: ThreadedPglite | undefined;
  /**
   * How the adapters of sandbox channels pace their calls: to the published limits (what the product
   * does with the realistic profile), or not at all (what it does with the fast profile). Fresh, full buckets.
   */
  pacing(mode: 'published' | 'unpaced'): void;
  /** An order placed as a buyer would, on a sandbox; answers the HTTP status. */
  placeOrder(channel: ConnectedChannel, sku: string, quantity: number): Promise<number>;
  /** Waits until no listing write or adjustment is open; answers false on timeout. */
  settled(timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

/** A fresh database: PGlite in memory, or a throwaway PostgreSQL database dropped at the end. */
export async function freshDatabase(
  kind: DatabaseKind,
): Promise<{ handle: DatabaseHandle; url: string | undefined; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openPglite({ memory: true });
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const name = `hub_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  // The product's own default pool size (openDatabase): 10 connections.
  const handle = await openPostgres(url.toString(), { max: 10 });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The real product in this process (web server, workers, job queue) on a fresh database, its
 * adapters pointed at the sandboxes' process; one seller account (Enterprise plan: no SKU limit)
 * with channels connected through the product's own flows, the first one main. The catalogue is
 * imported and every initial write settled before this answers. The scheduled tick is off: every
 * read is caused by a notification (or, for eBay, by the benchmark standing in for one).
 */
export async function startBench(options: {
  dbKind: DatabaseKind;
  sandboxes: Sandboxes;
  products: number;
  kinds: Kind[];
  profile?: 'fast' | 'realistic';
  quiet?: boolean;
}): Promise<Bench> {
  const { sandboxes } = options;
  const database = await freshDatabase(options.dbKind);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hub-bench-'));
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      port,
      appUrl: url,
      allowedOrigins: [url],
      dataDir,
      databaseUrl: database.url,
      smtpUrl: undefined,
      sessionSecret: 'bench-session-secret',
      staticDir: undefined,
      validateResponses: false,
      sandbox: { enabled: true, profile: options.profile ?? 'fast', baseUrl: sandboxes.baseUrl, control: 'open' },
      sync: { intervalMinutes: 3, schedule: false },
      ...limitsOutOfTheWay(),
    },
  );
  // The sandboxes' own process knows our applications by the same secrets.
  config.marketplaceApps.ebay.sandbox.clientSecret = benchApplications.ebay.clientSecret;
  config.marketplaceApps.shopify.sandbox.clientSecret = benchApplications.shopify.clientSecret;
  const product = await startProduct(config, { database: database.handle, log: () => undefined, port });
  const db = product.ctx.db;
  const rows = async <T>(query: string): Promise<T[]> =>
    ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

  const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'bench secret 1';
  const created = await createAccountWithOwner(db, {
    accountName: 'Benchmark seller',
    trialEndsAt: new Date(Date.now() + 7 * 86400_000),
    email,
    passwordHash: await hashPassword(password),
    firstName: null,
    lastName: null,
    emailVerifiedAt: new Date(),
  });
  const accountId = created!.accountId;
  await rows(`update accounts set plan = 'enterprise' where id = '${accountId}'`);
  const browser = new Browser(url, url);
  await browser.signIn(email, password);

  const bench: Bench = {
    dbKind: options.dbKind,
    product,
    sandboxes,
    url,
    accountId,
    browser,
    channels: [],
    main: undefined as unknown as ConnectedChannel,
    rows,
    databaseThread:
      database.handle.kind === 'pglite' && database.handle.pglite instanceof ThreadedPglite
        ? database.handle.pglite
        : undefined,
    pacing(mode) {
      // The adapters kept per channel hold these buckets: reconfigured (not replaced), they pace as now asked.
      product.ctx.marketplaces.sandboxBuckets.reconfigure({ paced: mode === 'published' });
    },
    async placeOrder(channel, sku, quantity) {
      const response = await fetch(
        `${sandboxes.baseUrl}/${channel.kind}/_control/sellers/${encodeURIComponent(channel.sandboxSellerId)}/orders`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ lines: [{ sku, quantity }] }),
        },
      );
      await response.arrayBuffer();
      return response.status;
    },
    async settled(timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        // Reads of orders and of the main's stock asked for and not done yet are work still to come.
        const [open] = await rows<{ writes: number; adjustments: number; runs: number; reads: number }>(
          `select (select count(*)::int from listing_writes where account_id = '${accountId}' and status in ('pending', 'sending', 'submitted', 'accepted')) as writes,
                  (select count(*)::int from stock_adjustments where account_id = '${accountId}' and status in ('pending', 'sending')) as adjustments,
                  (select count(*)::int from sync_runs where account_id = '${accountId}' and finished_at is null) as runs,
                  (select count(*)::int from pgboss.job where name in ('${ORDERS_POLL_QUEUE}', '${MAIN_REFRESH_QUEUE}') and state in ('created', 'retry', 'active') and data->>'accountId' = '${accountId}') as reads`,
        );
        if (open!.writes === 0 && open!.adjustments === 0 && open!.runs === 0 && open!.reads === 0) return true;
        await sleep(250);
      }
      return false;
    },
    async stop() {
      await product.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };

  // Setup is not measured: the sandboxes answer at once and the adapters do not pace.
  await sandboxes.faults({ latencyMs: 0, rateLimitProfile: 'fast', errorRate: 0 });
  bench.pacing('unpaced');
  for (const kind of options.kinds) {
    let channel: ConnectedChannel | undefined;
    if (kind === 'amazon' || kind === 'walmart')
      channel = await connectWithSandboxSeller(browser, kind, options.products);
    else if (kind === 'ebay') channel = (await consentOnEbay(browser, 'agree', { products: options.products })).channel;
    else channel = (await installOnShopify(browser, 'install', { products: options.products })).channel;
    if (!channel) throw new Error(`${kind} did not connect`);
    bench.channels.push(channel);
  }
  bench.main = bench.channels.find((c) => c.role === 'main')!;
  const targets = bench.channels.filter((c) => c.role === 'target');
  const started = Date.now();
  for (;;) {
    const linked = await rows<{ channel_id: string; n: number }>(
      `select channel_id, count(*)::int as n from listings where account_id = '${accountId}' and product_id is not null group by channel_id`,
    );
    const [runs] = await rows<{ n: number }>(
      `select count(*)::int as n from sync_runs where account_id = '${accountId}' and finished_at is null`,
    );
    if (runs!.n === 0 && targets.every((t) => linked.find((l) => l.channel_id === t.id)?.n === options.products)) break;
    if (Date.now() - started > 20 * 60_000)
      throw new Error(`the catalogue import did not finish: ${JSON.stringify(linked)}`);
    await sleep(500);
  }
  if (!(await bench.settled(10 * 60_000))) throw new Error('the first writes after the import did not settle');
  if (!options.quiet)
    log(
      `setup: ${options.products} SKUs on ${bench.channels.map((c) => `${c.kind}${c.role === 'main' ? ' (main)' : ''}`).join(', ')} imported in ${seconds(Date.now() - started)}`,
    );
  return bench;
}

/** The engine's jobs per queue since a moment: how many, how long they waited for a worker and ran, how many failed a try. */
export async function jobSummary(bench: Bench, since: Date): Promise<string> {
  const jobs = await bench.rows<{
    name: string;
    n: number;
    wait_ms: number | null;
    run_ms: number | null;
    max_run_ms: number | null;
    retried: number;
  }>(
    `select name, count(*)::int as n,
            avg(extract(epoch from (started_on - greatest(created_on, start_after))) * 1000)::float as wait_ms,
            avg(extract(epoch from (completed_on - started_on)) * 1000)::float as run_ms,
            max(extract(epoch from (completed_on - started_on)) * 1000)::float as max_run_ms,
            count(*) filter (where retry_count > 0)::int as retried
     from pgboss.job where created_on >= '${since.toISOString()}' and name not like '\\_\\_%' group by name order by name`,
  );
  const summary = jobs
    .map(
      (j) =>
        `${j.name} ${j.n}× (wait ${ms(j.wait_ms ?? NaN)}, run ${ms(j.run_ms ?? NaN)} avg / ${ms(j.max_run_ms ?? NaN)} max${j.retried ? `, ${j.retried} retried` : ''})`,
    )
    .join('; ');
  if (!process.env.BENCH_DEBUG) return summary;
  // Each job's moments from `since`, to see where a channel's time went.
  const each = await bench.rows<{
    name: string;
    key: string | null;
    created: number;
    started: number | null;
    completed: number | null;
    retry_count: number;
    state: string;
    output: unknown;
  }>(
    `select name, singleton_key as key, state, retry_count, output,
            extract(epoch from (created_on - '${since.toISOString()}'::timestamptz))::float as created,
            extract(epoch from (started_on - '${since.toISOString()}'::timestamptz))::float as started,
            extract(epoch from (completed_on - '${since.toISOString()}'::timestamptz))::float as completed
     from pgboss.job where created_on >= '${since.toISOString()}' and name not like '\\_\\_%' order by created_on limit 200`,
  );
  const at = (s: number | null) => (s === null ? '-' : `${s.toFixed(1)} s`);
  return [
    summary,
    ...each.map(
      (j) =>
        `  ${j.name} ${j.key ?? ''} created ${at(j.created)} started ${at(j.started)} completed ${at(j.completed)} ${j.state}${j.retry_count ? ` retries ${j.retry_count}` : ''} ${j.output ? JSON.stringify(j.output).slice(0, 300) : ''}`,
    ),
  ].join('\n');
}

/** Marketplace calls made, per operation, most first: "amazon GET /orders/v0/orders/:id/orderItems 1247". */
export function callSummary(stats: SandboxStats, kinds: Kind[] = KINDS, top = 12): string {
  const entries = Object.entries(stats.calls)
    .filter(([key]) => kinds.some((k) => key.startsWith(`${k} `)))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
  const short = (key: string) => key.replace(/\/shops\/:id\/admin\/api\/:id\/graphql\.json/, 'graphql');
  const throttled = Object.entries(stats.throttled).filter(([key]) => kinds.some((k) => key.startsWith(`${k} `)));
  return `${entries.map(([key, n]) => `${short(key)} ${n}`).join('; ')}${throttled.length ? `; answered 429/THROTTLED: ${throttled.map(([key, n]) => `${short(key)} ${n}`).join(', ')}` : ''}`;
}

/** Where the machine's figures come from, for the report. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

export { repoRoot };
