import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf, statement } from '../statements.ts';
import { accounts, listings, products, stockAdjustments } from '../schema/index.ts';
import { writableAt } from './billing.ts';
import { notABundle } from './bundles.ts';

export interface LockedStock {
  id: string;
  sku: string;
  onHand: number;
  committed: number;
  /** When the main channel's quantity was last read and taken (null: never). */
  stockReadAt: Date | null;
}

/**
 * The products of these SKUs, locked until the transaction ends (in id order, so two transactions never deadlock).
 * Bundles are passed by: they hold no stock of their own, and are locked after their components (`recomputeBundles`).
 */
export async function lockStock(db: Db, accountId: string, skus: string[]): Promise<LockedStock[]> {
  if (skus.length === 0) return [];
  return db
    .select({
      id: products.id,
      sku: products.sku,
      onHand: products.onHand,
      committed: products.committed,
      stockReadAt: products.stockReadAt,
    })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.sku, [...new Set(skus)]), notABundle))
    .orderBy(asc(products.id))
    .for('update');
}

/**
 * Moves a product's stock by deltas (atomically, in the database). On hand mirrors the main channel,
 * which may show less than zero after channels together sold more than there was (units owed).
 */
export async function moveStock(
  db: Db,
  productId: string,
  move: { onHand?: number; committed?: number },
  at: Date,
): Promise<LockedStock> {
  const [row] = await db
    .update(products)
    .set({
      onHand: sql`${products.onHand} + ${move.onHand ?? 0}`,
      committed: sql`${products.committed} + ${move.committed ?? 0}`,
      updatedAt: at,
    })
    .where(eq(products.id, productId))
    .returning({
      id: products.id,
      sku: products.sku,
      onHand: products.onHand,
      committed: products.committed,
      stockReadAt: products.stockReadAt,
    });
  return row!;
}

/**
 * Moves the committed units of many products by deltas, in one statement (an order round moves
 * several). Call it with the products locked (`lockStock`), whose rows then say the outcome.
 */
