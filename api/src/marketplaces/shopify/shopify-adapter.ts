import { MarketplaceError } from '../errors.ts';
import type { MarketplaceAdapter, WriteCapabilities } from '../marketplace-adapter.ts';
import type {
  CatalogueItem,
  CreateOutcome,
  ListingState,
  ListingUpdate,
  MarketplaceOrder,
  Page,
  SellerIdentity,
  UpdateOutcome,
} from '../types.ts';
import {
  ORDER_PAGE_SIZE,
  VARIANT_PAGE_SIZE,
  adjustQuantityMutation,
  catalogueQuery,
  locationsQuery,
  orderLinesQuery,
  ordersQuery,
  PRODUCT_PAGE_SIZE,
  moreProductVariantSkusQuery,
  productSetMutation,
  productStatusMutation,
  productVariantSkusQuery,
  setQuantitiesMutation,
  shopQuery,
  updatePricesMutation,
  variantsBySkuQuery,
  webhookSubscribeMutation,
} from './queries.ts';
import { mapConcurrent } from '../shared/concurrency.ts';
import { ShopifyClient, type ShopifyClientOptions } from './shopify-client.ts';
import {
  availableQuantity,
  moneyInput,
  notListed,
  orderToMarketplaceOrder,
  productSetInput,
  productSetOutcome,
  skuSearchQuery,
  updatedSinceQuery,
  userErrorIndex,
  variantToCatalogueItem,
  variantToListingState,
} from './transform.ts';
import type {
  ShopifyConnection,
  ShopifyOrder,
  ShopifyProductSetPayload,
  ShopifyProductUpdatePayload,
  ShopifyShop,
  ShopifyUserError,
  ShopifyVariant,
} from './types.ts';

/** S-LIM: every input array of the inventory and variant bulk mutations takes at most 250 entries. */
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
/** Variants an adapter keeps (a shop's catalogue, for most sellers). */
const KNOWN_VARIANTS = 100_000;

export const shopifyCapabilities: WriteCapabilities = {
  maxSkusPerCall: SHOPIFY_MAX_PER_MUTATION,
  // Shopify's bulk operations (JSONL) are not used: 250 quantities per call is enough for 10,000 SKUs in 40 calls (FACTS §5).
  supportsBulkSubmission: false,
  maxSkusPerSubmission: 0,
  supportsIdempotentAdjustment: true,
  batchesItself: true,
};

export const shopifyWebhookTopics = ['ORDERS_CREATE', 'ORDERS_UPDATED', 'INVENTORY_LEVELS_UPDATE'] as const;
export type ShopifyWebhookTopic = (typeof shopifyWebhookTopics)[number];

export interface ShopifyAdapterOptions extends ShopifyClientOptions {
  /** The location whose `available` stock the hub reads and sets; the shop's first active one when absent. */
  locationId?: string;
}

export interface ShopifyAdapter extends MarketplaceAdapter {
  readonly kind: 'shopify';
  readonly client: ShopifyClient;
  productVariantSkus(skus: string[], signal?: AbortSignal): Promise<Map<string, string[]>>;
  /** Subscribes a callback URL to a topic (an address already subscribed counts as done). */
  subscribeWebhook(
    topic: ShopifyWebhookTopic,
    callbackUrl: string,
    signal?: AbortSignal,
  ): Promise<{ id: string | null }>;
}

type VariantPage = { shop: { currencyCode: string }; productVariants: ShopifyConnection<ShopifyVariant> };
type ProductVariantSkusPage = {
  products: ShopifyConnection<{ id: string; variants: ShopifyConnection<{ sku: string | null }> }>;
};
type Outcomes = Map<string, UpdateOutcome>;

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

