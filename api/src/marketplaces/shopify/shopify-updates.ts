/**
 * Shopify's stock and price writes: absolute quantities by compare-and-set (inventorySetQuantities,
 * 250 a call), prices one product a call (productVariantsBulkUpdate), and relative adjustments under
 * an idempotency key (inventoryAdjustQuantities with @idempotent).
 */
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceAdapter } from '../marketplace-adapter.ts';
import { mapConcurrent } from '../shared/concurrency.ts';
import type { ListingUpdate, UpdateOutcome } from '../types.ts';
import { adjustQuantityMutation, setQuantitiesMutation, updatePricesMutation } from './queries.ts';
import type { ShopifyClient } from './shopify-client.ts';
import type { ShopifyVariants } from './shopify-variants.ts';
import { availableQuantity, moneyInput, userErrorIndex } from './transform.ts';
import type { ShopifyUserError, ShopifyVariant } from './types.ts';

/**
 * Every input array of the inventory and variant bulk mutations takes at most 250 entries
 * (https://shopify.dev/docs/api/usage/limits).
 */
export const SHOPIFY_MAX_PER_MUTATION = 250;
/** `reason` for absolute sets made by the sync (one of Shopify's listed reasons). */
const SET_REASON = 'correction';
/** A compare-and-set that meets a concurrent change is read again and retried this many times. */
const STALE_ROUNDS = 3;
/**
 * Price calls (one product each) under way at once: enough that the cost bucket, not the answers'
 * round trips, sets the pace when answers come back late (a busy process, a slow network).
 */
const PRICE_CALLS_IN_FLIGHT = 24;
/** Quantity calls (250 stock levels each) under way at once, beside the price calls. */
const QUANTITY_CALLS_IN_FLIGHT = 2;

/** What the writes share with the rest of the adapter: the client, and the variants it knows. */
export interface ShopifyParts {
  client: ShopifyClient;
  variants: ShopifyVariants;
}

type Outcomes = Map<string, UpdateOutcome>;
type QuantityEntry = { sku: string; variant: ShopifyVariant; quantity: number };
type PriceEntry = { sku: string; variant: ShopifyVariant; amount: string };

function reject(outcomes: Outcomes, sku: string, message: string, code?: string) {
  const previous = outcomes.get(sku);
  if (previous?.outcome === 'rejected') {
    outcomes.set(sku, {
      sku,
      outcome: 'rejected',
      message: `${previous.message}; ${message}`,
      ...(previous.code ? { code: previous.code } : code ? { code } : {}),
    });
    return;
  }
  outcomes.set(sku, { sku, outcome: 'rejected', message, ...(code ? { code } : {}) });
}

/** Failures that concern every SKU of one call: the answer lost (unknown) or the call refused (rejected). */
function failAll(outcomes: Outcomes, skus: string[], error: unknown) {
  if (!(error instanceof MarketplaceError) || !(error.kind === 'outcome_unknown' || error.kind === 'rejected'))
    throw error;
  for (const sku of skus) {
    if (error.kind === 'outcome_unknown') {
      if (outcomes.get(sku)?.outcome !== 'rejected')
        outcomes.set(sku, { sku, outcome: 'unknown', message: error.message });
    } else reject(outcomes, sku, error.message, error.details.code);
  }
}

/**
 * One inventorySetQuantities round's user errors: the refused entries noted, the stale ones (sold or
 * changed meanwhile) returned to be read again. False when an error names no entry (all refused).
 */
function noteQuantityErrors(
  pending: Array<QuantityEntry & { compare: number | null }>,
  userErrors: ShopifyUserError[],
  round: number,
  outcomes: Outcomes,
): { stale: Set<string>; refused: Set<string> } | false {
  const stale = new Set<string>();
  // Refused by this mutation (a price refused meanwhile does not keep a SKU's count from being set).
  const refused = new Set<string>();
  for (const error of userErrors) {
    const index = userErrorIndex(error.field, 'quantities');
    const entry = index === undefined ? undefined : pending[index];
    if (!entry) {
      for (const e of pending) reject(outcomes, e.sku, error.message, error.code ?? undefined);
      return false;
    }
    if (error.code === 'COMPARE_QUANTITY_STALE' && round < STALE_ROUNDS) stale.add(entry.sku);
    else {
      reject(outcomes, entry.sku, error.message, error.code ?? undefined);
      refused.add(entry.sku);
    }
  }
  return { stale, refused };
}

