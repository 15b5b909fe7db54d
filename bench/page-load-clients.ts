import http from 'node:http';

/**
 * The load of the listings and orders benchmarks, in a process of its own so that the clients' own work
 * (HTTP, JSON) does not share the product's event loop. Requests go through node:http with kept-alive
 * connections rather than fetch: the clients stand in for browsers on other machines, and share
 * this machine's two cores with the product, so the less they spend the better. Input (env BENCH_PAGE_LOAD, JSON): the
 * product's URL, one session cookie per client, the scenarios and how long each runs. Output: one
 * line `RESULT <json>` with each scenario's times (one client alone, then every client at once).
 */

/** Percentile (nearest rank) of sorted numbers; as in sync/harness.ts, which this process does not load (it would start nothing, but import the product). */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Load {
  url: string;
  /** The list asked for, before each scenario's query; the catalogue's pages 1 to 20 at random when absent. */
  path?: string;
  cookies: string[];
  scenarios: Array<{ name: string; query: string }>;
  aloneMs: number;
  togetherMs: number;
  /**
   * Every client at once over every scenario in turn for this long before any is measured (0: none): the
   * first scenario measured otherwise pays alone for the product's and the database's cold start (code not
   * yet optimised by V8, pages not yet in the database's cache, connections being opened).
   */
  warmUpMs?: number;
}

export interface ScenarioTimes {
  name: string;
  total: number;
  aloneP50: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

const load = JSON.parse(process.env.BENCH_PAGE_LOAD ?? '{}') as Load;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(path: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${load.url}${path}`,
      { agent, headers: { cookie, accept: 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

async function measure(cookies: string[], query: string, durationMs: number) {
  const times: number[] = [];
  let errors = 0;
  let total = 0;
  const until = Date.now() + durationMs;
  await Promise.all(
    cookies.map(async (cookie) => {
      while (Date.now() < until) {
        const page = 1 + Math.floor(Math.random() * 20);
        const began = performance.now();
        const response = await get(`${load.path ?? `/api/listings?pageSize=50&page=${page}`}${query}`, cookie);
        const body = JSON.parse(response.body) as { total?: number };
        times.push(performance.now() - began);
        if (response.status !== 200) errors++;
        else total = body.total ?? 0;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), count: times.length, total, errors };
}

if (load.warmUpMs) {
  const until = Date.now() + load.warmUpMs;
  await Promise.all(
    load.cookies.map(async (cookie, client) => {
      for (let turn = client; Date.now() < until; turn++) {
        const scenario = load.scenarios[turn % load.scenarios.length]!;
        await get(`${load.path ?? '/api/listings?pageSize=50'}${scenario.query}`, cookie);
      }
    }),
  );
}

const results: ScenarioTimes[] = [];
for (const scenario of load.scenarios) {
  // One request each first, so a scenario does not pay for cold caches alone.
  await get(`${load.path ?? '/api/listings?pageSize=50'}${scenario.query}`, load.cookies[0]!);
  const alone = await measure(load.cookies.slice(0, 1), scenario.query, load.aloneMs);
  const together = await measure(load.cookies, scenario.query, load.togetherMs);
  results.push({
    name: scenario.name,
    total: together.total,
    aloneP50: alone.p50,
    requests: together.count,
    p50: together.p50,
    p99: together.p99,
    errors: together.errors + alone.errors,
  });
}
console.log(`RESULT ${JSON.stringify(results)}`);
process.exit(0);
