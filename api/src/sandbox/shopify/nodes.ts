/**
 * A shop as the Admin GraphQL API shows it during one request: its objects (Shop, Location, Product,
 * ProductVariant, InventoryItem, InventoryLevel, Order, LineItem, InventoryAdjustmentGroup; an order's
 * buyer, address, fulfillment order and fulfillments are in fulfillment-nodes.ts, its payments and
 * refunds in order-actions.ts, its returns in returns.ts) as plain
 * objects whose function-valued fields take the field's arguments, with the fields admin-fields.ts
 * derives. What depends on every product of the shop (handles, duplicate SKUs) is worked out once per
 * request, and only when asked for.
 */
import {
  imageFields,
  inventoryItemFields,
  lineItemFields,
  locationFields,
  orderFields,
  productFields,
  productHandles,
  productVariantFields,
  shopFields,
} from './admin-fields.ts';
import { buyerOfOrder, orderNumberOf } from './buyers.ts';
import { connection, cursorOf, type ConnectionArgs } from './connections.ts';
import {
  customerNode,
  displayFulfillmentStatus,
  fulfillmentNode,
  fulfillmentOrderNode,
  mailingAddressNode,
} from './fulfillment-nodes.ts';
import { orderTransactions, refundNode } from './order-actions.ts';
import { orderReturnStatus, returnNode } from './returns.ts';
import {
  fulfillmentOrderIdOf,
  gid,
  quantityOf,
  unfulfilledOf,
  type AdjustmentRecord,
  type Order,
  type OrderLine,
  type Product,
  type Shop,
  type ShopifyContext,
  type Variant,
} from './state.ts';

/** A variant with its product. */
export interface VariantEntry {
  product: Product;
  variant: Variant;
}

/** A variant's fields as the search syntax reads them (sku, barcode, product_id, updated_at). */
export const variantFields = (entry: VariantEntry) => (field: string) =>
  field === 'sku'
    ? entry.variant.sku
    : field === 'barcode'
      ? entry.variant.barcode
      : field === 'product_id'
        ? String(entry.product.id)
        : field === 'updated_at'
          ? entry.variant.updatedAt
          : undefined;

export class ShopGraph {
  readonly locationGid: string;
  /** Variants by inventory item id and by variant id, as the shop was when the request began. */
  readonly byItem = new Map<number, VariantEntry>();
  readonly byVariant = new Map<number, VariantEntry>();
  private readonly shopCreatedAt: string;
  private handles: Map<number, string> | undefined;
  private skuCounts: Map<string, number> | undefined;

  constructor(
    readonly shop: Shop,
    readonly context: ShopifyContext,
  ) {
    this.locationGid = gid('Location', shop.location.id);
    this.shopCreatedAt = shop.createdAt ?? shop.products[0]?.createdAt ?? new Date(0).toISOString();
    for (const product of shop.products) {
      for (const variant of product.variants) {
        this.byItem.set(variant.inventoryItemId, { product, variant });
        this.byVariant.set(variant.id, { product, variant });
      }
    }
  }

  /** Every variant of the shop, with its product. */
  allVariants(): VariantEntry[] {
    return this.shop.products.flatMap((product) => product.variants.map((variant) => ({ product, variant })));
  }

  shopNode() {
    return {
      ...shopFields(this.shop, this.shopCreatedAt),
      id: gid('Shop', this.shop.id),
      name: this.shop.name,
      myshopifyDomain: this.shop.domain,
      currencyCode: this.shop.currency,
    };
  }

  location() {
    const shop = this.shop;
    const hasUnfulfilledOrders = shop.orders.some((o) => !o.cancelledAt && o.lines.some((l) => unfulfilledOf(l) > 0));
    return {
      ...locationFields(this.shopCreatedAt, hasUnfulfilledOrders),
      id: this.locationGid,
      name: shop.location.name,
      isActive: true,
      legacyResourceId: String(shop.location.id),
    };
  }

  level(product: Product, variant: Variant) {
    const shop = this.shop;
    return {
      id: `${gid('InventoryLevel', shop.location.id)}?inventory_item_id=${variant.inventoryItemId}`,
      location: () => this.location(),
      item: () => this.item(product, variant),
      createdAt: product.createdAt,
      updatedAt: variant.updatedAt,
      canDeactivate: false,
      quantities: ({ names }: { names: string[] }) =>
        names.map((name) => ({
          id: `gid://shopify/InventoryQuantity/${shop.location.id}?inventory_item_id=${variant.inventoryItemId}&name=${name}`,
          name,
          quantity: quantityOf(variant, name),
          updatedAt: variant.updatedAt,
        })),
    };
  }

  item(product: Product, variant: Variant): Record<string, unknown> {
    return {
      ...inventoryItemFields(product, variant),
      duplicateSkuCount: () => this.duplicateSkuCount(variant.sku),
      id: gid('InventoryItem', variant.inventoryItemId),
      sku: variant.sku,
      tracked: true,
      variant: () => this.variant(product, variant),
      inventoryLevel: ({ locationId }: { locationId: string }) =>
        locationId === this.locationGid ? this.level(product, variant) : null,
      inventoryLevels: (args: ConnectionArgs) =>
        connection(
          [variant],
          args,
          () => this.shop.location.id,
          () => this.level(product, variant),
        ),
    };
  }

