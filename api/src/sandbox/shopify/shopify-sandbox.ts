import crypto from 'node:crypto';
import {
  GraphQLError,
  Kind,
  execute,
  parse,
  validate,
  valueFromASTUntyped,
  type DocumentNode,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import {
  SandboxControlError,
  refusedSkuMessage,
  timeAfter,
  type Request,
  type Response,
  type Router,
  type SandboxContext,
  type SandboxDefinition,
} from '../shared/sandbox-kit.ts';
import type { GeneratedProduct } from '../shared/catalogue-generator.ts';
import { adminSchema, shopifyValidationMessage, type ShopifySandboxApiVersion } from './admin-schema.ts';
import { queryCost } from './query-cost.ts';
import {
  financialStatus,
  imageFields,
  inventoryItemFields,
  lineItemFields,
  locationFields,
  orderFields,
  productFields,
  productHandles,
  productVariantFields,
  shopFields,
  webhookSubscriptionFields,
} from './admin-fields.ts';
import { consentPage, consentStylesheet, oauthErrorPage } from './consent-page.ts';

/** The one app the sandbox knows: the app's client id and secret are configuration (SHOPIFY_CLIENT_ID / SECRET). */
/** The app the sandbox knows: its name and usual client id; its secret is the installation's own (the kit's `application`). */
export const SHOPIFY_SANDBOX_APP: { clientId: string; name: string; apiVersion: ShopifySandboxApiVersion } = {
  clientId: 'hub-sandbox-app',
  name: 'Marketplace Hub',
  // The app's API version (its shopify.app.toml): webhooks are serialized in it and name it in
  // X-Shopify-API-Version, and every webhook subscription inherits it (WebhookSubscription.apiVersion).
  apiVersion: '2026-01',
};

/** Offline tokens expire after an hour and come with a refresh token (S-TOK). */
export const SHOPIFY_SANDBOX_TOKEN_SECONDS = 3600;
const REFRESH_TOKEN_SECONDS = 90 * 24 * 3600;
const CODE_SECONDS = 600;

const inventoryReasons = [
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_created',
  'movement_updated',
  'movement_received',
  'movement_canceled',
  'other',
  'promotion',
  'quality_control',
  'received',
  'reservation_created',
  'reservation_deleted',
  'reservation_updated',
  'restock',
  'safety_stock',
  'shrinkage',
];

interface Variant {
  id: number;
  inventoryItemId: number;
  sku: string;
  title: string;
  price: string;
  compareAtPrice: string | null;
  barcode: string;
  available: number;
  onHand: number;
  updatedAt: string;
}
interface Product {
  id: number;
  title: string;
  descriptionHtml: string;
  vendor: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  images: string[];
  createdAt: string;
  updatedAt: string;
  variants: Variant[];
}
interface OrderLine {
  id: number;
  variantId: number;
  sku: string;
  title: string;
  quantity: number;
  currentQuantity: number;
  price: string;
}
/** productSet's input, as far as the sandbox reads it (ProductSetInput, 2025-01). */
interface ProductSetArgs {
  id?: string | null;
  title?: string | null;
  descriptionHtml?: string | null;
  vendor?: string | null;
  status?: Product['status'] | null;
  productOptions?: Array<{ name?: string | null; values?: Array<{ name?: string | null }> | null }> | null;
  files?: Array<{ originalSource?: string | null }> | null;
  variants?: Array<{
    id?: string | null;
    sku?: string | null;
    price?: string | number | null;
    barcode?: string | null;
    optionValues?: Array<{ optionName?: string | null; name?: string | null }> | null;
    inventoryItem?: { sku?: string | null } | null;
    inventoryQuantities?: Array<{ locationId: string; name: string; quantity: number }> | null;
  }> | null;
}
interface Order {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  /** OrderCancelReason (CUSTOMER, DECLINED, FRAUD, INVENTORY, STAFF, OTHER) once cancelled. */
  cancelReason?: string | null;
  lines: OrderLine[];
}
interface Webhook {
  id: number;
  topic: string;
  callbackUrl: string;
  format: string;
  createdAt: string;
}
interface AdjustmentRecord {
  id: number;
  createdAt: string;
  reason: string;
  referenceDocumentUri: string | null;
  changes: Array<{ name: string; delta: number; inventoryItemId: number; quantityAfterChange: number }>;
}
interface Shop {
  id: number;
  domain: string;
  name: string;
  currency: string;
  /** When the shop was made (absent from state saved before it was kept). */
  createdAt?: string;
  location: { id: number; name: string };
  products: Product[];
  orders: Order[];
  webhooks: Webhook[];
  /** Results of @idempotent mutations by key, so a replay answers the original result. */
  idempotency: Record<string, { fingerprint: string; result: AdjustmentRecord }>;
  nextId: number;
  orderNumber: number;
}
export interface ShopifySandboxState {
  sellers: Record<string, Shop>;
  /** Keyed by SHA-256 of the code or token: the state file holds no usable secret. */
  codes: Record<string, { shop: string; scope: string; expiresAt: number }>;
  accessTokens: Record<string, { shop: string; scope: string; expiresAt: number | null }>;
  refreshTokens: Record<string, { shop: string; scope: string; expiresAt: number }>;
}

const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;
const parseGid = (value: unknown, type: string): number | undefined => {
  const match = typeof value === 'string' ? new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(value) : null;
  return match ? Number(match[1]) : undefined;
};
const sha = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const nowIso = () => new Date().toISOString();

/** Accepts `hub-demo-1234` or `hub-demo-1234.myshopify.com` in the path, as a shop's own host would. */
function findShop(state: ShopifySandboxState, shop: string): Shop | undefined {
  const domain = shop.endsWith('.myshopify.com') ? shop : `${shop}.myshopify.com`;
  return state.sellers[domain];
}

function nextId(shop: Shop): number {
  return shop.nextId++;
}

/**
 * Documents parsed and validated against the Admin schema, by their text: an app sends the same few
 * documents over and over, and checking each against the whole schema cost more than running it
 * (a sandbox stands in for a marketplace on another machine; its work should not weigh on ours).
 */
type CheckedDocument =
  { document: DocumentNode; validationErrors: readonly GraphQLError[] } | { syntaxError: GraphQLError };
const checkedDocumentsBySchema = new WeakMap<GraphQLSchema, Map<string, CheckedDocument>>();
const CHECKED_DOCUMENTS_KEPT = 500;
function checkedDocument(schema: GraphQLSchema, query: string): CheckedDocument {
  let checkedDocuments = checkedDocumentsBySchema.get(schema);
  if (!checkedDocuments) checkedDocumentsBySchema.set(schema, (checkedDocuments = new Map()));
  let checked = checkedDocuments.get(query);
  if (!checked) {
    try {
      const document = parse(query);
      checked = { document, validationErrors: validate(schema, document) };
    } catch (error) {
      checked = { syntaxError: error as GraphQLError };
    }
    if (checkedDocuments.size >= CHECKED_DOCUMENTS_KEPT) checkedDocuments.delete(checkedDocuments.keys().next().value!);
    checkedDocuments.set(query, checked);
  }
  return checked;
}

// ---------------------------------------------------------------------------------------------
// Search syntax (a subset): `sku:A OR sku:"B"`, `updated_at:>'2025-01-01T00:00:00Z'`.
// Terms on the same field are ORed, different fields ANDed.
interface Term {
  field: string;
  op: '' | '>' | '>=' | '<' | '<=';
  value: string;
}
export function parseSearchQuery(query: string | undefined | null): Term[] {
  if (!query) return [];
  const terms: Term[] = [];
  const pattern = /([a-z_]+):(>=|<=|>|<)?("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s)]+)/gi;
  for (const match of query.matchAll(pattern)) {
    let value = match[3]!;
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'")))
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    terms.push({ field: match[1]!.toLowerCase(), op: (match[2] ?? '') as Term['op'], value });
  }
  return terms;
}
function matches(terms: Term[], read: (field: string) => string | undefined): boolean {
  const byField = new Map<string, Term[]>();
  for (const t of terms) byField.set(t.field, [...(byField.get(t.field) ?? []), t]);
  for (const [field, group] of byField) {
    const actual = read(field);
    if (actual === undefined) continue; // unknown fields are ignored, as Shopify ignores unsupported filters
    const ok = group.some((t) => {
      if (t.op === '') return actual.toLowerCase() === t.value.toLowerCase();
      const a = Date.parse(actual);
      const b = Date.parse(t.value);
      if (Number.isNaN(b)) return false;
      return t.op === '>' ? a > b : t.op === '>=' ? a >= b : t.op === '<' ? a < b : a <= b;
    });
    if (!ok) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Connections (Relay), with Shopify's limits on page size.
interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
}
const cursorOf = (id: number) => Buffer.from(JSON.stringify({ last_id: id })).toString('base64');
function connection<T>(all: T[], args: ConnectionArgs, idOf: (item: T) => number, node: (item: T) => unknown) {
  if (args.first == null && args.last == null)
    throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  const size = (args.first ?? args.last)!;
  if (size < 0 || size > 250)
    throw new GraphQLError(`The ${args.first != null ? 'first' : 'last'} argument must be between 0 and 250.`, {
      extensions: { code: 'BAD_REQUEST' },
    });
  let items = args.reverse ? [...all].reverse() : all;
  let start = 0;
  if (args.after) {
    let id: number | undefined;
    try {
      id = (JSON.parse(Buffer.from(args.after, 'base64').toString('utf8')) as { last_id?: number }).last_id;
    } catch {
      id = undefined;
    }
    if (typeof id !== 'number')
      throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } });
    start = items.findIndex((item) => idOf(item) === id) + 1;
  }
  items = args.first != null ? items.slice(start, start + size) : items.slice(Math.max(start, items.length - size));
  const hasNextPage = args.first != null && start + items.length < (args.reverse ? all.length : all.length);
  const nodes = items.map(node);
  return {
    edges: items.map((item, i) => ({ cursor: cursorOf(idOf(item)), node: nodes[i] })),
    nodes,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: start > 0,
      startCursor: items.length ? cursorOf(idOf(items[0]!)) : null,
      endCursor: items.length ? cursorOf(idOf(items[items.length - 1]!)) : null,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Webhooks: the REST-style payloads and headers Shopify sends (S-WH).
const topicHeader: Record<string, string> = {
  ORDERS_CREATE: 'orders/create',
  INVENTORY_LEVELS_UPDATE: 'inventory_levels/update',
  ORDERS_UPDATED: 'orders/updated',
  ORDERS_CANCELLED: 'orders/cancelled',
};

function emit(shop: Shop, topic: string, payload: unknown, context: SandboxContext<ShopifySandboxState>): void {
  for (const hook of shop.webhooks.filter((w) => w.topic === topic)) {
    const body = JSON.stringify(payload);
    const headers = {
      'X-Shopify-Topic': topicHeader[topic] ?? topic.toLowerCase(),
      'X-Shopify-Hmac-Sha256': crypto
        .createHmac('sha256', context.application.clientSecret)
        .update(body, 'utf8')
        .digest('base64'),
      'X-Shopify-Shop-Domain': shop.domain,
      // One id per event: the kit's retries resend the same headers, so a retry keeps it.
      'X-Shopify-Webhook-Id': crypto.randomUUID(),
      'X-Shopify-Event-Id': crypto.randomUUID(),
      'X-Shopify-API-Version': SHOPIFY_SANDBOX_APP.apiVersion,
      'X-Shopify-Triggered-At': nowIso(),
    };
    void context.deliver(hook.callbackUrl, body, headers);
  }
}

function inventoryLevelPayload(shop: Shop, variant: Variant) {
  return {
    inventory_item_id: variant.inventoryItemId,
    location_id: shop.location.id,
    available: variant.available,
    updated_at: variant.updatedAt,
    admin_graphql_api_id: `${gid('InventoryLevel', shop.location.id)}?inventory_item_id=${variant.inventoryItemId}`,
  };
}

function orderPayload(shop: Shop, order: Order) {
  return {
    id: order.id,
    admin_graphql_api_id: gid('Order', order.id),
    name: order.name,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    cancelled_at: order.cancelledAt,
    cancel_reason: order.cancelReason ? order.cancelReason.toLowerCase() : null,
    currency: shop.currency,
    // The REST name of displayFinancialStatus: paid, then refunded once a cancellation gave it back.
    financial_status: financialStatus(order).toLowerCase(),
    fulfillment_status: null,
    line_items: order.lines.map((l) => ({
      id: l.id,
      admin_graphql_api_id: gid('LineItem', l.id),
      variant_id: l.variantId,
      sku: l.sku,
      title: l.title,
      quantity: l.quantity,
      current_quantity: l.currentQuantity,
      price: l.price,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The resolvers: plain objects whose function-valued fields take the field's arguments.
function resolvers(shop: Shop, context: SandboxContext<ShopifySandboxState>) {
  const locationGid = gid('Location', shop.location.id);
  const shopCreatedAt = shop.createdAt ?? shop.products[0]?.createdAt ?? new Date(0).toISOString();
  const hasUnfulfilledOrders = () =>
    shop.orders.some((o) => !o.cancelledAt && o.lines.some((l) => l.currentQuantity > 0));
  const locationNode = () => ({
    ...locationFields(shopCreatedAt, hasUnfulfilledOrders()),
    id: locationGid,
    name: shop.location.name,
    isActive: true,
    legacyResourceId: String(shop.location.id),
  });
  // Worked out once per request, and only when asked for: they depend on every product of the shop.
  let handles: Map<number, string> | undefined;
  const handleOf = (product: Product) => (handles ??= productHandles(shop.products)).get(product.id)!;
  let skuCounts: Map<string, number> | undefined;
  const duplicateSkuCount = (sku: string) => {
    skuCounts ??= shop.products
      .flatMap((p) => p.variants)
      .reduce((counts, v) => counts.set(v.sku, (counts.get(v.sku) ?? 0) + 1), new Map<string, number>());
    return (skuCounts.get(sku) ?? 1) - 1;
  };
  const byItem = new Map<number, { product: Product; variant: Variant }>();
  const byVariant = new Map<number, { product: Product; variant: Variant }>();
  for (const product of shop.products) {
    for (const variant of product.variants) {
      byItem.set(variant.inventoryItemId, { product, variant });
      byVariant.set(variant.id, { product, variant });
    }
  }
  const quantityOf = (variant: Variant, name: string) =>
    name === 'available'
      ? variant.available
      : name === 'on_hand'
        ? variant.onHand
        : name === 'committed'
          ? Math.max(0, variant.onHand - variant.available)
          : 0;

  const levelNode = (product: Product, variant: Variant) => ({
    id: `${gid('InventoryLevel', shop.location.id)}?inventory_item_id=${variant.inventoryItemId}`,
    location: locationNode,
    item: () => itemNode(product, variant),
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
  });
  const itemNode = (product: Product, variant: Variant): Record<string, unknown> => ({
    ...inventoryItemFields(product, variant),
    duplicateSkuCount: () => duplicateSkuCount(variant.sku),
    id: gid('InventoryItem', variant.inventoryItemId),
    sku: variant.sku,
    tracked: true,
    variant: () => variantNode(product, variant),
    inventoryLevel: ({ locationId }: { locationId: string }) =>
      locationId === locationGid ? levelNode(product, variant) : null,
    inventoryLevels: (args: ConnectionArgs) =>
      connection(
        [variant],
        args,
        () => shop.location.id,
        () => levelNode(product, variant),
      ),
  });
  const variantNode = (product: Product, variant: Variant): Record<string, unknown> => ({
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
    product: () => productNode(product),
    inventoryItem: () => itemNode(product, variant),
  });
  const productNode = (product: Product): Record<string, unknown> => ({
    ...productFields(product, cursorOf(product.id)),
    handle: () => handleOf(product),
    id: gid('Product', product.id),
    title: product.title,
    descriptionHtml: product.descriptionHtml,
    vendor: product.vendor,
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
        (v) => variantNode(product, v),
      ),
  });
  const lineNode = (line: OrderLine, order: Order) => ({
    ...lineItemFields(line, order.cancelledAt !== null, shop.currency),
    id: gid('LineItem', line.id),
    sku: line.sku,
    title: line.title,
    quantity: line.quantity,
    currentQuantity: line.currentQuantity,
    variant: () => {
      const found = byVariant.get(line.variantId);
      return found ? variantNode(found.product, found.variant) : null;
    },
  });
  const orderNode = (order: Order) => ({
    ...orderFields(order, shop),
    id: gid('Order', order.id),
    name: order.name,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason ?? null,
    displayFulfillmentStatus: 'UNFULFILLED',
    currencyCode: shop.currency,
    lineItems: (args: ConnectionArgs) =>
      connection(
        order.lines,
        args,
        (l) => l.id,
        (l) => lineNode(l, order),
      ),
  });
  const adjustmentNode = (record: AdjustmentRecord) => ({
    id: gid('InventoryAdjustmentGroup', record.id),
    createdAt: record.createdAt,
    reason: record.reason,
    referenceDocumentUri: record.referenceDocumentUri,
    changes: ({ inventoryItemIds, quantityNames }: { inventoryItemIds?: string[]; quantityNames?: string[] }) =>
      record.changes
        .filter((c) => !inventoryItemIds || inventoryItemIds.includes(gid('InventoryItem', c.inventoryItemId)))
        .filter((c) => !quantityNames || quantityNames.includes(c.name))
        .map((c) => {
          const found = byItem.get(c.inventoryItemId);
          return {
            name: c.name,
            delta: c.delta,
            quantityAfterChange: c.quantityAfterChange,
            ledgerDocumentUri: null,
            location: locationNode,
            item: found ? () => itemNode(found.product, found.variant) : null,
          };
        }),
  });
  const allVariants = () =>
    shop.products.flatMap((product) => product.variants.map((variant) => ({ product, variant })));
  const variantFields = (entry: { product: Product; variant: Variant }) => (field: string) =>
    field === 'sku'
      ? entry.variant.sku
      : field === 'barcode'
        ? entry.variant.barcode
        : field === 'product_id'
          ? String(entry.product.id)
          : field === 'updated_at'
            ? entry.variant.updatedAt
            : undefined;
  const touch = (product: Product, variant: Variant) => {
    variant.updatedAt = nowIso();
    product.updatedAt = variant.updatedAt;
  };
  const inventoryChanged = (variant: Variant) =>
    emit(shop, 'INVENTORY_LEVELS_UPDATE', inventoryLevelPayload(shop, variant), context);

  const applyChanges = (
    name: string,
    reason: string,
    referenceDocumentUri: string | null,
    changes: Array<{ entry: { product: Product; variant: Variant }; delta: number }>,
  ): AdjustmentRecord => {
    const record: AdjustmentRecord = {
      id: nextId(shop),
      createdAt: nowIso(),
      reason,
      referenceDocumentUri,
      changes: [],
    };
    for (const { entry, delta } of changes) {
      const { variant, product } = entry;
      if (name === 'available') {
        variant.available += delta;
        variant.onHand += delta;
      } else {
        variant.onHand += delta;
        variant.available += delta;
      }
      touch(product, variant);
      record.changes.push({
        name,
        delta,
        inventoryItemId: variant.inventoryItemId,
        quantityAfterChange: quantityOf(variant, name),
      });
      if (name !== 'on_hand')
        record.changes.push({
          name: 'on_hand',
          delta,
          inventoryItemId: variant.inventoryItemId,
          quantityAfterChange: variant.onHand,
        });
    }
    context.changed(shop.domain);
    for (const { entry } of changes) inventoryChanged(entry.variant);
    return record;
  };

  return {
    // ---- queries
    shop: () => ({
      ...shopFields(shop, shopCreatedAt),
      id: gid('Shop', shop.id),
      name: shop.name,
      myshopifyDomain: shop.domain,
      currencyCode: shop.currency,
    }),
    products: (args: ConnectionArgs & { query?: string }) => {
      const terms = parseSearchQuery(args.query);
      const skus = terms.filter((t) => t.field === 'sku').map((t) => t.value.toLowerCase());
      const others = terms.filter((t) => t.field !== 'sku');
      const list = shop.products.filter(
        (p) =>
          (skus.length === 0 || p.variants.some((v) => skus.includes(v.sku.toLowerCase()))) &&
          matches(others, (f) =>
            f === 'updated_at'
              ? p.updatedAt
              : f === 'status'
                ? p.status.toLowerCase()
                : f === 'vendor'
                  ? p.vendor
                  : undefined,
          ),
      );
      return connection(list, args, (p) => p.id, productNode);
    },
    productVariants: (args: ConnectionArgs & { query?: string; sortKey?: string }) => {
      const terms = parseSearchQuery(args.query);
      let list = allVariants().filter((entry) => matches(terms, variantFields(entry)));
      if (args.sortKey === 'SKU') list = [...list].sort((a, b) => a.variant.sku.localeCompare(b.variant.sku));
      return connection(
        list,
        args,
        (e) => e.variant.id,
        (e) => variantNode(e.product, e.variant),
      );
    },
    inventoryItems: (args: ConnectionArgs & { query?: string }) => {
      const terms = parseSearchQuery(args.query);
      const list = allVariants().filter((entry) => matches(terms, variantFields(entry)));
      return connection(
        list,
        args,
        (e) => e.variant.inventoryItemId,
        (e) => itemNode(e.product, e.variant),
      );
    },
    product: ({ id }: { id: string }) => {
      const product = shop.products.find((p) => p.id === parseGid(id, 'Product'));
      return product ? productNode(product) : null;
    },
    locations: (args: ConnectionArgs) => connection([shop.location], args, (l) => l.id, locationNode),
    order: ({ id }: { id: string }) => {
      const order = shop.orders.find((o) => o.id === parseGid(id, 'Order'));
      return order ? orderNode(order) : null;
    },
    orders: (args: ConnectionArgs & { query?: string; sortKey?: string }) => {
      const terms = parseSearchQuery(args.query);
      let list = shop.orders.filter((o) =>
        matches(terms, (f) =>
          f === 'updated_at' ? o.updatedAt : f === 'created_at' ? o.createdAt : f === 'name' ? o.name : undefined,
        ),
      );
      if (args.sortKey === 'UPDATED_AT')
        list = [...list].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id - b.id);
      else if (args.sortKey === 'CREATED_AT')
        list = [...list].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
      return connection(list, args, (o) => o.id, orderNode);
    },

    // ---- mutations
    inventorySetQuantities: ({
      input,
    }: {
      input: {
        name: string;
        reason: string;
        referenceDocumentUri?: string | null;
        ignoreCompareQuantity?: boolean;
        quantities: Array<{
          inventoryItemId: string;
          locationId: string;
          quantity: number;
          compareQuantity?: number | null;
        }>;
      };
    }) => {
      if (input.quantities.length > 250)
        throw new GraphQLError(
          `The input array size of ${input.quantities.length} is greater than the maximum allowed of 250.`,
          { extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' } },
        );
      const userErrors: Array<{ code: string; field: string[]; message: string }> = [];
      if (input.name !== 'available' && input.name !== 'on_hand')
        userErrors.push({
          code: 'INVALID_NAME',
          field: ['input', 'name'],
          message: "The quantity name must be either 'available' or 'on_hand'.",
        });
      if (!inventoryReasons.includes(input.reason))
        userErrors.push({
          code: 'INVALID_REASON',
          field: ['input', 'reason'],
          message: 'The specified reason is invalid.',
        });
      const seen = new Set<string>();
      const changes: Array<{ entry: { product: Product; variant: Variant }; delta: number }> = [];
      input.quantities.forEach((q, i) => {
        const at = (f: string) => ['input', 'quantities', String(i), f];
        const entry = byItem.get(parseGid(q.inventoryItemId, 'InventoryItem') ?? -1);
        if (!entry)
          return userErrors.push({
            code: 'INVALID_INVENTORY_ITEM',
            field: at('inventoryItemId'),
            message: 'The specified inventory item could not be found.',
          });
        if (q.locationId !== locationGid)
          return userErrors.push({
            code: 'INVALID_LOCATION',
            field: at('locationId'),
            message: 'The specified location could not be found.',
          });
        if (context.refusesSku(shop.domain, entry.variant.sku))
          return userErrors.push({
            code: 'NON_MUTABLE_INVENTORY_ITEM',
            field: at('inventoryItemId'),
            message: refusedSkuMessage(entry.variant.sku),
          });
        if (seen.has(q.inventoryItemId))
          return userErrors.push({
            code: 'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR',
            field: at('inventoryItemId'),
            message: 'The combination of inventoryItemId and locationId must be unique.',
          });
        seen.add(q.inventoryItemId);
        if (q.quantity < 0)
          return userErrors.push({
            code: 'INVALID_QUANTITY_NEGATIVE',
            field: at('quantity'),
            message: "The quantity can't be negative.",
          });
        if (q.quantity > 1_000_000_000)
          return userErrors.push({
            code: 'INVALID_QUANTITY_TOO_HIGH',
            field: at('quantity'),
            message: "The total quantity can't be higher than 1,000,000,000.",
          });
        const current = quantityOf(entry.variant, input.name);
        if (!input.ignoreCompareQuantity) {
          if (q.compareQuantity == null)
            return userErrors.push({
              code: 'COMPARE_QUANTITY_REQUIRED',
              field: at('compareQuantity'),
              message:
                'The compareQuantity argument must be given to each quantity or ignored using ignoreCompareQuantity.',
            });
          if (q.compareQuantity !== current)
            return userErrors.push({
              code: 'COMPARE_QUANTITY_STALE',
              field: at('compareQuantity'),
              message: 'The compareQuantity value does not match persisted value.',
            });
        }
        if (q.quantity !== current) changes.push({ entry, delta: q.quantity - current });
      });
      // All or nothing: one user error and no quantity is set.
      if (userErrors.length) return { inventoryAdjustmentGroup: null, userErrors };
      return {
        inventoryAdjustmentGroup: adjustmentNode(
          applyChanges(input.name, input.reason, input.referenceDocumentUri ?? null, changes),
        ),
        userErrors: [],
      };
    },
    inventoryAdjustQuantities: (
      {
        input,
      }: {
        input: {
          name: string;
          reason: string;
          referenceDocumentUri?: string | null;
          changes: Array<{ inventoryItemId: string; locationId: string; delta: number }>;
        };
      },
      _context: unknown,
      info: GraphQLResolveInfo,
    ) => {
      const directive = info.fieldNodes[0]?.directives?.find((d) => d.name.value === 'idempotent');
      const keyArg = directive?.arguments?.find((a) => a.name.value === 'key');
      const key = keyArg ? valueFromASTUntyped(keyArg.value, info.variableValues) : undefined;
      const fingerprint = sha(JSON.stringify(input));
      if (typeof key === 'string') {
        const previous = shop.idempotency[key];
        if (previous && previous.fingerprint !== fingerprint)
          throw new GraphQLError('The idempotency key was already used with different arguments.', {
            extensions: { code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH' },
          });
        if (previous) return { inventoryAdjustmentGroup: adjustmentNode(previous.result), userErrors: [] };
      }
      if (input.changes.length > 250)
        throw new GraphQLError(
          `The input array size of ${input.changes.length} is greater than the maximum allowed of 250.`,
          { extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' } },
        );
      const userErrors: Array<{ code: string; field: string[]; message: string }> = [];
      if (input.name !== 'available' && input.name !== 'on_hand')
        userErrors.push({
          code: 'INVALID_QUANTITY_NAME',
          field: ['input', 'name'],
          message: 'The quantity name is invalid.',
        });
      if (!inventoryReasons.includes(input.reason))
        userErrors.push({
          code: 'INVALID_REASON',
          field: ['input', 'reason'],
          message: 'The specified reason is invalid.',
        });
      const changes: Array<{ entry: { product: Product; variant: Variant }; delta: number }> = [];
      input.changes.forEach((c, i) => {
        const entry = byItem.get(parseGid(c.inventoryItemId, 'InventoryItem') ?? -1);
        if (!entry)
          return userErrors.push({
            code: 'INVALID_INVENTORY_ITEM',
            field: ['input', 'changes', String(i), 'inventoryItemId'],
            message: 'The specified inventory item could not be found.',
          });
        if (c.locationId !== locationGid)
          return userErrors.push({
            code: 'INVALID_LOCATION',
            field: ['input', 'changes', String(i), 'locationId'],
            message: 'The specified location could not be found.',
          });
        if (context.refusesSku(shop.domain, entry.variant.sku))
          return userErrors.push({
            code: 'NON_MUTABLE_INVENTORY_ITEM',
            field: ['input', 'changes', String(i), 'inventoryItemId'],
            message: refusedSkuMessage(entry.variant.sku),
          });
        changes.push({ entry, delta: c.delta });
      });
      if (userErrors.length) return { inventoryAdjustmentGroup: null, userErrors };
      const record = applyChanges(input.name, input.reason, input.referenceDocumentUri ?? null, changes);
      if (typeof key === 'string') shop.idempotency[key] = { fingerprint, result: record };
      return { inventoryAdjustmentGroup: adjustmentNode(record), userErrors: [] };
    },
    productVariantsBulkUpdate: ({
      productId,
      variants,
      allowPartialUpdates,
    }: {
      productId: string;
      variants: Array<{ id?: string | null; price?: unknown; compareAtPrice?: unknown; barcode?: string | null }>;
      allowPartialUpdates?: boolean | null;
    }) => {
      if (variants.length > 250)
        throw new GraphQLError(
          `The input array size of ${variants.length} is greater than the maximum allowed of 250.`,
          { extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' } },
        );
      const product = shop.products.find((p) => p.id === parseGid(productId, 'Product'));
      if (!product)
        return {
          product: null,
          productVariants: null,
          userErrors: [{ code: 'PRODUCT_DOES_NOT_EXIST', field: ['productId'], message: 'Product does not exist' }],
        };
      const userErrors: Array<{ code: string; field: string[]; message: string }> = [];
      const valid: Array<{ variant: Variant; input: (typeof variants)[number] }> = [];
      const money = (value: unknown) => (typeof value === 'number' ? String(value) : value);
      variants.forEach((input, i) => {
        if (!input.id)
          return userErrors.push({
            code: 'PRODUCT_VARIANT_ID_MISSING',
            field: ['variants', String(i), 'id'],
            message: 'Product variant is missing ID attribute',
          });
        const variant = product.variants.find((v) => v.id === parseGid(input.id, 'ProductVariant'));
        if (!variant)
          return userErrors.push({
            code: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
            field: ['variants', String(i), 'id'],
            message: 'Product variant does not exist',
          });
        if (context.refusesSku(shop.domain, variant.sku)) {
          const field = (['price', 'compareAtPrice', 'barcode'] as const).find((f) => input[f] !== undefined) ?? 'id';
          return userErrors.push({
            code: 'INVALID_INPUT',
            field: ['variants', String(i), field],
            message: refusedSkuMessage(variant.sku),
          });
        }
        for (const field of ['price', 'compareAtPrice'] as const) {
          const value = money(input[field]);
          if (value === undefined || (value === null && field === 'compareAtPrice')) continue;
          if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value))
            return userErrors.push({
              code: 'INVALID_INPUT',
              field: ['variants', String(i), field],
              message: `${field === 'price' ? 'Price' : 'Compare at price'} is invalid`,
            });
          if (Number(value) < 0)
            return userErrors.push({
              code: 'GREATER_THAN_OR_EQUAL_TO',
              field: ['variants', String(i), field],
              message: `${field === 'price' ? 'Price' : 'Compare at price'} must be greater than or equal to 0`,
            });
          if (Number(value) >= 1e18)
            return userErrors.push({
              code: 'INVALID_INPUT',
              field: ['variants', String(i), field],
              message: `${field === 'price' ? 'Price' : 'Compare at price'} must be less than 1000000000000000000`,
            });
        }
        valid.push({ variant, input });
      });
      if (userErrors.length && !allowPartialUpdates) return { product: null, productVariants: null, userErrors };
      for (const { variant, input } of valid) {
        const price = money(input.price);
        const compareAt = money(input.compareAtPrice);
        if (typeof price === 'string') variant.price = Number(price).toFixed(2);
        if (compareAt !== undefined)
          variant.compareAtPrice = typeof compareAt === 'string' ? Number(compareAt).toFixed(2) : null;
        if (typeof input.barcode === 'string') variant.barcode = input.barcode;
        touch(product, variant);
      }
      if (valid.length) context.changed(shop.domain);
      return {
        product: productNode(product),
        productVariants: valid.map(({ variant }) => variantNode(product, variant)),
        userErrors,
      };
    },
    productSet: ({ input }: { input: ProductSetArgs }) => {
      type SetError = { code: string; field: string[]; message: string };
      const userErrors: SetError[] = [];
      const existing = input.id ? shop.products.find((p) => p.id === parseGid(input.id, 'Product')) : undefined;
      if (input.id && !existing)
        return {
          product: null,
          productSetOperation: null,
          userErrors: [{ code: 'PRODUCT_DOES_NOT_EXIST', field: ['input', 'id'], message: 'Product does not exist' }],
        };
      const title = (input.title ?? existing?.title ?? '').trim();
      if (!title)
        userErrors.push({ code: 'INVALID_PRODUCT', field: ['input', 'title'], message: "Title can't be blank" });
      if (!input.productOptions?.length)
        userErrors.push({
          code: 'PRODUCT_OPTIONS_INPUT_MISSING',
          field: ['input', 'productOptions'],
          message: 'Product options input is required when updating variants.',
        });
      if (!input.variants?.length)
        userErrors.push({
          code: 'VARIANTS_INPUT_MISSING',
          field: ['input', 'variants'],
          message: 'Variants input is required when updating product options.',
        });
      if ((input.variants?.length ?? 0) > 100)
        userErrors.push({
          code: 'VARIANTS_OVER_LIMIT',
          field: ['input', 'variants'],
          message: 'Number of variants exceeds the limit of 100.',
        });
      (input.variants ?? []).forEach((v, i) => {
        const at = (f: string) => ['input', 'variants', String(i), f];
        const price = typeof v.price === 'number' ? String(v.price) : v.price;
        if (typeof price !== 'string' || !/^\d+(\.\d+)?$/.test(price))
          userErrors.push({ code: 'INVALID_VARIANT', field: at('price'), message: 'Price is invalid' });
        if (!v.optionValues?.length)
          userErrors.push({
            code: 'OPTION_VALUES_MISSING',
            field: at('optionValues'),
            message: 'Variant options are missing.',
          });
        for (const q of v.inventoryQuantities ?? []) {
          if (q.locationId !== locationGid)
            userErrors.push({
              code: 'INVALID_INPUT',
              field: at('inventoryQuantities'),
              message: 'The specified location could not be found.',
            });
          if (q.quantity < 0)
            userErrors.push({
              code: 'INVALID_INPUT',
              field: at('inventoryQuantities'),
              message: "The quantity can't be negative.",
            });
        }
        const sku = v.sku ?? v.inventoryItem?.sku ?? '';
        if (sku && context.refusesSku(shop.domain, sku))
          userErrors.push({ code: 'INVALID_VARIANT', field: at('sku'), message: refusedSkuMessage(sku) });
      });
      if (userErrors.length) return { product: null, productSetOperation: null, userErrors };
      const now = nowIso();
      const product: Product = existing ?? {
        id: nextId(shop),
        title,
        descriptionHtml: '',
        vendor: '',
        status: 'ACTIVE',
        images: [],
        createdAt: now,
        updatedAt: now,
        variants: [],
      };
      product.title = title;
      if (input.descriptionHtml !== undefined) product.descriptionHtml = input.descriptionHtml ?? '';
      if (input.vendor !== undefined) product.vendor = input.vendor ?? '';
      if (input.status) product.status = input.status;
      if (input.files)
        product.images = input.files.map((f) => f.originalSource).filter((u): u is string => typeof u === 'string');
      product.updatedAt = now;
      // productSet replaces the variant list: variants named by id are kept and updated, the others created.
      product.variants = input.variants!.map((v) => {
        const kept = v.id ? product.variants.find((old) => old.id === parseGid(v.id, 'ProductVariant')) : undefined;
        const quantity = v.inventoryQuantities?.find((q) => q.name === 'available' || q.name === 'on_hand')?.quantity;
        const variant: Variant = kept ?? {
          id: nextId(shop),
          inventoryItemId: nextId(shop),
          sku: '',
          title: 'Default Title',
          price: '0.00',
          compareAtPrice: null,
          barcode: '',
          available: 0,
          onHand: 0,
          updatedAt: now,
        };
        variant.sku = v.sku ?? v.inventoryItem?.sku ?? variant.sku;
        variant.title = v.optionValues?.map((o) => o.name).join(' / ') || variant.title;
        variant.price = Number(typeof v.price === 'number' ? v.price : v.price).toFixed(2);
        if (typeof v.barcode === 'string') variant.barcode = v.barcode;
        if (quantity !== undefined) {
          const committed = variant.onHand - variant.available;
          variant.available = quantity;
          variant.onHand = quantity + Math.max(0, committed);
        }
        variant.updatedAt = now;
        return variant;
      });
      if (!existing) shop.products.push(product);
      context.changed(shop.domain);
      for (const variant of product.variants) inventoryChanged(variant);
      return { product: productNode(product), productSetOperation: null, userErrors: [] };
    },
    productUpdate: ({
      product: input,
    }: {
      product: { id?: string | null; status?: Product['status'] | null; title?: string | null };
    }) => {
      const product = shop.products.find((p) => p.id === parseGid(input.id, 'Product'));
      if (!product) return { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] };
      if (input.title !== undefined && input.title !== null && !input.title.trim())
        return { product: null, userErrors: [{ field: ['title'], message: "Title can't be blank" }] };
      if (input.status) product.status = input.status;
      if (input.title) product.title = input.title;
      product.updatedAt = nowIso();
      context.changed(shop.domain);
      return { product: productNode(product), userErrors: [] };
    },
    webhookSubscriptionCreate: ({
      topic,
      webhookSubscription,
    }: {
      topic: string;
      webhookSubscription: { callbackUrl?: string | null; format?: string | null };
    }) => {
      const url = webhookSubscription.callbackUrl;
      const field = ['webhookSubscription', 'callbackUrl'];
      if (!url) return { webhookSubscription: null, userErrors: [{ field, message: "Address can't be blank" }] };
      let parsed: URL | undefined;
      try {
        parsed = new URL(url);
      } catch {
        parsed = undefined;
      }
      if (!parsed || !['https:', 'http:'].includes(parsed.protocol))
        return { webhookSubscription: null, userErrors: [{ field, message: 'Address is invalid' }] };
      if (shop.webhooks.some((w) => w.topic === topic && w.callbackUrl === url))
        return {
          webhookSubscription: null,
          userErrors: [{ field, message: 'Address for this topic has already been taken' }],
        };
      const hook: Webhook = {
        id: nextId(shop),
        topic,
        callbackUrl: url,
        format: webhookSubscription.format ?? 'JSON',
        createdAt: nowIso(),
      };
      shop.webhooks.push(hook);
      context.changed(shop.domain);
      return {
        userErrors: [],
        webhookSubscription: {
          ...webhookSubscriptionFields(hook.id, SHOPIFY_SANDBOX_APP.apiVersion),
          id: gid('WebhookSubscription', hook.id),
          topic,
          format: hook.format,
          createdAt: hook.createdAt,
          updatedAt: hook.createdAt,
          callbackUrl: url,
          endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: url },
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP: OAuth (consent page, token) and the Admin GraphQL endpoint.
const invalidToken = { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' };

function callbackHmac(params: Record<string, string>, secret: string): string {
  const message = new URLSearchParams(Object.entries(params).sort(([a], [b]) => a.localeCompare(b))).toString();
  return crypto.createHmac('sha256', secret).update(message).digest('hex');
}

function routes(router: Router, context: SandboxContext<ShopifySandboxState>): void {
  // Relative, so the page works whatever host name the browser used (and under CSP 'self').
  const stylesheetUrl = 'consent.css';

  router.get('/shops/:shop/admin/oauth/consent.css', (_req, res) => {
    res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(consentStylesheet);
  });

  /** The shop of an install page: one the browser's signed-in account made (any, with open access). */
  const shopOfBrowser = (req: Request) => {
    const shop = findShop(context.state(), String(req.params.shop));
    return shop && context.mayActFor(req, shop.domain) ? shop : undefined;
  };
  const noStore =
    'There is no store at this address, or it is not a sandbox shop of the account you are signed in with.';

  const oauthParams = (source: Record<string, unknown>) => ({
    clientId: typeof source.client_id === 'string' ? source.client_id : '',
    scope: typeof source.scope === 'string' ? source.scope : '',
    redirectUri: typeof source.redirect_uri === 'string' ? source.redirect_uri : '',
    state: typeof source.state === 'string' ? source.state : '',
  });
  const oauthProblem = (params: ReturnType<typeof oauthParams>): string | undefined => {
    if (params.clientId !== context.application.clientId)
      return 'The client_id is not a known app. Use the sandbox app id.';
    if (!params.scope) return 'The scope parameter is missing.';
    try {
      const url = new URL(params.redirectUri);
      if (!['http:', 'https:'].includes(url.protocol)) return 'The redirect_uri must be an http or https address.';
    } catch {
      return 'The redirect_uri is missing or not an absolute address.';
    }
    return undefined;
  };

  router.get('/shops/:shop/admin/oauth/authorize', (req, res) => {
    const shop = shopOfBrowser(req);
    if (!shop) {
      res.status(404).type('html').send(oauthErrorPage(noStore, stylesheetUrl));
      return;
    }
    const params = oauthParams(req.query as Record<string, unknown>);
    const problem = oauthProblem(params);
    if (problem) {
      res.status(400).type('html').send(oauthErrorPage(problem, stylesheetUrl));
      return;
    }
    res.type('html').send(
      consentPage({
        shopName: shop.name,
        appName: SHOPIFY_SANDBOX_APP.name,
        scopes: params.scope
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        formAction: 'authorize',
        stylesheetUrl,
        fields: {
          client_id: params.clientId,
          scope: params.scope,
          redirect_uri: params.redirectUri,
          state: params.state,
        },
      }),
    );
  });

  router.post('/shops/:shop/admin/oauth/authorize', (req, res) => {
    const shop = shopOfBrowser(req);
    if (!shop) {
      res.status(404).type('html').send(oauthErrorPage(noStore, stylesheetUrl));
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const params = oauthParams(body);
    const problem =
      oauthProblem(params) ??
      (body.decision === 'install' || body.decision === 'cancel' ? undefined : 'Choose Install app or Cancel.');
    if (problem) {
      res.status(400).type('html').send(oauthErrorPage(problem, stylesheetUrl));
      return;
    }
    const target = new URL(params.redirectUri);
    if (body.decision === 'cancel') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The merchant declined to install the app.');
      target.searchParams.set('shop', shop.domain);
      if (params.state) target.searchParams.set('state', params.state);
      res.redirect(302, target.toString());
      return;
    }
    const code = crypto.randomBytes(16).toString('hex');
    context.state().codes[sha(code)] = {
      shop: shop.domain,
      scope: params.scope,
      expiresAt: Date.now() + CODE_SECONDS * 1000,
    };
    context.changed();
    const query: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${shop.domain.replace('.myshopify.com', '')}`)
        .toString('base64')
        .replace(/=+$/, ''),
      shop: shop.domain,
      state: params.state,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    for (const [k, v] of Object.entries({ ...query, hmac: callbackHmac(query, context.application.clientSecret) }))
      target.searchParams.set(k, v);
    res.redirect(302, target.toString());
  });

  // The answer holds tokens: sent as text so the request log never keeps them.
  const sendTokens = (res: Response, status: number, payload: unknown) =>
    res.status(status).type('application/json').send(JSON.stringify(payload));

  router.post('/shops/:shop/admin/oauth/access_token', (req: Request, res: Response) => {
    const state = context.state();
    const shop = findShop(state, String(req.params.shop));
    if (!shop) {
      res.status(404).json({ errors: 'Not Found' });
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.client_id !== context.application.clientId || body.client_secret !== context.application.clientSecret) {
      res.status(401).json({
        error: 'invalid_client',
        error_description: 'Client authentication failed: the client_id or client_secret is wrong.',
      });
      return;
    }
    let scope: string;
    if (body.grant_type === 'refresh_token') {
      const record = typeof body.refresh_token === 'string' ? state.refreshTokens[sha(body.refresh_token)] : undefined;
      if (!record || record.shop !== shop.domain || record.expiresAt < Date.now()) {
        res.status(400).json({
          error: 'invalid_grant',
          error_description: 'The refresh token is invalid, expired or already used.',
        });
        return;
      }
      // Shopify rotates the refresh token on every use (S-TOK).
      delete state.refreshTokens[sha(body.refresh_token as string)];
      scope = record.scope;
    } else {
      const record = typeof body.code === 'string' ? state.codes[sha(body.code)] : undefined;
      if (!record || record.shop !== shop.domain || record.expiresAt < Date.now()) {
        res.status(400).json({
          error: 'invalid_request',
          error_description: 'The authorization code was not found or was already used',
        });
        return;
      }
      delete state.codes[sha(body.code as string)];
      scope = record.scope;
    }
    const expiring = body.grant_type === 'refresh_token' || String(body.expiring ?? '') === '1';
    const accessToken = `shpat_${crypto.randomBytes(16).toString('hex')}`;
    state.accessTokens[sha(accessToken)] = {
      shop: shop.domain,
      scope,
      expiresAt: expiring ? Date.now() + SHOPIFY_SANDBOX_TOKEN_SECONDS * 1000 : null,
    };
    const answer: Record<string, unknown> = { access_token: accessToken, scope };
    if (expiring) {
      const refreshToken = `shprt_${crypto.randomBytes(16).toString('hex')}`;
      state.refreshTokens[sha(refreshToken)] = {
        shop: shop.domain,
        scope,
        expiresAt: Date.now() + REFRESH_TOKEN_SECONDS * 1000,
      };
      Object.assign(answer, {
        expires_in: SHOPIFY_SANDBOX_TOKEN_SECONDS,
        refresh_token: refreshToken,
        refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
      });
    }
    context.changed();
    sendTokens(res, 200, answer);
  });

  router.post('/shops/:shop/admin/api/:version/graphql.json', async (req, res) => {
    const state = context.state();
    const shop = findShop(state, String(req.params.shop));
    // Each version answers with its own schema (read once per process, on the first request).
    const schema = shop ? adminSchema(String(req.params.version)) : undefined;
    if (!shop || !schema) {
      res.status(404).json({ errors: 'Not Found' });
      return;
    }
    const token = req.get('X-Shopify-Access-Token');
    const grant = token ? state.accessTokens[sha(token)] : undefined;
    if (!grant || grant.shop !== shop.domain || (grant.expiresAt !== null && grant.expiresAt < Date.now())) {
      res.status(401).json(invalidToken);
      return;
    }
    const body = (req.body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
    if (typeof body.query !== 'string' || !body.query.trim()) {
      res.status(400).json({ errors: { query: 'Required parameter missing or invalid' } });
      return;
    }
    if (
      body.variables !== undefined &&
      body.variables !== null &&
      (typeof body.variables !== 'object' || Array.isArray(body.variables))
    ) {
      res.status(400).json({ errors: { variables: 'must be an object' } });
      return;
    }
    const variables = (body.variables ?? {}) as Record<string, unknown>;
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;

    const checked = checkedDocument(schema, body.query);
    if ('syntaxError' in checked) {
      res.json({ errors: [checked.syntaxError.toJSON()] });
      return;
    }
    const { document, validationErrors } = checked;
    if (validationErrors.length) {
      res.json({
        errors: validationErrors.map((e) => ({
          ...e.toJSON(),
          message: shopifyValidationMessage(e),
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        })),
      });
      return;
    }
    const operations = document.definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    const operation = operationName
      ? operations.find((o) => o.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
    if (!operation) {
      res.json({
        errors: [
          { message: operationName ? `Unknown operation named "${operationName}".` : 'An operation name is required' },
        ],
      });
      return;
    }

    const limit = context.limitOf('graphql', shop.domain);
    const requested = queryCost(schema, document, operation, variables);
    const throttleStatus = () => ({
      maximumAvailable: limit.burst,
      currentlyAvailable: Math.floor(context.buckets.available(`${shop.domain}:graphql`, limit)),
      restoreRate: limit.rate,
    });
    if (requested > limit.burst) {
      res.json({
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${limit.burst}).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: limit.burst },
          },
        ],
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() },
        },
      });
      return;
    }
    const wait = context.rateLimit(shop.domain, 'graphql', requested);
    if (wait > 0) {
      res.json({
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() },
        },
      });
      return;
    }
    const result = await execute({
      schema,
      document,
      operationName,
      variableValues: variables,
      rootValue: resolvers(shop, context),
    });
    const actual = result.data
      ? Math.min(requested, queryCost(schema, document, operation, variables, result.data as Record<string, unknown>))
      : requested;
    // Shopify charges the actual cost: the difference is given back to the bucket.
    if (requested > actual) context.buckets.take(`${shop.domain}:graphql`, limit, actual - requested);
    res.json({
      ...(result.errors ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
      ...(result.data !== undefined ? { data: result.data } : {}),
      extensions: {
        cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus() },
      },
    });
  });
}

// ---------------------------------------------------------------------------------------------
function createSeller(state: ShopifySandboxState, catalogue: GeneratedProduct[]) {
  let handle: string;
  // Not guessable: a shop's address is what its install page is found by.
  do handle = `hub-demo-${crypto.randomBytes(6).toString('hex')}`;
  while (state.sellers[`${handle}.myshopify.com`]);
  const domain = `${handle}.myshopify.com`;
  const shop: Shop = {
    id: crypto.randomInt(10_000_000, 99_999_999),
    domain,
    name: `Hub Demo ${handle.slice(-4)}`,
    currency: catalogue[0]?.currency ?? 'USD',
    location: { id: 0, name: 'Shop location' },
    products: [],
    orders: [],
    webhooks: [],
    idempotency: {},
    createdAt: nowIso(),
    nextId: 7_000_000_001,
    orderNumber: 1001,
  };
  shop.location.id = nextId(shop);
  const created = nowIso();
  // Two generated items per product, as variants: prices are set per product, one call each.
  for (let i = 0; i < catalogue.length; i += 2) {
    const items = catalogue.slice(i, i + 2);
    const first = items[0]!;
    const [productTitle] = first.title.split(' – ');
    shop.products.push({
      id: nextId(shop),
      title: productTitle ?? first.title,
      descriptionHtml: `<p>${first.description.replace(/[<&>]/g, '')}</p>`,
      vendor: first.brand,
      status: 'ACTIVE',
      images: items.flatMap((item) => item.imageUrls),
      createdAt: created,
      updatedAt: created,
      variants: items.map((item) => ({
        id: nextId(shop),
        inventoryItemId: nextId(shop),
        sku: item.sku,
        title: item.title.split(' – ')[1] ?? 'Default Title',
        price: item.price,
        compareAtPrice: null,
        barcode: item.gtin,
        available: item.quantity,
        onHand: item.quantity,
        updatedAt: created,
      })),
    });
  }
  state.sellers[domain] = shop;
  return { sellerId: domain, credentials: { shopDomain: domain } };
}

/** An order in the control API's shape (placing and cancelling answer it). */
function orderAnswer(order: Order) {
  return {
    id: gid('Order', order.id),
    name: order.name,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason ?? null,
    lines: order.lines.map((l) => ({
      sku: l.sku,
      quantity: l.quantity,
      currentQuantity: l.currentQuantity,
      price: l.price,
    })),
  };
}

export const shopifySandbox: SandboxDefinition<ShopifySandboxState> = {
  kind: 'shopify',
  emptyState: () => ({ sellers: {}, codes: {}, accessTokens: {}, refreshTokens: {} }),
  // The shop is in every path of the Admin API and of its OAuth endpoints.
  sellerOfRequest: (state, req) => {
    const shop = /^\/shops\/([^/]+)\//.exec(req.path)?.[1];
    return shop ? findShop(state, decodeURIComponent(shop))?.domain : undefined;
  },
  createSeller: (state, catalogue) => createSeller(state, catalogue),
  itemView(state, sellerId, sku) {
    const shop = findShop(state, sellerId);
    for (const product of shop?.products ?? []) {
      const variant = product.variants.find((v) => v.sku === sku);
      if (variant)
        return { sku, quantity: variant.available, price: variant.price, status: product.status.toLowerCase() };
    }
    return undefined;
  },
  placeOrder(state, sellerId, lines, context) {
    const shop = findShop(state, sellerId);
    if (!shop) throw new SandboxControlError(404, `No shop ${sellerId}`);
    const wanted = new Map<string, number>();
    for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity);
    const picked: Array<{ product: Product; variant: Variant; quantity: number }> = [];
    for (const [sku, quantity] of wanted) {
      const product = shop.products.find((p) => p.variants.some((v) => v.sku === sku));
      const variant = product?.variants.find((v) => v.sku === sku);
      if (!product || !variant) throw new SandboxControlError(404, `No variant with SKU ${sku}`);
      if (product.status !== 'ACTIVE') throw new SandboxControlError(409, `${sku} is not for sale`);
      if (variant.available < quantity)
        throw new SandboxControlError(409, `Only ${variant.available} of ${sku} available, ${quantity} ordered`);
      picked.push({ product, variant, quantity });
    }
    const at = nowIso();
    const order: Order = {
      id: nextId(shop),
      name: `#${shop.orderNumber++}`,
      createdAt: at,
      updatedAt: at,
      cancelledAt: null,
      lines: picked.map(({ product, variant, quantity }) => ({
        id: nextId(shop),
        variantId: variant.id,
        sku: variant.sku,
        title: `${product.title} - ${variant.title}`,
        quantity,
        currentQuantity: quantity,
        price: variant.price,
      })),
    };
    for (const { product, variant, quantity } of picked) {
      variant.available -= quantity;
      variant.updatedAt = at;
      product.updatedAt = at;
    }
    shop.orders.push(order);
    context.changed(shop.domain);
    emit(shop, 'ORDERS_CREATE', orderPayload(shop, order), context);
    for (const { variant } of picked)
      emit(shop, 'INVENTORY_LEVELS_UPDATE', inventoryLevelPayload(shop, variant), context);
    return orderAnswer(order);
  },
  cancelOrder(state, sellerId, orderId, context) {
    const shop = findShop(state, sellerId);
    if (!shop) throw new SandboxControlError(404, `No shop ${sellerId}`);
    // The order's GID (as placeOrder answers it), its numeric id, or its name (#1001).
    const id = parseGid(orderId, 'Order') ?? (/^\d+$/.test(orderId) ? Number(orderId) : undefined);
    const order = shop.orders.find((o) => o.id === id || o.name === orderId);
    if (!order) throw new SandboxControlError(404, `No order ${orderId} in shop ${shop.domain}`);
    if (order.cancelledAt) throw new SandboxControlError(409, `Order ${order.name} is already cancelled`);
    const at = new Date(timeAfter(Date.parse(order.updatedAt))).toISOString();
    order.cancelledAt = at;
    order.cancelReason = 'CUSTOMER';
    order.updatedAt = at;
    // Cancelled with restock: the lines' units are removed from the order and go back to available.
    const restocked: Variant[] = [];
    for (const line of order.lines) {
      const product = shop.products.find((p) => p.variants.some((v) => v.id === line.variantId));
      const variant = product?.variants.find((v) => v.id === line.variantId);
      if (product && variant && line.currentQuantity > 0) {
        variant.available += line.currentQuantity;
        variant.updatedAt = at;
        product.updatedAt = at;
        restocked.push(variant);
      }
      line.currentQuantity = 0;
    }
    context.changed(shop.domain);
    // Shopify sends orders/cancelled and orders/updated (each to the shop's subscriptions of that topic).
    emit(shop, 'ORDERS_CANCELLED', orderPayload(shop, order), context);
    emit(shop, 'ORDERS_UPDATED', orderPayload(shop, order), context);
    for (const variant of restocked)
      emit(shop, 'INVENTORY_LEVELS_UPDATE', inventoryLevelPayload(shop, variant), context);
    return orderAnswer(order);
  },
  editItem(state, sellerId, sku, edit, context) {
    const shop = findShop(state, sellerId);
    const product = shop?.products.find((p) => p.variants.some((v) => v.sku === sku));
    const variant = product?.variants.find((v) => v.sku === sku);
    if (!shop || !product || !variant) throw new SandboxControlError(404, 'No such seller or SKU');
    // The admin's product form: the title is the product's (shared by its variants).
    if (edit.title !== undefined && edit.title.length > 255)
      throw new SandboxControlError(400, 'Title is too long (maximum is 255 characters)');
    const at = nowIso();
    const quantityChanged = edit.quantity !== undefined && edit.quantity !== variant.available;
    if (edit.quantity !== undefined) {
      variant.onHand += edit.quantity - variant.available;
      variant.available = edit.quantity;
    }
    if (edit.price !== undefined) variant.price = edit.price;
    if (edit.title !== undefined) product.title = edit.title;
    variant.updatedAt = at;
    product.updatedAt = at;
    context.changed(shop.domain);
    if (quantityChanged) emit(shop, 'INVENTORY_LEVELS_UPDATE', inventoryLevelPayload(shop, variant), context);
  },
  routes,
  // A GraphQL throttle is `errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }]` (FACTS.md §4); the
  // REST-style answers (404, 5xx, an unreadable body) carry `errors` as a string.
  errorBody: (status, message) =>
    status === 429
      ? {
          errors: [
            {
              message: 'Throttled',
              extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
            },
          ],
        }
      : { errors: status === 404 ? 'Not Found' : message },
  limits: {
    // S-RL: Standard plan, 100 points/s restored, a 1,000-point bucket (the old published size; [U] for current plans).
    realistic: { graphql: { rate: 100, burst: 1000 } },
    fast: { graphql: { rate: 100_000, burst: 100_000 } },
  },
};
