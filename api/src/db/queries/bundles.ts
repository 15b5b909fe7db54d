import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { rowsOf, statement } from '../statements.ts';
import { bundleComponents, changes, products } from '../schema/index.ts';
import { insertChanges } from './changes.ts';

// Bundles (kits): their components, and the units each offers, kept on the bundle's product row as
// on hand (with committed 0, so available is the bundle's figure): the catalogue, the planner and
// every channel read it as any product's. A bundle holds no stock of its own: the main channel's read
// and a lock for a stock move pass it by (`notABundle`).

/** In a select of products (unaliased): the product is no bundle. */
export const notABundle = sql`not exists (select 1 from bundle_components bc where bc.bundle_product_id = "products"."id")`;

const CHUNK = 5000;

export interface BundleOfSku {
  productId: string;
  sku: string;
  components: Array<{ productId: string; sku: string; quantity: number }>;
}

/** The bundles among these SKUs, with their components (in SKU order). */
export async function bundlesOfSkus(db: Db, accountId: string, skus: string[]): Promise<Map<string, BundleOfSku>> {
  const found = new Map<string, BundleOfSku>();
  if (skus.length === 0) return found;
  const rows = await rowsOf(db, bundlesOfSkusStatement, [accountId, [...new Set(skus)]]);
  for (const row of rows) {
    const kit = found.get(row.bundleSku) ?? { productId: row.bundleProductId, sku: row.bundleSku, components: [] };
    kit.components.push({ productId: row.componentProductId, sku: row.componentSku, quantity: row.quantity });
    found.set(row.bundleSku, kit);
  }
  return found;
}

/** The bundles that are among these products or use one of them as a component. */
async function bundlesConcerned(db: Db, accountId: string, productIds: string[]): Promise<string[]> {
  const ids = new Set<string>();
  for (let i = 0; i < productIds.length; i += CHUNK) {
    const page = productIds.slice(i, i + CHUNK);
    const rows = await rowsOf(db, bundlesConcernedStatement, [accountId, page]);
    for (const row of rows) ids.add(row.id);
  }
  return [...ids].sort();
}

const bundlesOfSkusStatement = statement<{
  bundleProductId: string;
  bundleSku: string;
  componentProductId: string;
  componentSku: string;
  quantity: number;
}>(
  'bundles_of_skus',
  `select bc.bundle_product_id as "bundleProductId", bundle.sku as "bundleSku",
     bc.component_product_id as "componentProductId", component.sku as "componentSku", bc.quantity
   from bundle_components bc
   join products bundle on bundle.id = bc.bundle_product_id
   join products component on component.id = bc.component_product_id
   where bc.account_id = $1 and bundle.sku = any($2::text[])
   order by component.sku`,
);

// One statement of two lookups, each by its own index (the components' index, the key's leading bundle):
// run on every change of stock, it must not read the account's every bundle.
const bundlesConcernedStatement = statement<{ id: string }>(
  'bundles_concerned',
  `select bundle_product_id as id from bundle_components where component_product_id = any($2::uuid[]) and account_id = $1
   union
   select bundle_product_id from bundle_components where bundle_product_id = any($2::uuid[]) and account_id = $1`,
);

/**
 * The products of these SKUs that are bundles now, locked with every bundle concerned by them and by
 * these components (`recomputeBundles` locks the same ones later, held already): a sale of such a SKU
 * made before it became a bundle gives back its own units. Call it after the components' lock.
 */
export async function lockBundlesOfSkus(
  db: Db,
  accountId: string,
  skus: string[],
  componentIds: string[],
): Promise<Array<{ id: string; sku: string; onHand: number; committed: number; stockReadAt: Date | null }>> {
  if (skus.length === 0) return [];
  const ids = [...(await productIdsOfSkus(db, accountId, [...new Set(skus)])).values()];
  await lockInIdOrder(db, await bundlesConcerned(db, accountId, [...componentIds, ...ids]));
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      sku: products.sku,
      onHand: products.onHand,
      committed: products.committed,
      stockReadAt: products.stockReadAt,
    })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, ids)))
    .orderBy(asc(products.id));
}

/** Locks these products in id order (pages in the same order). */
async function lockInIdOrder(db: Db, ids: string[], where = sql`true`): Promise<void> {
  const sorted = [...ids].sort();
  for (let i = 0; i < sorted.length; i += CHUNK)
    await db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, sorted.slice(i, i + CHUNK)), where))
      .orderBy(asc(products.id))
      .for('update');
}

export interface BundleMoved {
  productId: string;
  sku: string;
  before: number;
  after: number;
}

