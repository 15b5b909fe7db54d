import { bundleFigures } from './bundle.ts';
import { runListingsBenchmark } from './listings.ts';
import { runOrdersBenchmark } from './orders.ts';
import { runAnalyticsBenchmark } from './analytics.ts';
import { runPricingBenchmark } from './pricing.ts';
import { runComplianceBenchmark } from './compliance.ts';
import { runAuditBenchmark } from './audit.ts';
import { runSyncBenchmarks, syncBenchmarks, type SyncBenchmark } from './sync/index.ts';

/**
 * npm run bench                       every benchmark: bundle sizes, then the sync engine's (both databases)
 * npm run bench -- propagation bulk   only these (bundle, listings, orders, analytics, pricing, compliance, audit, propagation,
 *                                     rates, bulk, overselling, shipments)
 * BENCH_NEIGHBOUR=1                   propagation and rates with a second process keeping one core busy
 * BENCH_RATES=20,40,60                the rates tried by `rates` (the propagation stream at each until p99 reaches 1 s)
 * BENCH_QUICK=1 npm run bench         the sync benchmarks smaller and shorter, for a quick check
 * BENCH_DB=pglite|postgres            one database only (default both; PostgreSQL from BENCH_DATABASE_URL,
 *                                     DATABASE_URL or postgres://postgres@127.0.0.1:5432/test, a throwaway database per run)
 */
const known = [
  'bundle',
  'listings',
  'orders',
  'analytics',
  'pricing',
  'compliance',
  'audit',
  ...syncBenchmarks,
] as const;
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !(known as readonly string[]).includes(a));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}: choose from ${known.join(', ')}`);
  process.exit(2);
}
const wanted = asked.length ? asked : [...known];

if (wanted.includes('bundle')) bundleFigures();
if (wanted.includes('listings')) await runListingsBenchmark();
if (wanted.includes('orders')) await runOrdersBenchmark();
if (wanted.includes('analytics')) await runAnalyticsBenchmark();
if (wanted.includes('pricing')) await runPricingBenchmark();
if (wanted.includes('compliance')) await runComplianceBenchmark();
if (wanted.includes('audit')) await runAuditBenchmark();
const sync = syncBenchmarks.filter((name): name is SyncBenchmark => wanted.includes(name));
if (sync.length) await runSyncBenchmarks(sync);
// pg-boss and the HTTP agents may keep timers alive after everything stopped.
process.exit(0);