export function createShopifyAdapter(options: ShopifyAdapterOptions): ShopifyAdapter {
  const client = new ShopifyClient(options);
  let locationId = options.locationId;

  const location = async (signal?: AbortSignal): Promise<string> => {
    if (locationId) return locationId;
    const data = await client.graphql<{ locations: { nodes: Array<{ id: string; isActive: boolean }> } }>(
      locationsQuery,
      {},
      { cost: 14, signal },
    );
    const found = data.locations.nodes.find((l) => l.isActive);
    if (!found) throw new MarketplaceError('rejected', 'The shop has no active location to hold stock');
    locationId = found.id;
    return locationId;
  };

  /**
   * Variants this adapter has seen, by SKU, and the shop's currency. The adapter is kept per channel,
   * so a push uses what the import or an earlier call learnt instead of looking every variant up
   * again (a lookup of 50 costs 600 points, a price 10). Ids never change; the available count kept
   * is the one Shopify last showed or was last set to or moved by. A count that moved since (a sale,
   * an edit in the admin) makes Shopify's compare-and-set refuse it (COMPARE_QUANTITY_STALE): that
   * variant is then read again. A SKU Shopify refused is forgotten, so it is looked up next time.
   */
  const known = new Map<string, ShopifyVariant>();
  let shopCurrency = '';
  const remember = (variant: ShopifyVariant) => {
    if (!variant.sku) return;
    known.delete(variant.sku);
    // What pushes use (ids, the product, the stock level): not the product's description and pictures.
    known.set(variant.sku, {
      ...variant,
      product: {
        id: variant.product.id,
        title: variant.product.title,
        descriptionHtml: '',
        vendor: variant.product.vendor,
        status: variant.product.status,
      },
    });
    if (known.size > KNOWN_VARIANTS) known.delete(known.keys().next().value!);
  };
  const withAvailable = (variant: ShopifyVariant, quantity: number): ShopifyVariant => ({
    ...variant,
    inventoryItem: {
      ...variant.inventoryItem,
      inventoryLevel: {
        quantities: [
          ...(variant.inventoryItem.inventoryLevel?.quantities ?? []).filter((q) => q.name !== 'available'),
          { name: 'available', quantity },
        ],
      },
    },
  });
  /** A variant's count moved by an adjustment of ours: kept moved, or forgotten when none was known. */
  const rememberMoved = (variant: ShopifyVariant, delta: number) => {
    const available = availableQuantity(variant);
    if (available === null) known.delete(variant.sku!);
    else remember(withAvailable(variant, available + delta));
  };

  /**
   * The variants holding these SKUs (exact match), with the shop's currency: those already known as
   * they were last seen, the others read; `fresh` reads them all (what the shop holds now).
   */
  const lookup = async (
    skus: string[],
    signal?: AbortSignal,
    options: { fresh?: boolean } = {},
  ): Promise<{ currency: string; variants: Map<string, ShopifyVariant> }> => {
    const variants = new Map<string, ShopifyVariant>();
    if (!options.fresh && shopCurrency) {
      for (const sku of skus) {
        const variant = known.get(sku);
        if (variant) variants.set(sku, variant);
      }
    }
    const unknown = [...new Set(skus.filter((sku) => !variants.has(sku)))];
    if (unknown.length === 0) return { currency: shopCurrency, variants };
    let currency = shopCurrency;
    const loc = await location(signal);
    for (let i = 0; i < unknown.length; i += VARIANT_PAGE_SIZE) {
      const chunk = unknown.slice(i, i + VARIANT_PAGE_SIZE);
      const wanted = new Set(chunk);
      let after: string | null = null;
      do {
        // A page the size of the chunk: a small lookup costs little (2 + n × 12 points).
        const first = chunk.length;
        const data: VariantPage = await client.graphql<VariantPage>(
          variantsBySkuQuery,
          { first, after, query: skuSearchQuery(chunk), locationId: loc },
          { cost: 3 + first * 12, signal },
        );
        currency = shopCurrency = data.shop.currencyCode;
        for (const variant of data.productVariants.nodes) {
          if (variant.sku && wanted.has(variant.sku) && !variants.has(variant.sku)) {
            variants.set(variant.sku, variant);
            remember(variant);
          }
        }
        after = data.productVariants.pageInfo.hasNextPage ? data.productVariants.pageInfo.endCursor : null;
      } while (after);
    }
    return { currency, variants };
  };

  const setQuantities = async (
    entries: Array<{ sku: string; variant: ShopifyVariant; quantity: number }>,
    outcomes: Outcomes,
    signal?: AbortSignal,
  ) => {
    const loc = await location(signal);
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
        result = await client.graphql(
          setQuantitiesMutation,
          {
            input: {
              name: 'available',
              reason: SET_REASON,
              ignoreCompareQuantity: false,
              quantities: pending.map((e) => ({
                inventoryItemId: e.variant.inventoryItem.id,
                locationId: loc,
                quantity: e.quantity,
                compareQuantity: e.compare,
              })),
            },
          },
          { cost: 10, signal },
        );
      } catch (error) {
        // Applied or not, nobody knows: what was kept of these counts is forgotten.
        for (const e of pending) known.delete(e.sku);
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
        for (const e of pending) remember(withAvailable(e.variant, e.quantity));
        return;
      }
      // The mutation is all or nothing: note the refused entries, then send the others again.
      const stale = new Set<string>();
      // Refused by this mutation (a price refused meanwhile does not keep a SKU's count from being set).
      const refused = new Set<string>();
      for (const error of userErrors) {
        const index = userErrorIndex(error.field, 'quantities');
        const entry = index === undefined ? undefined : pending[index];
        if (!entry) {
          for (const e of pending) reject(outcomes, e.sku, error.message, error.code ?? undefined);
          return;
        }
        if (error.code === 'COMPARE_QUANTITY_STALE' && round < STALE_ROUNDS) stale.add(entry.sku);
        else {
          reject(outcomes, entry.sku, error.message, error.code ?? undefined);
          refused.add(entry.sku);
        }
      }
      pending = pending.filter((e) => !refused.has(e.sku));
      if (stale.size) {
        // Sold or changed meanwhile: read the new count and set the target again (absolute values).
        const fresh = await lookup([...stale], signal, { fresh: true });
        pending = pending.map((e) => {
          const variant = fresh.variants.get(e.sku);
          return stale.has(e.sku) && variant ? { ...e, variant, compare: availableQuantity(variant) } : e;
        });
      }
    }
  };

  const setPrices = async (
    entries: Array<{ sku: string; variant: ShopifyVariant; amount: string }>,
    outcomes: Outcomes,
    signal?: AbortSignal,
  ) => {
    const byProduct = new Map<string, typeof entries>();
    for (const entry of entries)
      byProduct.set(entry.variant.product.id, [...(byProduct.get(entry.variant.product.id) ?? []), entry]);
    // One product per call (productVariantsBulkUpdate takes one productId), a few under way at once:
    // the cost bucket paces them, and one after another they would wait on each answer instead.
    await mapConcurrent([...byProduct], PRICE_CALLS_IN_FLIGHT, async ([productId, group]) => {
      let result: { productVariantsBulkUpdate: { userErrors: ShopifyUserError[] } | null };
      try {
        result = await client.graphql(
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
  };

  const adapter: ShopifyAdapter = {
    kind: 'shopify',
    rateLimitUse: () => client.rateLimitUse(),
    capabilities: shopifyCapabilities,
    client,

    /**
     * A SKU no variant holds becomes a product of its own (productSet, synchronous); a SKU a variant
     * holds already (created before, or the seller's own) is not created again: its price and stock
     * are set, so a second call changes nothing.
     */
    async createListings(items, signal): Promise<CreateOutcome[]> {
      if (items.length === 0) return [];
      const loc = await location(signal);
      const { variants } = await lookup(
        items.map((i) => i.sku),
        signal,
      );
      const outcomes: CreateOutcome[] = [];
      for (const item of items) {
        const existing = variants.get(item.sku);
        if (existing) {
          const [update] = await adapter.updateListings(
            [{ sku: item.sku, quantity: item.quantity, price: item.price }],
            signal,
          );
          outcomes.push(
            update!.outcome === 'confirmed'
              ? { sku: item.sku, outcome: 'created', marketplaceId: existing.id }
              : (update as CreateOutcome),
          );
          continue;
        }
        try {
          const data = await client.graphql<ShopifyProductSetPayload>(
            productSetMutation,
            { input: productSetInput(item, loc) },
            { cost: 10, signal },
          );
          outcomes.push(productSetOutcome(item.sku, data));
        } catch (error) {
          if (!(error instanceof MarketplaceError) || (error.kind !== 'rejected' && error.kind !== 'outcome_unknown'))
            throw error;
          outcomes.push(
            error.kind === 'rejected'
              ? { sku: item.sku, outcome: 'rejected', message: error.message }
              : { sku: item.sku, outcome: 'unknown', message: error.message },
          );
        }
      }
      return outcomes;
    },

    /**
     * Shopify's status is the product's, for all its variants: DRAFT takes it off every sales
     * channel, ACTIVE puts it back. A variant going off sale while others of its product stay on sale
     * (productOffSale false) leaves the product as it is: it is offered 0 units, which the push sends.
     */
    async setListingActive(change, signal): Promise<UpdateOutcome> {
      const { variants } = await lookup([change.sku], signal);
      const variant = variants.get(change.sku);
      if (!variant)
        return { sku: change.sku, outcome: 'rejected', message: `No product variant has the SKU ${change.sku}` };
      if (!change.active && !change.productOffSale) return { sku: change.sku, outcome: 'confirmed' };
      try {
        const data = await client.graphql<ShopifyProductUpdatePayload>(
          productStatusMutation,
          { product: { id: variant.product.id, status: change.active ? 'ACTIVE' : 'DRAFT' } },
          { cost: 10, signal },
        );
        const errors = data.productUpdate?.userErrors ?? [];
        if (errors.length > 0)
          return { sku: change.sku, outcome: 'rejected', message: errors.map((e) => e.message).join('; ') };
        return { sku: change.sku, outcome: 'confirmed' };
      } catch (error) {
        if (!(error instanceof MarketplaceError) || (error.kind !== 'rejected' && error.kind !== 'outcome_unknown'))
          throw error;
        return error.kind === 'rejected'
          ? { sku: change.sku, outcome: 'rejected', message: error.message }
          : { sku: change.sku, outcome: 'unknown', message: error.message };
      }
    },

    /** The SKUs of each SKU's product (products found by SKU, their variants paged through). */
    async productVariantSkus(skus, signal): Promise<Map<string, string[]>> {
      const wanted = [...new Set(skus)];
      const productsOf = new Map<string, string[]>();
      for (let i = 0; i < wanted.length; i += VARIANT_PAGE_SIZE) {
        let after: string | null = null;
        do {
          const data: ProductVariantSkusPage = await client.graphql<ProductVariantSkusPage>(
            productVariantSkusQuery,
            { first: PRODUCT_PAGE_SIZE, after, query: skuSearchQuery(wanted.slice(i, i + VARIANT_PAGE_SIZE)) },
            { cost: 2 + PRODUCT_PAGE_SIZE * 101, signal },
          );
          for (const product of data.products.nodes) {
            const variantSkus = product.variants.nodes.map((v) => v.sku ?? '');
            let page = product.variants.pageInfo;
            while (page.hasNextPage) {
              const more: { product: { variants: ShopifyConnection<{ sku: string | null }> } | null } =
                await client.graphql(
                  moreProductVariantSkusQuery,
                  { id: product.id, after: page.endCursor },
                  { cost: 102, signal },
                );
              if (!more.product) break;
              variantSkus.push(...more.product.variants.nodes.map((v) => v.sku ?? ''));
              page = more.product.variants.pageInfo;
            }
            productsOf.set(product.id, variantSkus.filter(Boolean));
          }
          after = data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null;
        } while (after);
      }
      const bySku = new Map<string, string[]>();
      for (const variantSkus of productsOf.values())
        for (const sku of variantSkus) if (wanted.includes(sku)) bySku.set(sku, variantSkus);
      return bySku;
    },

    async verifyCredentials(signal): Promise<SellerIdentity> {
      const data = await client.graphql<{ shop: ShopifyShop }>(shopQuery, {}, { cost: 1, signal });
      return { sellerId: data.shop.myshopifyDomain, displayName: data.shop.name };
    },

    async listCatalogue(cursor, signal): Promise<Page<CatalogueItem>> {
      const loc = await location(signal);
      const data = await client.graphql<VariantPage>(
        catalogueQuery,
        { first: VARIANT_PAGE_SIZE, after: cursor ?? null, locationId: loc },
        { cost: 603, signal },
      );
      const page = data.productVariants;
      // The variants read here serve the pushes that follow (no lookup of a variant just read).
      shopCurrency = data.shop.currencyCode;
      for (const variant of page.nodes) remember(variant);
      return {
        items: page.nodes.filter((v) => v.sku).map((v) => variantToCatalogueItem(v, data.shop.currencyCode)),
        next: page.pageInfo.hasNextPage && page.pageInfo.endCursor ? page.pageInfo.endCursor : undefined,
      };
    },

    async readListings(skus, signal): Promise<ListingState[]> {
      const unique = [...new Set(skus)];
      // What the shop holds now (reconciliation, read-backs): never what was kept.
      const { currency, variants } = await lookup(unique, signal, { fresh: true });
      return skus.map((sku) => {
        const variant = variants.get(sku);
        return variant ? variantToListingState(variant, currency) : notListed(sku);
      });
    },

    async updateListings(updates, signal): Promise<UpdateOutcome[]> {
      const outcomes: Outcomes = new Map();
      const latest = new Map<string, ListingUpdate>();
      for (const update of updates) latest.set(update.sku, { ...latest.get(update.sku), ...update });
      const all = [...latest.values()];
      // Any number at once: quantities go 250 to a mutation, prices one product to a mutation,
      // grouped over the whole call (a product's variants in one call, however the SKUs came).
      const { currency, variants } = await lookup(
        all.map((u) => u.sku),
        signal,
      );
      const quantities: Array<{ sku: string; variant: ShopifyVariant; quantity: number }> = [];
      const prices: Array<{ sku: string; variant: ShopifyVariant; amount: string }> = [];
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
      const settable = quantities.filter((q) => outcomes.get(q.sku)?.outcome !== 'rejected');
      const quantityBatches: Array<typeof settable> = [];
      for (let i = 0; i < settable.length; i += SHOPIFY_MAX_PER_MUTATION)
        quantityBatches.push(settable.slice(i, i + SHOPIFY_MAX_PER_MUTATION));
      const priced = prices.filter((p) => outcomes.get(p.sku)?.outcome !== 'rejected');
      // Stock levels and prices are separate objects at Shopify: both go at once, paced by the one
      // cost bucket (one after the other, the prices waited on forty quantity answers in a row).
      // Both end before this answers or throws, so nothing of the round is under way after it.
      const sent = await Promise.allSettled([
        mapConcurrent(quantityBatches, QUANTITY_CALLS_IN_FLIGHT, (batch) => setQuantities(batch, outcomes, signal)),
        priced.length ? setPrices(priced, outcomes, signal) : Promise.resolve(),
      ]);
      const failed = sent.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (failed) throw failed.reason;
      const answers = all.map((u) => outcomes.get(u.sku) ?? ({ sku: u.sku, outcome: 'confirmed' } as UpdateOutcome));
      for (const answer of answers) if (answer.outcome === 'rejected') known.delete(answer.sku);
      return answers;
    },

    async adjustQuantity(sku, delta, idempotencyKey, signal): Promise<UpdateOutcome> {
      const { variants } = await lookup([sku], signal);
      const variant = variants.get(sku);
      if (!variant)
        return {
          sku,
          outcome: 'rejected',
          message: `No product variant with SKU ${sku} in this shop`,
          code: 'NOT_FOUND',
        };
      const loc = await location(signal);
      try {
        const data = await client.graphql<{ inventoryAdjustQuantities: { userErrors: ShopifyUserError[] } | null }>(
          adjustQuantityMutation,
          {
            input: {
              name: 'available',
              reason: SET_REASON,
              changes: [{ inventoryItemId: variant.inventoryItem.id, locationId: loc, delta }],
            },
            idempotencyKey,
          },
          { cost: 10, signal },
        );
        const error = data.inventoryAdjustQuantities?.userErrors[0];
        if (error) {
          known.delete(sku);
          return { sku, outcome: 'rejected', message: error.message, ...(error.code ? { code: error.code } : {}) };
        }
        rememberMoved(variant, delta);
        return { sku, outcome: 'confirmed' };
      } catch (error) {
        known.delete(sku);
        // With the key, sending the same adjustment again is safe: Shopify answers the first result.
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
    },

    async adjustQuantities(changes, idempotencyKey, signal) {
      const { variants } = await lookup(
        changes.map((c) => c.sku),
        signal,
      );
      const missing = changes.filter((c) => !variants.has(c.sku));
      if (missing.length > 0)
        return {
          outcome: 'refused',
          refused: missing.map((c) => ({ sku: c.sku, message: `No product variant with SKU ${c.sku} in this shop` })),
        };
      const loc = await location(signal);
      try {
        const data = await client.graphql<{ inventoryAdjustQuantities: { userErrors: ShopifyUserError[] } | null }>(
          adjustQuantityMutation,
          {
            input: {
              name: 'available',
              reason: SET_REASON,
              changes: changes.map((c) => ({
                inventoryItemId: variants.get(c.sku)!.inventoryItem.id,
                locationId: loc,
                delta: c.delta,
              })),
            },
            idempotencyKey,
          },
          { cost: 10, signal },
        );
        const errors = data.inventoryAdjustQuantities?.userErrors ?? [];
        if (errors.length === 0) {
          for (const c of changes) rememberMoved(variants.get(c.sku)!, c.delta);
          return { outcome: 'applied' };
        }
        // Each error names its change by index (input.changes.<i>.…); one naming none refuses them all.
        const refused = errors.map((e) => {
          const index = e.field?.[0] === 'input' && e.field[1] === 'changes' ? Number(e.field[2]) : NaN;
          return { index, message: e.message };
        });
        if (refused.some((r) => !Number.isInteger(r.index) || !changes[r.index]))
          return { outcome: 'refused', refused: changes.map((c) => ({ sku: c.sku, message: errors[0]!.message })) };
        return {
          outcome: 'refused',
          refused: refused.map((r) => ({ sku: changes[r.index]!.sku, message: r.message })),
        };
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === 'outcome_unknown')
          return { outcome: 'unknown', message: error.message };
        if (error instanceof MarketplaceError && error.kind === 'rejected')
          return { outcome: 'refused', refused: changes.map((c) => ({ sku: c.sku, message: error.message })) };
        throw error;
      }
    },

    async ordersSince(since, cursor, signal): Promise<Page<MarketplaceOrder>> {
      const data = await client.graphql<{ orders: ShopifyConnection<ShopifyOrder> }>(
        ordersQuery,
        { first: ORDER_PAGE_SIZE, after: cursor ?? null, query: updatedSinceQuery(since) },
        { cost: 782, signal },
      );
      for (const order of data.orders.nodes) {
        let lines = order.lineItems;
        while (lines.pageInfo.hasNextPage) {
          const more: { order: { lineItems: ShopifyOrder['lineItems'] } | null } = await client.graphql(
            orderLinesQuery,
            { id: order.id, after: lines.pageInfo.endCursor },
            { cost: 303, signal },
          );
          if (!more.order) break;
          order.lineItems = {
            nodes: [...order.lineItems.nodes, ...more.order.lineItems.nodes],
            pageInfo: more.order.lineItems.pageInfo,
          };
          lines = more.order.lineItems;
        }
      }
      const page = data.orders;
      return {
        items: page.nodes.map(orderToMarketplaceOrder),
        next: page.pageInfo.hasNextPage && page.pageInfo.endCursor ? page.pageInfo.endCursor : undefined,
      };
    },

    async subscribeWebhook(topic, callbackUrl, signal) {
      const data = await client.graphql<{
        webhookSubscriptionCreate: { webhookSubscription: { id: string } | null; userErrors: ShopifyUserError[] };
      }>(webhookSubscribeMutation, { topic, callbackUrl }, { cost: 10, signal });
      const result = data.webhookSubscriptionCreate;
      if (result.webhookSubscription) return { id: result.webhookSubscription.id };
      const error = result.userErrors[0];
      if (error && /already been taken/i.test(error.message)) return { id: null };
      throw new MarketplaceError('rejected', error?.message ?? 'Shopify did not create the webhook subscription');
    },
  };
  return adapter;
}
