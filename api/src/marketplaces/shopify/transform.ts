import type {
  CatalogueItem,
  CreateOutcome,
  FulfilmentStatus,
  ListingState,
  ListingStatus,
  MarketplaceOrder,
  NewListing,
  OrderDetails,
  OrderLine,
  OrderStatus,
  PostalAddress,
} from '../types.ts';
import type {
  ShopifyMailingAddress,
  ShopifyOrder,
  ShopifyOrderLine,
  ShopifyOrderWebhook,
  ShopifyProductSetInput,
  ShopifyProductSetPayload,
  ShopifyVariant,
} from './types.ts';

/** Pure conversions between Admin GraphQL payloads and the engine's shapes. */

export function listingStatus(status: ShopifyVariant['product']['status']): ListingStatus {
  return status === 'ACTIVE' ? 'active' : 'inactive';
}

/** Available units at the location the adapter writes to; null when the item is not stocked there. */
export function availableQuantity(variant: ShopifyVariant): number | null {
  const level = variant.inventoryItem.inventoryLevel;
  if (!level) return null;
  return level.quantities.find((q) => q.name === 'available')?.quantity ?? null;
}

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();

export function variantToCatalogueItem(variant: ShopifyVariant, currency: string): CatalogueItem {
  return {
    sku: variant.sku ?? '',
    marketplaceId: variant.id,
    title: variant.displayName,
    description: variant.product.descriptionHtml ? stripHtml(variant.product.descriptionHtml) : null,
    brand: variant.product.vendor || null,
    gtin: variant.barcode || null,
    images: variant.product.images?.nodes.map((i) => i.url) ?? [],
    price: { amount: variant.price, currency },
    quantity: availableQuantity(variant),
    status: listingStatus(variant.product.status),
    attributes: { productId: variant.product.id, inventoryItemId: variant.inventoryItem.id },
    ...(variant.product.tags ? { tags: variant.product.tags } : {}),
  };
}

export function variantToListingState(variant: ShopifyVariant, currency: string): ListingState {
  const quantity = availableQuantity(variant);
  return {
    sku: variant.sku ?? '',
    marketplaceId: variant.id,
    quantity,
    price: { amount: variant.price, currency },
    status: listingStatus(variant.product.status),
    issues: quantity === null ? ['The inventory item is not stocked at the location the hub writes to.'] : [],
  };
}

export function notListed(sku: string): ListingState {
  return { sku, marketplaceId: null, quantity: null, price: null, status: 'not listed', issues: [] };
}

function orderStatus(cancelledAt: string | null, fulfillment: string | null): OrderStatus {
  if (cancelledAt) return 'cancelled';
  return fulfillment === 'FULFILLED' || fulfillment === 'fulfilled' ? 'shipped' : 'open';
}

/**
 * Units of a line shipped: of the units the order still holds (current quantity), those no longer
 * unfulfilled. Units removed from the order (cancelled, refunded) count neither way.
 */
const shippedQuantity = (line: ShopifyOrderLine) => Math.max(0, line.currentQuantity - line.unfulfilledQuantity);

/**
 * Units a refund took off without putting them back on sale (refunded with NO_RESTOCK, or RETURN,
 * whose restock the returns read handles): the buyer was paid back, but the units were sold and
 * stay sold. A refund's CANCEL units and units removed by an order edit are cancelled.
 */
export function refundedKeptUnits(refunds: Array<{ lineId: string; quantity: number; restockType: string }>) {
  const kept = new Map<string, number>();
  for (const r of refunds)
    if (r.restockType !== 'CANCEL' && r.restockType !== 'cancel')
      kept.set(r.lineId, (kept.get(r.lineId) ?? 0) + r.quantity);
  return kept;
}

/** Units of a line no longer part of the order that were cancelled (not refunded and kept). */
const cancelledUnits = (quantity: number, current: number, refundedKept: number) =>
  Math.max(0, quantity - current - refundedKept);

function orderLine(line: ShopifyOrderLine, refundedKept: Map<string, number>): OrderLine {
  return {
    sku: line.sku ?? '',
    quantity: line.quantity,
    price: {
      amount: line.originalUnitPriceSet.shopMoney.amount,
      currency: line.originalUnitPriceSet.shopMoney.currencyCode,
    },
    cancelledQuantity: cancelledUnits(line.quantity, line.currentQuantity, refundedKept.get(line.id) ?? 0),
    lineId: line.id,
    // "Product - Variant": the name Shopify shows on the order, where `title` is the product's alone.
    title: line.name,
    shippedQuantity: shippedQuantity(line),
  };
}

/** OrderDisplayFulfillmentStatus in the seller's words; the ones not listed mean nothing has shipped yet. */
const fulfilmentOfDisplayStatus: Partial<Record<string, FulfilmentStatus>> = {
  FULFILLED: 'shipped',
  PARTIALLY_FULFILLED: 'partially shipped',
};

