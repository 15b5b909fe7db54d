import { and, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { executeAsPlanned, executeWithKeptPlan } from '../kept-plans.ts';
import {
  accounts,
  changes,
  channels,
  listingDrift,
  listings,
  listingWrites,
  products,
  type ChangeCause,
  type ChangeField,
  type ChannelKind,
  type ChannelRole,
  type ListingStatus,
  type ListingWriteStatus,
} from '../schema/index.ts';

export interface ProductInput {
  sku: string;
  title: string;
  description: string | null;
  brand: string | null;
  gtin: string | null;
  images: string[];
  attributes: Record<string, unknown>;
  price: string | null;
  currency: string | null;
  /** Null when the marketplace did not say (the stored value stays). */
  onHand: number | null;
}

/**
 * Upserts a page of the main channel's products, read at `readAt`; answers their ids by SKU. A
 * price or on hand read before the one a product holds stays as it is (two reads stored out of
 * order). Safe to repeat.
 */
export async function upsertProducts(
  db: Db,
  accountId: string,
  sourceChannelId: string,
  items: ProductInput[],
  readAt: Date,
  at: Date,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  // The main channel's stock is the truth; where it did not say, a product keeps the stock it had.
  for (const [group, knowsStock] of [
    [items.filter((i) => i.onHand !== null), true],
    [items.filter((i) => i.onHand === null), false],
  ] as const) {
    if (group.length === 0) continue;
    const rows = await db
      .insert(products)
      .values(
        group.map((i) => ({
          accountId,
          sourceChannelId,
          ...i,
          onHand: i.onHand ?? 0,
          priceReadAt: readAt,
          ...(knowsStock ? { stockReadAt: readAt } : {}),
          importedAt: at,
          updatedAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [products.accountId, products.sku],
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          brand: sql`excluded.brand`,
          gtin: sql`excluded.gtin`,
          images: sql`excluded.images`,
          attributes: sql`excluded.attributes`,
          price: sql`case when ${readNoOlderThan(products.priceReadAt)} then excluded.price else ${products.price} end`,
          currency: sql`excluded.currency`,
          priceReadAt: sql`greatest(${products.priceReadAt}, excluded.price_read_at)`,
          sourceChannelId: sql`excluded.source_channel_id`,
          ...(knowsStock
            ? {
                onHand: sql`case when ${readNoOlderThan(products.stockReadAt)} then excluded.on_hand else ${products.onHand} end`,
                stockReadAt: sql`greatest(${products.stockReadAt}, excluded.stock_read_at)`,
              }
            : {}),
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ id: products.id, sku: products.sku });
    rows.forEach((r) => ids.set(r.sku, r.id));
  }
  return ids;
}

/** In an upsert of products: the row proposed was read no earlier than the one stored (or nothing was stored as read). */
const readNoOlderThan = (column: typeof products.priceReadAt | typeof products.stockReadAt) =>
  sql`(${column} is null or excluded.${sql.identifier(column.name)} >= ${column})`;

export interface ListingInput {
  sku: string;
  marketplaceId: string | null;
  status: ListingStatus;
  quantity: number | null;
  price: string | null;
}

/** Upserts what a channel holds; `productIds` links them to the catalogue (a SKU the main lacks stays unlinked). */
export async function upsertListings(
  db: Db,
  accountId: string,
  channelId: string,
  items: ListingInput[],
  productIds: Map<string, string>,
  at: Date,
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(listings)
    .values(
      items.map((i) => ({
        accountId,
        channelId,
        productId: productIds.get(i.sku) ?? null,
        sku: i.sku,
        marketplaceId: i.marketplaceId,
        status: i.status,
        confirmedQuantity: i.quantity,
        confirmedPrice: i.price,
        confirmedAt: at,
        updatedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [listings.channelId, listings.sku],
      set: {
        productId: sql`excluded.product_id`,
        marketplaceId: sql`coalesce(excluded.marketplace_id, ${listings.marketplaceId})`,
        status: sql`excluded.status`,
        confirmedQuantity: sql`excluded.confirmed_quantity`,
        confirmedPrice: sql`excluded.confirmed_price`,
        confirmedAt: sql`excluded.confirmed_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The account's product ids by SKU, for linking a target's listings. */
export async function productIdsBySku(db: Db, accountId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(eq(products.accountId, accountId));
  return new Map(rows.map((r) => [r.sku, r.id]));
}

export async function markSynced(db: Db, accountId: string, channelId: string, at: Date): Promise<void> {
  await db
    .update(channels)
    .set({ lastSyncAt: at })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

/**
 * The account's currency, as a value for a statement: that of its products (a catalogue is priced in
 * one), null while none has one. `accountId` is a value, or a column of a statement that joins
 * tables: drizzle writes a column of a one-table select without its table, which the subquery would
 * take for its own products.account_id.
 */
export const currencyOfAccount = (accountId: SQLWrapper | string) =>
  sql<
    string | null
  >`(select ${products.currency} from ${products} where ${products.accountId} = ${accountId} and ${products.currency} is not null limit 1)`;

/** The currency the account's main channel prices in (the catalogue's), for price pushes. */
export async function accountCurrency(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ currency: currencyOfAccount(accountId) })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.currency ?? null;
}

export async function productCount(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.accountId, accountId));
  return row?.n ?? 0;
}

export interface StoredProduct {
  id: string;
  sku: string;
  onHand: number;
  price: string | null;
  /** When the price held was read from the main channel (null: never read, or not since this was added). */
  priceReadAt: Date | null;
}

export async function productsBySku(db: Db, accountId: string, skus: string[]): Promise<Map<string, StoredProduct>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      onHand: products.onHand,
      price: products.price,
      priceReadAt: products.priceReadAt,
    })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.sku, skus)));
  return new Map(rows.map((r) => [r.sku, r]));
}

export interface StoredListing {
  id: string;
  sku: string;
  productId: string | null;
  confirmedQuantity: number | null;
  confirmedPrice: string | null;
  desiredQuantity: number | null;
  desiredPrice: string | null;
  status: ListingStatus;
  /** The seller holds it off sale: its status is the seller's, not what a read finds. */
  takenOffSale: boolean;
  /** A value of ours is on its way there: what the channel shows now may be before or after it. */
  writeInFlight: boolean;
  confirmedAt: Date | null;
}

export async function listingsBySku(db: Db, channelId: string, skus: string[]): Promise<Map<string, StoredListing>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({
      id: listings.id,
      sku: listings.sku,
      productId: listings.productId,
      confirmedQuantity: listings.confirmedQuantity,
      confirmedPrice: listings.confirmedPrice,
      desiredQuantity: listings.desiredQuantity,
      desiredPrice: listings.desiredPrice,
      status: listings.status,
      takenOffSale: sql<boolean>`${listings.takenOffSaleAt} is not null`,
      // Names written out: in a one-table select drizzle leaves columns unqualified, and inside the
      // subquery "id" would be the write's own id (the probe then never finds anything).
      writeInFlight: sql<boolean>`exists (select 1 from listing_writes in_flight where in_flight.listing_id = listings.id and in_flight.status in ('sending', 'submitted', 'accepted'))`,
      confirmedAt: listings.confirmedAt,
    })
    .from(listings)
    .where(and(eq(listings.channelId, channelId), inArray(listings.sku, skus)));
  return new Map(rows.map((r) => [r.sku, r]));
}

/**
 * What reconciliation found a listing holding becomes what it was last confirmed to hold, unless a
 * value of ours was confirmed or sent since it was looked at (`unchangedSince`): then what was found
 * may be older than that value, and nothing is set. Answers whether it was set.
 */
export async function setConfirmed(
  db: Db,
  listingId: string,
  values: { quantity?: number | null; price?: string | null; status?: ListingStatus },
  at: Date,
  unchangedSince?: { confirmedAt: Date | null },
): Promise<boolean> {
  const unchanged = unchangedSince
    ? [
        unchangedSince.confirmedAt === null
          ? isNull(listings.confirmedAt)
          : eq(listings.confirmedAt, unchangedSince.confirmedAt),
        sql`not exists (select 1 from ${listingWrites} where ${listingWrites.listingId} = ${listings.id} and ${listingWrites.status} in ('sending', 'submitted', 'accepted'))`,
      ]
    : [];
  const set = await db
    .update(listings)
    .set({
      ...(values.quantity !== undefined ? { confirmedQuantity: values.quantity } : {}),
      ...(values.price !== undefined ? { confirmedPrice: values.price } : {}),
      ...(values.status ? { status: values.status } : {}),
      confirmedAt: at,
      updatedAt: at,
    })
    .where(and(eq(listings.id, listingId), ...unchanged))
    .returning({ id: listings.id });
  return set.length > 0;
}

/** Opens (or refreshes) a drift entry for a value changed by hand on a target channel. */
export async function openDrift(
  db: Db,
  input: {
    accountId: string;
    channelId: string;
    listingId: string;
    sku: string;
    field: 'price' | 'quantity';
    expected: string | null;
    found: string | null;
  },
  at: Date,
): Promise<void> {
  await db
    .insert(listingDrift)
    .values({ ...input, detectedAt: at })
    .onConflictDoUpdate({
      target: [listingDrift.listingId, listingDrift.field],
      targetWhere: sql`${listingDrift.resolvedAt} is null`,
      set: { found: sql`excluded.found`, detectedAt: sql`excluded.detected_at` },
    });
}

/** Links listings read before their product existed (a target read before the main), by SKU. */
export async function linkListingsToProducts(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`
    update ${listings} set product_id = p.id, updated_at = now()
    from ${products} p
    where ${listings.accountId} = ${accountId} and ${listings.productId} is null and p.account_id = ${accountId} and p.sku = ${listings.sku}`);
}

export interface OpenDrift {
  id: string;
  channelId: string;
  channelKind: 'amazon' | 'walmart' | 'ebay' | 'shopify';
  listingId: string;
  productId: string | null;
  sku: string;
  field: 'price' | 'quantity';
  expected: string | null;
  found: string | null;
  detectedAt: Date;
}

const driftColumns = {
  id: listingDrift.id,
  channelId: listingDrift.channelId,
  channelKind: channels.kind,
  listingId: listingDrift.listingId,
  productId: listings.productId,
  sku: listingDrift.sku,
  field: listingDrift.field,
  expected: listingDrift.expected,
  found: listingDrift.found,
  detectedAt: listingDrift.detectedAt,
};

export async function listOpenDrift(db: Db, accountId: string, limit = 500): Promise<OpenDrift[]> {
  return db
    .select(driftColumns)
    .from(listingDrift)
    .innerJoin(channels, eq(channels.id, listingDrift.channelId))
    .innerJoin(listings, eq(listings.id, listingDrift.listingId))
    .where(and(eq(listingDrift.accountId, accountId), isNull(listingDrift.resolvedAt)))
    .orderBy(desc(listingDrift.detectedAt))
    .limit(limit);
}

/** An open drift entry of the account, locked for its resolution. */
export async function lockOpenDrift(db: Db, accountId: string, driftId: string): Promise<OpenDrift | undefined> {
  const [row] = await db
    .select(driftColumns)
    .from(listingDrift)
    .innerJoin(channels, eq(channels.id, listingDrift.channelId))
    .innerJoin(listings, eq(listings.id, listingDrift.listingId))
    .where(and(eq(listingDrift.id, driftId), eq(listingDrift.accountId, accountId), isNull(listingDrift.resolvedAt)))
    .for('update', { of: listingDrift });
  return row;
}

export async function resolveDrift(
  db: Db,
  driftId: string,
  resolution: 'accepted' | 'overwritten',
  userId: string | null,
  at: Date,
): Promise<void> {
  await db
    .update(listingDrift)
    .set({ resolvedAt: at, resolution, resolvedBy: userId })
    .where(eq(listingDrift.id, driftId));
}

/** The listing's own price there; when it is what the channel holds already, it is also what we ask for. */
export async function setPriceOverride(db: Db, listingId: string, price: string | null, at: Date): Promise<void> {
  await db
    .update(listings)
    .set({
      priceOverride: price,
      ...(price !== null
        ? {
            desiredPrice: sql`case when ${listings.confirmedPrice} = ${price}::numeric then ${price}::numeric else ${listings.desiredPrice} end`,
          }
        : {}),
      updatedAt: at,
    })
    .where(eq(listings.id, listingId));
}

/** Listings of these channels of the account: what a reconciliation will read. */
export async function listingCount(db: Db, accountId: string, channelIds: string[]): Promise<number> {
  if (channelIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.accountId, accountId), inArray(listings.channelId, channelIds)));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// The catalogue as the Listings page reads it: one row per SKU (the account's products, and SKUs
// found only on targets), a chip per listing on a connected channel, filtered, sorted and paged.
// ---------------------------------------------------------------------------------------------

export interface CatalogueFilter {
  /** Any part of SKU, title or brand (any case), or the beginning of a GTIN. */
  q?: string;
  channelId?: string;
  status?: ListingStatus;
  outOfStock?: boolean;
  withErrors?: boolean;
}
export const catalogueSortValues = ['sku', 'title', 'available', 'updated'] as const;
export type CatalogueSort = (typeof catalogueSortValues)[number];
export type SortOrder = 'asc' | 'desc';

/** A row's place in the order: its sort value (as text, exact) and its SKU; the next batch starts after it. */
export interface CatalogueCursor {
  key: string;
  sku: string;
}

export interface CatalogueRowRecord {
  productId: string | null;
  sku: string;
  title: string | null;
  imageUrl: string | null;
  brand: string | null;
  gtin: string | null;
  onHand: number | null;
  committed: number | null;
  available: number | null;
  cursor: CatalogueCursor;
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Listings on channels still connected: disconnected channels keep their rows but show nothing. */
const liveChannel = sql`exists (select 1 from channels c where c.id = l.channel_id and c.status <> 'disconnected')`;

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
function onlySparseCondition(filter: CatalogueFilter, plan: CataloguePlan): SQL | undefined {
  const parts = [plan.onListing, plan.failing].filter((part) => part !== undefined);
  const [part] = parts;
  if (filter.q || filter.outOfStock !== undefined || parts.length !== 1 || !part!.sparse) return undefined;
  // "Without errors" is a listing that does not fail: not something a listing index can pick.
  if (part === plan.failing && filter.withErrors !== true) return undefined;
  return part!.condition;
}

/** The product side: `p` is a product of the account, from `from` (products, joined to the few products a sparse filter picked). */
function productSide(
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

const withCtes = (ctes: SQL[]) => (ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``);

/** The side of SKUs only targets have: `o` is one such SKU (no product), from its listings `l`. */
function unlinkedWhere(accountId: string, filter: CatalogueFilter): SQL | undefined {
  // Without a product there is no stock: such a SKU is neither out of stock nor in stock.
  if (filter.outOfStock !== undefined) return undefined;
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
const unlinkedSkus = (accountId: string) => sql`
  select l.sku, max(l.updated_at) as updated_at
  from listings l
  where l.account_id = ${accountId} and l.product_id is null and ${liveChannel}
    -- A probe per listing (a few hundred at most), by key: as an anti join the planner may hash every product instead.
    and (select p.id from products p where p.account_id = ${accountId} and p.sku = l.sku limit 1) is null
  group by l.sku`;

/**
 * The sort value of each side. Never null, so a cursor compares simply: a SKU without a product
 * sorts by its SKU for the title, as nothing available (-1, before 0) and by its last listing change.
 */
const sortExpressions: Record<CatalogueSort, { product: SQL; unlinked: SQL; type: SQL }> = {
  sku: { product: sql`p.sku`, unlinked: sql`o.sku`, type: sql`text` },
  title: { product: sql`p.title`, unlinked: sql`o.sku`, type: sql`text` },
  available: { product: sql`greatest(p.on_hand - p.committed, 0)`, unlinked: sql`-1`, type: sql`integer` },
  updated: { product: sql`p.updated_at`, unlinked: sql`o.updated_at`, type: sql`timestamptz` },
};

interface RawRow {
  product_id: string | null;
  sku: string;
  sort_key: string;
  title: string | null;
  image_url: string | null;
  brand: string | null;
  gtin: string | null;
  on_hand: number | null;
  committed: number | null;
  available: number | null;
}

/** The statement of one page (offset) or batch (after a cursor) of rows, ordered; `sort_value` is the sort's own value. */
function catalogueRowsSql(
  accountId: string,
  filter: CatalogueFilter,
  sort: CatalogueSort,
  order: SortOrder,
  window: { limit: number; offset?: number; after?: CatalogueCursor },
  plan: CataloguePlan,
): SQL {
  const sparse = sort === 'sku' ? onlySparseCondition(filter, plan) : undefined;
  if (sparse) return listingOrderedRowsSql(accountId, sparse, order, window);
  const side = productSide(accountId, filter, plan);
  const by = sortExpressions[sort];
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  const beyond = (key: SQL, sku: SQL) => {
    if (!window.after) return sql`true`;
    const cursor = sql`(${window.after.key}::${by.type}, ${window.after.sku}::text)`;
    return order === 'asc' ? sql`(${key}, ${sku}) > ${cursor}` : sql`(${key}, ${sku}) < ${cursor}`;
  };
  const unlinked = unlinkedWhere(accountId, filter);
  const unlinkedPart = unlinked
    ? sql`
      union all
      (select null::uuid as product_id, o.sku, ${by.unlinked} as sort_value, null::text as title, null::text as image_url, null::text as brand, null::text as gtin,
              null::integer as on_hand, null::integer as committed, null::integer as available
       from (${unlinkedSkus(accountId)}) o
       where ${unlinked} and ${beyond(by.unlinked, sql`o.sku`)}
       order by 3 ${direction}, 2 ${direction}
       limit ${window.limit + (window.offset ?? 0)})`
    : sql``;
  return sql`
    ${withCtes(side.ctes)}select product_id, sku, sort_value, sort_value::text as sort_key, title, image_url, brand, gtin, on_hand, committed, available from (
      (select p.id as product_id, p.sku, ${by.product} as sort_value, p.title, p.images->>0 as image_url, p.brand, p.gtin,
              p.on_hand, p.committed, greatest(p.on_hand - p.committed, 0) as available
       from ${side.from}
       where ${side.where} and ${beyond(by.product, sql`p.sku`)}
       order by 3 ${direction}, 2 ${direction}
       limit ${window.limit + (window.offset ?? 0)})
      ${unlinkedPart}
    ) rows
    order by sort_value ${direction}, sku ${direction}
    limit ${window.limit} offset ${window.offset ?? 0}`;
}

/**
 * A page sorted by SKU when one narrow listing condition picks its rows (a status, "with errors"):
 * a row's SKU is its listings', so the matching listings are ordered by SKU and cut to the page
 * before any product is read. Products and SKUs only targets have come from the same listings (a
 * listing without a product stands for its SKU when no product has that SKU), so a deep page of
 * 2,000 matches reads 50 products, not 2,000.
 */
function listingOrderedRowsSql(
  accountId: string,
  condition: SQL,
  order: SortOrder,
  window: { limit: number; offset?: number; after?: CatalogueCursor },
): SQL {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  const after = !window.after
    ? sql``
    : order === 'asc'
      ? sql`and l.sku > ${window.after.sku}`
      : sql`and l.sku < ${window.after.sku}`;
  return sql`
    with picked as materialized (
      select distinct on (l.sku) l.sku, l.product_id
      from listings l
      where l.account_id = ${accountId} and ${condition} and ${liveChannel} ${after}
        and (l.product_id is not null or (select p.id from products p where p.account_id = ${accountId} and p.sku = l.sku limit 1) is null)
      -- A SKU's listing with a product first: that row is the product's.
      order by l.sku ${direction}, l.product_id nulls last
      limit ${window.limit} offset ${window.offset ?? 0})
    select p.id as product_id, picked.sku, picked.sku as sort_value, picked.sku as sort_key, p.title, p.images->>0 as image_url, p.brand, p.gtin,
           p.on_hand, p.committed, case when p.id is null then null else greatest(p.on_hand - p.committed, 0) end as available
    from picked left join lateral (select * from products p0 where p0.id = picked.product_id and p0.account_id = ${accountId} limit 1) p on true
    order by picked.sku ${direction}`;
}

const toRowRecord = (r: RawRow): CatalogueRowRecord => ({
  productId: r.product_id,
  sku: r.sku,
  title: r.title,
  imageUrl: r.image_url,
  brand: r.brand,
  gtin: r.gtin,
  onHand: r.on_hand,
  committed: r.committed,
  available: r.available,
  cursor: { key: r.sort_key, sku: r.sku },
});

/**
 * One page (offset) or one batch (after a cursor) of rows. Products and SKUs only on targets are
 * each read in the order asked (the product side from an index), then merged.
 */
export async function catalogueRows(
  db: Db,
  accountId: string,
  filter: CatalogueFilter,
  sort: CatalogueSort,
  order: SortOrder,
  window: { limit: number; offset?: number; after?: CatalogueCursor },
  plan?: CataloguePlan,
): Promise<CatalogueRowRecord[]> {
  const statement = catalogueRowsSql(
    accountId,
    filter,
    sort,
    order,
    window,
    plan ?? (await planCatalogueFilter(db, accountId, filter)),
  );
  const result = (await db.execute(statement)) as unknown as { rows: RawRow[] };
  return result.rows.map(toRowRecord);
}

/** A listing as the page's statement builds it (json: prices as text, so "19.90" stays). */
interface ListingJson {
  listing_id: string;
  product_id: string | null;
  sku: string;
  channel_id: string;
  channel_kind: ChannelKind;
  channel_role: ChannelRole;
  status: ListingStatus;
  price: string | null;
  quantity: number | null;
  desired_price: string | null;
  desired_quantity: number | null;
  push_pending: boolean;
  last_error: string | null;
  marketplace_id: string | null;
  price_override: string | null;
  confirmed_at: string | null;
  taken_off_sale: boolean;
}

/** The listings of one row (by its product, or by its SKU when it has none), main channel first, as json. */
const rowListingsJson = (accountId: string) => {
  const of = (match: SQL) => sql`(select coalesce(json_agg(json_build_object(
      'listing_id', l.id, 'product_id', l.product_id, 'sku', l.sku, 'channel_id', l.channel_id, 'channel_kind', c.kind, 'channel_role', c.role,
      'status', l.status, 'price', l.confirmed_price::text, 'quantity', l.confirmed_quantity, 'desired_price', l.desired_price::text,
      'desired_quantity', l.desired_quantity,
      'push_pending', exists (select 1 from listing_writes w where w.listing_id = l.id and w.status in ('pending', 'sending', 'submitted', 'accepted')),
      'last_error', l.last_error, 'marketplace_id', l.marketplace_id, 'price_override', l.price_override::text, 'confirmed_at', l.confirmed_at,
      'taken_off_sale', l.taken_off_sale_at is not null)
      order by c.role, c.kind, c.connected_at), '[]'::json)
    from listings l join channels c on c.id = l.channel_id
    where l.account_id = ${accountId} and c.status <> 'disconnected' and ${match})`;
  return sql`case when page.product_id is not null then ${of(sql`l.product_id = page.product_id`)} else ${of(sql`l.product_id is null and l.sku = page.sku`)} end`;
};

const fromListingJson = (l: ListingJson): CatalogueListingRecord => ({
  listingId: l.listing_id,
  productId: l.product_id,
  sku: l.sku,
  channelId: l.channel_id,
  channelKind: l.channel_kind,
  channelRole: l.channel_role,
  status: l.status,
  price: l.price,
  quantity: l.quantity,
  desiredPrice: l.desired_price,
  desiredQuantity: l.desired_quantity,
  pushPending: l.push_pending,
  lastError: l.last_error,
  marketplaceId: l.marketplace_id,
  priceOverride: l.price_override,
  confirmedAt: l.confirmed_at === null ? null : new Date(l.confirmed_at),
  takenOffSale: l.taken_off_sale,
});

/**
 * A page of rows with each row's listings and the catalogue's version, in one statement: a page is
 * asked for on every scroll and every live update, and each round trip to the database costs the
 * web process more than the page's own reading does.
 */
export async function cataloguePageRows(
  db: Db,
  accountId: string,
  filter: CatalogueFilter,
  sort: CatalogueSort,
  order: SortOrder,
  window: { limit: number; offset: number },
  plan: CataloguePlan,
): Promise<{ rows: Array<CatalogueRowRecord & { listings: CatalogueListingRecord[] }> } & CatalogueState> {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  // The version is read first (its own CTE, always one row): rows and count then belong to it or a later one.
  const result = await (filter.q ? executeAsPlanned : executeWithKeptPlan)<
    RawRow & CatalogueState & { listings: ListingJson[] | null }
  >(
    db,
    sql`
    with version as materialized (${catalogueStateSql(accountId)}),
         page as materialized (${catalogueRowsSql(accountId, filter, sort, order, window, plan)})
    select version.version, version.settled, page.product_id, page.sku, page.sort_key, page.title, page.image_url, page.brand, page.gtin, page.on_hand, page.committed, page.available,
           ${rowListingsJson(accountId)} as listings
    from version left join page on true
    order by page.sort_value ${direction}, page.sku ${direction}`,
  );
  const version = result.rows[0]?.version ?? '';
  const settled = result.rows[0]?.settled ?? false;
  const rows = result.rows
    .filter((r) => r.sku !== null)
    .map((r) => ({ ...toRowRecord(r), listings: (r.listings ?? []).map(fromListingJson) }));
  return { rows, version, settled };
}

/** How many rows the filter keeps. */
export async function catalogueCount(
  db: Db,
  accountId: string,
  filter: CatalogueFilter,
  plan?: CataloguePlan,
): Promise<number> {
  const side = productSide(accountId, filter, plan ?? (await planCatalogueFilter(db, accountId, filter)));
  const unlinked = unlinkedWhere(accountId, filter);
  const result = await (filter.q ? executeAsPlanned : executeWithKeptPlan)<{ n: number }>(
    db,
    sql`
    ${withCtes(side.ctes)}select ((select count(*) from ${side.from} where ${side.where})
      + ${unlinked ? sql`(select count(*) from (${unlinkedSkus(accountId)}) o where ${unlinked})` : sql`0`})::int as n`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

export interface CatalogueListingRecord {
  listingId: string;
  productId: string | null;
  sku: string;
  channelId: string;
  channelKind: ChannelKind;
  channelRole: ChannelRole;
  status: ListingStatus;
  price: string | null;
  quantity: number | null;
  desiredPrice: string | null;
  desiredQuantity: number | null;
  pushPending: boolean;
  lastError: string | null;
  marketplaceId: string | null;
  priceOverride: string | null;
  confirmedAt: Date | null;
  /** The seller took it off sale (apart from the status the marketplace shows). */
  takenOffSale: boolean;
}

/** The listings (on connected channels) of these rows: by product, or by SKU for rows without one. Main channel first. */
export async function catalogueListings(
  db: Db,
  accountId: string,
  rows: Array<{ productId: string | null; sku: string }>,
): Promise<CatalogueListingRecord[]> {
  const productIds = rows.flatMap((r) => (r.productId ? [r.productId] : []));
  const unlinked = rows.flatMap((r) => (r.productId ? [] : [r.sku]));
  const ofRows: SQL[] = [];
  // One array parameter rather than a list of fifty: planned in a fraction of the time. Ids are uuids, safe in an array literal.
  if (productIds.length) ofRows.push(sql`${listings.productId} = any(${`{${productIds.join(',')}}`}::uuid[])`);
  if (unlinked.length) ofRows.push(and(isNull(listings.productId), inArray(listings.sku, unlinked))!);
  if (ofRows.length === 0) return [];
  return db
    .select({
      listingId: listings.id,
      productId: listings.productId,
      sku: listings.sku,
      channelId: listings.channelId,
      channelKind: channels.kind,
      channelRole: channels.role,
      status: listings.status,
      price: listings.confirmedPrice,
      quantity: listings.confirmedQuantity,
      desiredPrice: listings.desiredPrice,
      desiredQuantity: listings.desiredQuantity,
      // Names written out: the subquery's own "listing_writes" columns would shadow unqualified ones.
      pushPending: sql<boolean>`exists (select 1 from listing_writes w where w.listing_id = "listings"."id" and w.status in ('pending', 'sending', 'submitted', 'accepted'))`,
      lastError: listings.lastError,
      marketplaceId: listings.marketplaceId,
      priceOverride: listings.priceOverride,
      confirmedAt: listings.confirmedAt,
      takenOffSale: sql<boolean>`"listings"."taken_off_sale_at" is not null`,
    })
    .from(listings)
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .where(and(eq(listings.accountId, accountId), ne(channels.status, 'disconnected'), or(...ofRows)))
    .orderBy(channels.role, channels.kind, channels.connectedAt);
}

/** One SKU's row: its product, or the SKU as only targets have it. */
export async function catalogueRowBySku(
  db: Db,
  accountId: string,
  sku: string,
): Promise<(CatalogueRowRecord & { product: ProductDetail | null }) | undefined> {
  const [product] = await db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      brand: products.brand,
      gtin: products.gtin,
      description: products.description,
      price: products.price,
      currency: products.currency,
      cost: products.cost,
      images: products.images,
      attributes: products.attributes,
      onHand: products.onHand,
      committed: products.committed,
    })
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.sku, sku)));
  if (product) {
    const available = Math.max(0, product.onHand - product.committed);
    return {
      productId: product.id,
      sku: product.sku,
      title: product.title,
      imageUrl: product.images[0] ?? null,
      brand: product.brand,
      gtin: product.gtin,
      onHand: product.onHand,
      committed: product.committed,
      available,
      cursor: { key: product.sku, sku: product.sku },
      product: {
        description: product.description,
        price: product.price,
        currency: product.currency,
        cost: product.cost,
        images: product.images,
        attributes: product.attributes,
      },
    };
  }
  const [listing] = await db
    .select({ sku: listings.sku })
    .from(listings)
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .where(
      and(
        eq(listings.accountId, accountId),
        isNull(listings.productId),
        eq(listings.sku, sku),
        ne(channels.status, 'disconnected'),
      ),
    )
    .limit(1);
  if (!listing) return undefined;
  return {
    productId: null,
    sku,
    title: null,
    imageUrl: null,
    brand: null,
    gtin: null,
    onHand: null,
    committed: null,
    available: null,
    cursor: { key: sku, sku },
    product: null,
  };
}

export interface ProductDetail {
  description: string | null;
  price: string | null;
  currency: string | null;
  cost: string | null;
  images: string[];
  attributes: Record<string, unknown>;
}

export interface ChangeRecord {
  id: string;
  at: Date;
  cause: ChangeCause;
  field: ChangeField;
  sku: string;
  channelId: string | null;
  channelKind: ChannelKind | null;
  before: string | null;
  after: string | null;
  causeRef: string | null;
}

/** A SKU's changes, newest first. */
export async function skuChanges(db: Db, accountId: string, sku: string, limit: number): Promise<ChangeRecord[]> {
  return db
    .select({
      id: changes.id,
      at: changes.createdAt,
      cause: changes.cause,
      field: changes.field,
      sku: changes.sku,
      channelId: changes.channelId,
      channelKind: channels.kind,
      before: changes.before,
      after: changes.after,
      causeRef: changes.causeRef,
    })
    .from(changes)
    .leftJoin(channels, eq(channels.id, changes.channelId))
    .where(and(eq(changes.accountId, accountId), eq(changes.sku, sku)))
    .orderBy(desc(changes.createdAt), desc(changes.id))
    .limit(limit);
}

export interface ChangeWriteRecord {
  changeId: string;
  channelId: string;
  channelKind: ChannelKind;
  status: ListingWriteStatus;
  attempts: number;
  message: string | null;
}

/** The writes these changes led to: each change's result per channel. */
export async function writesOfChanges(db: Db, accountId: string, changeIds: string[]): Promise<ChangeWriteRecord[]> {
  if (changeIds.length === 0) return [];
  const rows = await db
    .select({
      changeId: listingWrites.changeId,
      channelId: listingWrites.channelId,
      channelKind: channels.kind,
      status: listingWrites.status,
      attempts: listingWrites.attempts,
      message: listingWrites.message,
    })
    .from(listingWrites)
    .innerJoin(channels, eq(channels.id, listingWrites.channelId))
    .where(and(eq(listingWrites.accountId, accountId), inArray(listingWrites.changeId, changeIds)))
    .orderBy(listingWrites.createdAt);
  return rows.flatMap((r) => (r.changeId ? [{ ...r, changeId: r.changeId }] : []));
}

/**
 * How long after its stamp a change may still commit: a change is stamped when its transaction (or
 * the job that makes it) starts, and is seen once it commits. The live feed reaches back this far,
 * and a catalogue whose latest change is older than this is settled.
 */
export const LATE_COMMIT_MS = 3000;

export interface CatalogueState {
  /**
   * The account's catalogue's version: per table (products, listings) its latest stamp and a digest
   * (sum and count) of every stamp within LATE_COMMIT_MS before it; the channels' stamps; how many
   * channels are connected. A change committed after the version was read either stamps later than
   * its latest stamp, or (committing late) stamps inside that window and changes its digest: either
   * way the version is a new one.
   */
  version: string;
  /** The latest change is older than LATE_COMMIT_MS: the catalogue is not changing now. */
  settled: boolean;
}

/** The catalogue's version, each part read from an index, newest first. A count or a page read at the same version still holds. */
export async function catalogueState(db: Db, accountId: string): Promise<CatalogueState> {
  const result = await executeWithKeptPlan<CatalogueState>(db, catalogueStateSql(accountId));
  return result.rows[0] ?? { version: '', settled: false };
}

const lateCommitWindow = sql.raw(`interval '${LATE_COMMIT_MS} milliseconds'`);
/** More stamps than this within the window (a bulk change under way): no digest, the version is new on every read. */
const RECENT_STAMPS_DIGESTED = 1000;

/**
 * A table's stamps (of the account) within LATE_COMMIT_MS of its latest one: their sum to the
 * microsecond and their count. Only while that latest stamp is recent: once it is older than
 * LATE_COMMIT_MS, any change still to commit stamps later than it. Past RECENT_STAMPS_DIGESTED
 * stamps, the read's own time stands in, so that version matches no other.
 */
const recentStamps = (table: 'products' | 'listings', accountId: string, latest: SQL) =>
  sql`case when ${latest} is null or ${latest} < now() - ${lateCommitWindow} then '' else (
    select case when count(*) > ${sql.raw(String(RECENT_STAMPS_DIGESTED))} then clock_timestamp()::text else concat(sum(extract(epoch from r.updated_at)), ':', count(*)) end
    from (select r.updated_at from ${sql.raw(table)} r where r.account_id = ${accountId} and r.updated_at >= ${latest} - ${lateCommitWindow} limit ${sql.raw(String(RECENT_STAMPS_DIGESTED + 1))}) r) end`;

function catalogueStateSql(accountId: string): SQL {
  return sql`select concat_ws('|', coalesce(s.products::text, '-'), ${recentStamps('products', accountId, sql`s.products`)}, coalesce(s.listings::text, '-'), ${recentStamps('listings', accountId, sql`s.listings`)}, s.channels, s.connected::text) as version,
      coalesce(greatest(s.products, s.listings) < now() - ${lateCommitWindow}, true) as settled
    from (select
      (select p.updated_at from products p where p.account_id = ${accountId} order by p.updated_at desc limit 1) as products,
      (select l.updated_at from listings l where l.account_id = ${accountId} order by l.updated_at desc limit 1) as listings,
      (select concat(sum(extract(epoch from c.updated_at)), ':', count(*)) from channels c where c.account_id = ${accountId}) as channels,
      (select count(*) from channels c where c.account_id = ${accountId} and c.status <> 'disconnected') as connected) s`;
}

/** Listings of the account changed after `since`, oldest change first (at most `limit`): what the live catalogue refreshes. */
export async function listingsChangedSince(
  db: Db,
  accountId: string,
  since: Date,
  limit: number,
): Promise<Array<{ id: string; sku: string; updatedAt: Date }>> {
  return db
    .select({ id: listings.id, sku: listings.sku, updatedAt: listings.updatedAt })
    .from(listings)
    .where(and(eq(listings.accountId, accountId), gt(listings.updatedAt, since)))
    .orderBy(listings.updatedAt)
    .limit(limit);
}

/** The account's latest listing change: where a live feed starts. */
export async function latestListingChange(db: Db, accountId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: listings.updatedAt })
    .from(listings)
    .where(eq(listings.accountId, accountId))
    .orderBy(desc(listings.updatedAt))
    .limit(1);
  return row?.at ?? null;
}