/** Sets absolute available counts (up to 250), compared with the counts last seen; a stale one is read again. */
async function setQuantities(parts: ShopifyParts, entries: QuantityEntry[], outcomes: Outcomes, signal?: AbortSignal) {
  const { client, variants } = parts;
  const loc = await variants.location(signal);
  let pending = entries.map((e) => ({ ...e, compare: availableQuantity(e.variant) }));
  for (const entry of pending.filter((e) => e.compare === null))
    reject(
      outcomes,
      entry.sku,
      'The inventory item is not stocked at the location the hub writes to.',
      'ITEM_NOT_STOCKED_AT_LOCATION',
    );
  pending = pending.filter((e) => e.compare !== null);
  for (let round = 0; pending.length > 0; round++) {
    let result: { inventorySetQuantities: { userErrors: ShopifyUserError[] } | null };
    try {
      const quantities = pending.map((e) => ({
        inventoryItemId: e.variant.inventoryItem.id,
        locationId: loc,
        quantity: e.quantity,
        compareQuantity: e.compare,
      }));
      result = await client.graphql(
        setQuantitiesMutation,
        { input: { name: 'available', reason: SET_REASON, ignoreCompareQuantity: false, quantities } },
        { cost: 10, signal },
      );
    } catch (error) {
      // Applied or not, nobody knows: what was kept of these counts is forgotten.
      for (const e of pending) variants.forget(e.sku);
      failAll(
        outcomes,
        pending.map((e) => e.sku),
        error,
      );
      return;
    }
    const userErrors = result.inventorySetQuantities?.userErrors ?? [];
    if (userErrors.length === 0) {
      // All set: each count is now what was set.
      for (const e of pending) variants.rememberSet(e.variant, e.quantity);
      return;
    }
    // The mutation is all or nothing: note the refused entries, then send the others again.
    const noted = noteQuantityErrors(pending, userErrors, round, outcomes);
    if (!noted) return;
    pending = pending.filter((e) => !noted.refused.has(e.sku));
    if (noted.stale.size) {
      // Sold or changed meanwhile: read the new count and set the target again (absolute values).
      const fresh = await variants.lookup([...noted.stale], signal, { fresh: true });
      pending = pending.map((e) => {
        const variant = fresh.variants.get(e.sku);
        return noted.stale.has(e.sku) && variant ? { ...e, variant, compare: availableQuantity(variant) } : e;
      });
    }
  }
}

async function setPrices(parts: ShopifyParts, entries: PriceEntry[], outcomes: Outcomes, signal?: AbortSignal) {
  const byProduct = new Map<string, PriceEntry[]>();
  for (const entry of entries)
    byProduct.set(entry.variant.product.id, [...(byProduct.get(entry.variant.product.id) ?? []), entry]);
  // One product per call (productVariantsBulkUpdate takes one productId), a few under way at once:
  // the cost bucket paces them, and one after another they would wait on each answer instead.
  await mapConcurrent([...byProduct], PRICE_CALLS_IN_FLIGHT, async ([productId, group]) => {
    let result: { productVariantsBulkUpdate: { userErrors: ShopifyUserError[] } | null };
    try {
      result = await parts.client.graphql(
        updatePricesMutation,
        { productId, variants: group.map((e) => ({ id: e.variant.id, price: moneyInput(e.amount) })) },
        { cost: 10, signal },
      );
    } catch (error) {
      failAll(
        outcomes,
        group.map((e) => e.sku),
        error,
      );
      return;
    }
    for (const error of result.productVariantsBulkUpdate?.userErrors ?? []) {
      const index = userErrorIndex(error.field, 'variants');
      const targets = index !== undefined && group[index] ? [group[index]] : group;
      for (const entry of targets) reject(outcomes, entry.sku, error.message, error.code ?? undefined);
    }
  });
}

