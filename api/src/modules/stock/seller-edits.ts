import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { mainListingsOf, queueWrites } from '../../db/queries/listing-writes-planning.ts';
import { insertAdjustments, moveStock, sellerAdjustmentKey, type AdjustmentInput } from '../../db/queries/stock.ts';
import { accountPlan } from '../../db/queries/accounts.ts';
import { planLimits } from '../billing/plan-limits.ts';
import { requestMainAdjustments } from './main-channel-requests.ts';
import { requestChannelPushes } from '../push/plan-writes.ts';

export interface SellerEdit {
  productId: string;
  sku: string;
  /** Units the seller added (or took off, negative) to on hand. */
  onHandDelta?: number;
  /** The new main price, and the change that records it. */
  price?: { after: string; changeId: string | null };
}

/**
 * A seller's edit of products (a bulk edit, an import, its undo) is the main channel's to hold too,
 * or the next read of the main channel would put the old values back. On hand goes as a relative
 * adjustment, like a sale on a target (never a set, which could overwrite a sale there meanwhile):
 * committed carries it until the main channel takes it, so available, and every target, shows the
 * new stock at once. A price goes as a write to the main channel's listing. Call it in the
 * transaction that changes the products (locked), before the targets' writes are planned.
 */
export async function passSellerEditsToMain(
  ctx: AppContext,
  tx: Db,
  accountId: string,
  batchRef: string,
  edits: SellerEdit[],
): Promise<void> {
  const at = ctx.clock();
  const adjustments: AdjustmentInput[] = [];
  for (const edit of edits) {
    if (!edit.onHandDelta) continue;
    await moveStock(tx, edit.productId, { committed: -edit.onHandDelta }, at);
    adjustments.push({
      productId: edit.productId,
      sku: edit.sku,
      orderId: null,
      delta: edit.onHandDelta,
      idempotencyKey: sellerAdjustmentKey(batchRef, edit.productId),
    });
  }
  if ((await insertAdjustments(tx, accountId, adjustments, at)).length > 0)
    await requestMainAdjustments(ctx, tx, accountId);

  const priced = edits.filter((e) => e.price);
  if (priced.length === 0) return;
  const priceOf = new Map(priced.map((e) => [e.productId, e.price!]));
  const mainListings = await mainListingsOf(tx, accountId, [...priceOf.keys()]);
  await queueWrites(
    tx,
    accountId,
    mainListings.map((l) => ({
      channelId: l.channelId,
      listingId: l.listingId,
      changeId: priceOf.get(l.productId)!.changeId,
      sku: l.sku,
      field: 'price' as const,
      before: l.confirmedPrice,
      after: priceOf.get(l.productId)!.after,
    })),
    at,
  );
  // Real-time plans push at once; on Starter the price waits for the hourly sync, as every value does.
  if (mainListings.length > 0 && planLimits[await accountPlan(tx, accountId)].realTime) {
    await requestChannelPushes(ctx, tx, accountId, mainListings);
  }
}
