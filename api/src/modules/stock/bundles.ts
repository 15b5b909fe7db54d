import { and, eq, sql } from 'drizzle-orm';
import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  bundleLinksAmong,
  clearStockOfProducts,
  componentsOfProducts,
  recordBundleMoves,
  bundlesOfSkus,
  bundlesUsing,
  componentsOfBundle,
  lockBundleEdits,
  productIdsOfSkus,
  replaceComponents,
  type ComponentView,
} from '../../db/queries/bundles.ts';
import type { RecordedOrder } from '../../db/queries/orders.ts';
import { bundleSaleKey, bundleSalesOf, saveBundleSales, type BundleSaleRecord } from '../../db/queries/bundle-sales.ts';
import { products } from '../../db/schema/index.ts';
import { planListingWrites } from '../push/plan-writes.ts';
import {
  bundleAvailable,
  bundleChangeProblems,
  componentUnits,
  formatComponents,
  releaseCommitted,
  type ComponentOfBundle,
} from './bundle-arithmetic.ts';
import { recordAudit, sampleBeforeAndAfter, type AuditContext } from '../audit/audit-log.ts';
import { requestMainRefresh } from './main-channel-requests.ts';

/**
 * Units of one SKU an order moved (sold, or released by a cancellation), with the order line's key:
 * `key` names the line and the units it had accounted before and after, so the same line seen twice
 * moves stock once. A bundle's component carries the bundle it was sold in.
 */
export interface StockMove {
  sku: string;
  units: number;
  order: RecordedOrder;
  key: string;
  /** Set on a component's move: the bundle SKU the order sold. */
  bundleSku?: string;
}

/**
 * Splits an order round's moves into the SKUs moved as they are (`plain`) and the components of the
 * bundles sold (`components`): n bundles take n × quantity of each component, under a key of the bundle
 * line and the component (`order:<id>:BUNDLE/COMPONENT:0>2`, in bundle units), so a redelivered order
 * commits them once, and a component also sold on its own line keeps a key of its own.
 *
 * What a sale committed is kept with the order (`bundle_sales`), and a cancellation gives back exactly
 * that, whatever the bundle is made of by then; units sold before the SKU was a bundle give back the
 * SKU itself (`soldAsThemselves`: bundles now, to be locked after their components).
 */
export async function expandBundleMoves(
  db: Db,
  accountId: string,
  moves: StockMove[],
): Promise<{ plain: StockMove[]; components: StockMove[]; soldAsThemselves: string[] }> {
  if (moves.length === 0) return { plain: [], components: [], soldAsThemselves: [] };
  const bundles = await bundlesOfSkus(
    db,
    accountId,
    moves.map((m) => m.sku),
  );
  const concerned = moves.filter((m) => m.units < 0 || bundles.has(m.sku));
  if (concerned.length === 0) return { plain: moves, components: [], soldAsThemselves: [] };
  const sales = await bundleSalesOf(
    db,
    accountId,
    concerned.map((m) => m.order.id),
  );
  const plain: StockMove[] = [];
  const components: StockMove[] = [];
  const touched = new Map<string, BundleSaleRecord>();
  for (const move of moves) {
    const key = bundleSaleKey(move.order.id, move.sku);
    const sale = sales.get(key) ?? { orderId: move.order.id, sku: move.sku, units: 0, parts: {} };
    const bundle = bundles.get(move.sku);
    const [, range] = move.key.split(/:(?=[^:]*$)/);
    const part = (sku: string, units: number) =>
      components.push({ sku, units, order: move.order, key: `${move.sku}/${sku}:${range}`, bundleSku: move.sku });
    if (move.units > 0 && bundle) {
      const parts = { ...sale.parts };
      for (const taken of componentUnits(bundle.components, move.units)) {
        part(taken.sku, taken.units);
        parts[taken.sku] = (parts[taken.sku] ?? 0) + taken.units;
      }
      sales.set(key, { ...sale, units: sale.units + move.units, parts });
      touched.set(key, sales.get(key)!);
      continue;
    }
    const released = move.units < 0 ? releaseCommitted(sale, -move.units) : undefined;
    if (!released || released.units === 0) {
      plain.push(move);
      continue;
    }
    for (const given of released.parts) part(given.sku, -given.units);
    sales.set(key, { ...sale, ...released.left });
    touched.set(key, sales.get(key)!);
    const asItself = -move.units - released.units;
    if (asItself > 0) plain.push({ ...move, units: -asItself });
  }
  await saveBundleSales(db, accountId, [...touched.values()]);
  return {
    plain,
    components,
    soldAsThemselves: [...new Set(plain.filter((m) => bundles.has(m.sku)).map((m) => m.sku))],
  };
}

