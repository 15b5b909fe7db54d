import os from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { writeFile } from 'node:fs/promises';
import type { ConnectedChannel } from '../../api/test/support/channel-flows.ts';
import {
  QUICK,
  callSummary,
  jobSummary,
  ms,
  percentile,
  sleep,
  startBench,
  type Bench,
  type DatabaseKind,
  type Kind,
  type Sandboxes,
} from './harness.ts';

/**
 * Propagation: a steady stream of orders spread over the four sandboxes (fast profile, 50 ms added
 * to every marketplace answer), and for each order the time from its placing on the marketplace to
 * its new quantity confirmed on every other channel:
 * - "placed" is the order's own creation time on the sandbox (orders.ordered_at, the marketplace's
 *   createdAt), read from the same machine clock as everything else;
 * - a target channel confirms when a listing write of the order's new quantity (the SKU's
 *   available stock before the run less the unit sold) for that SKU has
 *   listing_writes.confirmed_at (the marketplace answered the update as done; for Amazon's
 *   asynchronous PATCH and for feeds, when a later read or report showed it). That is the write
 *   caused by the order's change, or one carrying the same value for another change (a sale on the
 *   main channel also reaches the targets through the read of the main's stock that it causes);
 * - the main channel (for an order on a target) confirms when the order's stock adjustment is
 *   applied there (stock_adjustments.applied_at).
 * The product runs in this process and stamps times with Date.now(); the sandboxes, in their own
 * process, with the same wall clock. Every order buys 1 unit of a SKU that no other order in the
 * run touches, so no write is superseded by a later one. Orders reach the engine as each
 * marketplace sends them: Shopify webhooks, Walmart PO_CREATED webhooks, Amazon notifications
 * (EventBridge), each of which asks for a read of the channel's orders; eBay's are polled, so the
 * benchmark asks for that read right after placing the order, as a notification would.
 */
export const TARGET_P50_MS = 300;
export const TARGET_P99_MS = 1000;

export const ORDERS_PER_SECOND = 20;
const DURATION_S = QUICK ? 15 : 60;
export const LATENCY_MS = 50;
const IDLE_WINDOW_MS = 5_000;
/** Shopify first: it is the main channel (the seller's own shop as the truth, as most sellers set it up). */
const ORDER_OF_CONNECTION: Kind[] = ['shopify', 'amazon', 'walmart', 'ebay'];

interface Placed {
  sku: string;
  origin: ConnectedChannel;
  at: number;
  status: number;
}

export interface PropagationResult {
  db: DatabaseKind;
  orders: number;
  rate: number;
  p50: number;
  p99: number;
  baselineP50: number;
  /** The product's process, every thread, during the stream. */
  cpuPerOrderMs: number;
  /** PostgreSQL's processes during the stream (undefined on PGlite, whose thread is in the product's process). */
  databaseCpuPerOrderMs: number | undefined;
  lines: string[];
}

const time = (value: unknown) =>
  value === null || value === undefined ? undefined : new Date(value as string).getTime();
const sort = (values: number[]) => [...values].sort((a, b) => a - b);
const p5099 = (values: number[]) => `p50 ${ms(percentile(sort(values), 50))} / p99 ${ms(percentile(sort(values), 99))}`;

export async function propagation(
  dbKind: DatabaseKind,
  sandboxes: Sandboxes,
  options: { durationS?: number; ordersPerSecond?: number } = {},
): Promise<PropagationResult> {
  const durationS = options.durationS ?? DURATION_S;
  const ordersPerSecond = options.ordersPerSecond ?? ORDERS_PER_SECOND;
  const count = Math.round(ordersPerSecond * durationS);
  const baseline = QUICK ? 4 : 8;
  const bench = await startBench({
    dbKind,
    sandboxes,
    products: Math.ceil((count + baseline) * 1.3) + 50,
    kinds: ORDER_OF_CONNECTION,
  });
  try {
    return await measure(bench, count, baseline, ordersPerSecond);
  } finally {
    await bench.stop();
  }
}