  variant(product: Product, variant: Variant): Record<string, unknown> {
    return {
      ...productVariantFields(product, variant, product.variants.indexOf(variant) + 1, cursorOf(variant.id)),
      id: gid('ProductVariant', variant.id),
      sku: variant.sku,
      title: variant.title,
      displayName: `${product.title} - ${variant.title}`,
      price: variant.price,
      compareAtPrice: variant.compareAtPrice,
      barcode: variant.barcode,
      inventoryQuantity: variant.available,
      updatedAt: variant.updatedAt,
      product: () => this.product(product),
      inventoryItem: () => this.item(product, variant),
    };
  }

  product(product: Product): Record<string, unknown> {
    return {
      ...productFields(product, cursorOf(product.id)),
      handle: () => (this.handles ??= productHandles(this.shop.products)).get(product.id)!,
      id: gid('Product', product.id),
      title: product.title,
      descriptionHtml: product.descriptionHtml,
      vendor: product.vendor,
      tags: product.tags ?? [],
      status: product.status,
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
      featuredImage: product.images[0]
        ? { ...imageFields(product.images[0]), url: product.images[0], altText: product.title }
        : null,
      images: (args: ConnectionArgs) =>
        connection(
          product.images.map((url, i) => ({ url, i })),
          args,
          (img) => img.i + 1,
          (img) => ({
            ...imageFields(img.url),
            url: img.url,
            altText: product.title,
            id: gid('ProductImage', product.id * 100 + img.i),
          }),
        ),
      variants: (args: ConnectionArgs) =>
        connection(
          product.variants,
          args,
          (v) => v.id,
          (v) => this.variant(product, v),
        ),
    };
  }

  line(line: OrderLine, order: Order) {
    return {
      ...lineItemFields(line, order.cancelledAt !== null, this.shop.currency),
      id: gid('LineItem', line.id),
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      currentQuantity: line.currentQuantity,
      variant: () => {
        const found = this.byVariant.get(line.variantId);
        return found ? this.variant(found.product, found.variant) : null;
      },
    };
  }

  order(order: Order) {
    const buyer = buyerOfOrder(orderNumberOf(order.name));
    return {
      ...orderFields(order, this.shop),
      id: gid('Order', order.id),
      name: order.name,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      cancelledAt: order.cancelledAt,
      cancelReason: order.cancelReason ?? null,
      displayFulfillmentStatus: displayFulfillmentStatus(order),
      currencyCode: this.shop.currency,
      email: buyer.email,
      phone: buyer.phone,
      customer: () => customerNode(this, order),
      shippingAddress: () => mailingAddressNode(order),
      // The buyer paid with the address they ship to (orderFields: billingAddressMatchesShippingAddress).
      billingAddress: () => mailingAddressNode(order),
      displayAddress: () => mailingAddressNode(order),
      fulfillmentOrders: (args: ConnectionArgs) =>
        connection([order], args, fulfillmentOrderIdOf, () => fulfillmentOrderNode(this, order)),
      fulfillments: ({ first }: { first?: number | null }) =>
        (order.fulfillments ?? []).slice(0, first ?? undefined).map((f) => fulfillmentNode(this, order, f)),
      lineItems: (args: ConnectionArgs) =>
        connection(
          order.lines,
          args,
          (l) => l.id,
          (l) => this.line(l, order),
        ),
      returnStatus: orderReturnStatus(order),
      transactions: ({ first }: { first?: number | null }) =>
        orderTransactions(this, order).slice(0, first ?? undefined),
      refunds: ({ first }: { first?: number | null }) =>
        (order.refunds ?? []).slice(0, first ?? undefined).map((r) => refundNode(this, order, r)),
      returns: (args: ConnectionArgs) =>
        connection(
          order.returns ?? [],
          args,
          (r) => r.id,
          (r) => returnNode(this, order, r),
        ),
    };
  }

  adjustment(record: AdjustmentRecord) {
    return {
      id: gid('InventoryAdjustmentGroup', record.id),
      createdAt: record.createdAt,
      reason: record.reason,
      referenceDocumentUri: record.referenceDocumentUri,
      changes: ({ inventoryItemIds, quantityNames }: { inventoryItemIds?: string[]; quantityNames?: string[] }) =>
        record.changes
          .filter((c) => !inventoryItemIds || inventoryItemIds.includes(gid('InventoryItem', c.inventoryItemId)))
          .filter((c) => !quantityNames || quantityNames.includes(c.name))
          .map((c) => {
            const found = this.byItem.get(c.inventoryItemId);
            return {
              name: c.name,
              delta: c.delta,
              quantityAfterChange: c.quantityAfterChange,
              ledgerDocumentUri: null,
              location: () => this.location(),
              item: found ? () => this.item(found.product, found.variant) : null,
            };
          }),
    };
  }

  private duplicateSkuCount(sku: string) {
    this.skuCounts ??= this.shop.products
      .flatMap((p) => p.variants)
      .reduce((counts, v) => counts.set(v.sku, (counts.get(v.sku) ?? 0) + 1), new Map<string, number>());
    return (this.skuCounts.get(sku) ?? 1) - 1;
  }
}