function fulfilment(order: ShopifyOrder, lines: OrderLine[]): FulfilmentStatus {
  if (order.cancelledAt) return 'cancelled';
  if (order.displayFinancialStatus === 'REFUNDED') return 'refunded';
  const shown = fulfilmentOfDisplayStatus[order.displayFulfillmentStatus];
  if (shown) return shown;
  // IN_PROGRESS: some items shipped, or a fulfillment service was asked to ship them.
  return lines.some((l) => (l.shippedQuantity ?? 0) > 0) ? 'partially shipped' : 'unshipped';
}

export function postalAddress(address: ShopifyMailingAddress | null): PostalAddress | null {
  if (!address?.address1 || !address.countryCodeV2) return null;
  return {
    name: address.name ?? '',
    line1: address.address1,
    line2: address.address2 || null,
    city: address.city ?? '',
    region: address.provinceCode || null,
    postalCode: address.zip ?? '',
    countryCode: address.countryCodeV2,
    phone: address.phone || null,
  };
}

function orderDetails(order: ShopifyOrder, lines: OrderLine[]): OrderDetails {
  // The latest time any of its fulfillment orders must be fulfilled by: Shopify sets none on an
  // ordinary order (only e.g. some subscription and fulfillment service orders carry one).
  const fulfillBy = order.fulfillmentOrders.nodes
    .map((fo) => fo.fulfillBy)
    .filter((at): at is string => at !== null)
    .sort();
  return {
    orderNumber: order.name,
    buyerName: order.shippingAddress?.name || null,
    shipTo: postalAddress(order.shippingAddress),
    total: { amount: order.totalPriceSet.shopMoney.amount, currency: order.totalPriceSet.shopMoney.currencyCode },
    shipBy: fulfillBy[0] ?? null,
    fulfilment: fulfilment(order, lines),
    // Shopify takes no marketplace fee on an order: a shop's payment fees, where it has them, are on the
    // order's transactions, which this read does not ask for.
    fees: null,
  };
}

export function orderToMarketplaceOrder(order: ShopifyOrder): MarketplaceOrder {
  const kept = refundedKeptUnits(
    (order.refunds ?? []).flatMap((r) =>
      r.refundLineItems.nodes.map((n) => ({ lineId: n.lineItem.id, quantity: n.quantity, restockType: n.restockType })),
    ),
  );
  const lines = order.lineItems.nodes.map((line) => orderLine(line, kept));
  return {
    marketplaceOrderId: order.id,
    status: orderStatus(order.cancelledAt, order.displayFulfillmentStatus),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    lines,
    details: orderDetails(order, lines),
  };
}

/** The orders/create webhook body, in the same shape (for the app's webhook endpoint). */
export function orderWebhookToMarketplaceOrder(
  order: ShopifyOrderWebhook & { fulfillment_status?: string | null },
): MarketplaceOrder {
  const status = orderStatus(order.cancelled_at, order.fulfillment_status ?? null);
  const kept = refundedKeptUnits(
    (order.refunds ?? []).flatMap((r) =>
      (r.refund_line_items ?? []).map((n) => ({
        lineId: String(n.line_item_id),
        quantity: n.quantity,
        restockType: n.restock_type ?? 'no_restock',
      })),
    ),
  );
  const lines = order.line_items.map((line) => {
    const cancelledQuantity = cancelledUnits(
      line.quantity,
      line.current_quantity ?? line.quantity,
      line.id !== undefined ? (kept.get(String(line.id)) ?? 0) : 0,
    );
    return {
      sku: line.sku ?? '',
      quantity: line.quantity,
      price: { amount: line.price, currency: order.currency },
      cancelledQuantity,
      // What a shipment names (the LineItem GID), so the order can be shipped before the next read.
      ...(line.admin_graphql_api_id ? { lineId: line.admin_graphql_api_id } : {}),
      ...(line.title ? { title: line.title } : {}),
      ...(line.fulfillable_quantity !== undefined
        ? { shippedQuantity: Math.max(0, line.quantity - cancelledQuantity - line.fulfillable_quantity) }
        : {}),
    };
  });
  const address = order.shipping_address;
  const shipped = lines.reduce((sum, l) => sum + (l.shippedQuantity ?? 0), 0);
  return {
    marketplaceOrderId: order.admin_graphql_api_id,
    status,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    lines,
    details: {
      orderNumber: order.name || order.admin_graphql_api_id,
      buyerName: address?.name ?? null,
      shipTo:
        address?.address1 && address.city && address.zip && address.country_code
          ? {
              name: address.name ?? '',
              line1: address.address1,
              line2: address.address2 ?? null,
              city: address.city,
              region: address.province_code ?? null,
              postalCode: address.zip,
              countryCode: address.country_code,
              phone: address.phone ?? null,
            }
          : null,
      total: order.total_price ? { amount: order.total_price, currency: order.currency } : null,
      shipBy: null,
      fulfilment:
        status === 'cancelled'
          ? 'cancelled'
          : status === 'shipped'
            ? 'shipped'
            : shipped > 0
              ? 'partially shipped'
              : 'unshipped',
      fees: null,
    },
  };
}