/** Places orders on the schedule: order i at start + i × spacing, round robin over the channels, each on its own SKU. */
async function placeStream(
  bench: Bench,
  origins: ConnectedChannel[],
  skus: string[],
  spacingMs: number,
): Promise<{ placed: Placed[]; late: number }> {
  const placed: Placed[] = [];
  const inFlight: Array<Promise<void>> = [];
  const start = Date.now() + 100;
  let late = 0;
  for (let i = 0; i < skus.length; i++) {
    const due = start + i * spacingMs;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -20) late++;
    const origin = origins[i % origins.length]!;
    const order: Placed = { sku: skus[i]!, origin, at: Date.now(), status: 0 };
    placed.push(order);
    inFlight.push(
      (async () => {
        order.status = await bench.placeOrder(origin, order.sku, 1);
      })(),
    );
  }
  await Promise.all(inFlight);
  return { placed, late };
}

interface Analysis {
  totals: number[];
  byOrigin: Map<Kind, number[]>;
  intake: number[];
  perDestination: Map<string, number[]>;
  superseded: number;
  /** Orders whose change computed an available other than stock − 1 (the sale taken off twice, or not at all). */
  miscounted: number;
  /** Per destination: the order's change recorded → its write (or adjustment) planned, and planned → confirmed. */
  stages: Map<string, { planned: number[]; sent: number[] }>;
  /** Per order, for BENCH_DEBUG: where its time went. */
  detail: Array<{
    sku: string;
    origin: Kind;
    placedAt: number;
    recordedMs: number | undefined;
    total: number;
    destinations: Record<string, number>;
  }>;
}

/** Counts the statements sent through node-postgres (the product's pool and pg-boss's) until `stop`, by their first 100 characters (or their start and their FROM). */
async function countStatements(): Promise<{ stop: () => Map<string, number> }> {
  const { Client } = (await import('pg')).default;
  const original = Client.prototype.query;
  const counted = new Map<string, number>();
  Client.prototype.query = function (this: InstanceType<typeof Client>, config: unknown, ...rest: unknown[]) {
    const flat = String(typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '?'))
      .replace(/\s+/g, ' ')
      .trim();
    // A long list of columns hides the table: its start, then from its first FROM on.
    const from = flat.search(/ from /i);
    const text = from > 60 ? `${flat.slice(0, 50)} … ${flat.slice(from + 1, from + 71)}` : flat.slice(0, 100);
    counted.set(text, (counted.get(text) ?? 0) + 1);
    return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
  } as typeof original;
  return {
    stop: () => {
      Client.prototype.query = original;
      return counted;
    },
  };
}

/**
 * BENCH_NEIGHBOUR=1: a busy neighbour during the stream, a second process keeping one core busy (as
 * another ordinary process on a shared machine would), so the product and its database share the
 * other core with it.
 */
const NEIGHBOUR = process.env.BENCH_NEIGHBOUR === '1' || process.env.BENCH_NEIGHBOUR === 'true';

function startNeighbour(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) { Math.sqrt(Math.random()); }'], { stdio: 'ignore' });
}

/**
 * CPU time (ms, user and system) of this machine's PostgreSQL processes, those running and those ended, read from
 * /proc (Linux; undefined elsewhere).
 */
