/** Pure conversions between eBay's payloads and the engine's shapes. No I/O. */
import type {
  CatalogueItem,
  FulfilmentStatus,
  ListingState,
  ListingStatus,
  ListingUpdate,
  MarketplaceOption,
  MarketplaceOrder,
  Money,
  NewListing,
  OrderDetails,
  OrderLine,
  OrderStatus,
  PostalAddress,
  UpdateOutcome,
} from '../types.ts';
import type {
  EbayAmount,
  EbayBulkPriceQuantityResponse,
  EbayBusinessPolicy,
  EbayFulfillmentPolicy,
  EbayInventoryLocation,
  EbayReturnPolicy,
  EbayError,
  EbayInventoryItem,
  EbayOffer,
  EbayOfferDetails,
  EbayContact,
  EbayLineItem,
  EbayOrder,
  EbayPriceQuantity,
  EbayShippingFulfillment,
} from './types.ts';

export const toMoney = (amount: EbayAmount | undefined): Money | null =>
  amount?.value && amount.currency ? { amount: amount.value, currency: amount.currency } : null;
export const toEbayAmount = (money: Money): EbayAmount => ({ value: money.amount, currency: money.currency });

/** eBay's words for a list of errors: the long message where there is one. */
export function ebayErrorMessage(errors: EbayError[] | undefined): string {
  const list = (errors ?? []).map((e) => e.longMessage || e.message || `eBay error ${e.errorId}`);
  return list.length ? [...new Set(list)].join(' ') : 'eBay refused the request';
}

/** describeError for marketplaceFetch: REST error containers and the token endpoint's OAuth errors. */
export function describeEbayError(status: number, body: unknown): { message: string; code?: string } {
  if (body && typeof body === 'object') {
    const errors = (body as { errors?: EbayError[] }).errors;
    if (Array.isArray(errors) && errors.length)
      return { message: ebayErrorMessage(errors), code: String(errors[0]!.errorId) };
    const oauth = body as { error?: unknown; error_description?: unknown };
    if (typeof oauth.error === 'string')
      return {
        message:
          typeof oauth.error_description === 'string' ? `${oauth.error}: ${oauth.error_description}` : oauth.error,
        code: oauth.error,
      };
  }
  return { message: `eBay answered HTTP ${status}` };
}

/** An offer's state as a listing status. */
export function listingStatusOf(offer: EbayOffer | undefined): ListingStatus {
  if (!offer) return 'not listed';
  if (offer.status !== 'PUBLISHED') return 'inactive';
  if (offer.listing?.listingOnHold) return 'suppressed';
  switch (offer.listing?.listingStatus) {
    case 'ACTIVE':
    case 'OUT_OF_STOCK':
      return 'active';
    case 'ENDED':
    case 'EBAY_ENDED':
    case 'INACTIVE':
      return 'inactive';
    default:
      return 'pending';
  }
}

const first = (list: string[] | undefined) => list?.find((v) => v.trim()) ?? null;

export function toCatalogueItem(item: EbayInventoryItem, offer: EbayOffer | undefined): CatalogueItem {
  const product = item.product ?? {};
  const attributes: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(product.aspects ?? {}))
    attributes[name] = Array.isArray(values) && values.length === 1 ? values[0] : values;
  if (item.condition) attributes.condition = item.condition;
  if (product.mpn) attributes.mpn = product.mpn;
  return {
    sku: item.sku,
    marketplaceId: offer?.offerId ?? null,
    title: product.title ?? item.sku,
    description: product.description ?? null,
    brand: product.brand ?? null,
    gtin: first(product.ean) ?? first(product.upc) ?? first(product.isbn),
    images: product.imageUrls ?? [],
    price: toMoney(offer?.pricingSummary?.price),
    quantity: item.availability?.shipToLocationAvailability?.quantity ?? null,
    status: listingStatusOf(offer),
    attributes,
    ...(offer?.categoryId ? { category: offer.categoryId } : {}),
  };
}

