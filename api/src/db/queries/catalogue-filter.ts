import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { executeWithKeptPlan } from '../kept-plans.ts';
import type { ListingStatus } from '../schema/index.ts';

// The catalogue's filter (search, channel, status, stock, errors) as the conditions of its two
// sides: the account's products (p), and the SKUs only targets have (o). A page, a count and a
// batch of rows are all built from these.

export interface CatalogueFilter {
  /** Any part of SKU, title or brand (any case), or the beginning of a GTIN. */
  q?: string;
  channelId?: string;
  status?: ListingStatus;
  outOfStock?: boolean;
  withErrors?: boolean;
  /** Products holding this tag (any case). */
  tag?: string;
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Listings on channels still connected: disconnected channels keep their rows but show nothing. */
export const liveChannel = sql`exists (select 1 from channels c where c.id = l.channel_id and c.status <> 'disconnected')`;

/** What a listing must hold for its SKU to pass the filter (besides being on a connected channel). */
function listingConditions(filter: CatalogueFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.channelId) conditions.push(sql`l.channel_id = ${filter.channelId}`);
  if (filter.status) conditions.push(sql`l.status = ${filter.status}`);
  return conditions;
}

/**
 * Below this many matching listings, a listing filter is read from the listings' index first and
 * joined to the products (a few thousand probes); above it, the products are read in the page's
 * order and each is checked (an EXISTS on its four listings), which stops once the page is full.
 * Walking the products for a rare status would read all 100,000 of them for a deep page.
 */
const SPARSE_LISTINGS = 5000;

/** The filter's conditions on a listing, with whether few listings meet them (read from an index, up to SPARSE_LISTINGS + 1). */
export interface CataloguePlan {
  onListing: { condition: SQL; sparse: boolean } | undefined;
  failing: { condition: SQL; sparse: boolean } | undefined;
}

const failingListing = sql`(l.status = 'error' or l.last_error is not null)`;

export async function planCatalogueFilter(db: Db, accountId: string, filter: CatalogueFilter): Promise<CataloguePlan> {
  const fewer = async (condition: SQL) => {
    const result = await executeWithKeptPlan<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from listings l where l.account_id = ${accountId} and ${condition} limit ${SPARSE_LISTINGS + 1}) few`,
    );
    return Number(result.rows[0]?.n ?? 0) <= SPARSE_LISTINGS;
  };
  const onListing = listingConditions(filter);
  const condition = onListing.length ? and(...onListing)! : undefined;
  return {
    // A channel alone holds most SKUs: only a status makes a listing filter narrow.
    onListing: condition ? { condition, sparse: filter.status !== undefined && (await fewer(condition)) } : undefined,
    failing:
      filter.withErrors !== undefined
        ? { condition: failingListing, sparse: filter.withErrors && (await fewer(failingListing)) }
        : undefined,
  };
}

/**
 * The one listing condition that picks a filter's rows, when it is narrow and nothing else filters:
 * then a page sorted by SKU is cut from the listings alone (see listingOrderedRowsSql).
 */
export function onlySparseCondition(filter: CatalogueFilter, plan: CataloguePlan): SQL | undefined {
  const parts = [plan.onListing, plan.failing].filter((part) => part !== undefined);
  const [part] = parts;
  if (filter.q || filter.tag || filter.outOfStock !== undefined || parts.length !== 1 || !part!.sparse)
    return undefined;
  // "Without errors" is a listing that does not fail: not something a listing index can pick.
  if (part === plan.failing && filter.withErrors !== true) return undefined;
  return part!.condition;
}

/** The product side: `p` is a product of the account, from `from` (products, joined to the few products a sparse filter picked). */
export function productSide(
  accountId: string,
  filter: CatalogueFilter,
  plan: CataloguePlan,
): { ctes: SQL[]; from: SQL; where: SQL } {
  const ctes: SQL[] = [];
  const picked: string[] = [];
  const where: SQL[] = [sql`p.account_id = ${accountId}`];
  if (filter.q) {
    const anywhere = `%${likeEscape(filter.q)}%`;
    const prefix = `${likeEscape(filter.q)}%`;
    where.push(
      sql`(p.sku ilike ${anywhere} or p.title ilike ${anywhere} or p.brand ilike ${anywhere} or p.gtin like ${prefix})`,
    );
  }
  if (filter.tag) {
    // Tags are a product's few labels: a look at each product's own array (no index serves any-case equality).
    where.push(sql`exists (select 1 from unnest(p.tags) as tag where lower(tag) = lower(${filter.tag}))`);
  }
  if (filter.outOfStock !== undefined)
    where.push(
      filter.outOfStock ? sql`greatest(p.on_hand - p.committed, 0) = 0` : sql`greatest(p.on_hand - p.committed, 0) > 0`,
    );
  for (const [name, part, wanted] of [
    ['picked_listing', plan.onListing, true],
    ['picked_failing', plan.failing, filter.withErrors ?? true],
  ] as const) {
    if (!part) continue;
    if (part.sparse && wanted) {
      ctes.push(
        sql`${sql.raw(name)} as materialized (select distinct l.product_id as id from listings l where l.account_id = ${accountId} and l.product_id is not null and ${part.condition} and ${liveChannel})`,
      );
      picked.push(name);
    } else {
      const exists = sql`exists (select 1 from listings l where l.account_id = ${accountId} and l.product_id = p.id and ${part.condition} and ${liveChannel})`;
      where.push(wanted ? exists : sql`not ${exists}`);
    }
  }
  // The few picked products, each read by its key: a lateral join (kept apart by its limit), never a scan of every product to hash.
  const from = picked.length
    ? sql.raw(
        `${picked[0]}${picked
          .slice(1)
          .map((name) => ` join ${name} on ${name}.id = ${picked[0]}.id`)
          .join('')} cross join lateral (select * from products p0 where p0.id = ${picked[0]}.id limit 1) p`,
      )
    : sql`products p`;
  return { ctes, from, where: and(...where)! };
}

export const withCtes = (ctes: SQL[]) => (ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``);

/** The side of SKUs only targets have: `o` is one such SKU (no product), from its listings `l`. */
export function unlinkedWhere(accountId: string, filter: CatalogueFilter): SQL | undefined {
  // Without a product there is no stock and no tag: such a SKU is neither out of stock nor in stock, nor tagged.
  if (filter.outOfStock !== undefined || filter.tag) return undefined;
  const where: SQL[] = [sql`true`];
  if (filter.q) where.push(sql`o.sku ilike ${`%${likeEscape(filter.q)}%`}`);
  const onListing = listingConditions(filter);
  const ofSku = sql`l.account_id = ${accountId} and l.product_id is null and l.sku = o.sku`;
  if (onListing.length)
    where.push(sql`exists (select 1 from listings l where ${ofSku} and ${and(...onListing, liveChannel)})`);
  if (filter.withErrors !== undefined) {
    const failing = sql`exists (select 1 from listings l where ${ofSku} and ${failingListing} and ${liveChannel})`;
    where.push(filter.withErrors ? failing : sql`not ${failing}`);
  }
  return and(...where)!;
}

/** The SKUs of the account only targets have (listings without a product, on connected channels). */
export const unlinkedSkus = (accountId: string) => sql`
  select l.sku, max(l.updated_at) as updated_at
  from listings l
  where l.account_id = ${accountId} and l.product_id is null and ${liveChannel}
    -- A probe per listing (a few hundred at most), by key: as an anti join the planner may hash every product instead.
    and (select p.id from products p where p.account_id = ${accountId} and p.sku = l.sku limit 1) is null
  group by l.sku`;