export async function moveCommitted(db: Db, deltas: Map<string, number>, at: Date): Promise<void> {
  const moving = [...deltas].filter(([, delta]) => delta !== 0);
  if (moving.length === 0) return;
  const values = sql.join(
    moving.map(([id, delta]) => sql`(${id}::uuid, ${delta}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${products} set committed = ${products.committed} + v.delta, updated_at = ${at} from (values ${values}) as v(id, delta) where ${products.id} = v.id`,
  );
}

/**
 * A seller's own edit of on hand (a bulk edit, an import, their undo) goes to the main channel as a
 * relative adjustment too, never a plain set: a sale there meanwhile is never overwritten. Its key
 * starts with this, and until the main channel takes it, it counts in the on hand the seller edits.
 */
export const SELLER_ADJUSTMENT_PREFIX = 'bulk:';
export const sellerAdjustmentKey = (batchRef: string, productId: string) =>
  `${SELLER_ADJUSTMENT_PREFIX}${batchRef}:${productId}`;
export const isSellerAdjustment = (idempotencyKey: string) => idempotencyKey.startsWith(SELLER_ADJUSTMENT_PREFIX);

/** On hand as the seller edits it: the main channel's, with their own edits still on their way there. */
// Names written out: in a one-table select drizzle leaves columns unqualified, and inside the subquery "id" would be the adjustment's.
export const onHandWithSellerEdits = sql<number>`("products"."on_hand" + coalesce((select sum(pending.delta) from stock_adjustments pending where pending.product_id = "products"."id" and pending.status in ('pending', 'sending') and pending.idempotency_key like ${`${SELLER_ADJUSTMENT_PREFIX}%`}), 0))::int`;

export interface AdjustmentInput {
  productId: string;
  sku: string;
  orderId: string | null;
  delta: number;
  idempotencyKey: string;
}

/** Queues adjustments for the main channel; one with a key already seen is not queued again. Answers those queued now. */
export async function insertAdjustments(
  db: Db,
  accountId: string,
  items: AdjustmentInput[],
  at: Date,
): Promise<AdjustmentInput[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(stockAdjustments)
    .values(items.map((a) => ({ accountId, ...a, createdAt: at, updatedAt: at })))
    .onConflictDoNothing({ target: [stockAdjustments.accountId, stockAdjustments.idempotencyKey] })
    .returning({ idempotencyKey: stockAdjustments.idempotencyKey });
  const queued = new Set(rows.map((r) => r.idempotencyKey));
  return items.filter((a) => queued.has(a.idempotencyKey));
}

export interface ClaimedAdjustment {
  id: string;
  productId: string;
  sku: string;
  delta: number;
  idempotencyKey: string;
  status: 'pending' | 'sending';
  readBefore: number | null;
  expectedAfter: number | null;
  sentKey: string | null;
  attempts: number;
  createdAt: Date;
}

/**
 * Adjustments go oldest first, in one fixed order across attempts (ties broken by id): the first
 * of a SKU is settled before the next reads and sets, or the next would overwrite it.
 */
const inSendingOrder = (a: ClaimedAdjustment, b: ClaimedAdjustment) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const adjustmentColumns = {
  id: stockAdjustments.id,
  productId: stockAdjustments.productId,
  sku: stockAdjustments.sku,
  delta: stockAdjustments.delta,
  idempotencyKey: stockAdjustments.idempotencyKey,
  status: sql<'pending' | 'sending'>`${stockAdjustments.status}`,
  readBefore: stockAdjustments.readBefore,
  expectedAfter: stockAdjustments.expectedAfter,
  sentKey: stockAdjustments.sentKey,
  attempts: stockAdjustments.attempts,
  createdAt: stockAdjustments.createdAt,
};

/**
 * Adjustments left 'sending' by a run that died (or stalled long enough for its job to be taken over),
 * now this run's: the other run, should it go on, finds them taken over before it sends anything more.
 */
export async function takeOverInterruptedAdjustments(
  db: Db,
  accountId: string,
  runId: string,
): Promise<ClaimedAdjustment[]> {
  const rows = await db
    .update(stockAdjustments)
    .set({ claimedBy: runId })
    .where(and(eq(stockAdjustments.accountId, accountId), eq(stockAdjustments.status, 'sending')))
    .returning(adjustmentColumns);
  return rows.sort(inSendingOrder);
}

/** Claims the oldest waiting adjustments (marked 'sending' before anything is sent). */
export async function claimAdjustments(
  db: Db,
  accountId: string,
  runId: string,
  limit: number,
  at: Date,
): Promise<ClaimedAdjustment[]> {
  const candidates = db
    .select({ id: stockAdjustments.id })
    .from(stockAdjustments)
    .where(and(eq(stockAdjustments.accountId, accountId), eq(stockAdjustments.status, 'pending')))
    .orderBy(asc(stockAdjustments.createdAt), asc(stockAdjustments.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(stockAdjustments)
    .set({ status: 'sending', claimedBy: runId, attempts: sql`${stockAdjustments.attempts} + 1`, updatedAt: at })
    .where(inArray(stockAdjustments.id, candidates))
    .returning(adjustmentColumns);
  // RETURNING keeps no order.
  return claimed.sort(inSendingOrder);
}

/**
 * Before a read-then-set, what was read and what will be set: a retry after a crash can tell whether
 * it landed. Answers false, noting nothing, when another run has taken the adjustment over: its read
 * may predate that run's set, and setting from it would apply the adjustment twice.
 */
export async function noteReadAndSet(
  db: Db,
  id: string,
  runId: string,
  readBefore: number,
  expectedAfter: number,
  at: Date,
): Promise<boolean> {
  const noted = await db
    .update(stockAdjustments)
    .set({ readBefore, expectedAfter, updatedAt: at })
    .where(
      and(eq(stockAdjustments.id, id), eq(stockAdjustments.status, 'sending'), eq(stockAdjustments.claimedBy, runId)),
    )
    .returning({ id: stockAdjustments.id });
  return noted.length > 0;
}

/**
 * The main channel took these adjustments (of different products, answered together): their units
 * stop being committed, and on hand moves as far as the main channel's quantity did (which stops at
 * zero on some marketplaces), so it mirrors the main channel. Four statements whatever their number
 * (a round of a busy main channel holds dozens), the products locked in id order as every planner
 * locks them. Runs once: a second call finds them applied already. Answers on hand before and after
 * per adjustment applied now.
 */
export async function applyAdjustments(
  db: Db,
  applied: Array<Pick<ClaimedAdjustment, 'id' | 'productId' | 'delta'> & { moved: number }>,
  at: Date,
): Promise<Map<string, { before: number; after: number }>> {
  const outcome = new Map<string, { before: number; after: number }>();
  if (applied.length === 0) return outcome;
  const done = new Set(
    (
      await db
        .update(stockAdjustments)
        .set({ status: 'applied', appliedAt: at, message: null, updatedAt: at })
        .where(
          and(
            inArray(
              stockAdjustments.id,
              applied.map((a) => a.id),
            ),
            inArray(stockAdjustments.status, ['pending', 'sending']),
          ),
        )
        .returning({ id: stockAdjustments.id })
    ).map((r) => r.id),
  );
  const now = applied.filter((a) => done.has(a.id));
  if (now.length === 0) return outcome;
  const locked = await db
    .select({ id: products.id, onHand: products.onHand })
    .from(products)
    .where(
      inArray(
        products.id,
        now.map((a) => a.productId),
      ),
    )
    .orderBy(asc(products.id))
    .for('update');
  const before = new Map(locked.map((p) => [p.id, p.onHand]));
  // Per product, the sum of its adjustments (one each, normally).
  const moves = new Map<string, { moved: number; delta: number }>();
  for (const a of now) {
    const move = moves.get(a.productId) ?? { moved: 0, delta: 0 };
    moves.set(a.productId, { moved: move.moved + a.moved, delta: move.delta + a.delta });
  }
  const values = sql.join(
    [...moves].map(([id, m]) => sql`(${id}::uuid, ${m.moved}::int, ${m.delta}::int)`),
    sql`, `,
  );
  // On hand and committed moved, and the main channel's own listing shown holding the new on hand.
  await db.execute(sql`
    with moved as (
      update ${products} set on_hand = ${products.onHand} + v.moved, committed = ${products.committed} + v.delta, updated_at = ${at}
      from (values ${values}) as v(id, moved, delta)
      where ${products.id} = v.id
      returning ${products.id} as id, ${products.onHand} as on_hand, ${products.sourceChannelId} as channel_id
    )
    update ${listings} set confirmed_quantity = moved.on_hand, confirmed_at = ${at}, updated_at = ${at}
    from moved where ${listings.productId} = moved.id and ${listings.channelId} = moved.channel_id`);
  // Each adjustment's own before and after, in the order given (products with one adjustment each: its whole move).
  const running = new Map(before);
  for (const a of now) {
    const from = running.get(a.productId);
    if (from === undefined) continue;
    running.set(a.productId, from + a.moved);
    outcome.set(a.id, { before: from, after: from + a.moved });
  }
  return outcome;
}

/**
 * Before a round goes under one key (Shopify), the key: a run taking these over sends the round again
 * as it was, which the marketplace answers without applying it twice. Answers false, noting nothing,
 * when another run has taken any of them over.
 */
export async function noteRoundSent(db: Db, ids: string[], runId: string, key: string, at: Date): Promise<boolean> {
  const noted = await db
    .update(stockAdjustments)
    .set({ sentKey: key, updatedAt: at })
    .where(
      and(
        inArray(stockAdjustments.id, ids),
        eq(stockAdjustments.status, 'sending'),
        eq(stockAdjustments.claimedBy, runId),
      ),
    )
    .returning({ id: stockAdjustments.id });
  return noted.length === ids.length;
}

/** Back to waiting, unless another run has taken it over meanwhile (it is that run's to settle). */
export async function releaseAdjustment(db: Db, id: string, runId: string, message: string, at: Date): Promise<void> {
  await db
    .update(stockAdjustments)
    .set({ status: 'pending', claimedBy: null, sentKey: null, message, updatedAt: at })
    .where(
      and(eq(stockAdjustments.id, id), eq(stockAdjustments.status, 'sending'), eq(stockAdjustments.claimedBy, runId)),
    );
}

/** Refused by the main channel: kept with its message; the units stay committed (offering less is safe, more is not). */
export async function failAdjustment(db: Db, id: string, runId: string, message: string, at: Date): Promise<void> {
  await db
    .update(stockAdjustments)
    .set({ status: 'failed', claimedBy: null, sentKey: null, message, updatedAt: at })
    .where(
      and(eq(stockAdjustments.id, id), eq(stockAdjustments.status, 'sending'), eq(stockAdjustments.claimedBy, runId)),
    );
}

/** Accounts with adjustments waiting: the schedule's safety net. */
export async function accountsWithPendingAdjustments(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountId: stockAdjustments.accountId })
    .from(stockAdjustments)
    .innerJoin(accounts, eq(accounts.id, stockAdjustments.accountId))
    .where(and(inArray(stockAdjustments.status, ['pending', 'sending']), writableAt(now)));
  return rows.map((r) => r.accountId);
}

/** A quantity read from the main channel, taken as on hand by `takeMainQuantities`. */
export interface MainQuantityRead {
  sku: string;
  quantity: number;
}

/** What taking a read did: on hand moved (before → after), or left for a later read while our adjustments land. */
export interface TakenMainQuantities {
  moved: Map<string, { productId: string; before: number; after: number }>;
  /** SKUs with an adjustment of ours that may be landing: the read may not show it, so it is not taken. */
  moving: string[];
}

/**
 * Takes quantities read from the main channel as on hand, for many SKUs in a few statements (a
 * reconciliation reads thousands). A read older than the one already taken is ignored; one that
 * may miss an adjustment of ours still landing is left for a later read; one that finds nothing
 * changed still marks the product read then, so an older read answered later cannot take its place.
 *
 * Call it with the products already locked (`lockStock`): its look at our adjustments in flight must
 * be taken after the lock is had, to see every one committed while the lock was waited for.
 */
export async function takeMainQuantities(
  db: Db,
  accountId: string,
  reads: MainQuantityRead[],
  readAt: Date,
  at: Date,
): Promise<TakenMainQuantities> {
  const taken: TakenMainQuantities = { moved: new Map(), moving: [] };
  if (reads.length === 0) return taken;
  const quantityBySku = new Map(reads.map((r) => [r.sku, r.quantity]));
  // With whether an adjustment of ours may be landing: sent at least once and not settled (it may
  // have landed), or applied since the read.
  const stored = await db
    .select({
      id: products.id,
      sku: products.sku,
      onHand: products.onHand,
      stockReadAt: products.stockReadAt,
      // Names written out: in a one-table select drizzle leaves columns unqualified.
      moving: sql<boolean>`exists (select 1 from stock_adjustments a where a.product_id = "products"."id" and ((a.status in ('pending', 'sending') and a.attempts > 0) or a.applied_at >= ${readAt}))`,
    })
    .from(products)
    // A bundle's figure is its components' (the main channel's own count of it is not taken).
    .where(and(eq(products.accountId, accountId), inArray(products.sku, [...quantityBySku.keys()]), notABundle))
    .orderBy(asc(products.id))
    .for('update', { of: products });
  const unchanged: string[] = [];
  const changed: Array<{ id: string; quantity: number }> = [];
  for (const product of stored) {
    // A read made before the one already taken (two reads under way at once) has nothing to teach.
    if (product.stockReadAt && readAt < product.stockReadAt) continue;
    const quantity = quantityBySku.get(product.sku)!;
    if (product.moving) taken.moving.push(product.sku);
    else if (product.onHand === quantity) unchanged.push(product.id);
    else {
      changed.push({ id: product.id, quantity });
      taken.moved.set(product.sku, { productId: product.id, before: product.onHand, after: quantity });
    }
  }
  if (unchanged.length > 0) {
    // Still the newest read: an older one answered later must not take its place.
    await db
      .update(products)
      .set({ stockReadAt: readAt })
      .where(
        and(
          inArray(products.id, unchanged),
          or(sql`${products.stockReadAt} is null`, sql`${products.stockReadAt} < ${readAt}`),
        ),
      );
  }
  if (changed.length > 0) {
    const values = sql.join(
      changed.map((c) => sql`(${c.id}::uuid, ${c.quantity}::int)`),
      sql`, `,
    );
    // On hand taken, and the main channel's own listing shown holding it, in one statement.
    await db.execute(sql`
      with taken as (
        update ${products} set on_hand = v.quantity, stock_read_at = ${readAt}, updated_at = ${at}
        from (values ${values}) as v(id, quantity)
        where ${products.id} = v.id
        returning ${products.id} as id, ${products.onHand} as on_hand, ${products.sourceChannelId} as channel_id
      )
      update ${listings} set confirmed_quantity = taken.on_hand, confirmed_at = ${at}, updated_at = ${at}
      from taken where ${listings.productId} = taken.id and ${listings.channelId} = taken.channel_id`);
  }
  return taken;
}

/** One SKU's read taken as on hand (see `takeMainQuantities`): what moved, 'moving', or null when nothing did. */
export async function takeMainQuantity(
  db: Db,
  accountId: string,
  sku: string,
  quantity: number,
  readAt: Date,
  at: Date,
): Promise<{ productId: string; before: number; after: number } | 'moving' | null> {
  const taken = await takeMainQuantities(db, accountId, [{ sku, quantity }], readAt, at);
  return taken.moved.get(sku) ?? (taken.moving.length > 0 ? 'moving' : null);
}

/**
 * The SKU of a Shopify inventory item, with the on hand we hold for it and the units of our
 * adjustments of it on their way to the main channel (sent, not yet answered).
 */
export async function stockOfInventoryItem(
  db: Db,
  accountId: string,
  inventoryItemId: string,
): Promise<{ sku: string; onHand: number; sending: number } | undefined> {
  const [row] = await rowsOf(db, stockOfInventoryItemStatement, [accountId, inventoryItemId]);
  return row;
}

/** A product's SKU and on hand, with the units of its adjustments on their way to the main channel. */
const mainStockColumns = `products.sku, products.on_hand as "onHand",
  coalesce((select sum(a.delta) from stock_adjustments a where a.product_id = products.id and a.status = 'sending'), 0)::integer as sending`;
const stockOfInventoryItemStatement = statement<{ sku: string; onHand: number; sending: number }>(
  'stock_of_inventory_item',
  `select ${mainStockColumns} from products
   where products.account_id = $1 and products.attributes->>'inventoryItemId' = $2 limit 1`,
);
const mainStockOfSkusStatement = statement<{ sku: string; onHand: number; sending: number }>(
  'main_stock_of_skus',
  `select ${mainStockColumns} from products where products.account_id = $1 and products.sku = any($2::text[])`,
);

/** On hand as the seller edits it (the main channel's, with their own edits on their way there), per product. */
export async function onHandOfProducts(db: Db, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, onHand: onHandWithSellerEdits })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r.onHand]));
}