/** The quantities and prices to send, each update checked against its variant and the shop's currency. */
function sortUpdates(
  all: ListingUpdate[],
  found: { currency: string; variants: Map<string, ShopifyVariant> },
  outcomes: Outcomes,
): { quantities: QuantityEntry[]; prices: PriceEntry[] } {
  const { currency, variants } = found;
  const quantities: QuantityEntry[] = [];
  const prices: PriceEntry[] = [];
  for (const update of all) {
    const variant = variants.get(update.sku);
    if (!variant) {
      reject(outcomes, update.sku, `No product variant with SKU ${update.sku} in this shop`, 'NOT_FOUND');
      continue;
    }
    if (update.quantity !== undefined) {
      if (!Number.isInteger(update.quantity))
        reject(outcomes, update.sku, 'The quantity must be a whole number', 'INVALID_QUANTITY');
      else quantities.push({ sku: update.sku, variant, quantity: update.quantity });
    }
    if (update.price !== undefined) {
      if (update.price.currency !== currency)
        reject(
          outcomes,
          update.sku,
          `The price is in ${update.price.currency} but the shop sells in ${currency}`,
          'CURRENCY_MISMATCH',
        );
      else prices.push({ sku: update.sku, variant, amount: update.price.amount });
    }
  }
  return { quantities, prices };
}

/** Any number of updates at once: quantities 250 to a mutation, prices one product to a mutation. */
async function updateListings(
  parts: ShopifyParts,
  updates: ListingUpdate[],
  signal?: AbortSignal,
): Promise<UpdateOutcome[]> {
  const outcomes: Outcomes = new Map();
  const latest = new Map<string, ListingUpdate>();
  for (const update of updates) latest.set(update.sku, { ...latest.get(update.sku), ...update });
  const all = [...latest.values()];
  // Grouped over the whole call (a product's variants in one call, however the SKUs came).
  const found = await parts.variants.lookup(
    all.map((u) => u.sku),
    signal,
  );
  const { quantities, prices } = sortUpdates(all, found, outcomes);
  const settable = quantities.filter((q) => outcomes.get(q.sku)?.outcome !== 'rejected');
  const quantityBatches: Array<typeof settable> = [];
  for (let i = 0; i < settable.length; i += SHOPIFY_MAX_PER_MUTATION)
    quantityBatches.push(settable.slice(i, i + SHOPIFY_MAX_PER_MUTATION));
  const priced = prices.filter((p) => outcomes.get(p.sku)?.outcome !== 'rejected');
  // Stock levels and prices are separate objects at Shopify: both go at once, paced by the one
  // cost bucket (one after the other, the prices waited on forty quantity answers in a row).
  // Both end before this answers or throws, so nothing of the round is under way after it.
  const sent = await Promise.allSettled([
    mapConcurrent(quantityBatches, QUANTITY_CALLS_IN_FLIGHT, (batch) => setQuantities(parts, batch, outcomes, signal)),
    priced.length ? setPrices(parts, priced, outcomes, signal) : Promise.resolve(),
  ]);
  const failed = sent.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  const answers = all.map((u) => outcomes.get(u.sku) ?? ({ sku: u.sku, outcome: 'confirmed' } as UpdateOutcome));
  for (const answer of answers) if (answer.outcome === 'rejected') parts.variants.forget(answer.sku);
  return answers;
}

type Adjustments = Required<Pick<MarketplaceAdapter, 'adjustQuantity' | 'adjustQuantities'>>;
type AdjustAnswer = Awaited<ReturnType<Adjustments['adjustQuantities']>>;

/**
 * inventoryAdjustQuantities under the key: with it, sending the same adjustment again is safe (Shopify answers the
 * first result).
 */
function adjust(
  parts: ShopifyParts,
  changes: Array<{ inventoryItemId: string; locationId: string; delta: number }>,
  idempotencyKey: string,
  signal?: AbortSignal,
) {
  return parts.client.graphql<{ inventoryAdjustQuantities: { userErrors: ShopifyUserError[] } | null }>(
    adjustQuantityMutation,
    { input: { name: 'available', reason: SET_REASON, changes }, idempotencyKey },
    { cost: 10, signal },
  );
}

