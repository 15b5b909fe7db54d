import pg from 'pg';
import { sql } from 'drizzle-orm';
import { channels, defaultChannelRules, type ChannelKind } from '../api/src/db/schema/index.ts';
import type { ListingToCheck } from '../api/src/db/queries/compliance.ts';
import { categoryKeyOf, type CategoryRequirementsRow } from '../api/src/db/queries/category-requirements.ts';
import { compileRestrictedWords } from '../api/src/modules/compliance/checks.ts';
import { defaultRestrictedWords } from '../api/src/modules/compliance/marketplace-limits.ts';
import { issuesOfListings, recheckAll } from '../api/src/modules/compliance/recheck.ts';
import { startBenchProduct } from './bench-product.ts';
import { POSTGRES_URL, type DatabaseKind } from './sync/harness.ts';

/**
 * Compliance (issue 24): checking 100,000 listings (25,000 SKUs on Amazon, Walmart, eBay and Shopify),
 * three times each way: the pure checks on listings built in memory, then the full re-check through the
 * database (read every listing with its product, check, replace the stored issues) on each database
 * BENCH_DB asks for. Wall and CPU time of this process (on PostgreSQL the server's CPU is not in it).
 * One SKU in five breaks a rule somewhere: a long title, a bad barcode, a restricted word, no image.
 */
const SKUS = 25_000;
const KINDS: ChannelKind[] = ['amazon', 'walmart', 'ebay', 'shopify'];
const RUNS = 3;
const TARGET_MS = 10_000;

interface Product {
  sku: string;
  title: string;
  description: string;
  gtin: string | null;
  images: string[];
  price: string;
}

