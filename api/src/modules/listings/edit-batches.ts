import { queueTitleEdits, type TitleEdit } from '../push/title-writes.ts';
import crypto from 'node:crypto';
import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { insertChanges, type ChangeInput } from '../../db/queries/changes.ts';
import {
  batchChanges,
  batchPushCounts,
  editableProducts,
  findChangeBatch,
  insertChangeBatch,
  listingStatuses,
  markBatchUndone,
  productListingsOn,
  setListingStatuses,
  setPriceOverrides,
  setProductValues,
  setQuantityCaps,
  type ChangeBatchRecord,
  type ProductValues,
} from '../../db/queries/listing-edits.ts';
import type { BatchExtraValue, ChangeBatchKind, ChannelKind, ListingStatus } from '../../db/schema/index.ts';
import { recordAudit, sampleBeforeAndAfter, type AuditContext } from '../audit/audit-log.ts';
import { planListingWrites } from '../push/plan-writes.ts';
import { passSellerEditsToMain, type SellerEdit } from '../stock/seller-edits.ts';
import { normalisePrice } from '../push/desired-values.ts';
import { requestListingStatusSends } from './publish.ts';
import { tagsFromText, tagsText } from './tags.ts';
import { attributeChange, attributeChangeText, attributeChangeValues } from './seller-attributes.ts';

/** One product's new values in a batch, each with what it replaces. */
export interface ProductEdit {
  productId: string;
  sku: string;
  price?: { before: string | null; after: string };
  onHand?: { before: number; after: number };
  title?: { before: string | null; after: string };
  /** The seller's cost of one unit (null: none known). */
  cost?: { before: string | null; after: string | null };
  tags?: { before: string[]; after: string[] };
  /** The seller's own attribute values, whole (one change lists the names that moved). */
  attributes?: { before: Record<string, string>; after: Record<string, string> };
  /** A channel's own price (its override; null: the rules' price). */
  channelPrices?: Array<{
    listingId: string;
    channelId: string;
    channelKind: ChannelKind;
    before: string | null;
    after: string | null;
  }>;
  /** The most units a channel may offer (its cap; null: no cap, the rules decide). */
  channelQuantityCaps?: Array<{
    listingId: string;
    channelId: string;
    channelKind: ChannelKind;
    before: number | null;
    after: number | null;
  }>;
  statuses?: Array<{ listingId: string; before: ListingStatus; after: ListingStatus }>;
}

/** A cap as `changes` keeps it: its number, or null for no cap. */
const capText = (cap: number | null) => (cap === null ? null : String(cap));

/** What a bulk edit or an import becomes in `changes`: the batch id, or `csv:<id>` for an import. */
export const batchCauseRef = (kind: ChangeBatchKind, batchId: string) =>
  kind === 'csv_import' ? `csv:${batchId}` : batchId;
export const undoCauseRef = (batchId: string) => `undo:${batchId}`;

export const BATCH_GONE = 'No such bulk change.';

export interface BulkChangeView {
  batch: ChangeBatchRecord;
  pushes: { total: number; confirmed: number; failed: number; open: number };
}

export async function bulkChangeView(db: Db, accountId: string, batch: ChangeBatchRecord): Promise<BulkChangeView> {
  return { batch, pushes: await batchPushCounts(db, accountId, batchCauseRef(batch.kind, batch.id)) };
}

export async function getBulkChange(ctx: AppContext, accountId: string, batchId: string): Promise<BulkChangeView> {
  const batch = await findChangeBatch(ctx.db, accountId, batchId);
  if (!batch) throw new AppError(404, BATCH_GONE);
  return bulkChangeView(ctx.db, accountId, batch);
}

/**
 * Applies the edits in the caller's transaction: products updated, one change per value (cause
 * bulk_edit, the batch as causeRef, the user as actor), titles and statuses kept on the batch for
 * undo, and the pushes the new stock and prices call for queued with them.
 */