/**
 * Recomputes what the bundles concerned by these products offer (bundles among them, and bundles using
 * one as a component): min over components of floor(available / quantity), never below 0. Answers every
 * bundle concerned (to be planned with its components) and those whose figure moved.
 *
 * Call it in the transaction that moved the components. Locks are taken components first, then
 * bundles, each in id order, as every stock move takes them (`lockStock` passes bundles by), so two
 * transactions never wait for each other in a circle. The bundles are computed in a statement after
 * their lock: a change of another component of the same bundle, committed while the lock was waited
 * for, is counted (computed in the locking statement, it would be read as it was before, and the
 * bundle could offer more than that component holds).
 */
export async function recomputeBundles(
  db: Db,
  accountId: string,
  productIds: string[],
  at: Date,
): Promise<{ bundleIds: string[]; moved: BundleMoved[] }> {
  if (productIds.length === 0) return { bundleIds: [], moved: [] };
  const bundleIds = await bundlesConcerned(db, accountId, productIds);
  if (bundleIds.length === 0) return { bundleIds, moved: [] };
  await lockInIdOrder(db, productIds, notABundle);
  await lockInIdOrder(db, bundleIds);
  const moved: BundleMoved[] = [];
  for (let i = 0; i < bundleIds.length; i += CHUNK) {
    const ids = sql.join(
      bundleIds.slice(i, i + CHUNK).map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const rows = (await db.execute(sql`
      with computed as (
        select bc.bundle_product_id as id, min(greatest(p.on_hand - p.committed, 0) / bc.quantity)::int as available
        from bundle_components bc join ${products} p on p.id = bc.component_product_id
        where bc.bundle_product_id in (${ids})
        group by bc.bundle_product_id
      ),
      stale as (
        select b.id, greatest(b.on_hand - b.committed, 0)::int as before, c.available, b.committed
        from ${products} b join computed c on c.id = b.id
        where b.on_hand - b.committed <> c.available
      )
      update ${products} set on_hand = stale.available + stale.committed, updated_at = ${at}
      from stale where ${products.id} = stale.id
      returning ${products.id} as id, ${products.sku} as sku, stale.before, stale.available as after`)) as unknown as {
      rows: Array<{ id: string; sku: string; before: number; after: number }>;
    };
    for (const row of rows.rows) moved.push({ productId: row.id, sku: row.sku, before: row.before, after: row.after });
  }
  return { bundleIds, moved };
}

export interface ComponentView {
  productId: string;
  sku: string;
  title: string;
  quantity: number;
  available: number;
}

/** A bundle's components with their available units, in SKU order. */
export async function componentsOfBundle(db: Db, accountId: string, bundleProductId: string): Promise<ComponentView[]> {
  return db
    .select({
      productId: products.id,
      sku: products.sku,
      title: products.title,
      quantity: bundleComponents.quantity,
      available: sql<number>`greatest(${products.onHand} - ${products.committed}, 0)::int`,
    })
    .from(bundleComponents)
    .innerJoin(products, eq(products.id, bundleComponents.componentProductId))
    .where(and(eq(bundleComponents.accountId, accountId), eq(bundleComponents.bundleProductId, bundleProductId)))
    .orderBy(asc(products.sku));
}

/** The SKUs of the bundles using this product as a component, in SKU order. */
export async function bundlesUsing(db: Db, accountId: string, productId: string): Promise<string[]> {
  const rows = await db
    .select({ sku: products.sku })
    .from(bundleComponents)
    .innerJoin(products, eq(products.id, bundleComponents.bundleProductId))
    .where(and(eq(bundleComponents.accountId, accountId), eq(bundleComponents.componentProductId, productId)))
    .orderBy(asc(products.sku));
  return rows.map((r) => r.sku);
}

/** Replaces a bundle's components (none: it is no bundle any more). */
export async function replaceComponents(
  db: Db,
  accountId: string,
  bundleProductId: string,
  components: Array<{ productId: string; quantity: number }>,
  at: Date,
): Promise<void> {
  await db
    .delete(bundleComponents)
    .where(and(eq(bundleComponents.accountId, accountId), eq(bundleComponents.bundleProductId, bundleProductId)));
  if (components.length === 0) return;
  await db.insert(bundleComponents).values(
    components.map((c) => ({
      accountId,
      bundleProductId,
      componentProductId: c.productId,
      quantity: c.quantity,
      createdAt: at,
    })),
  );
}

/**
 * Edits of an account's bundles are taken one at a time, until the transaction ends: two at once could
 * each make the other's bundle a component.
 */
export async function lockBundleEdits(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`bundles:${accountId}`}))`);
}

/** Bundle SKU → its components' SKUs, for every bundle that is one of these SKUs or uses one of them. */
export async function bundleLinksAmong(db: Db, accountId: string, skus: string[]): Promise<Map<string, string[]>> {
  const links = new Map<string, string[]>();
  if (skus.length === 0) return links;
  const bundle = alias(products, 'bundle');
  for (let i = 0; i < skus.length; i += CHUNK) {
    const page = skus.slice(i, i + CHUNK);
    const rows = await db
      .select({ bundleSku: bundle.sku, componentSku: products.sku })
      .from(bundleComponents)
      .innerJoin(bundle, eq(bundle.id, bundleComponents.bundleProductId))
      .innerJoin(products, eq(products.id, bundleComponents.componentProductId))
      .where(
        and(eq(bundleComponents.accountId, accountId), or(inArray(bundle.sku, page), inArray(products.sku, page))),
      );
    for (const row of rows) {
      const parts = links.get(row.bundleSku) ?? [];
      if (!parts.includes(row.componentSku)) parts.push(row.componentSku);
      links.set(row.bundleSku, parts);
    }
  }
  return links;
}

/** The account's products of these SKUs: SKU → id. */
export async function productIdsOfSkus(db: Db, accountId: string, skus: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let i = 0; i < skus.length; i += CHUNK) {
    const rows = await db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(and(eq(products.accountId, accountId), inArray(products.sku, skus.slice(i, i + CHUNK))));
    for (const row of rows) ids.set(row.sku, row.id);
  }
  return ids;
}

/** The components of these products that are bundles (product id → components, in SKU order). */
export async function componentsOfProducts(
  db: Db,
  accountId: string,
  productIds: string[],
): Promise<Map<string, Array<{ sku: string; quantity: number }>>> {
  const found = new Map<string, Array<{ sku: string; quantity: number }>>();
  for (let i = 0; i < productIds.length; i += CHUNK) {
    const rows = await db
      .select({ bundleId: bundleComponents.bundleProductId, sku: products.sku, quantity: bundleComponents.quantity })
      .from(bundleComponents)
      .innerJoin(products, eq(products.id, bundleComponents.componentProductId))
      .where(
        and(
          eq(bundleComponents.accountId, accountId),
          inArray(bundleComponents.bundleProductId, productIds.slice(i, i + CHUNK)),
        ),
      )
      .orderBy(asc(products.sku));
    for (const row of rows)
      found.set(row.bundleId, [...(found.get(row.bundleId) ?? []), { sku: row.sku, quantity: row.quantity }]);
  }
  return found;
}

/**
 * The history of bundles whose figure moved (`recomputeBundles`): each an `available` change with the
 * cause of the change of a component that moved it (the first of `causes`, an order, an edit, a read of
 * the main channel), or a seller's edit where none is given (the bundle's components changed). Answers
 * the change of each bundle, so its listings' writes carry their result per channel.
 */
export async function recordBundleMoves(
  db: Db,
  accountId: string,
  moved: BundleMoved[],
  causes: string[],
  at: Date,
): Promise<Map<string, string>> {
  if (moved.length === 0) return new Map();
  const [cause] =
    causes.length === 0
      ? []
      : await db
          .select({
            cause: changes.cause,
            causeRef: changes.causeRef,
            orderId: changes.orderId,
            actorUserId: changes.actorUserId,
          })
          .from(changes)
          .where(and(eq(changes.accountId, accountId), inArray(changes.id, causes.slice(0, 100))))
          .limit(1);
  const ids = await insertChanges(
    db,
    accountId,
    moved.map((m) => ({
      productId: m.productId,
      sku: m.sku,
      cause: cause?.cause ?? 'bulk_edit',
      causeRef: cause?.causeRef ?? 'bundle components changed',
      orderId: cause?.orderId ?? null,
      actorUserId: cause?.actorUserId ?? null,
      field: 'available' as const,
      before: String(m.before),
      after: String(m.after),
    })),
    at,
  );
  return new Map(moved.map((m, i) => [m.productId, ids[i]!]));
}

/**
 * SKUs that stopped being bundles hold no stock of their own until the main channel says what it
 * holds: on hand set to committed (0 available). Answers each one's available before and after.
 */
export async function clearStockOfProducts(
  db: Db,
  accountId: string,
  productIds: string[],
  at: Date,
): Promise<BundleMoved[]> {
  if (productIds.length === 0) return [];
  const ids = sql.join(
    [...productIds].sort().map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = (await db.execute(sql`
    with was as (
      select id, greatest(on_hand - committed, 0)::int as before from ${products}
      where account_id = ${accountId} and id in (${ids}) order by id for update
    )
    update ${products} set on_hand = ${products.committed}, updated_at = ${at}
    from was where ${products.id} = was.id and was.before <> 0
    returning ${products.id} as id, ${products.sku} as sku, was.before`)) as unknown as {
    rows: Array<{ id: string; sku: string; before: number }>;
  };
  return rows.rows.map((row) => ({ productId: row.id, sku: row.sku, before: row.before, after: 0 }));
}