export function toListingState(
  sku: string,
  item: EbayInventoryItem | undefined,
  offer: EbayOffer | undefined,
  issues: string[] = [],
): ListingState {
  if (!item && !offer) return { sku, marketplaceId: null, quantity: null, price: null, status: 'not listed', issues };
  return {
    sku,
    marketplaceId: offer?.offerId ?? null,
    quantity: item?.availability?.shipToLocationAvailability?.quantity ?? offer?.availableQuantity ?? null,
    price: toMoney(offer?.pricingSummary?.price),
    status: listingStatusOf(offer),
    issues,
  };
}

/**
 * One request of bulk_update_price_quantity: absolute values, so a replay sets the same. The
 * ship-to-home quantity is the inventory item's; a price needs the offer it belongs to.
 */
export function toPriceQuantity(update: ListingUpdate, offerId: string | undefined): EbayPriceQuantity {
  const request: EbayPriceQuantity = { sku: update.sku };
  if (update.quantity !== undefined) request.shipToLocationAvailability = { quantity: update.quantity };
  if (update.price !== undefined && offerId) request.offers = [{ offerId, price: toEbayAmount(update.price) }];
  return request;
}

/** One outcome per SKU from a 200 or 207 answer; a SKU with any failed response is rejected with eBay's words. */
export function outcomesFromPriceQuantity(
  skus: string[],
  body: EbayBulkPriceQuantityResponse | undefined,
): UpdateOutcome[] {
  const responses = body?.responses ?? [];
  return skus.map((sku): UpdateOutcome => {
    const mine = responses.filter((r) => r.sku === sku);
    if (mine.length === 0) return { sku, outcome: 'unknown', message: 'eBay answered without a result for this SKU' };
    const failed = mine.filter((r) => r.statusCode !== 200);
    if (failed.length === 0) return { sku, outcome: 'confirmed' };
    const errors = failed.flatMap((r) => r.errors ?? []);
    return {
      sku,
      outcome: 'rejected',
      message: ebayErrorMessage(errors),
      ...(errors[0] ? { code: String(errors[0].errorId) } : {}),
    };
  });
}

export function orderStatusOf(order: EbayOrder): OrderStatus {
  if (order.cancelStatus?.cancelState === 'CANCELED') return 'cancelled';
  if (order.orderFulfillmentStatus === 'FULFILLED') return 'shipped';
  return 'open';
}

/** How far the order has gone in the seller's words: cancelled and refunded first, then how much has shipped. */
export function fulfilmentOf(order: EbayOrder): FulfilmentStatus {
  if (order.cancelStatus?.cancelState === 'CANCELED') return 'cancelled';
  if (order.orderPaymentStatus === 'FULLY_REFUNDED') return 'refunded';
  if (order.orderFulfillmentStatus === 'FULFILLED') return 'shipped';
  if (order.orderFulfillmentStatus === 'IN_PROGRESS') return 'partially shipped';
  return 'unshipped';
}

/** The ship-to of the order's first shipping step; null where eBay no longer gives the street (orders over 90 days old). */
export function toPostalAddress(contact: EbayContact | undefined): PostalAddress | null {
  const address = contact?.contactAddress;
  if (!address?.addressLine1 || !address.city || !address.countryCode) return null;
  return {
    name: contact!.fullName ?? contact!.companyName ?? '',
    line1: address.addressLine1,
    line2: address.addressLine2 || null,
    city: address.city,
    region: address.stateOrProvince || null,
    postalCode: address.postalCode ?? '',
    countryCode: address.countryCode,
    phone: contact!.primaryPhone?.phoneNumber || null,
  };
}

/** The earliest ship-by date of the lines: the order is late once any line is. */
const shipByOf = (lines: EbayLineItem[]) =>
  lines
    .map((line) => line.lineItemFulfillmentInstructions?.shipByDate)
    .filter((date): date is string => !!date && Number.isFinite(Date.parse(date)))
    .sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;