async function postgresCpuMs(): Promise<number | undefined> {
  try {
    const tick = 1000 / 100; // USER_HZ
    let total = 0;
    for (const pid of await readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const close = stat.lastIndexOf(')');
      if (close < 0 || !stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      // Its own time and its reaped children's: the postmaster's count holds the backends that ended meanwhile.
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * tick;
    }
    return total;
  } catch {
    return undefined;
  }
}

/** Reads what the database says happened to each order (see the file's comment for the definitions). */
async function analyse(
  bench: Bench,
  placed: Placed[],
  since: string,
  availableBefore: Map<string, number>,
): Promise<Analysis> {
  const skus = placed.map((p) => `'${p.sku}'`).join(', ');
  // The order's change is the first change of its SKU: on a target, available as the units are committed;
  // on the main channel, on hand as read from it (as that order's, or as an edit there when the
  // marketplace's stock notification came first). Each SKU is sold once here.
  const allChanges = await bench.rows<{
    id: string;
    sku: string;
    order_id: string | null;
    created_at: string;
    ordered_at: string | null;
    after: string;
  }>(
    `select c.id, c.sku, c.order_id, c.created_at, c.after, o.ordered_at from changes c left join orders o on o.id = c.order_id
     where c.account_id = '${bench.accountId}' and c.cause in ('order', 'main_change') and c.field in ('available', 'on_hand') and c.created_at >= '${since}' and c.sku in (${skus})
     order by c.created_at`,
  );
  const changes = [...new Map(allChanges.reverse().map((c) => [c.sku, c])).values()];
  // Every quantity write of these SKUs: the order's own, or one of another change carrying the same value
  // (a sale on the main channel can also reach the targets through the read of the main's stock it causes).
  const writes = await bench.rows<{
    change_id: string | null;
    channel_id: string;
    sku: string;
    after: string;
    status: string;
    created_at: string;
    confirmed_at: string | null;
  }>(
    `select change_id, channel_id, sku, after, status, created_at, confirmed_at from listing_writes where account_id = '${bench.accountId}' and field = 'quantity' and created_at >= '${since}' and sku in (${skus})`,
  );
  const orderIds =
    changes
      .filter((c) => c.order_id !== null)
      .map((c) => `'${c.order_id}'`)
      .join(', ') || 'null';
  const adjustments = await bench.rows<{ order_id: string; created_at: string; applied_at: string | null }>(
    `select order_id, created_at, applied_at from stock_adjustments where account_id = '${bench.accountId}' and order_id in (${orderIds})`,
  );
  const changeBySku = new Map(changes.map((c) => [c.sku, c]));
  const writesBySku = new Map<string, typeof writes>();
  for (const w of writes) writesBySku.set(w.sku, [...(writesBySku.get(w.sku) ?? []), w]);
  const adjustedByOrder = new Map(adjustments.map((a) => [a.order_id, time(a.applied_at)]));
  const adjustmentByOrder = new Map(adjustments.map((a) => [a.order_id, a]));

  const result: Analysis = {
    totals: [],
    byOrigin: new Map(),
    intake: [],
    perDestination: new Map(),
    superseded: 0,
    miscounted: 0,
    stages: new Map(),
    detail: [],
  };
  for (const order of placed.filter((p) => p.status === 201)) {
    const change = changeBySku.get(order.sku);
    let total = Infinity;
    const destinations: Record<string, number> = {};
    let recordedMs: number | undefined;
    if (change) {
      // The marketplace's own time of the order; the moment we sent it when it has none.
      const placedAt = time(change.ordered_at) ?? order.at;
      recordedMs = time(change.created_at)! - placedAt;
      result.intake.push(recordedMs);
      const ofSku = writesBySku.get(order.sku) ?? [];
      result.superseded += ofSku.filter((w) => w.change_id === change.id && w.status === 'superseded').length;
      // The first time each channel was confirmed to hold the order's new quantity: the SKU's stock less the unit sold.
      const expected = availableBefore.get(order.sku)! - 1;
      if (Number(change.after) !== expected) result.miscounted++;
      const firstConfirmed = (channelId: string) => {
        const times = ofSku
          .filter((w) => w.channel_id === channelId && w.status === 'confirmed' && Number(w.after) === expected)
          .map((w) => time(w.confirmed_at)!);
        return times.length ? Math.min(...times) : undefined;
      };
      let latest = -Infinity;
      for (const other of bench.channels.filter((c) => c.id !== order.origin.id)) {
        const confirmedAt =
          other.role === 'main'
            ? change.order_id
              ? adjustedByOrder.get(change.order_id)
              : undefined
            : firstConfirmed(other.id);
        const took = confirmedAt === undefined ? Infinity : confirmedAt - placedAt;
        const key = `${other.kind}${other.role === 'main' ? ' (main: adjustment)' : ''}`;
        result.perDestination.set(key, [...(result.perDestination.get(key) ?? []), took]);
        destinations[key] = took;
        latest = Math.max(latest, took);
        // Where the time went after the order was recorded: planning its value, then sending and confirming it.
        const own =
          other.role === 'main'
            ? change.order_id
              ? adjustmentByOrder.get(change.order_id)
              : undefined
            : ofSku.find((w) => w.channel_id === other.id && w.change_id === change.id);
        if (own && confirmedAt !== undefined) {
          const stage = result.stages.get(key) ?? { planned: [], sent: [] };
          stage.planned.push(time(own.created_at)! - time(change.created_at)!);
          stage.sent.push(confirmedAt - time(own.created_at)!);
          result.stages.set(key, stage);
        }
      }
      total = latest;
    }
    result.totals.push(total);
    result.detail.push({
      sku: order.sku,
      origin: order.origin.kind,
      placedAt: order.at,
      recordedMs,
      total,
      destinations,
    });
    result.byOrigin.set(order.origin.kind, [...(result.byOrigin.get(order.origin.kind) ?? []), total]);
  }
  return result;
}

/**
 * Until every accepted order's sale is recorded, or the time is up: the last order's notification may
 * still be on its way when the benchmark stops placing orders, and until it lands nothing is open.
 */
async function untilRecorded(bench: Bench, placed: Placed[], since: string, timeoutMs: number): Promise<void> {
  const skus = placed.filter((p) => p.status === 201).map((p) => `'${p.sku}'`);
  if (skus.length === 0) return;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [recorded] = await bench.rows<{ n: number }>(
      `select count(distinct sku)::int as n from changes where account_id = '${bench.accountId}' and cause in ('order', 'main_change') and created_at >= '${since}' and sku in (${skus.join(', ')})`,
    );
    if (recorded!.n >= skus.length) return;
    await sleep(100);
  }
}

