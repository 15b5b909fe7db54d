import type {
  CatalogueItem,
  CreateOutcome,
  ListingState,
  ListingStatus,
  ListingUpdate,
  MarketplaceOrder,
  Money,
  NewListing,
  OrderStatus,
  SubmissionStatus,
  UpdateOutcome,
} from '../types.ts';
import type {
  WalmartErrorBody,
  WalmartFeedStatus,
  WalmartInventory,
  WalmartInventoryFeed,
  WalmartItem,
  WalmartMpItemFeed,
  WalmartOrder,
  WalmartPoCreatedEvent,
  WalmartPrice,
  WalmartPriceFeed,
} from './types.ts';

/** Pure translations between Walmart's payloads and the hub's shapes. No I/O here. */

/**
 * Walmart money to the hub's decimal strings (USD and CAD have 2 decimals). Amounts come as JSON
 * numbers in most answers and examples; items.json types the item price amount as a string.
 */
export function moneyFromWalmart(price: { currency?: string; amount?: number | string } | undefined): Money | null {
  const amount = typeof price?.amount === 'string' && price.amount.trim() !== '' ? Number(price.amount) : price?.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  return { amount: amount.toFixed(2), currency: price?.currency ?? 'USD' };
}

/** A decimal string as Walmart's number, or undefined when it is not a positive amount with at most 2 decimals. */
export function walmartAmount(money: Money): number | undefined {
  if (!/^\d+(\.\d{1,2})?$/.test(money.amount)) return undefined;
  const amount = Number(money.amount);
  return amount > 0 ? amount : undefined;
}

export function listingStatusOf(item: Pick<WalmartItem, 'publishedStatus' | 'lifecycleStatus'>): ListingStatus {
  const lifecycle = item.lifecycleStatus?.toUpperCase();
  if (lifecycle === 'RETIRED' || lifecycle === 'ARCHIVED') return 'inactive';
  switch (item.publishedStatus?.toUpperCase()) {
    case 'PUBLISHED':
      return 'active';
    case 'UNPUBLISHED':
      return 'suppressed';
    case 'SYSTEM_PROBLEM':
      return 'error';
    case 'IN_PROGRESS':
    case 'READY_TO_PUBLISH':
    case 'STAGE':
      return 'pending';
    default:
      return 'pending';
  }
}

/** Walmart's item (GET /v3/items) as a catalogue entry. Walmart's item list carries no stock: quantity comes from readListings. */
export function catalogueItemFromWalmart(item: WalmartItem): CatalogueItem {
  let shelf: string[] = [];
  try {
    const parsed: unknown = item.shelf ? JSON.parse(item.shelf) : [];
    if (Array.isArray(parsed)) shelf = parsed.map(String);
  } catch {
    shelf = item.shelf ? [item.shelf] : [];
  }
  return {
    sku: item.sku,
    marketplaceId: item.wpid ?? null,
    title: item.productName ?? item.sku,
    description: null,
    brand: null,
    gtin: item.gtin || item.upc || null,
    images: [],
    price: moneyFromWalmart(item.price),
    quantity: null,
    status: listingStatusOf(item),
    attributes: {
      ...(item.productType ? { productType: item.productType } : {}),
      ...(shelf.length ? { shelf } : {}),
      ...(item.mart ? { mart: item.mart } : {}),
      ...(item.variantGroupId ? { variantGroupId: item.variantGroupId } : {}),
    },
  };
}

/** What Walmart holds for one SKU: the item (status, price) and its inventory; an absent item is 'not listed'. */
export function listingFromWalmart(
  sku: string,
  item: WalmartItem | undefined,
  inventory: WalmartInventory | undefined,
): ListingState {
  if (!item) return { sku, marketplaceId: null, quantity: null, price: null, status: 'not listed', issues: [] };
  return {
    sku,
    marketplaceId: item.wpid ?? null,
    quantity: inventory ? inventory.quantity.amount : null,
    price: moneyFromWalmart(item.price),
    status: listingStatusOf(item),
    issues: item.unpublishedReasons?.reason ?? [],
  };
}

