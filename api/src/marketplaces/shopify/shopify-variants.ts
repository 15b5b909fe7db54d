import { MarketplaceError } from '../errors.ts';
import { VARIANT_PAGE_SIZE, locationsQuery, variantsBySkuQuery } from './queries.ts';
import type { ShopifyClient } from './shopify-client.ts';
import { availableQuantity, skuSearchQuery } from './transform.ts';
import type { ShopifyConnection, ShopifyVariant } from './types.ts';

/** Variants an adapter keeps (a shop's catalogue, for most sellers). */
const KNOWN_VARIANTS = 100_000;

export type VariantPage = { shop: { currencyCode: string }; productVariants: ShopifyConnection<ShopifyVariant> };

/** The variant with its available count at the location set to `quantity`. */
function withAvailable(variant: ShopifyVariant, quantity: number): ShopifyVariant {
  return {
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
  };
}

/**
 * The shop's location the hub holds stock at, and the variants this adapter has seen, by SKU, with
 * the shop's currency. The adapter is kept per channel, so a push uses what the import or an earlier
 * call learnt instead of looking every variant up again (a lookup of 50 costs 600 points, a price 10).
 * Ids never change; the available count kept is the one Shopify last showed or was last set to or
 * moved by. A count that moved since (a sale, an edit in the admin) makes Shopify's compare-and-set
 * refuse it (COMPARE_QUANTITY_STALE): that variant is then read again. A SKU Shopify refused is
 * forgotten, so it is looked up next time.
 */
export class ShopifyVariants {
  private readonly known = new Map<string, ShopifyVariant>();
  private currency = '';

  constructor(
    private readonly client: ShopifyClient,
    private locationId: string | undefined,
  ) {}

  /**
   * The location whose `available` stock the hub reads and sets: the one configured, else the shop's first active
   * one.
   */
  async location(signal?: AbortSignal): Promise<string> {
    if (this.locationId) return this.locationId;
    const data = await this.client.graphql<{ locations: { nodes: Array<{ id: string; isActive: boolean }> } }>(
      locationsQuery,
      {},
      { cost: 14, signal },
    );
    const found = data.locations.nodes.find((l) => l.isActive);
    if (!found) throw new MarketplaceError('rejected', 'The shop has no active location to hold stock');
    this.locationId = found.id;
    return this.locationId;
  }

  remember(variant: ShopifyVariant): void {
    if (!variant.sku) return;
    this.known.delete(variant.sku);
    // What pushes use (ids, the product, the stock level): not the product's description and pictures.
    this.known.set(variant.sku, {
      ...variant,
      product: {
        id: variant.product.id,
        title: variant.product.title,
        descriptionHtml: '',
        vendor: variant.product.vendor,
        status: variant.product.status,
      },
    });
    if (this.known.size > KNOWN_VARIANTS) this.known.delete(this.known.keys().next().value!);
  }

  /** A page of variants read (the catalogue): they serve the pushes that follow. */
  rememberPage(page: VariantPage): void {
    this.currency = page.shop.currencyCode;
    for (const variant of page.productVariants.nodes) this.remember(variant);
  }

  /** A variant's available count as set by us. */
  rememberSet(variant: ShopifyVariant, quantity: number): void {
    this.remember(withAvailable(variant, quantity));
  }

  /** A variant's count moved by an adjustment of ours: kept moved, or forgotten when none was known. */
  rememberMoved(variant: ShopifyVariant, delta: number): void {
    const available = availableQuantity(variant);
    if (available === null) this.known.delete(variant.sku!);
    else this.remember(withAvailable(variant, available + delta));
  }

  forget(sku: string): void {
    this.known.delete(sku);
  }

  /**
   * The variants holding these SKUs (exact match), with the shop's currency: those already known as
   * they were last seen, the others read; `fresh` reads them all (what the shop holds now).
   */
  async lookup(
    skus: string[],
    signal?: AbortSignal,
    options: { fresh?: boolean } = {},
  ): Promise<{ currency: string; variants: Map<string, ShopifyVariant> }> {
    const variants = new Map<string, ShopifyVariant>();
    if (!options.fresh && this.currency) {
      for (const sku of skus) {
        const variant = this.known.get(sku);
        if (variant) variants.set(sku, variant);
      }
    }
    const unknown = [...new Set(skus.filter((sku) => !variants.has(sku)))];
    if (unknown.length === 0) return { currency: this.currency, variants };
    let currency = this.currency;
    const loc = await this.location(signal);
    for (let i = 0; i < unknown.length; i += VARIANT_PAGE_SIZE) {
      const chunk = unknown.slice(i, i + VARIANT_PAGE_SIZE);
      const wanted = new Set(chunk);
      let after: string | null = null;
      do {
        // A page the size of the chunk: a small lookup costs little (2 + n × 12 points).
        const first = chunk.length;
        const data: VariantPage = await this.client.graphql<VariantPage>(
          variantsBySkuQuery,
          { first, after, query: skuSearchQuery(chunk), locationId: loc },
          { cost: 3 + first * 12, signal },
        );
        currency = this.currency = data.shop.currencyCode;
        for (const variant of data.productVariants.nodes) {
          if (variant.sku && wanted.has(variant.sku) && !variants.has(variant.sku)) {
            variants.set(variant.sku, variant);
            this.remember(variant);
          }
        }
        after = data.productVariants.pageInfo.hasNextPage ? data.productVariants.pageInfo.endCursor : null;
      } while (after);
    }
    return { currency, variants };
  }
}