export function toOrderDetails(order: EbayOrder): OrderDetails {
  const shipTo = order.fulfillmentStartInstructions?.find((i) => i.shippingStep?.shipTo)?.shippingStep?.shipTo;
  return {
    orderNumber: order.orderId,
    buyerName: order.buyer?.buyerRegistrationAddress?.fullName || order.buyer?.username || null,
    shipTo: toPostalAddress(shipTo),
    total: toMoney(order.pricingSummary?.total),
    shipBy: shipByOf(order.lineItems ?? []),
    fulfilment: fulfilmentOf(order),
    fees: toMoney(order.totalMarketplaceFee),
  };
}

/**
 * Units of a line eBay reports shipped. The order read says only none, some or all
 * (lineItemFulfillmentStatus); for "some", the order's shipping fulfillments count them, when read.
 */
function shippedQuantityOf(
  line: EbayLineItem,
  status: OrderStatus,
  fulfillments: EbayShippingFulfillment[] | undefined,
): number | undefined {
  const quantity = line.quantity ?? 0;
  // Only an order not yet shipped can be cancelled.
  if (status === 'cancelled') return 0;
  if (line.lineItemFulfillmentStatus === 'FULFILLED') return quantity;
  if (line.lineItemFulfillmentStatus === 'NOT_STARTED') return 0;
  if (!fulfillments) return undefined;
  const counted = fulfillments
    .flatMap((f) => f.lineItems ?? [])
    .reduce((n, l) => n + (l.lineItemId === line.lineItemId ? (l.quantity ?? 1) : 0), 0);
  return Math.min(quantity, counted);
}

/** An eBay order, with its shipping fulfillments where they were read (orders partly shipped). */
export function toMarketplaceOrder(order: EbayOrder, fulfillments?: EbayShippingFulfillment[]): MarketplaceOrder {
  const status = orderStatusOf(order);
  const createdAt = order.creationDate ?? order.lastModifiedDate ?? new Date(0).toISOString();
  return {
    marketplaceOrderId: order.orderId,
    status,
    lines: (order.lineItems ?? []).map((line): OrderLine => {
      const quantity = line.quantity ?? 0;
      // lineItemCost is the line's total before discounts: the unit price is its share per unit.
      const cost = toMoney(line.lineItemCost);
      const unit =
        cost && quantity > 0
          ? { amount: (Math.round((Number(cost.amount) * 100) / quantity) / 100).toFixed(2), currency: cost.currency }
          : cost;
      const shippedQuantity = shippedQuantityOf(line, status, fulfillments);
      return {
        sku: line.sku ?? '',
        quantity,
        price: unit,
        cancelledQuantity: status === 'cancelled' ? quantity : 0,
        ...(line.lineItemId ? { lineId: line.lineItemId } : {}),
        ...(line.title ? { title: line.title } : {}),
        ...(shippedQuantity !== undefined ? { shippedQuantity } : {}),
      };
    }),
    createdAt,
    updatedAt: order.lastModifiedDate ?? createdAt,
    details: toOrderDetails(order),
  };
}

/** The getOrders filter for "changed since". */
export const lastModifiedFilter = (since: Date) => `lastmodifieddate:[${since.toISOString()}..]`;

/**
 * createOrReplaceInventoryItem's body (a full replacement, so replaying it is harmless): the
 * product facts, condition NEW and the ship-to-home quantity. The GTIN goes as UPC (12 digits) or EAN.
 */
export function newInventoryItem(item: NewListing): Omit<EbayInventoryItem, 'sku'> {
  const aspects: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(item.attributes)) {
    if (name.startsWith('ebay') || name === 'categoryId') continue;
    if (typeof value === 'string' && value.trim()) aspects[name] = [value.trim()];
    else if (typeof value === 'number') aspects[name] = [String(value)];
  }
  if (item.brand) aspects.Brand = [item.brand];
  const gtin = item.gtin?.trim();
  return {
    condition: 'NEW',
    product: {
      title: item.title,
      ...(item.description ? { description: item.description } : {}),
      ...(item.brand ? { brand: item.brand } : {}),
      imageUrls: item.images.slice(0, 24),
      ...(gtin ? (gtin.length === 12 ? { upc: [gtin] } : { ean: [gtin] }) : {}),
      aspects,
    },
    availability: { shipToLocationAvailability: { quantity: item.quantity } },
  };
}

