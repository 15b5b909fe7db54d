import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { executeAsPlanned, executeWithKeptPlan } from '../kept-plans.ts';
import { channels, listings, type ChannelKind, type ChannelRole, type ListingStatus } from '../schema/index.ts';
import {
  planCatalogueFilter,
  productSide,
  unlinkedSkus,
  unlinkedWhere,
  withCtes,
  type CatalogueFilter,
  type CataloguePlan,
} from './catalogue-filter.ts';
import {
  catalogueRowsSql,
  toRowRecord,
  type CatalogueRowRecord,
  type CatalogueSort,
  type RawRow,
  type SortOrder,
} from './catalogue-rows.ts';
import { catalogueStateSql, type CatalogueState } from './catalogue-version.ts';

// The catalogue as the Listings page reads it: one row per SKU (the account's products, and SKUs
// found only on targets), a chip per listing on a connected channel, filtered, sorted and paged;
// with the page, how many rows the filter keeps.

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
  quantity_cap: number | null;
  confirmed_at: string | null;
  taken_off_sale: boolean;
  channel_paused: boolean;
  currency: string | null;
  marketplace_quantity?: number | null;
}

/** The listings of one row (by its product, or by its SKU when it has none), main channel first, as json. */
const rowListingsJson = (accountId: string) => {
  const of = (match: SQL) => sql`(select coalesce(json_agg(json_build_object(
      'listing_id', l.id, 'product_id', l.product_id, 'sku', l.sku, 'channel_id', l.channel_id, 'channel_kind', c.kind, 'channel_role', c.role,
      'status', l.status, 'price', l.confirmed_price::text,
      -- The main channel sells from the stock we hold: its chip shows what is available now, so a sale there shows at once.
      'quantity', case when c.role = 'main' and c.status <> 'paused' and page.available is not null then page.available else l.confirmed_quantity end,
      'desired_price', l.desired_price::text,
      'desired_quantity', l.desired_quantity,
      'push_pending', exists (select 1 from listing_writes w where w.listing_id = l.id and w.status in ('pending', 'sending', 'submitted', 'accepted')),
      'last_error', l.last_error, 'marketplace_id', l.marketplace_id, 'price_override', l.price_override::text, 'quantity_cap', l.quantity_cap, 'confirmed_at', l.confirmed_at,
      'taken_off_sale', l.taken_off_sale_at is not null, 'channel_paused', c.status = 'paused',
      'marketplace_quantity', case when l.fulfilled_by_marketplace then coalesce(l.marketplace_quantity, 0) end,
      'currency', coalesce((select p.currency from products p where p.id = l.product_id),
        (select p.currency from products p where p.account_id = l.account_id and p.currency is not null limit 1)))
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
  quantityCap: l.quantity_cap,
  confirmedAt: l.confirmed_at === null ? null : new Date(l.confirmed_at),
  takenOffSale: l.taken_off_sale,
  channelPaused: l.channel_paused,
  currency: l.currency,
  marketplaceQuantity: l.marketplace_quantity ?? null,
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
  /** The most units the seller lets this channel offer; null: no cap. */
  quantityCap: number | null;
  confirmedAt: Date | null;
  /** The seller took it off sale (apart from the status the marketplace shows). */
  takenOffSale: boolean;
  /** Its channel is paused: what it shows was last confirmed before the pause. */
  channelPaused: boolean;
  /** The currency of its price (its product's), where known. */
  currency: string | null;
  /** Units the marketplace holds for an offer it fulfils from its own stock (FBA, WFS); null: the seller fulfils it. */
  marketplaceQuantity?: number | null;
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
      quantityCap: listings.quantityCap,
      confirmedAt: listings.confirmedAt,
      takenOffSale: sql<boolean>`"listings"."taken_off_sale_at" is not null`,
      channelPaused: sql<boolean>`${channels.status} = 'paused'`,
      marketplaceQuantity: sql<
        number | null
      >`case when ${listings.fulfilledByMarketplace} then coalesce(${listings.marketplaceQuantity}, 0) end`,
      currency: sql<
        string | null
      >`coalesce((select p.currency from products p where p.id = "listings"."product_id"), (select p.currency from products p where p.account_id = "listings"."account_id" and p.currency is not null limit 1))`,
    })
    .from(listings)
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .where(and(eq(listings.accountId, accountId), ne(channels.status, 'disconnected'), or(...ofRows)))
    .orderBy(channels.role, channels.kind, channels.connectedAt);
}
