import { and, eq, sql } from 'drizzle-orm';
import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  bundleLinksAmong,
  bundlesOfSkus,
  bundlesUsing,
  componentsOfBundle,
  lockBundleEdits,
  productIdsOfSkus,
  replaceComponents,
  type ComponentView,
} from '../../db/queries/bundles.ts';
import type { RecordedOrder } from '../../db/queries/orders.ts';
import { products } from '../../db/schema/index.ts';
import { planListingWrites } from '../push/plan-writes.ts';
import { bundleAvailable, bundleChangeProblems, componentUnits, type ComponentOfBundle } from './bundle-arithmetic.ts';

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
 * Splits an order round's moves into the SKUs sold as they are (`plain`) and the components of the
 * bundles sold (`components`): n bundles take n × quantity of each component, under a key of the bundle
 * line and the component (`order:<id>:BUNDLE/COMPONENT:0>2`, in bundle units), so a redelivered order
 * commits them once, and a component also sold on its own line keeps a key of its own.
 */
export async function expandBundleMoves(
  db: Db,
  accountId: string,
  moves: StockMove[],
): Promise<{ plain: StockMove[]; components: StockMove[] }> {
  if (moves.length === 0) return { plain: [], components: [] };
  const bundles = await bundlesOfSkus(
    db,
    accountId,
    moves.map((m) => m.sku),
  );
  if (bundles.size === 0) return { plain: moves, components: [] };
  const plain: StockMove[] = [];
  const components: StockMove[] = [];
  for (const move of moves) {
    const bundle = bundles.get(move.sku);
    if (!bundle) {
      plain.push(move);
      continue;
    }
    const [, range] = move.key.split(/:(?=[^:]*$)/);
    for (const part of componentUnits(bundle.components, move.units))
      components.push({
        sku: part.sku,
        units: part.units,
        order: move.order,
        key: `${move.sku}/${part.sku}:${range}`,
        bundleSku: move.sku,
      });
  }
  return { plain, components };
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
 * listings in the same transaction.
 */
export async function setBundleComponents(
  ctx: AppContext,
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
    await applyBundleChanges(ctx, tx, accountId, new Map([[bundle.sku, wanted]]));
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
 * bundle and plans its listings' new quantity, in the caller's transaction.
 */
export async function applyBundleChanges(
  ctx: AppContext,
  tx: Db,
  accountId: string,
  changes: ReadonlyMap<string, readonly ComponentOfBundle[]>,
): Promise<void> {
  if (changes.size === 0) return;
  const named = [...new Set([...changes.keys(), ...[...changes.values()].flat().map((c) => c.sku)])];
  const ids = await productIdsOfSkus(tx, accountId, named);
  for (const [bundleSku, parts] of changes)
    await replaceComponents(
      tx,
      accountId,
      ids.get(bundleSku)!,
      parts.map((c) => ({ productId: ids.get(c.sku)!, quantity: c.quantity })),
      ctx.clock(),
    );
  await planListingWrites(
    ctx,
    tx,
    accountId,
    [...changes.keys()].map((sku) => ids.get(sku)!),
  );
}