async function measure(
  bench: Bench,
  count: number,
  baselineCount: number,
  ordersPerSecond: number,
): Promise<PropagationResult> {
  const { sandboxes } = bench;
  await sandboxes.faults({ latencyMs: LATENCY_MS, rateLimitProfile: 'fast' });
  // The fast profile on the adapters' side too: the sandboxes allow 1,000 calls/s, so the adapters
  // are not paced to the published limits (which would hold Amazon's order reads to 1 a minute).
  bench.pacing('unpaced');
  const stockedRows = await bench.rows<{ sku: string; available: number }>(
    `select sku, on_hand - committed as available from products where account_id = '${bench.accountId}' and on_hand - committed >= 2 order by md5(sku) limit ${count + baselineCount}`,
  );
  const stocked = stockedRows.map((r) => r.sku);
  const availableBefore = new Map(stockedRows.map((r) => [r.sku, Number(r.available)]));
  if (stocked.length < count + baselineCount)
    throw new Error(`only ${stocked.length} SKUs in stock for ${count + baselineCount} orders`);
  const byKind = new Map(bench.channels.map((c) => [c.kind, c]));
  const origins = ORDER_OF_CONNECTION.map((k) => byKind.get(k)!);
  const since = new Date(Date.now() - 1000).toISOString();

  // Unloaded first: one order at a time, 2 s apart, for the path's own latency.
  const baseline = await placeStream(bench, origins, stocked.slice(0, baselineCount), 2000);
  await untilRecorded(bench, baseline.placed, since, 30_000);
  await bench.settled(30_000);
  const idle = await analyse(bench, baseline.placed, since, availableBefore);
  // What the product spends with no order at all (timers, the job queue's polling): a cost per second, not per order.
  const restCpu = process.cpuUsage();
  await sleep(IDLE_WINDOW_MS);
  const restSpent = process.cpuUsage(restCpu);
  const restCpuPerSecond = (restSpent.user + restSpent.system) / IDLE_WINDOW_MS;

  // Then the stream.
  await sandboxes.resetStats();
  const streamSince = new Date();
  const load = os.loadavg()[0]!;
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const databaseElu = bench.databaseThread?.utilization();
  // BENCH_PROFILE=<file>: CPU profiles of the benchmark's process (the product) and of the sandboxes' during the stream, for Chrome's DevTools.
  const profiler = process.env.BENCH_PROFILE ? new Session() : undefined;
  const sandboxProfile = profiler ? await sandboxes.profile() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  // BENCH_STATEMENTS=1 (PostgreSQL): the statements the product sent during the stream, by kind, most frequent first.
  const statements = process.env.BENCH_STATEMENTS && bench.dbKind === 'postgres' ? await countStatements() : undefined;
  const postgresBefore = bench.dbKind === 'postgres' ? await postgresCpuMs() : undefined;
  const neighbour = NEIGHBOUR ? startNeighbour() : undefined;
  const stream = await placeStream(bench, origins, stocked.slice(baselineCount), 1000 / ordersPerSecond);
  neighbour?.kill('SIGKILL');
  const postgresAfter = postgresBefore === undefined ? undefined : await postgresCpuMs();
  if (statements) {
    const counted = statements.stop();
    const total = [...counted.values()].reduce((n, c) => n + c, 0);
    const orders = stream.placed.length;
    console.log(`    statements during the stream: ${total} (${(total / orders).toFixed(1)} per order)`);
    // By kind: a transaction's own statements, the job queue's (sending, fetching, completing jobs), the product's tables.
    const kinds = new Map<string, number>();
    for (const [text, count] of counted) {
      const kind =
        /^(begin|commit|rollback)\b/i.test(text) && !/pg_advisory/.test(text)
          ? 'begin / commit'
          : /pgboss\.|pg_advisory/i.test(text)
            ? /^WITH ins AS \( INSERT INTO pgboss/i.test(text)
              ? 'job queue: send'
              : /WITH next AS|pg_advisory|active_group_count/i.test(text)
                ? 'job queue: fetch'
                : 'job queue: complete and other'
            : "the product's tables";
      kinds.set(kind, (kinds.get(kind) ?? 0) + count);
    }
    console.log(
      `    by kind, per order: ${[...kinds]
        .sort((a, b) => b[1] - a[1])
        .map(([kind, count]) => `${kind} ${(count / orders).toFixed(1)}`)
        .join('; ')}`,
    );
    for (const [text, count] of [...counted].sort((a, b) => b[1] - a[1]).slice(0, 60))
      console.log(`    ${String(count).padStart(6)} ${(count / orders).toFixed(2).padStart(5)}/order ${text}`);
  }
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    await writeFile(`${process.env.BENCH_PROFILE}.${bench.dbKind}.cpuprofile`, JSON.stringify(profile));
    profiler.disconnect();
    await writeFile(
      `${process.env.BENCH_PROFILE}.${bench.dbKind}.sandboxes.cpuprofile`,
      JSON.stringify(await sandboxProfile!.stop()),
    );
  }
  const busy = performance.eventLoopUtilization(elu).utilization;
  const cpuSpent = process.cpuUsage(cpu);
  const databaseBusy = databaseElu && bench.databaseThread!.utilization(databaseElu).utilization;
  const placed = stream.placed;
  const elapsed = (placed.at(-1)!.at - placed[0]!.at) / 1000;
  const settleMs = QUICK ? 60_000 : 90_000;
  await untilRecorded(bench, placed, streamSince.toISOString(), settleMs);
  const settled = await bench.settled(settleMs);
  const calls = callSummary(await sandboxes.stats());
  const jobs = await jobSummary(bench, streamSince);
  const slowJobs = process.env.BENCH_DEBUG
    ? await bench.rows<{
        name: string;
        key: string | null;
        created: number;
        wait: number;
        run: number;
        state: string;
        retry_count: number;
      }>(
        `select name, singleton_key as key, extract(epoch from (created_on - '${placed[0]!.at ? new Date(placed[0]!.at).toISOString() : ''}'::timestamptz)) * 1000 as created,
                extract(epoch from (started_on - greatest(created_on, start_after))) * 1000 as wait, extract(epoch from (completed_on - started_on)) * 1000 as run, state, retry_count
         from pgboss.job where created_on >= '${streamSince.toISOString()}' and name not like '\\_\\_%' order by wait desc nulls first limit 15`,
      )
    : [];
  const result = await analyse(bench, placed, since, availableBefore);

  const sorted = sort(result.totals);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const verdict = (value: number, target: number) => (value < target ? 'met' : 'MISSED');
  const never = sorted.filter((v) => v === Infinity).length;
  const accepted = placed.filter((p) => p.status === 201).length;
  const lines = [
    `unloaded (${baseline.placed.length} orders, 2 s apart): placed → confirmed everywhere ${p5099(idle.totals)}; per destination: ${[...idle.perDestination].map(([key, values]) => `${key} ${ms(percentile(sort(values), 50))}`).join(', ')} (p50)`,
    `stream: ${accepted} orders in ${elapsed.toFixed(1)} s (${(accepted / elapsed).toFixed(1)}/s, ${stream.late} sent >20 ms late), ${placed.length - accepted} refused; ${LATENCY_MS} ms added latency, fast profile`,
    `placed → confirmed on every other channel: p50 ${ms(p50)} (target < ${TARGET_P50_MS} ms: ${verdict(p50, TARGET_P50_MS)}), p99 ${ms(p99)} (target < ${TARGET_P99_MS} ms: ${verdict(p99, TARGET_P99_MS)})${never ? `; ${never} orders not confirmed everywhere within ${settleMs / 1000} s after the last one` : ''}${settled ? '' : ' (work still open at the deadline)'}`,
    `by origin: ${[...result.byOrigin].map(([kind, values]) => `${kind} ${p5099(values)}`).join('; ')}`,
    `order recorded (notification → read of the order → committed change): ${p5099(result.intake)}`,
    `confirmed per destination: ${[...result.perDestination].map(([key, values]) => `${key} ${p5099(values)}`).join('; ')}`,
    `after the order was recorded, per destination: ${[...result.stages].map(([key, s]) => `${key} planned ${ms(percentile(sort(s.planned), 50))}, then confirmed ${p5099(s.sent)}`).join('; ')} (p50 unless stated)`,
    `product process: event loop busy ${(busy * 100).toFixed(0)}% during the stream${databaseBusy !== undefined ? ` (PGlite's thread ${(databaseBusy * 100).toFixed(0)}%)` : ''}; CPU ${((cpuSpent.user + cpuSpent.system) / 1000 / placed.length).toFixed(1)} ms per order (user ${(cpuSpent.user / 1000 / placed.length).toFixed(1)} + system ${(cpuSpent.system / 1000 / placed.length).toFixed(1)}, every thread)${postgresAfter !== undefined ? `; PostgreSQL's processes ${((postgresAfter - postgresBefore!) / placed.length).toFixed(1)} ms per order (the server's every process, whoever asked)` : ''}; machine load average ${load.toFixed(1)} at its start (${os.cpus().length} cores)${NEIGHBOUR ? '; a busy neighbour kept one core busy during the stream (BENCH_NEIGHBOUR)' : ''}`,
    `product process with no orders (${IDLE_WINDOW_MS / 1000} s after the unloaded ones settled): ${restCpuPerSecond.toFixed(1)} ms of CPU per second (${(restCpuPerSecond / ordersPerSecond).toFixed(1)} ms per order at ${ordersPerSecond} a second)`,
    `jobs: ${jobs}`,
    `marketplace calls during the stream: ${calls}`,
    ...(result.miscounted + idle.miscounted
      ? [
          `${result.miscounted + idle.miscounted} orders' own change gave an available other than stock − 1 (the sale taken off twice or not at all; the targets were later sent stock − 1)`,
        ]
      : []),
    ...(process.env.BENCH_DEBUG
      ? [
          ...idle.detail.filter((d) => d.total > 1000),
          ...[...result.detail].sort((a, b) => b.total - a.total).slice(0, 12),
        ].map(
          (d) =>
            `slow: ${d.origin} ${d.sku} placed +${d.placedAt - placed[0]!.at} ms, recorded ${ms(d.recordedMs ?? Infinity)}, ${Object.entries(
              d.destinations,
            )
              .map(([k, v]) => `${k} ${ms(v)}`)
              .join(', ')}`,
        )
      : []),
    ...slowJobs.map(
      (j) =>
        `slow job: ${j.name} ${j.key ?? ''} created +${Math.round(j.created)} ms, waited ${ms(Number(j.wait ?? Infinity))}, ran ${ms(Number(j.run ?? Infinity))}, ${j.state}, retries ${j.retry_count}`,
    ),
    ...(result.superseded
      ? [
          `${result.superseded} of the orders' own writes were superseded by a later value of the same SKU (the new quantity counted when a write carrying it was confirmed)`,
        ]
      : []),
  ];
  return {
    db: bench.dbKind,
    orders: accepted,
    rate: accepted / elapsed,
    p50,
    p99,
    baselineP50: percentile(sort(idle.totals), 50),
    cpuPerOrderMs: (cpuSpent.user + cpuSpent.system) / 1000 / placed.length,
    databaseCpuPerOrderMs: postgresAfter === undefined ? undefined : (postgresAfter - postgresBefore!) / placed.length,
    lines,
  };
}
