import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  liveChannel,
  onlySparseCondition,
  planCatalogueFilter,
  productSide,
  unlinkedSkus,
  unlinkedWhere,
  withCtes,
  type CatalogueFilter,
  type CataloguePlan,
} from './catalogue-filter.ts';

// The catalogue's rows in the order asked: one per SKU (the account's products, and SKUs found
// only on targets), sorted, cut to a page (offset) or a batch after a cursor (the CSV export, a
// bulk edit's products).

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

export interface RawRow {
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
export function catalogueRowsSql(
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

export const toRowRecord = (r: RawRow): CatalogueRowRecord => ({
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