/**
 * createOffer's (and updateOffer's) body: a fixed-price, good-till-cancelled offer on eBay US, in the
 * seller's category, shipping from the seller's inventory location, under the seller's business
 * policies (the channel's publish settings, or the product's own). What the seller has not chosen is
 * left out, never assumed: publishOffer then refuses the offer in eBay's words.
 */
export function newOffer(item: NewListing): EbayOfferDetails {
  const choices = item.choices ?? {};
  const policies = {
    ...(choices.fulfillmentPolicyId ? { fulfillmentPolicyId: choices.fulfillmentPolicyId } : {}),
    ...(choices.paymentPolicyId ? { paymentPolicyId: choices.paymentPolicyId } : {}),
    ...(choices.returnPolicyId ? { returnPolicyId: choices.returnPolicyId } : {}),
  };
  return {
    sku: item.sku,
    marketplaceId: 'EBAY_US',
    format: 'FIXED_PRICE',
    availableQuantity: item.quantity,
    ...(choices.categoryId ? { categoryId: choices.categoryId } : {}),
    ...(item.description ? { listingDescription: item.description } : {}),
    listingDuration: 'GTC',
    ...(choices.merchantLocationKey ? { merchantLocationKey: choices.merchantLocationKey } : {}),
    ...(Object.keys(policies).length > 0 ? { listingPolicies: policies } : {}),
    pricingSummary: { price: toEbayAmount(item.price) },
  };
}

const ADDRESS_PARTS = ['addressLine1', 'city', 'stateOrProvince', 'postalCode', 'country'] as const;

/** The seller's inventory locations as options (enabled ones: eBay loads no inventory to a disabled location). */
export function locationOptions(locations: EbayInventoryLocation[]): MarketplaceOption[] {
  return locations
    .filter((l) => l.merchantLocationKey && l.merchantLocationStatus !== 'DISABLED')
    .map((l) => {
      const address = l.location?.address;
      const detail = address
        ? ADDRESS_PARTS.map((part) => address[part])
            .filter(Boolean)
            .join(', ')
        : '';
      return { id: l.merchantLocationKey!, name: l.name || l.merchantLocationKey!, ...(detail ? { detail } : {}) };
    });
}

const forVehiclesOnly = (policy: EbayBusinessPolicy) =>
  (policy.categoryTypes ?? []).length > 0 && (policy.categoryTypes ?? []).every((c) => c.name === 'MOTORS_VEHICLES');

/** Business policies as options: those for listings other than motor vehicles (the hub lists no vehicles). */
export function policyOptions<P extends EbayBusinessPolicy>(
  policies: P[] | undefined,
  idOf: (policy: P) => string | undefined,
  detailOf?: (policy: P) => string | undefined,
): MarketplaceOption[] {
  return (policies ?? [])
    .filter((p) => idOf(p) && !forVehiclesOnly(p))
    .map((p) => {
      const detail = detailOf?.(p) ?? p.description;
      return { id: idOf(p)!, name: p.name || idOf(p)!, ...(detail ? { detail } : {}) };
    });
}

/** A return policy's terms in a few words ("30 days, buyer pays return shipping" is eBay's own wording of its fields). */
export function returnTerms(policy: EbayReturnPolicy): string | undefined {
  if (policy.returnsAccepted === false) return 'No returns';
  if (policy.returnsAccepted && policy.returnPeriod?.value)
    return `Returns within ${policy.returnPeriod.value} ${(policy.returnPeriod.unit ?? 'DAY').toLowerCase()}s`;
  return policy.description;
}

/** A fulfillment policy's handling time in a few words. */
export function handlingTerms(policy: EbayFulfillmentPolicy): string | undefined {
  const time = policy.handlingTime;
  if (time?.value !== undefined) return `Ships within ${time.value} business ${time.value === 1 ? 'day' : 'days'}`;
  return policy.description;
}