export function inventoryBody(sku: string, quantity: number): WalmartInventory {
  return { sku, quantity: { unit: 'EACH', amount: quantity } };
}

export function priceBody(sku: string, amount: number, currency: string): WalmartPrice {
  return { sku, pricing: [{ currentPriceType: 'BASE', currentPrice: { currency, amount } }] };
}

/** Why a target value cannot be sent at all (before any call), in words the seller understands. */
export function invalidUpdate(update: ListingUpdate): string | undefined {
  if (update.quantity !== undefined && (!Number.isInteger(update.quantity) || update.quantity < 0))
    return `Quantity must be a whole number of 0 or more (got ${update.quantity})`;
  if (update.price && walmartAmount(update.price) === undefined)
    return `Price must be above 0 with at most 2 decimals (got ${update.price.amount})`;
  return undefined;
}

export function inventoryFeed(updates: ListingUpdate[]): WalmartInventoryFeed {
  return {
    InventoryHeader: { version: '1.4' },
    Inventory: updates.filter((u) => u.quantity !== undefined).map((u) => inventoryBody(u.sku, u.quantity!)),
  };
}

export function priceFeed(updates: ListingUpdate[]): WalmartPriceFeed {
  return {
    PriceHeader: { version: '1.7' },
    Price: updates
      .filter((u) => u.price !== undefined)
      .map((u) => priceBody(u.sku, walmartAmount(u.price!) ?? Number(u.price!.amount), u.price!.currency)),
  };
}

/** The submission id names each feed: "inventory:<feedId>,price:<feedId>" (an item feed: "item:<feedId>"). */
export function submissionId(feeds: { inventory?: string; price?: string; item?: string }): string {
  return Object.entries(feeds)
    .filter(([, id]) => id)
    .map(([type, id]) => `${type}:${id}`)
    .join(',');
}

export function feedsOfSubmission(id: string): Array<{ feedType: 'inventory' | 'price' | 'item'; feedId: string }> {
  return id
    .split(',')
    .map((part) => {
      const colon = part.indexOf(':');
      return { feedType: part.slice(0, colon), feedId: part.slice(colon + 1) };
    })
    .filter(
      (f): f is { feedType: 'inventory' | 'price' | 'item'; feedId: string } =>
        (f.feedType === 'inventory' || f.feedType === 'price' || f.feedType === 'item') && f.feedId.length > 0,
    );
}

/**
 * Per-SKU outcomes from the feeds of one submission (each feed's status with all its item details).
 * An SKU in both feeds is confirmed only when both took it.
 */
/** A processed feed whose counts show every item received succeeded. */
export function allItemsSucceeded(feed: WalmartFeedStatus): boolean {
  return (
    feed.feedStatus === 'PROCESSED' &&
    feed.itemsReceived !== undefined &&
    feed.itemsReceived > 0 &&
    feed.itemsSucceeded === feed.itemsReceived &&
    (feed.itemsFailed ?? 0) === 0
  );
}