async function adjustQuantity(
  parts: ShopifyParts,
  sku: string,
  delta: number,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<UpdateOutcome> {
  const { variants } = await parts.variants.lookup([sku], signal);
  const variant = variants.get(sku);
  if (!variant)
    return { sku, outcome: 'rejected', message: `No product variant with SKU ${sku} in this shop`, code: 'NOT_FOUND' };
  const loc = await parts.variants.location(signal);
  try {
    const data = await adjust(
      parts,
      [{ inventoryItemId: variant.inventoryItem.id, locationId: loc, delta }],
      idempotencyKey,
      signal,
    );
    const error = data.inventoryAdjustQuantities?.userErrors[0];
    if (error) {
      parts.variants.forget(sku);
      return { sku, outcome: 'rejected', message: error.message, ...(error.code ? { code: error.code } : {}) };
    }
    parts.variants.rememberMoved(variant, delta);
    return { sku, outcome: 'confirmed' };
  } catch (error) {
    parts.variants.forget(sku);
    if (error instanceof MarketplaceError && error.kind === 'outcome_unknown')
      return { sku, outcome: 'unknown', message: error.message };
    if (error instanceof MarketplaceError && error.kind === 'rejected')
      return {
        sku,
        outcome: 'rejected',
        message: error.message,
        ...(error.details.code ? { code: error.details.code } : {}),
      };
    throw error;
  }
}

/** Each user error names its change by index (input.changes.<i>.…); one naming none refuses them all. */
function refusedChanges(changes: Array<{ sku: string }>, errors: ShopifyUserError[]): AdjustAnswer {
  const refused = errors.map((e) => {
    const index = e.field?.[0] === 'input' && e.field[1] === 'changes' ? Number(e.field[2]) : NaN;
    return { index, message: e.message };
  });
  if (refused.some((r) => !Number.isInteger(r.index) || !changes[r.index]))
    return { outcome: 'refused', refused: changes.map((c) => ({ sku: c.sku, message: errors[0]!.message })) };
  return { outcome: 'refused', refused: refused.map((r) => ({ sku: changes[r.index]!.sku, message: r.message })) };
}

async function adjustQuantities(
  parts: ShopifyParts,
  changes: Array<{ sku: string; delta: number }>,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<AdjustAnswer> {
  const { variants } = await parts.variants.lookup(
    changes.map((c) => c.sku),
    signal,
  );
  const missing = changes.filter((c) => !variants.has(c.sku));
  if (missing.length > 0)
    return {
      outcome: 'refused',
      refused: missing.map((c) => ({ sku: c.sku, message: `No product variant with SKU ${c.sku} in this shop` })),
    };
  const loc = await parts.variants.location(signal);
  try {
    const inputs = changes.map((c) => ({
      inventoryItemId: variants.get(c.sku)!.inventoryItem.id,
      locationId: loc,
      delta: c.delta,
    }));
    const errors = (await adjust(parts, inputs, idempotencyKey, signal)).inventoryAdjustQuantities?.userErrors ?? [];
    if (errors.length > 0) return refusedChanges(changes, errors);
    for (const c of changes) parts.variants.rememberMoved(variants.get(c.sku)!, c.delta);
    return { outcome: 'applied' };
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === 'outcome_unknown')
      return { outcome: 'unknown', message: error.message };
    if (error instanceof MarketplaceError && error.kind === 'rejected')
      return { outcome: 'refused', refused: changes.map((c) => ({ sku: c.sku, message: error.message })) };
    throw error;
  }
}

/** The adapter's writes of stock and price. */
export function shopifyUpdates(parts: ShopifyParts): Pick<MarketplaceAdapter, 'updateListings'> & Adjustments {
  return {
    updateListings: (updates, signal) => updateListings(parts, updates, signal),
    adjustQuantity: (sku, delta, key, signal) => adjustQuantity(parts, sku, delta, key, signal),
    adjustQuantities: (changes, key, signal) => adjustQuantities(parts, changes, key, signal),
  };
}