/** A valid GTIN-13 from 12 digits: its check digit computed. */
function gtin13(body: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

function productOf(i: number): Product {
  const sku = `SKU-${String(i).padStart(6, '0')}`;
  const kind = i % 20;
  const title =
    kind === 1
      ? `Stainless Steel Insulated Water Bottle with Straw Lid, Leak Proof, Keeps Drinks Cold 24 Hours, 32 oz, Model ${i}`
      : kind === 2
        ? `Water Bottle ${i} - Best Seller, Free Shipping!`
        : `Insulated Water Bottle ${i}, 32 oz`;
  const gtin = kind === 3 ? null : kind === 4 ? '036000291453' : gtin13(String(400638133393 + i).slice(0, 12));
  return {
    sku,
    title,
    description: 'Double-wall vacuum insulated bottle.',
    gtin,
    images: kind === 5 ? [] : [`https://img.example.com/${sku}-1.jpg`, `https://img.example.com/${sku}-2.jpg`],
    price: (10 + (i % 40)).toFixed(2),
  };
}

function listingsInMemory(): ListingToCheck[] {
  const listings: ListingToCheck[] = [];
  for (let i = 0; i < SKUS; i += 1) {
    const p = productOf(i);
    KINDS.forEach((kind, k) =>
      listings.push({
        listingId: `${p.sku}:${kind}`,
        channelId: `channel-${kind}`,
        channelKind: kind,
        channelName: kind,
        productId: p.sku,
        sku: p.sku,
        // One Amazon and eBay listing in five waits to be created: it is held to its category's attributes.
        status:
          i % 97 === 0 && k === 0
            ? 'suppressed'
            : i % 5 === 1 && (kind === 'amazon' || kind === 'ebay')
              ? 'pending'
              : 'active',
        lastError: i % 97 === 0 && k === 0 ? 'Missing main image (ISSUE 18027)' : null,
        // Walmart one dollar above the others on every seventh SKU.
        price: kind === 'walmart' && i % 7 === 0 ? (Number(p.price) + 1).toFixed(2) : p.price,
        heldPrice: p.price,
        override: null,
        mainPrice: p.price,
        cost: null,
        brand: null,
        tags: [],
        marketplaceIssues: [],
        title: p.title,
        description: p.description,
        gtin: p.gtin,
        images: p.images,
        // Amazon's and eBay's listings in a category that asks for colour and size: two SKUs in three have them.
        attributes: i % 3 === 0 ? {} : { color: 'Blue', size: 'Queen' },
        category: kind === 'amazon' ? 'BLANKET' : kind === 'ebay' ? '45476' : null,
      }),
    );
  }
  return listings;
}

function timed<T>(work: () => T): { result: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { result, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

async function timedAsync<T>(work: () => Promise<T>): Promise<{ result: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { result, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const verdict = (worst: number) =>
  `worst ${worst.toFixed(0)} ms against a target of ${TARGET_MS} ms: ${worst < TARGET_MS ? 'met' : 'MISSED'}`;

function pureChecks(): void {
  const listings = listingsInMemory();
  const words = compileRestrictedWords(defaultRestrictedWords);
  const asked = (channelId: string, category: string, names: string[]): [string, CategoryRequirementsRow] => [
    categoryKeyOf({ channelId, category }),
    {
      channelId,
      category,
      categoryName: null,
      attributes: names.map((name) => ({ name, label: name })),
      failure: null,
      stale: false,
    },
  ];
  const requirements = new Map([
    asked('channel-amazon', 'BLANKET', ['color', 'size', 'material']),
    asked('channel-ebay', '45476', ['Color', 'Size']),
  ]);
  console.log(`\n== compliance: the checks of ${listings.length.toLocaleString('en')} listings, in memory ==`);
  const walls: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const { result, wallMs, cpuMs } = timed(() =>
      issuesOfListings(listings, words, undefined, undefined, requirements),
    );
    walls.push(wallMs);
    console.log(
      `run ${run}: ${wallMs.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU; ${result.length.toLocaleString('en')} issues`,
    );
  }
  console.log(verdict(Math.max(...walls)));
}

/** The catalogue in the database: the products, then their listings on the four channels, a statement each. */
async function seed(db: Awaited<ReturnType<typeof startBenchProduct>>['db'], accountId: string): Promise<void> {
  const ids = new Map<ChannelKind, string>();
  for (const kind of KINDS) {
    const [row] = await db
      .insert(channels)
      .values({
        accountId,
        kind,
        role: kind === 'shopify' ? 'main' : 'target',
        environment: 'sandbox',
        externalSellerId: `bench-${kind}`,
        displayName: `Bench ${kind}`,
        rules: defaultChannelRules,
      })
      .returning({ id: channels.id });
    ids.set(kind, row!.id);
  }
  const CHUNK = 5000;
  for (let start = 0; start < SKUS; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, SKUS - start) }, (_, k) => productOf(start + k));
    await db.execute(sql`insert into products (account_id, sku, title, description, gtin, images, price, currency)
      select ${accountId}, p.sku, p.title, p.description, p.gtin, p.images, p.price::numeric, 'USD'
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as p(sku text, title text, description text, gtin text, images jsonb, price text)`);
  }
  for (const [kind, channelId] of ids)
    await db.execute(sql`insert into listings (account_id, channel_id, product_id, sku, status, desired_price, last_error)
      select p.account_id, ${channelId}, p.id, p.sku,
        case when ${kind} = 'amazon' and right(p.sku, 6)::int % 97 = 0 then 'suppressed' else 'active' end,
        case when ${kind} = 'walmart' and right(p.sku, 6)::int % 7 = 0 then p.price + 1 else p.price end,
        case when ${kind} = 'amazon' and right(p.sku, 6)::int % 97 = 0 then 'Missing main image (ISSUE 18027)' end
      from products p where p.account_id = ${accountId}`);
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze listings`);
}

async function throughTheDatabase(kind: DatabaseKind): Promise<void> {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.end();
    } catch (error) {
      console.log(`PostgreSQL cannot be reached (${error instanceof Error ? error.message : error}): skipped`);
      return;
    }
  }
  const bench = await startBenchProduct(kind);
  try {
    console.log(
      `\n== compliance: full re-check of ${(SKUS * KINDS.length).toLocaleString('en')} listings through ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ==`,
    );
    const seeded = await timedAsync(() => seed(bench.db, bench.accountId));
    console.log(`catalogue written in ${(seeded.wallMs / 1000).toFixed(1)} s`);
    const walls: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const { result, wallMs, cpuMs } = await timedAsync(() => recheckAll(bench.product.ctx, bench.accountId));
      walls.push(wallMs);
      console.log(
        `run ${run}: ${wallMs.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU; ${result.products.toLocaleString('en')} SKUs, ${result.issues.toLocaleString('en')} issues stored`,
      );
    }
    console.log(verdict(Math.max(...walls)));
  } finally {
    await bench.stop();
  }
}

export async function runComplianceBenchmark(): Promise<void> {
  pureChecks();
  const wanted = process.env.BENCH_DB ?? 'both';
  const kinds: DatabaseKind[] =
    wanted === 'pglite' ? ['pglite'] : wanted === 'postgres' ? ['postgres'] : ['postgres', 'pglite'];
  for (const kind of kinds) await throughTheDatabase(kind);
}