/** The webhook topics whose body is the order itself (orders/edited carries an edit, not the order). */
export const ORDER_BODY_TOPICS = [
  'orders/create',
  'orders/updated',
  'orders/cancelled',
  'orders/paid',
  'orders/fulfilled',
  'orders/partially_fulfilled',
] as const;

/** Whether a webhook of this topic carries a whole order: its id, its last change and each line's quantity. */
export function isOrderWebhook(
  topic: string,
  body: unknown,
): body is ShopifyOrderWebhook & { fulfillment_status?: string | null } {
  const order = body as Partial<ShopifyOrderWebhook> | undefined;
  return (
    (ORDER_BODY_TOPICS as readonly string[]).includes(topic) &&
    typeof order?.admin_graphql_api_id === 'string' &&
    !Number.isNaN(Date.parse(String(order.updated_at))) &&
    !Number.isNaN(Date.parse(String(order.created_at))) &&
    Array.isArray(order.line_items) &&
    order.line_items.every(
      (line) =>
        Number.isInteger(line?.quantity) &&
        line.quantity >= 0 &&
        (line.current_quantity === undefined || Number.isInteger(line.current_quantity)),
    )
  );
}

/** Search syntax: exact SKUs, quoted so hyphens and spaces stay part of the value. */
export function skuSearchQuery(skus: string[]): string {
  return skus.map((sku) => `sku:"${sku.replace(/["\\]/g, '\\$&')}"`).join(' OR ');
}

export function updatedSinceQuery(since: Date): string {
  return `updated_at:>'${since.toISOString()}'`;
}

/** The index of the input a user error points at (`["input","quantities","3","quantity"]` → 3). */
export function userErrorIndex(field: string[] | null | undefined, list: string): number | undefined {
  if (!field) return undefined;
  const at = field.indexOf(list);
  const index = at >= 0 ? Number(field[at + 1]) : NaN;
  return Number.isInteger(index) ? index : undefined;
}

/** A decimal amount as Shopify's Money scalar takes it. */
export function moneyInput(amount: string): string {
  return amount.trim();
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * productSet's input for a new listing: the product (title, description as HTML, brand as vendor,
 * images), ACTIVE, with Shopify's default option and one variant holding the SKU, price, barcode
 * and available stock at the location. With `existing`, the same product and variant are replaced.
 */
export function productSetInput(
  item: NewListing,
  locationId: string,
  existing?: { productId: string; variantId: string },
): ShopifyProductSetInput {
  return {
    ...(existing ? { id: existing.productId } : {}),
    title: item.title,
    ...(item.description ? { descriptionHtml: `<p>${escapeHtml(item.description)}</p>` } : {}),
    ...(item.brand ? { vendor: item.brand } : {}),
    status: 'ACTIVE',
    productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
    ...(item.images.length
      ? { files: item.images.map((url) => ({ originalSource: url, contentType: 'IMAGE' as const })) }
      : {}),
    variants: [
      {
        ...(existing ? { id: existing.variantId } : {}),
        optionValues: [{ optionName: 'Title', name: 'Default Title' }],
        sku: item.sku,
        price: moneyInput(item.price.amount),
        ...(item.gtin ? { barcode: item.gtin } : {}),
        inventoryItem: { sku: item.sku, tracked: true },
        inventoryQuantities: [{ locationId, name: 'available', quantity: item.quantity }],
      },
    ],
  };
}

/** productSet's answer as the SKU's outcome: the variant's GID when created, Shopify's user errors when not. */
export function productSetOutcome(sku: string, data: ShopifyProductSetPayload): CreateOutcome {
  const errors = data.productSet?.userErrors ?? [];
  if (errors.length > 0)
    return {
      sku,
      outcome: 'rejected',
      message: errors.map((e) => e.message).join('; '),
      ...(errors[0]!.code ? { code: errors[0]!.code } : {}),
    };
  const variant =
    data.productSet?.product?.variants.nodes.find((v) => v.sku === sku) ?? data.productSet?.product?.variants.nodes[0];
  if (!variant) return { sku, outcome: 'unknown', message: 'Shopify answered without the product it set' };
  return { sku, outcome: 'created', marketplaceId: variant.id };
}