export async function applyEdits(
  ctx: AppContext,
  tx: Db,
  audit: AuditContext,
  accountId: string,
  kind: ChangeBatchKind,
  edits: ProductEdit[],
): Promise<ChangeBatchRecord> {
  const at = ctx.clock();
  const batchId = crypto.randomUUID();
  const causeRef = batchCauseRef(kind, batchId);
  const values: ProductValues[] = [];
  const changeInputs: ChangeInput[] = [];
  const changeOwner: string[] = [];
  const extraValues: BatchExtraValue[] = [];
  const statusUpdates: Array<{ listingId: string; status: ListingStatus }> = [];
  const overrides: Array<{ listingId: string; price: string | null }> = [];
  const caps: Array<{ listingId: string; cap: number | null }> = [];
  const titleEdits: TitleEdit[] = [];
  for (const edit of edits) {
    const value: ProductValues = { id: edit.productId };
    const base = {
      productId: edit.productId,
      sku: edit.sku,
      cause: 'bulk_edit' as const,
      causeRef,
      actorUserId: audit.actorUserId,
    };
    if (edit.onHand) {
      // On hand is the main channel's: the edit reaches it as an adjustment (passSellerEditsToMain).
      changeInputs.push({
        ...base,
        field: 'on_hand',
        before: String(edit.onHand.before),
        after: String(edit.onHand.after),
      });
      changeOwner.push(edit.productId);
    }
    if (edit.price) {
      value.price = edit.price.after;
      changeInputs.push({ ...base, field: 'price', before: edit.price.before, after: edit.price.after });
      changeOwner.push(edit.productId);
    }
    for (const channelPrice of edit.channelPrices ?? []) {
      overrides.push({ listingId: channelPrice.listingId, price: channelPrice.after });
      changeInputs.push({
        ...base,
        channelId: channelPrice.channelId,
        field: 'price',
        before: channelPrice.before,
        after: channelPrice.after,
      });
      changeOwner.push(edit.productId);
    }
    for (const channelCap of edit.channelQuantityCaps ?? []) {
      // The listing's desired quantity is planned again below: the new cap reaches that channel alone.
      caps.push({ listingId: channelCap.listingId, cap: channelCap.after });
      changeInputs.push({
        ...base,
        channelId: channelCap.channelId,
        field: 'quantity_cap',
        before: capText(channelCap.before),
        after: capText(channelCap.after),
      });
      changeOwner.push(edit.productId);
    }
    // Cost and tags are ours alone (no marketplace holds them), but a rule may price by them: the
    // product's listings are planned again with this change as the cause.
    if (edit.cost) {
      value.cost = edit.cost.after;
      changeInputs.push({ ...base, field: 'cost', before: edit.cost.before, after: edit.cost.after });
      changeOwner.push(edit.productId);
    }
    if (edit.tags) {
      value.tags = edit.tags.after;
      changeInputs.push({
        ...base,
        field: 'tags',
        before: tagsText(edit.tags.before),
        after: tagsText(edit.tags.after),
      });
      changeOwner.push(edit.productId);
    }
    // The seller's attributes reach the marketplaces when a listing is made; the checks read them at once
    // (the product's stamp), and nothing is planned again.
    if (edit.attributes) {
      value.sellerAttributes = edit.attributes.after;
      const moved = attributeChange(edit.attributes.before, edit.attributes.after);
      changeInputs.push({
        ...base,
        field: 'attributes',
        before: attributeChangeText(moved.before),
        after: attributeChangeText(moved.after),
      });
    }
    if (edit.title) {
      value.title = edit.title.after;
      titleEdits.push({ productId: edit.productId, sku: edit.sku, before: edit.title.before, after: edit.title.after });
      extraValues.push({
        field: 'title',
        targetId: edit.productId,
        sku: edit.sku,
        before: edit.title.before,
        after: edit.title.after,
      });
    }
    for (const status of edit.statuses ?? []) {
      statusUpdates.push({ listingId: status.listingId, status: status.after });
      extraValues.push({
        field: 'status',
        targetId: status.listingId,
        sku: edit.sku,
        before: status.before,
        after: status.after,
      });
    }
    if (Object.keys(value).length > 1) values.push(value);
  }
  const batch = await insertChangeBatch(
    tx,
    {
      id: batchId,
      accountId,
      kind,
      actorUserId: audit.actorUserId,
      skus: edits.length,
      values: changeInputs.length + extraValues.length,
      extraValues,
    },
    at,
  );
  await setProductValues(tx, accountId, values, at);
  await setPriceOverrides(tx, accountId, overrides, at);
  await setQuantityCaps(tx, accountId, caps, at);
  await setListingStatuses(tx, accountId, statusUpdates, at);
  await requestListingStatusSends(ctx, tx, accountId, statusUpdates, audit.actorUserId);
  const ids = await insertChanges(tx, accountId, changeInputs, at);
  // Each product's writes are the result of its first change (its stock, else its price).
  const changeIdByProduct = new Map<string, string>();
  changeOwner.forEach((productId, i) => changeIdByProduct.has(productId) || changeIdByProduct.set(productId, ids[i]!));
  const priceChangeOf = new Map(
    changeInputs.flatMap((c, i) => (c.field === 'price' && !c.channelId ? [[c.productId!, ids[i]!] as const] : [])),
  );
  await passSellerEditsToMain(
    ctx,
    tx,
    accountId,
    batchId,
    edits.map((e) => ({
      productId: e.productId,
      sku: e.sku,
      ...(e.onHand ? { onHandDelta: e.onHand.after - e.onHand.before } : {}),
      ...(e.price ? { price: { after: e.price.after, changeId: priceChangeOf.get(e.productId) ?? null } } : {}),
    })),
  );
  if (changeIdByProduct.size > 0)
    await planListingWrites(ctx, tx, accountId, [...changeIdByProduct.keys()], { changeIdByProduct });
  await queueTitleEdits(ctx, tx, accountId, titleEdits, {
    cause: 'bulk_edit',
    causeRef,
    actorUserId: audit.actorUserId,
  });
  await recordAudit(tx, audit, {
    action: kind === 'csv_import' ? 'listings.imported' : 'listings.bulk_edited',
    accountId,
    targetType: 'change_batch',
    targetId: batchId,
    // The first SKUs' values before and after; the batch itself keeps every change (and undoes them).
    ...sampleBeforeAndAfter(edits, (e) => ({ sku: e.sku })),
    metadata: { skus: edits.length, values: batch.values, sample: edits.slice(0, 20).map((e) => e.sku) },
  });
  return batch;
}

