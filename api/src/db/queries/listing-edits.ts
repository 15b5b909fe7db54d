import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { onHandWithSellerEdits } from './stock.ts';
import { catalogueRows, type CatalogueCursor } from './catalogue-rows.ts';
import type { CatalogueFilter } from './catalogue-filter.ts';
import {
  changeBatches,
  changes,
  channels,
  listings,
  listingWrites,
  products,
  type BatchExtraValue,
  type ChangeBatchKind,
  type ChannelKind,
  type ListingStatus,
} from '../schema/index.ts';

/** How many rows of the catalogue one read takes while collecting a filter's products. */
const FILTER_BATCH = 5000;

/**
 * The account's products the catalogue's filter keeps (the catalogue's own query, read in SKU
 * order a batch at a time; SKUs only targets have are left out: a bulk edit changes products).
 */
export async function productIdsMatching(db: Db, accountId: string, filter: CatalogueFilter): Promise<string[]> {
  const ids: string[] = [];
  let after: CatalogueCursor | undefined;
  for (;;) {
    const rows = await catalogueRows(db, accountId, filter, 'sku', 'asc', {
      limit: FILTER_BATCH,
      ...(after ? { after } : {}),
    });
    for (const row of rows) if (row.productId) ids.push(row.productId);
    if (rows.length < FILTER_BATCH) return ids;
    after = rows.at(-1)!.cursor;
  }
}

export interface EditableProduct {
  id: string;
  sku: string;
  title: string;
  price: string | null;
  onHand: number;
  brand: string | null;
  gtin: string | null;
  images: string[];
  cost: string | null;
  tags: string[];
  /** The seller's own attribute values (the drawer's Attributes). */
  sellerAttributes: Record<string, string>;
}

const editableColumns = {
  id: products.id,
  sku: products.sku,
  title: products.title,
  price: products.price,
  onHand: onHandWithSellerEdits,
  brand: products.brand,
  gtin: products.gtin,
  images: products.images,
  cost: products.cost,
  tags: products.tags,
  sellerAttributes: products.sellerAttributes,
};

/**
 * The account's products among these ids (another account's ids are left out), in SKU order.
 * With `lock`, locked until the transaction ends, in id order as the planner locks them.
 */
export async function editableProducts(
  db: Db,
  accountId: string,
  ids: string[],
  options: { lock?: boolean } = {},
): Promise<EditableProduct[]> {
  if (ids.length === 0) return [];
  const found: EditableProduct[] = [];
  for (let i = 0; i < ids.length; i += 5000) {
    const query = db
      .select(editableColumns)
      .from(products)
      .where(and(eq(products.accountId, accountId), inArray(products.id, ids.slice(i, i + 5000))))
      .orderBy(asc(products.id));
    found.push(...(options.lock ? await query.for('update') : await query));
  }
  return found.sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
}

/** The account's products with these SKUs, by SKU. */
export async function editableProductsBySku(
  db: Db,
  accountId: string,
  skus: string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, EditableProduct>> {
  const bySku = new Map<string, EditableProduct>();
  for (let i = 0; i < skus.length; i += 5000) {
    const query = db
      .select(editableColumns)
      .from(products)
      .where(and(eq(products.accountId, accountId), inArray(products.sku, skus.slice(i, i + 5000))))
      .orderBy(asc(products.id));
    for (const row of options.lock ? await query.for('update') : await query) bySku.set(row.sku, row);
  }
  return bySku;
}

export interface AccountChannel {
  id: string;
  kind: ChannelKind;
  role: 'main' | 'target';
  status: string;
}

/** The account's connected channels among these ids. */
export async function accountChannels(db: Db, accountId: string, ids: string[]): Promise<AccountChannel[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: channels.id, kind: channels.kind, role: channels.role, status: channels.status })
    .from(channels)
    .where(and(eq(channels.accountId, accountId), inArray(channels.id, ids), ne(channels.status, 'disconnected')));
}

export interface ProductListing {
  listingId: string;
  productId: string;
  channelId: string;
  status: ListingStatus;
  priceOverride: string | null;
  quantityCap: number | null;
}

/** The listings of these products on these channels of the account. */
export async function productListingsOn(
  db: Db,
  accountId: string,
  productIds: string[],
  channelIds: string[],
): Promise<ProductListing[]> {
  if (productIds.length === 0 || channelIds.length === 0) return [];
  const found: ProductListing[] = [];
  for (let i = 0; i < productIds.length; i += 5000) {
    found.push(
      ...((await db
        .select({
          listingId: listings.id,
          productId: listings.productId,
          channelId: listings.channelId,
          status: listings.status,
          priceOverride: listings.priceOverride,
          quantityCap: listings.quantityCap,
        })
        .from(listings)
        .where(
          and(
            eq(listings.accountId, accountId),
            inArray(listings.productId, productIds.slice(i, i + 5000)),
            inArray(listings.channelId, channelIds),
          ),
        )) as ProductListing[]),
    );
  }
  return found;
}