/**
 * A sale on the main channel, which took its units off by itself: on hand moves by the order's units
 * (relative, so an adjustment of ours landing meanwhile is not overwritten), and the move is kept as an
 * adjustment already applied, under the order line's key: the same order line seen twice moves on hand
 * once, and a read of the main channel made before this moment is not taken as the truth (it is
 * `moving`, read again: `takeMainQuantities`). The main channel's own listing is shown holding the new
 * on hand. One statement; call it with the products locked (`lockStock`). Answers the keys applied now.
 */
export async function applyMainSales(
  db: Db,
  accountId: string,
  sales: AdjustmentInput[],
  at: Date,
): Promise<Set<string>> {
  if (sales.length === 0) return new Set();
  const values = sql.join(
    sales.map(
      (s) =>
        sql`(${s.productId}::uuid, ${s.sku}::text, ${s.orderId}::uuid, ${s.delta}::int, ${s.idempotencyKey}::text)`,
    ),
    sql`, `,
  );
  const rows = (await db.execute(sql`
    with sold(product_id, sku, order_id, delta, idempotency_key) as (values ${values}),
    kept as (
      insert into ${stockAdjustments} (account_id, product_id, sku, order_id, delta, idempotency_key, status, attempts, applied_at, created_at, updated_at)
      select ${accountId}::uuid, product_id, sku, order_id, delta, idempotency_key, 'applied', 0, ${at}, ${at}, ${at} from sold
      on conflict (account_id, idempotency_key) do nothing
      returning product_id, delta, idempotency_key
    ),
    moved as (
      update ${products} set on_hand = ${products.onHand} + k.delta, updated_at = ${at}
      from (select product_id, sum(delta)::int as delta from kept group by product_id) as k
      where ${products.id} = k.product_id
      returning ${products.id} as id, ${products.onHand} as on_hand, ${products.sourceChannelId} as channel_id
    ),
    mirrored as (
      update ${listings} set confirmed_quantity = moved.on_hand, confirmed_at = ${at}, updated_at = ${at}
      from moved where ${listings.productId} = moved.id and ${listings.channelId} = moved.channel_id
    )
    select idempotency_key from kept`)) as unknown as { rows: Array<{ idempotency_key: string }> };
  return new Set(rows.rows.map((r) => r.idempotency_key));
}

/** The main channel's quantity as we hold it, per SKU: on hand, and the units of our adjustments on their way there (sent, not yet answered). */
export async function mainStockOfSkus(
  db: Db,
  accountId: string,
  skus: string[],
): Promise<Map<string, { onHand: number; sending: number }>> {
  if (skus.length === 0) return new Map();
  const rows = await rowsOf(db, mainStockOfSkusStatement, [accountId, skus]);
  return new Map(rows.map((r) => [r.sku, { onHand: r.onHand, sending: r.sending }]));
}