export function submissionStatusFromFeeds(skus: string[], feeds: WalmartFeedStatus[]): SubmissionStatus {
  const failed = feeds.find((f) => f.feedStatus === 'ERROR');
  if (failed) {
    const errors = failed.ingestionErrors?.ingestionError?.map((e) => e.description ?? e.code) ?? [];
    return {
      state: 'failed',
      message:
        `Walmart could not process feed ${failed.feedId ?? ''}${errors.length ? `: ${errors.join('; ')}` : ''}`.trim(),
    };
  }
  if (feeds.some((f) => f.feedStatus !== 'PROCESSED')) return { state: 'processing' };
  // Every item of every feed succeeded (Walmart's counts say so): no item's status is needed.
  if (feeds.every(allItemsSucceeded))
    return { state: 'done', results: skus.map((sku) => ({ sku, outcome: 'confirmed' })) };
  const outcomes = new Map<string, UpdateOutcome>();
  for (const feed of feeds) {
    for (const entry of feed.itemDetails?.itemIngestionStatus ?? []) {
      if (!entry.sku) continue;
      const previous = outcomes.get(entry.sku);
      if (previous && previous.outcome !== 'confirmed') continue;
      const errors = entry.ingestionErrors?.ingestionError ?? [];
      let outcome: UpdateOutcome;
      if (entry.ingestionStatus === 'SUCCESS') outcome = { sku: entry.sku, outcome: 'confirmed' };
      else if (entry.ingestionStatus === 'DATA_ERROR')
        outcome = {
          sku: entry.sku,
          outcome: 'rejected',
          message: errors.map((e) => e.description ?? e.code).join('; ') || 'Walmart rejected the item (DATA_ERROR)',
          ...(errors[0]?.code ? { code: errors[0].code } : {}),
        };
      else
        outcome = {
          sku: entry.sku,
          outcome: 'unknown',
          message: errors.map((e) => e.description ?? e.code).join('; ') || `Walmart reported ${entry.ingestionStatus}`,
        };
      outcomes.set(entry.sku, outcome);
    }
  }
  return {
    state: 'done',
    results: skus.map(
      (sku) => outcomes.get(sku) ?? { sku, outcome: 'unknown', message: 'Walmart reported no status for this SKU' },
    ),
  };
}

const lineStatus = (status: string) => status.toLowerCase();

/** A Walmart purchase order as the hub's order; cancelled units per line from its Cancelled statuses. */
export function orderFromWalmart(order: WalmartOrder): MarketplaceOrder {
  let updated = order.orderDate;
  let open = 0;
  let shipped = 0;
  const lines = order.orderLines.orderLine.map((line) => {
    const quantity = Number(line.orderLineQuantity.amount);
    const statuses = line.orderLineStatuses?.orderLineStatus ?? [];
    let cancelled = 0;
    if (statuses.length === 0) open += quantity;
    for (const status of statuses) {
      const units = Number(status.statusQuantity.amount);
      const name = lineStatus(status.status);
      if (name === 'cancelled') cancelled += units;
      else if (name === 'shipped' || name === 'delivered') shipped += units;
      else open += units;
    }
    if (line.statusDate && line.statusDate > updated) updated = line.statusDate;
    const product = line.charges?.charge?.find((c) => c.chargeType === 'PRODUCT');
    return {
      sku: line.item.sku,
      quantity,
      price: product ? moneyFromWalmart(product.chargeAmount) : null,
      cancelledQuantity: Math.min(cancelled, quantity),
    };
  });
  const status: OrderStatus = open === 0 && shipped === 0 ? 'cancelled' : open === 0 ? 'shipped' : 'open';
  return {
    marketplaceOrderId: order.purchaseOrderId,
    status,
    lines,
    createdAt: new Date(order.orderDate).toISOString(),
    updatedAt: new Date(updated).toISOString(),
  };
}

/**
 * The PO_CREATED webhook's order, so the sale counts before the next read: a new purchase order,
 * every line open, each at the unit price of its PRODUCT charge where the event gives one.
 */
export function orderFromPoCreated(event: WalmartPoCreatedEvent): MarketplaceOrder {
  const created = new Date(event.payload.orderDate).toISOString();
  return {
    marketplaceOrderId: event.payload.purchaseOrderId,
    status: 'open',
    lines: event.payload.orderLines.map((line) => {
      const product = line.charges?.find((c) => c.chargeType === 'PRODUCT');
      return {
        sku: line.sku,
        quantity: Number(line.quantity.measurementValue),
        price: product ? moneyFromWalmart(product.chargeAmount) : null,
        cancelledQuantity: 0,
      };
    }),
    createdAt: created,
    updatedAt: created,
  };
}

