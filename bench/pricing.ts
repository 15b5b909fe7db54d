import { compileRules, type PricingRuleInput } from '../api/src/modules/pricing/evaluate.ts';
import { guardrail, priceMoves } from '../api/src/modules/pricing/dry-run.ts';
import type { PriceableListing } from '../api/src/db/queries/pricing-rules.ts';
import type { ChannelKind, PricingRuleDefinition } from '../api/src/db/schema/index.ts';

/**
 * Pricing rules (issue 24): a dry run's evaluation of 100,000 SKUs on 4 channels (400,000 listings)
 * against 20 rules of every kind of scope, floor and ceiling, three times; wall and CPU time of each.
 * The listings are built in memory: this times the evaluation, not the database read before it.
 */
const SKUS = 100_000;
const RUNS = 3;
const TARGET_MS = 2000;
const channels: Array<{ id: string; kind: ChannelKind }> = [
  { id: 'c-amazon', kind: 'amazon' },
  { id: 'c-walmart', kind: 'walmart' },
  { id: 'c-ebay', kind: 'ebay' },
  { id: 'c-shopify', kind: 'shopify' },
];
const brands = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', null];

function listingsOf(): PriceableListing[] {
  const listings: PriceableListing[] = [];
  for (let i = 0; i < SKUS; i += 1) {
    const sku = `SKU-${String(i).padStart(6, '0')}`;
    const cents = 500 + ((i * 7919) % 20_000);
    const price = (cents / 100).toFixed(2);
    const cost = i % 3 === 0 ? null : ((cents * 0.55) / 100).toFixed(2);
    for (const c of channels)
      listings.push({
        listingId: `${sku}:${c.id}`,
        productId: sku,
        channelId: c.id,
        channelKind: c.kind,
        channelName: c.kind,
        sku,
        brand: brands[i % brands.length]!,
        tags: i % 10 === 0 ? ['Clearance'] : [],
        price,
        cost,
        priceOverride: i % 50 === 0 ? price : null,
        desiredPrice: price,
        confirmedPrice: price,
        competition: null,
        priceManaged: true,
      });
  }
  return listings;
}

function rulesOf(): PricingRuleInput[] {
  const rules: PricingRuleInput[] = [];
  const base = (n: number, definition: Partial<PricingRuleDefinition>): PricingRuleInput => ({
    id: `rule-${String(n).padStart(2, '0')}`,
    priority: n,
    enabled: true,
    startsAt: null,
    endsAt: null,
    definition: {
      channelIds: channels.filter((_, k) => (n + k) % 2 === 0).map((c) => c.id),
      scope: { kind: 'all' },
      action: { basis: 'main_price', change: 'percent', value: String((n % 7) - 3) },
      rounding: (['none', 'whole', 'ends_99', 'ends_95'] as const)[n % 4]!,
      minPrice: n % 3 === 0 ? '9.99' : null,
      minMarginPercent: n % 4 === 0 ? '15' : null,
      maxPrice: n % 5 === 0 ? '150.00' : null,
      ...definition,
    },
  });
  for (let n = 0; n < 5; n += 1) rules.push(base(n, { scope: { kind: 'brand', brand: brands[n]! } }));
  for (let n = 5; n < 10; n += 1) rules.push(base(n, { scope: { kind: 'sku_prefix', prefix: `SKU-0${n}` } }));
  for (let n = 10; n < 15; n += 1)
    rules.push(
      base(n, {
        scope: {
          kind: 'skus',
          skus: Array.from({ length: 1000 }, (_, k) => `SKU-${String(k * 97 + n).padStart(6, '0')}`),
        },
        action: { basis: 'cost', change: 'percent', value: '60' },
      }),
    );
  for (let n = 15; n < 19; n += 1)
    rules.push(
      base(n, {
        action: { basis: 'fixed', change: 'amount', value: '49.99' },
        scope: { kind: 'sku_prefix', prefix: `SKU-1${n}` },
      }),
    );
  rules.push(
    base(19, {
      channelIds: channels.map((c) => c.id),
      action: { basis: 'main_price', change: 'amount', value: '1.00' },
    }),
  );
  return rules;
}

export async function runPricingBenchmark(): Promise<void> {
  const listings = listingsOf();
  const rules = rulesOf();
  console.log(
    `\n== pricing: dry run of ${SKUS.toLocaleString('en')} SKUs × ${channels.length} channels, ${rules.length} rules ==`,
  );
  const figures: Array<{ wallMs: number; cpuMs: number; moves: number }> = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const dry = priceMoves(compileRules(rules, Date.now()), listings);
    const { bigMoves } = guardrail(dry);
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    figures.push({ wallMs, cpuMs, moves: dry.moves.length });
    console.log(
      `run ${run}: ${wallMs.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU; ${dry.moves.length.toLocaleString('en')} prices would change` +
        ` (${bigMoves.toLocaleString('en')} by more than 20 %), ${dry.notices.length.toLocaleString('en')} notices`,
    );
  }
  const worst = Math.max(...figures.map((f) => f.wallMs));
  console.log(
    `worst ${worst.toFixed(0)} ms against a target of ${TARGET_MS} ms: ${worst < TARGET_MS ? 'met' : 'MISSED'}`,
  );
}