/** The most components a bundle may have. */
export const MAX_COMPONENTS = 50;

/** A SKU as a bundle: its components and what it offers; and the bundles it is a component of. */
export interface BundleView {
  sku: string;
  /**
   * Units the bundle offers (min over components of floor(available / quantity)); a product's own
   * available when it is no bundle.
   */
  available: number;
  components: ComponentView[];
  usedIn: string[];
}

async function productOfSku(db: Db, accountId: string, sku: string) {
  const [product] = await db
    .select({
      id: products.id,
      sku: products.sku,
      available: sql<number>`greatest(${products.onHand} - ${products.committed}, 0)::int`,
    })
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.sku, sku)));
  if (!product) throw new AppError(404, `No SKU ${sku} in your catalogue`);
  return product;
}

/** A SKU's components (none: it is no bundle) and the bundles using it. */
export async function bundleOfSku(ctx: Pick<AppContext, 'db'>, accountId: string, sku: string): Promise<BundleView> {
  return viewOf(ctx.db, accountId, await productOfSku(ctx.db, accountId, sku));
}

async function viewOf(
  db: Db,
  accountId: string,
  product: { id: string; sku: string; available: number },
): Promise<BundleView> {
  const components = await componentsOfBundle(db, accountId, product.id);
  return {
    sku: product.sku,
    available: components.length > 0 ? bundleAvailable(components) : product.available,
    components,
    usedIn: await bundlesUsing(db, accountId, product.id),
  };
}

/** What a request to set a bundle's components must hold, or a 400 with the reason. */
function readComponents(input: unknown): ComponentOfBundle[] {
  const list = (input as { components?: unknown } | null)?.components;
  if (!Array.isArray(list)) throw new AppError(400, 'Send the components as a list of { sku, quantity }');
  if (list.length > MAX_COMPONENTS) throw new AppError(400, `A bundle has at most ${MAX_COMPONENTS} components`);
  const seen = new Set<string>();
  return list.map((item: unknown) => {
    const { sku, quantity } = (item ?? {}) as { sku?: unknown; quantity?: unknown };
    if (typeof sku !== 'string' || sku.trim() === '') throw new AppError(400, 'Every component needs a SKU');
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 9999)
      throw new AppError(400, `The quantity of component ${sku} must be a whole number from 1 to 9999`);
    if (seen.has(sku)) throw new AppError(400, `Component ${sku} is named twice`);
    seen.add(sku);
    return { sku, quantity };
  });
}

/**
 * Sets a SKU's components (an empty list: it is no bundle any more), checked as `bundleChangeProblems`
 * says (one level, products of this account only). The bundle's figure is recomputed and sent to its
 * listings in the same transaction, and the change audited with the components before and after.
 */
export async function setBundleComponents(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  sku: string,
  input: unknown,
): Promise<BundleView> {
  const wanted = readComponents(input);
  return ctx.db.transaction(async (tx) => {
    await lockBundleEdits(tx, accountId);
    const bundle = await productOfSku(tx, accountId, sku);
    const problem = (await checkBundleChanges(tx, accountId, new Map([[bundle.sku, wanted]]))).get(bundle.sku);
    if (problem) throw new AppError(400, problem);
    await applyBundleChanges(ctx, tx, audit, accountId, new Map([[bundle.sku, wanted]]));
    const [after] = await tx
      .select({ available: sql<number>`greatest(${products.onHand} - ${products.committed}, 0)::int` })
      .from(products)
      .where(eq(products.id, bundle.id));
    return viewOf(tx, accountId, { ...bundle, available: after!.available });
  });
}