/** The SKUs among these that already have a listing on the channel. */
export async function skusListedOn(db: Db, channelId: string, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .select({ sku: listings.sku })
    .from(listings)
    .where(and(eq(listings.channelId, channelId), inArray(listings.sku, skus)));
  return new Set(rows.map((r) => r.sku));
}

export interface ProductValues {
  id: string;
  price?: string | null;
  onHand?: number;
  title?: string;
  /** The seller's cost; null clears it. */
  cost?: string | null;
  tags?: string[];
  /** The seller's own attribute values, whole. */
  sellerAttributes?: Record<string, string>;
}

/** Sets products' price, on hand, title, cost, tags and the seller's attributes (each where given), one statement per page. */
export async function setProductValues(db: Db, accountId: string, items: ProductValues[], at: Date): Promise<void> {
  for (let i = 0; i < items.length; i += 1000) {
    const page = items.slice(i, i + 1000);
    const values = sql.join(
      page.map(
        (p) =>
          sql`(${p.id}::uuid, ${p.price !== undefined}::boolean, ${p.price ?? null}::numeric, ${p.onHand ?? null}::integer, ${p.title ?? null}::text,
            ${p.cost !== undefined}::boolean, ${p.cost ?? null}::numeric, ${p.tags === undefined ? null : JSON.stringify(p.tags)}::jsonb,
            ${p.sellerAttributes === undefined ? null : JSON.stringify(p.sellerAttributes)}::jsonb)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      update ${products} set
        price = case when v.set_price then v.price else ${products.price} end,
        on_hand = coalesce(v.on_hand, ${products.onHand}),
        title = coalesce(v.title, ${products.title}),
        cost = case when v.set_cost then v.cost else ${products.cost} end,
        tags = case when v.tags is null then ${products.tags} else array(select jsonb_array_elements_text(v.tags)) end,
        seller_attributes = coalesce(v.seller_attributes, ${products.sellerAttributes}),
        updated_at = ${at}
      from (values ${values}) as v(id, set_price, price, on_hand, title, set_cost, cost, tags, seller_attributes)
      where ${products.id} = v.id and ${products.accountId} = ${accountId}`);
  }
}

/**
 * Sets listings' status (the account's only). Inactive is the seller taking the listing off sale:
 * that intent is kept from then on (the first time counts). It is not cleared here when the status
 * goes back to active: the listing stays off sale until the marketplace has put it back.
 */
export async function setListingStatuses(
  db: Db,
  accountId: string,
  items: Array<{ listingId: string; status: ListingStatus }>,
  at: Date,
): Promise<void> {
  for (const status of new Set(items.map((i) => i.status))) {
    const ids = items.filter((i) => i.status === status).map((i) => i.listingId);
    for (let i = 0; i < ids.length; i += 5000) {
      await db
        .update(listings)
        .set({
          status,
          ...(status === 'inactive' ? { takenOffSaleAt: sql`coalesce(${listings.takenOffSaleAt}, ${at})` } : {}),
          updatedAt: at,
        })
        .where(and(eq(listings.accountId, accountId), inArray(listings.id, ids.slice(i, i + 5000))));
    }
  }
}

/** Sets listings' own price (null: the rules' price again), the account's only. */
export async function setPriceOverrides(
  db: Db,
  accountId: string,
  items: Array<{ listingId: string; price: string | null }>,
  at: Date,
): Promise<void> {
  for (const item of items) {
    await db
      .update(listings)
      .set({ priceOverride: item.price, updatedAt: at })
      .where(and(eq(listings.accountId, accountId), eq(listings.id, item.listingId)));
  }
}

/** Sets the most units listings may offer on their channel (null: no cap, the rules decide), the account's only. */
export async function setQuantityCaps(
  db: Db,
  accountId: string,
  items: Array<{ listingId: string; cap: number | null }>,
  at: Date,
): Promise<void> {
  for (const item of items) {
    await db
      .update(listings)
      .set({ quantityCap: item.cap, updatedAt: at })
      .where(and(eq(listings.accountId, accountId), eq(listings.id, item.listingId)));
  }
}

/** The current status of these listings (the account's only), by listing id. */
export async function listingStatuses(
  db: Db,
  accountId: string,
  listingIds: string[],
): Promise<Map<string, ListingStatus>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ id: listings.id, status: listings.status })
    .from(listings)
    .where(and(eq(listings.accountId, accountId), inArray(listings.id, listingIds)))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** New listings of products on a channel, waiting for the marketplace (an existing listing of the SKU stays as it is). */
