import type {
  CatalogueItem,
  FulfilmentStatus,
  ListingState,
  ListingStatus,
  ListingUpdate,
  MarketplaceOrder,
  Money,
  OrderDetails,
  OrderStatus,
  SubmissionStatus,
  UpdateOutcome,
} from '../types.ts';
import type {
  WalmartErrorBody,
  WalmartFeedStatus,
  WalmartInventory,
  WalmartInventoriesPage,
  WalmartInventoryFeed,
  WalmartItem,
  WalmartOrder,
  WalmartOrderLine,
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

/**
 * Each SKU's quantity on a page of GET /v3/inventories: what the seller put in stock (inputQty) over
 * its ship nodes, the figure GET /v3/inventory answers for one node and our PUT sets. A SKU without
 * nodes is left out (its stock is read on its own).
 */
export function stockFromWalmartInventories(page: WalmartInventoriesPage): Array<{ sku: string; quantity: number }> {
  return (page.elements?.inventories ?? []).flatMap((inventory) => {
    const nodes = (inventory.nodes ?? []).filter((n) => n.inputQty !== undefined);
    if (!inventory.sku || nodes.length === 0) return [];
    return [{ sku: inventory.sku, quantity: nodes.reduce((sum, n) => sum + n.inputQty!.amount, 0) }];
  });
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

/** A line's units by where they stand, from its orderLineStatuses (no statuses: all open). */
interface LineUnits {
  open: number;
  shipped: number;
  delivered: number;
  cancelled: number;
  refunded: number;
}

function unitsOfLine(line: WalmartOrderLine): LineUnits {
  const statuses = line.orderLineStatuses?.orderLineStatus ?? [];
  const units: LineUnits = { open: 0, shipped: 0, delivered: 0, cancelled: 0, refunded: 0 };
  if (statuses.length === 0) units.open = Number(line.orderLineQuantity.amount);
  for (const status of statuses) {
    const amount = Number(status.statusQuantity.amount);
    const name = status.status.toLowerCase();
    if (name === 'cancelled') units.cancelled += amount;
    else if (name === 'shipped') units.shipped += amount;
    else if (name === 'delivered') units.delivered += amount;
    else if (name === 'refund') units.refunded += amount;
    // Created and Acknowledged: still to ship.
    else units.open += amount;
  }
  return units;
}

/** The order's state in the seller's words, from its lines' units (orders.json OrderLineStatusType.status). */
export function fulfilmentOf(lines: LineUnits[]): FulfilmentStatus {
  const sum = (key: keyof LineUnits) => lines.reduce((total, units) => total + units[key], 0);
  const [open, shipped, delivered, refunded] = [sum('open'), sum('shipped'), sum('delivered'), sum('refunded')];
  const live = open + shipped + delivered + refunded;
  if (live === 0) return sum('cancelled') > 0 ? 'cancelled' : 'unshipped';
  if (refunded === live) return 'refunded';
  if (open > 0) return shipped + delivered > 0 ? 'partially shipped' : 'unshipped';
  return delivered > 0 && shipped === 0 ? 'delivered' : 'shipped';
}

/** Walmart's country is ISO alpha-3 ("USA"); the hub's is alpha-2. */
const alpha2: Record<string, string> = { USA: 'US', CAN: 'CA', MEX: 'MX', CHL: 'CL' };
const countryCodeOf = (country: string | undefined) => {
  const code = (country ?? 'USA').trim().toUpperCase();
  return alpha2[code] ?? code;
};

/**
 * The order's total: orderSummary.totalAmount where Walmart gives it, else every charge and its tax.
 * A charge is read per unit, as the line's price is (Walmart's seller-fulfilled lines carry one unit each).
 */
export function orderTotalOf(order: WalmartOrder): Money | null {
  const summary = order.orderSummary?.totalAmount;
  if (summary && Number.isFinite(summary.currencyAmount))
    return { amount: summary.currencyAmount.toFixed(2), currency: summary.currencyUnit };
  let cents = 0;
  let currency: string | undefined;
  for (const line of order.orderLines.orderLine) {
    const units = Number(line.orderLineQuantity.amount) || 0;
    for (const charge of line.charges?.charge ?? []) {
      currency ??= charge.chargeAmount.currency;
      const tax = charge.tax?.taxAmount.amount ?? 0;
      cents += Math.round((charge.chargeAmount.amount + tax) * 100) * units;
    }
  }
  return currency ? { amount: (cents / 100).toFixed(2), currency } : null;
}

/** What the seller needs to ship: the customer order number, the ship-to (postalAddress), the ship-by, the total. */
function detailsOf(order: WalmartOrder, fulfilment: FulfilmentStatus): OrderDetails {
  const info = order.shippingInfo;
  const address = info?.postalAddress;
  const name = address?.name?.trim() || null;
  return {
    orderNumber: order.customerOrderId ?? order.purchaseOrderId,
    buyerName: name,
    shipTo:
      address?.address1 && address.city && address.postalCode
        ? {
            name: name ?? '',
            line1: address.address1,
            line2: address.address2?.trim() || null,
            city: address.city,
            region: address.state ?? null,
            postalCode: address.postalCode,
            countryCode: countryCodeOf(address.country),
            phone: info?.phone ?? null,
          }
        : null,
    total: orderTotalOf(order),
    shipBy: info?.estimatedShipDate ? new Date(info.estimatedShipDate).toISOString() : null,
    fulfilment,
    // Walmart's order read reports no fees (its commission is in the reconciliation report).
    fees: null,
  };
}

/** A Walmart purchase order as the hub's order: each line's cancelled and shipped units from its statuses. */
export function orderFromWalmart(order: WalmartOrder): MarketplaceOrder {
  let updated = order.orderDate;
  const units = order.orderLines.orderLine.map(unitsOfLine);
  const lines = order.orderLines.orderLine.map((line, i) => {
    const quantity = Number(line.orderLineQuantity.amount);
    if (line.statusDate && line.statusDate > updated) updated = line.statusDate;
    const product = line.charges?.charge?.find((c) => c.chargeType === 'PRODUCT');
    return {
      sku: line.item.sku,
      quantity,
      price: product ? moneyFromWalmart(product.chargeAmount) : null,
      cancelledQuantity: Math.min(units[i]!.cancelled, quantity),
      lineId: line.lineNumber,
      ...(line.item.productName ? { title: line.item.productName } : {}),
      shippedQuantity: Math.min(units[i]!.shipped + units[i]!.delivered, quantity),
    };
  });
  const fulfilment = fulfilmentOf(units);
  const open = units.reduce((total, u) => total + u.open, 0);
  const status: OrderStatus = fulfilment === 'cancelled' ? 'cancelled' : open === 0 ? 'shipped' : 'open';
  return {
    marketplaceOrderId: order.purchaseOrderId,
    status,
    lines,
    createdAt: new Date(order.orderDate).toISOString(),
    updatedAt: new Date(updated).toISOString(),
    details: detailsOf(order, fulfilment),
    // Fulfilled by Walmart from its own stock (WFS): it takes none of ours.
    ...(order.shipNode?.type === 'WFSFulfilled' ? { fulfilledByMarketplace: true } : {}),
  };
}

/**
 * The PO_CREATED webhook's order, so the sale counts before the next read: a new purchase order,
 * every line open, each at the unit price of its PRODUCT charge where the event gives one.
 */
export function orderFromPoCreated(event: WalmartPoCreatedEvent): MarketplaceOrder {
  const created = new Date(event.payload.orderDate).toISOString();
  const lines = event.payload.orderLines.map((line) => {
    const product = line.charges?.find((c) => c.chargeType === 'PRODUCT');
    return {
      sku: line.sku,
      quantity: Number(line.quantity.measurementValue),
      price: product ? moneyFromWalmart(product.chargeAmount) : null,
      cancelledQuantity: 0,
      // What a shipment names, so the order can be shipped before the next read.
      ...(line.lineNumber ? { lineId: line.lineNumber } : {}),
      ...(line.productName ? { title: line.productName } : {}),
      shippedQuantity: 0,
    };
  });
  const priced = lines.every((l) => l.price !== null);
  const shipBy = event.payload.estimatedShipDate ? Date.parse(event.payload.estimatedShipDate) : NaN;
  return {
    marketplaceOrderId: event.payload.purchaseOrderId,
    status: 'open',
    lines,
    createdAt: created,
    updatedAt: created,
    // The event carries no buyer or address: the next read of the order adds them.
    details: {
      orderNumber: event.payload.customerOrderId ?? event.payload.purchaseOrderId,
      buyerName: null,
      shipTo: null,
      total:
        priced && lines.length > 0
          ? {
              amount: (
                lines.reduce((sum, l) => sum + Math.round(Number(l.price!.amount) * 100) * l.quantity, 0) / 100
              ).toFixed(2),
              currency: lines[0]!.price!.currency,
            }
          : null,
      shipBy: Number.isNaN(shipBy) ? null : new Date(shipBy).toISOString(),
      fulfilment: 'unshipped',
      fees: null,
    },
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