/**
 * What is wrong with these changes of bundles' components (bundle SKU → components; none: no bundle
 * any more), against the account's catalogue and bundles as they stand: the first problem per bundle.
 * Call it in the transaction that makes them, after `lockBundleEdits`.
 */
export async function checkBundleChanges(
  db: Db,
  accountId: string,
  changes: ReadonlyMap<string, readonly ComponentOfBundle[]>,
): Promise<Map<string, string>> {
  const named = [...new Set([...changes.keys(), ...[...changes.values()].flat().map((c) => c.sku)])];
  const catalogue = await productIdsOfSkus(db, accountId, named);
  const current = await bundleLinksAmong(db, accountId, named);
  return bundleChangeProblems(current, changes, (sku) => catalogue.has(sku));
}

/**
 * Makes these changes of bundles' components (checked by `checkBundleChanges`), recomputes each
 * bundle and plans its listings' new quantity, in the caller's transaction, audited with each bundle's
 * components before and after (`source`: the drawer, or the CSV import of this batch).
 *
 * A SKU that stops being a bundle holds no stock of its own until the main channel says what it has:
 * its last figure was its components', not units of its own, and selling it on would oversell. It is
 * set to 0 available and the main channel is read for it.
 */
export async function applyBundleChanges(
  ctx: AppContext,
  tx: Db,
  audit: AuditContext,
  accountId: string,
  changes: ReadonlyMap<string, readonly ComponentOfBundle[]>,
  source: { batchId?: string } = {},
): Promise<void> {
  if (changes.size === 0) return;
  const at = ctx.clock();
  const named = [...new Set([...changes.keys(), ...[...changes.values()].flat().map((c) => c.sku)])];
  const ids = await productIdsOfSkus(tx, accountId, named);
  const bundleIds = [...changes.keys()].map((sku) => ids.get(sku)!);
  const before = await componentsOfProducts(tx, accountId, bundleIds);
  for (const [bundleSku, parts] of changes)
    await replaceComponents(
      tx,
      accountId,
      ids.get(bundleSku)!,
      parts.map((c) => ({ productId: ids.get(c.sku)!, quantity: c.quantity })),
      at,
    );
  const unbundled = [...changes].filter(([sku, parts]) => parts.length === 0 && before.has(ids.get(sku)!));
  const cleared = await clearStockOfProducts(
    tx,
    accountId,
    unbundled.map(([sku]) => ids.get(sku)!),
    at,
  );
  if (unbundled.length > 0) await requestMainRefresh(ctx, tx, { accountId, skus: unbundled.map(([sku]) => sku) });
  const changeIdByProduct = await recordBundleMoves(tx, accountId, cleared, [], at);
  await planListingWrites(ctx, tx, accountId, bundleIds, { changeIdByProduct });
  const edits = [...changes]
    .map(([sku, parts]) => ({
      sku,
      components: { before: formatComponents(before.get(ids.get(sku)!) ?? []), after: formatComponents(parts) },
    }))
    .filter((e) => e.components.before !== e.components.after);
  if (edits.length === 0) return;
  await recordAudit(tx, audit, {
    action: 'listings.bundle_changed',
    accountId,
    ...(source.batchId
      ? { targetType: 'change_batch', targetId: source.batchId }
      : { targetType: 'product', targetId: ids.get(edits[0]!.sku)! }),
    ...sampleBeforeAndAfter(edits, (e) => ({ sku: e.sku })),
    metadata: { bundles: edits.length, sample: edits.slice(0, 20).map((e) => e.sku) },
  });
}