/** Whether a delivery is a PO_CREATED event with the order in it (a line each with a SKU and a whole quantity). */
export function isPoCreatedWithOrder(body: unknown): body is WalmartPoCreatedEvent {
  const event = body as Partial<WalmartPoCreatedEvent> | undefined;
  const payload = event?.payload;
  return (
    (event?.source?.eventType ?? (event as { eventType?: string } | undefined)?.eventType) === 'PO_CREATED' &&
    typeof payload?.purchaseOrderId === 'string' &&
    !Number.isNaN(Date.parse(String(payload.orderDate))) &&
    Array.isArray(payload.orderLines) &&
    payload.orderLines.length > 0 &&
    payload.orderLines.every(
      (line) =>
        typeof line?.sku === 'string' &&
        Number.isInteger(Number(line.quantity?.measurementValue)) &&
        Number(line.quantity?.measurementValue) > 0,
    )
  );
}

/** Walmart's own error wording: `errors[].description` (or message/info), and the first code. */
export function describeWalmartError(status: number, body: unknown): { message: string; code?: string } {
  const errors =
    typeof body === 'object' && body
      ? ((body as WalmartErrorBody).errors ?? (body as WalmartErrorBody).error)
      : undefined;
  if (Array.isArray(errors) && errors.length > 0) {
    const message = errors
      .map((e) => e.description || ('message' in e ? e.message : undefined) || e.info || e.code)
      .filter(Boolean)
      .join('; ');
    const code = errors.find((e) => e.code)?.code;
    return { message: message || `Walmart answered HTTP ${status}`, ...(code ? { code } : {}) };
  }
  if (typeof body === 'string' && body.trim())
    return { message: `Walmart answered HTTP ${status}: ${body.trim().slice(0, 200)}` };
  return { message: `Walmart answered HTTP ${status}` };
}

/** The MP_ITEM category (Visible) a new item is set up in when the product names none. */
export const DEFAULT_ITEM_CATEGORY = 'Home Decor, Kitchen, & Other';

/**
 * An MP_ITEM (4.8) feed that sets the items up: identifiers, name, brand and price in Orderable,
 * description and images in Visible under the product's category (attribute `walmartCategory`).
 * Walmart rejects a row without its required fields item by item in the feed status, so rows are
 * sent as the product has them. processMode REPLACE: sending an item again replaces it.
 */
export function mpItemFeed(items: NewListing[]): WalmartMpItemFeed {
  return {
    MPItemFeedHeader: {
      sellingChannel: 'marketplace',
      processMode: 'REPLACE',
      subset: 'EXTERNAL',
      locale: 'en',
      version: '4.8',
    },
    MPItem: items.map((item) => {
      const category =
        typeof item.attributes.walmartCategory === 'string' && item.attributes.walmartCategory.trim()
          ? item.attributes.walmartCategory.trim()
          : DEFAULT_ITEM_CATEGORY;
      const gtin = item.gtin?.trim() ?? '';
      return {
        Orderable: {
          sku: item.sku,
          // Walmart's GTIN is 14 digits: shorter GTINs are padded with leading zeros.
          productIdentifiers: { productIdType: 'GTIN' as const, productId: gtin ? gtin.padStart(14, '0') : '' },
          productName: item.title,
          brand: item.brand ?? '',
          price: walmartAmount(item.price) ?? Number(item.price.amount),
        },
        Visible: {
          [category]: {
            ...(item.description ? { shortDescription: item.description } : {}),
            ...(item.images[0] ? { mainImageUrl: item.images[0] } : {}),
            ...(item.images.length > 1 ? { productSecondaryImageURL: item.images.slice(1) } : {}),
          },
        },
      };
    }),
  };
}

/** The item feed's acceptance as each SKU's outcome: the feed status tells later how each item went. */
export function itemFeedOutcomes(items: NewListing[], feedId: string): CreateOutcome[] {
  const id = submissionId({ item: feedId });
  return items.map((item) => ({ sku: item.sku, outcome: 'accepted', submissionId: id, checkBy: 'submission' }));
}