export interface UndoOutcome {
  batchId: string;
  restored: number;
  skipped: Array<{
    sku: string;
    field: 'price' | 'on_hand' | 'title' | 'status' | 'quantity_cap' | 'cost' | 'tags' | 'attributes';
    now: string | null;
  }>;
}

/**
 * Puts back what a batch changed, as new changes (causeRef `undo:<batch>`), value by value; a
 * value that moved since the batch is left as it is and reported. A batch is undone once.
 */
export async function undoBatch(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  batchId: string,
): Promise<UndoOutcome> {
  return ctx.db.transaction(async (tx) => {
    const batch = await findChangeBatch(tx, accountId, batchId, { lock: true });
    if (!batch) throw new AppError(404, BATCH_GONE);
    if (batch.undoneAt) throw new AppError(409, 'This change was already undone.');
    const at = ctx.clock();
    const recorded = await batchChanges(tx, accountId, batchCauseRef(batch.kind, batch.id));
    const productIds = [
      ...new Set([
        ...recorded.map((c) => c.productId!),
        ...batch.extraValues.filter((v) => v.field === 'title').map((v) => v.targetId),
      ]),
    ];
    const current = new Map((await editableProducts(tx, accountId, productIds, { lock: true })).map((p) => [p.id, p]));
    const statuses = await listingStatuses(
      tx,
      accountId,
      batch.extraValues.filter((v) => v.field === 'status').map((v) => v.targetId),
    );
    const channelIds = [...new Set(recorded.flatMap((c) => (c.channelId ? [c.channelId] : [])))];
    const channelListings = new Map(
      (await productListingsOn(tx, accountId, channelIds.length > 0 ? productIds : [], channelIds)).map((l) => [
        `${l.productId}:${l.channelId}`,
        l,
      ]),
    );
    const overrides: Array<{ listingId: string; price: string | null }> = [];
    const caps: Array<{ listingId: string; cap: number | null }> = [];
    const outcome: UndoOutcome = { batchId, restored: 0, skipped: [] };
    const values = new Map<string, ProductValues>();
    const valueOf = (id: string) => values.get(id) ?? values.set(id, { id }).get(id)!;
    // The seller's attributes as the undo leaves them so far (a batch holds one change of them per product).
    const valuesOf = new Map<string, Record<string, string>>();
    const changeInputs: ChangeInput[] = [];
    const sellerEdits: SellerEdit[] = [];
    const base = { cause: 'bulk_edit' as const, causeRef: undoCauseRef(batchId), actorUserId: audit.actorUserId };
    for (const change of recorded) {
      const product = current.get(change.productId!);
      if (!product) continue;
      if (change.field === 'quantity_cap') {
        const listing = change.channelId ? channelListings.get(`${product.id}:${change.channelId}`) : undefined;
        const now = capText(listing?.quantityCap ?? null);
        if (!listing || now !== change.after) {
          outcome.skipped.push({ sku: change.sku, field: 'quantity_cap', now });
          continue;
        }
        caps.push({ listingId: listing.listingId, cap: change.before === null ? null : Number(change.before) });
        changeInputs.push({
          ...base,
          productId: product.id,
          channelId: change.channelId,
          sku: change.sku,
          field: 'quantity_cap',
          before: now,
          after: change.before,
        });
        continue;
      }
      if (change.channelId) {
        const listing = channelListings.get(`${product.id}:${change.channelId}`);
        const now = listing?.priceOverride ?? null;
        const same = (a: string | null, b: string | null) =>
          a === null || b === null ? a === b : normalisePrice(a) === normalisePrice(b);
        if (!listing || !same(now, change.after)) {
          outcome.skipped.push({ sku: change.sku, field: 'price', now });
          continue;
        }
        overrides.push({ listingId: listing.listingId, price: change.before });
        changeInputs.push({
          ...base,
          productId: product.id,
          channelId: change.channelId,
          sku: change.sku,
          field: 'price',
          before: now,
          after: change.before,
        });
        continue;
      }
      if (change.field === 'attributes') {
        // Undone where every name the change set still holds what it set; put back as they were before.
        const was = attributeChangeValues(change.before);
        const set = attributeChangeValues(change.after);
        const holding = valuesOf.get(product.id) ?? product.sellerAttributes;
        const moved = Object.entries(set).filter(([name, value]) => (holding[name] ?? null) !== value);
        if (moved.length > 0) {
          outcome.skipped.push({
            sku: change.sku,
            field: 'attributes',
            now: attributeChangeText(Object.fromEntries(moved.map(([name]) => [name, holding[name] ?? null]))),
          });
          continue;
        }
        const restored: Record<string, string> = { ...holding };
        for (const [name, value] of Object.entries(was)) {
          if (value === null) delete restored[name];
          else restored[name] = value;
        }
        valuesOf.set(product.id, restored);
        valueOf(product.id).sellerAttributes = restored;
        changeInputs.push({
          ...base,
          productId: product.id,
          sku: change.sku,
          field: 'attributes',
          before: change.after,
          after: change.before,
        });
        continue;
      }
      if (change.field === 'cost' || change.field === 'tags') {
        const now = change.field === 'cost' ? product.cost : tagsText(product.tags);
        const unmoved =
          change.field === 'cost'
            ? now === null || change.after === null
              ? now === change.after
              : normalisePrice(now) === normalisePrice(change.after)
            : now === (change.after ?? '');
        if (!unmoved) {
          outcome.skipped.push({ sku: change.sku, field: change.field, now });
          continue;
        }
        if (change.field === 'cost') valueOf(product.id).cost = change.before;
        else valueOf(product.id).tags = tagsFromText(change.before ?? '');
        changeInputs.push({
          ...base,
          productId: product.id,
          sku: change.sku,
          field: change.field,
          before: now,
          after: change.before,
        });
        continue;
      }
      const now = change.field === 'price' ? product.price : String(product.onHand);
      const unmoved =
        change.field === 'price'
          ? now !== null && change.after !== null && normalisePrice(now) === normalisePrice(change.after)
          : now === change.after;
      if (!unmoved) {
        outcome.skipped.push({ sku: change.sku, field: change.field, now });
        continue;
      }
      if (change.field === 'price') valueOf(product.id).price = change.before;
      else
        sellerEdits.push({ productId: product.id, sku: change.sku, onHandDelta: Number(change.before) - Number(now) });
      changeInputs.push({
        ...base,
        productId: product.id,
        sku: change.sku,
        field: change.field,
        before: now,
        after: change.before,
      });
    }
    const statusUpdates: Array<{ listingId: string; status: ListingStatus }> = [];
    const titleEdits: TitleEdit[] = [];
    for (const extra of batch.extraValues) {
      const now =
        extra.field === 'title' ? (current.get(extra.targetId)?.title ?? null) : (statuses.get(extra.targetId) ?? null);
      if (now !== extra.after || extra.before === null) {
        outcome.skipped.push({ sku: extra.sku, field: extra.field, now });
        continue;
      }
      if (extra.field === 'title') {
        valueOf(extra.targetId).title = extra.before;
        titleEdits.push({ productId: extra.targetId, sku: extra.sku, before: extra.after, after: extra.before });
      } else statusUpdates.push({ listingId: extra.targetId, status: extra.before as ListingStatus });
      outcome.restored += 1;
    }
    await setProductValues(tx, accountId, [...values.values()], at);
    await setPriceOverrides(tx, accountId, overrides, at);
    await setQuantityCaps(tx, accountId, caps, at);
    await setListingStatuses(tx, accountId, statusUpdates, at);
    await requestListingStatusSends(ctx, tx, accountId, statusUpdates, audit.actorUserId);
    const ids = await insertChanges(tx, accountId, changeInputs, at);
    outcome.restored += ids.length;
    const changeIdByProduct = new Map<string, string>();
    changeInputs.forEach((c, i) => changeIdByProduct.has(c.productId!) || changeIdByProduct.set(c.productId!, ids[i]!));
    changeInputs.forEach(
      (c, i) =>
        c.field === 'price' &&
        !c.channelId &&
        sellerEdits.push({ productId: c.productId!, sku: c.sku, price: { after: c.after!, changeId: ids[i]! } }),
    );
    await passSellerEditsToMain(ctx, tx, accountId, undoCauseRef(batchId), sellerEdits);
    if (changeIdByProduct.size > 0)
      await planListingWrites(ctx, tx, accountId, [...changeIdByProduct.keys()], { changeIdByProduct });
    await queueTitleEdits(ctx, tx, accountId, titleEdits, base);
    await markBatchUndone(tx, batchId, audit.actorUserId, at);
    await recordAudit(tx, audit, {
      action: 'listings.change_undone',
      accountId,
      targetType: 'change_batch',
      targetId: batchId,
      metadata: { restored: outcome.restored, skipped: outcome.skipped.length },
    });
    return outcome;
  });
}