export async function insertPendingListings(
  db: Db,
  accountId: string,
  channelId: string,
  items: Array<{ productId: string; sku: string }>,
  at: Date,
): Promise<number> {
  if (items.length === 0) return 0;
  const rows = await db
    .insert(listings)
    .values(
      items.map((p) => ({
        accountId,
        channelId,
        productId: p.productId,
        sku: p.sku,
        status: 'pending' as const,
        updatedAt: at,
      })),
    )
    .onConflictDoNothing({ target: [listings.channelId, listings.sku] })
    .returning({ id: listings.id });
  return rows.length;
}

export interface ChangeBatchRecord {
  id: string;
  kind: ChangeBatchKind;
  skus: number;
  values: number;
  extraValues: BatchExtraValue[];
  createdAt: Date;
  undoneAt: Date | null;
}

const batchColumns = {
  id: changeBatches.id,
  kind: changeBatches.kind,
  skus: changeBatches.skus,
  values: changeBatches.values,
  extraValues: changeBatches.extraValues,
  createdAt: changeBatches.createdAt,
  undoneAt: changeBatches.undoneAt,
};

export async function insertChangeBatch(
  db: Db,
  input: {
    id: string;
    accountId: string;
    kind: ChangeBatchKind;
    actorUserId: string | null;
    skus: number;
    values: number;
    extraValues: BatchExtraValue[];
  },
  at: Date,
): Promise<ChangeBatchRecord> {
  const [row] = await db
    .insert(changeBatches)
    .values({ ...input, createdAt: at })
    .returning(batchColumns);
  return row!;
}

/** The account's batch; with `lock`, held until the transaction ends (two undos of one batch go one after the other). */
export async function findChangeBatch(
  db: Db,
  accountId: string,
  batchId: string,
  options: { lock?: boolean } = {},
): Promise<ChangeBatchRecord | undefined> {
  const query = db
    .select(batchColumns)
    .from(changeBatches)
    .where(and(eq(changeBatches.id, batchId), eq(changeBatches.accountId, accountId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function markBatchUndone(db: Db, batchId: string, userId: string | null, at: Date): Promise<void> {
  await db
    .update(changeBatches)
    .set({ undoneAt: at, undoneBy: userId })
    .where(and(eq(changeBatches.id, batchId), isNull(changeBatches.undoneAt)));
}

export interface BatchChange {
  id: string;
  productId: string | null;
  /** Set for a channel's own price (its override) or its quantity cap; null for the product's values. */
  channelId: string | null;
  sku: string;
  field: 'on_hand' | 'price' | 'quantity_cap' | 'cost' | 'tags' | 'attributes';
  before: string | null;
  after: string | null;
}

/** The product values a batch changed (its changes by causeRef). */
export async function batchChanges(db: Db, accountId: string, causeRef: string): Promise<BatchChange[]> {
  return (await db
    .select({
      id: changes.id,
      productId: changes.productId,
      channelId: changes.channelId,
      sku: changes.sku,
      field: changes.field,
      before: changes.before,
      after: changes.after,
    })
    .from(changes)
    .where(
      and(
        eq(changes.accountId, accountId),
        eq(changes.cause, 'bulk_edit'),
        eq(changes.causeRef, causeRef),
        isNotNull(changes.productId),
        inArray(changes.field, ['on_hand', 'price', 'quantity_cap', 'cost', 'tags', 'attributes']),
      ),
    )
    .orderBy(asc(changes.sku), asc(changes.field))) as BatchChange[];
}

/** The writes sent to channels for a batch's changes, by outcome. */
export async function batchPushCounts(
  db: Db,
  accountId: string,
  causeRef: string,
): Promise<{ total: number; confirmed: number; failed: number; open: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      confirmed: sql<number>`(count(*) filter (where ${listingWrites.status} = 'confirmed'))::int`,
      failed: sql<number>`(count(*) filter (where ${listingWrites.status} = 'failed'))::int`,
      open: sql<number>`(count(*) filter (where ${listingWrites.status} in ('pending', 'sending', 'submitted', 'accepted')))::int`,
    })
    .from(listingWrites)
    .innerJoin(changes, eq(changes.id, listingWrites.changeId))
    .where(
      and(eq(listingWrites.accountId, accountId), eq(changes.accountId, accountId), eq(changes.causeRef, causeRef)),
    );
  return {
    total: Number(row?.total ?? 0),
    confirmed: Number(row?.confirmed ?? 0),
    failed: Number(row?.failed ?? 0),
    open: Number(row?.open ?? 0),
  };
}
