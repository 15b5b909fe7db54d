import crypto from 'node:crypto';

/**
 * The fields of the Admin schema's types (Order, LineItem, Product, ProductVariant, InventoryItem, Shop,
 * Location, Image, WebhookSubscription) that the sandbox answers beyond what its state models: values
 * derived from that state, and what Shopify shows for a shop with nothing the sandbox does not model
 * (no taxes, discounts, shipping charges, tips, returns, selling plans or bundles). Fulfillments, their
 * fulfillment orders, the buyer and the address are in fulfillment-nodes.ts.
 * Every non-null scalar, enum and money field the schema declares gets a value, so a query asking for
 * one never gets null or an error (the sandbox's Admin API test walks them all).
 */

interface MoneyLine {
  quantity: number;
  currentQuantity: number;
  /** A decimal string, e.g. "12.50". */
  price: string;
  /** Units shipped (absent: none). */
  fulfilledQuantity?: number;
}
interface OrderFacts {
  id: number;
  createdAt: string;
  cancelledAt: string | null;
  lines: MoneyLine[];
  /** Set by an app's orderCreate. */
  tags?: string[];
  sourceName?: string | null;
  note?: string | null;
}
interface ShopFacts {
  id: number;
  domain: string;
  currency: string;
}
interface ProductFacts {
  id: number;
  title: string;
  descriptionHtml: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  createdAt: string;
  variants: Array<{ title: string; available: number }>;
}

export const cents = (price: string) => Math.round(Number(price) * 100);
export const amount = (value: number) => (value / 100).toFixed(2);
/** Units the order still holds and has not shipped. */
const unshipped = (line: MoneyLine) => Math.max(0, line.currentQuantity - (line.fulfilledQuantity ?? 0));
const storefrontId = (gid: string) => Buffer.from(gid).toString('base64');

/** A MoneyBag: the shop's currency is also the presentment currency (the sandbox sells in one currency). */
export function moneyBag(valueInCents: number, currencyCode: string) {
  const money = { amount: amount(valueInCents), currencyCode };
  return { shopMoney: money, presentmentMoney: money };
}

/**
 * OrderDisplayFinancialStatus. A sandbox order is paid when placed (captured at once, as its webhook's
 * `financial_status: "paid"` says), so it is PAID while open. A cancellation restocks and refunds its
 * lines (current quantity 0): the captured payment is given back, which Shopify shows as REFUNDED
 * (PARTIALLY_REFUNDED when only part of it was). VOIDED is for an authorization cancelled before any
 * capture, which a sandbox order never is.
 */
export function financialStatus(order: OrderFacts): 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED' {
  const { original, current } = orderTotals(order);
  return current === original ? 'PAID' : current === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

/** The order's totals in cents: as placed (Shopify's "before returns") and after refunds ("current"). */
function orderTotals(order: OrderFacts) {
  let original = 0;
  let current = 0;
  for (const line of order.lines) {
    original += line.quantity * cents(line.price);
    current += line.currentQuantity * cents(line.price);
  }
  return { original, current };
}

export function orderFields(order: OrderFacts, shop: ShopFacts) {
  const { current } = orderTotals(order);
  const cancelled = order.cancelledAt !== null;
  const unfulfilled = order.lines.some((l) => unshipped(l) > 0);
  const token = crypto.createHash('sha256').update(`${shop.domain}/${order.id}`).digest('hex');
  return {
    legacyResourceId: String(order.id),
    processedAt: order.createdAt,
    presentmentCurrencyCode: shop.currency,
    displayFinancialStatus: financialStatus(order),
    returnStatus: 'NO_RETURN',
    riskLevel: 'LOW',
    ...orderMoneyFields(order, shop),
    subtotalLineItemsQuantity: order.lines.reduce((n, l) => n + l.quantity, 0),
    currentSubtotalLineItemsQuantity: order.lines.reduce((n, l) => n + l.currentQuantity, 0),
    // UnsignedInt64, in grams: the sandbox's products have no weight.
    currentTotalWeight: '0',
    totalWeight: '0',
    billingAddressMatchesShippingAddress: true,
    canMarkAsPaid: false,
    canNotifyCustomer: false,
    capturable: false,
    closed: false,
    confirmed: true,
    customerAcceptsMarketing: false,
    dutiesIncluded: false,
    edited: false,
    estimatedTaxes: false,
    fulfillable: !cancelled && unfulfilled,
    fullyPaid: true,
    hasTimelineComment: false,
    merchantEditable: !cancelled,
    // Shopify's own example of the reason.
    merchantEditableErrors: cancelled ? ["Canceled orders can't be edited"] : [],
    refundable: !cancelled && current > 0,
    requiresShipping: true,
    restockable: !cancelled && unfulfilled,
    taxExempt: false,
    taxesIncluded: false,
    test: false,
    unpaid: false,
    discountCodes: [],
    paymentGatewayNames: ['shopify_payments'],
    tags: order.tags ?? [],
    sourceName: order.sourceName ?? 'web',
    note: order.note ?? null,
    statusPageUrl: `https://${shop.domain}/${shop.id}/orders/${token.slice(0, 32)}/authenticate?key=${token.slice(32)}`,
    additionalFees: [],
    alerts: [],
    currentTaxLines: [],
    customAttributes: [],
    disputes: [],
    fulfillments: [],
    taxLines: [],
  };
}

/**
 * An order's money fields: as placed, after refunds, and what was refunded; zero for what the sandbox
 * does not model (taxes, discounts, shipping, tips).
 */
function orderMoneyFields(order: OrderFacts, shop: ShopFacts) {
  const { original, current } = orderTotals(order);
  const refunded = original - current;
  const money = (value: number) => moneyBag(value, shop.currency);
  return {
    // totalPriceSet is the total "before returns" (the schema's words): what was ordered. The current
    // total, after the refund of a cancellation, is currentTotalPriceSet.
    totalPriceSet: money(original),
    originalTotalPriceSet: money(original),
    subtotalPriceSet: money(original),
    totalReceivedSet: money(original),
    currentTotalPriceSet: money(current),
    currentSubtotalPriceSet: money(current),
    netPaymentSet: money(current),
    totalRefundedSet: money(refunded),
    ...Object.fromEntries(
      [
        'totalTaxSet',
        'currentTotalTaxSet',
        'totalDiscountsSet',
        'currentTotalDiscountsSet',
        'cartDiscountAmountSet',
        'currentCartDiscountAmountSet',
        'totalShippingPriceSet',
        'currentShippingPriceSet',
        'totalRefundedShippingSet',
        'totalOutstandingSet',
        'totalCapturableSet',
        'totalTipReceivedSet',
        'refundDiscrepancySet',
      ].map((field) => [field, money(0)]),
    ),
    // The deprecated Money fields, in the shop's currency.
    totalPrice: amount(original),
    totalReceived: amount(original),
    netPayment: amount(current),
    totalRefunded: amount(refunded),
    totalShippingPrice: amount(0),
    totalCapturable: amount(0),
    totalTipReceived: { amount: amount(0), currencyCode: shop.currency },
  };
}

export function lineItemFields(line: MoneyLine & { title: string }, orderCancelled: boolean, currency: string) {
  const unit = cents(line.price);
  const money = (value: number) => moneyBag(value, currency);
  const unfulfilled = unshipped(line);
  const fulfilled = line.fulfilledQuantity ?? 0;
  return {
    name: line.title,
    refundableQuantity: line.currentQuantity,
    unfulfilledQuantity: unfulfilled,
    fulfillableQuantity: unfulfilled,
    // Refunded units and units shipped already can't be fulfilled.
    nonFulfillableQuantity: line.quantity - unfulfilled,
    // The schema's own description of this field has its comparisons inverted; this is what it means.
    fulfillmentStatus: fulfilled === 0 ? 'unfulfilled' : unfulfilled === 0 ? 'fulfilled' : 'partial',
    isGiftCard: false,
    merchantEditable: !orderCancelled,
    requiresShipping: true,
    restockable: unfulfilled > 0,
    canRestock: unfulfilled > 0,
    taxable: true,
    originalUnitPrice: amount(unit),
    originalUnitPriceSet: money(unit),
    discountedUnitPrice: amount(unit),
    discountedUnitPriceSet: money(unit),
    discountedUnitPriceAfterAllDiscountsSet: money(unit),
    // "Including refunded and removed quantities" (the schema's words).
    originalTotal: amount(unit * line.quantity),
    originalTotalSet: money(unit * line.quantity),
    discountedTotal: amount(unit * line.quantity),
    discountedTotalSet: money(unit * line.quantity),
    totalDiscount: amount(0),
    totalDiscountSet: money(0),
    unfulfilledDiscountedTotal: amount(unit * unfulfilled),
    unfulfilledDiscountedTotalSet: money(unit * unfulfilled),
    unfulfilledOriginalTotal: amount(unit * unfulfilled),
    unfulfilledOriginalTotalSet: money(unit * unfulfilled),
    customAttributes: [],
    discountAllocations: [],
    duties: [],
    taxLines: [],
  };
}

/** Handles as Shopify makes them from titles: lower case and hyphens, a number added when taken. */
export function productHandles(products: Array<{ id: number; title: string }>): Map<number, string> {
  const handles = new Map<number, string>();
  const taken = new Set<string>();
  for (const product of [...products].sort((a, b) => a.id - b.id)) {
    const base =
      product.title
        .normalize('NFKD')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'product';
    let handle = base;
    for (let n = 1; taken.has(handle); n++) handle = `${base}-${n}`;
    taken.add(handle);
    handles.set(product.id, handle);
  }
  return handles;
}

/** A product's fields; its handle is productHandles' (it depends on the shop's other products). */
export function productFields(product: ProductFacts, defaultCursor: string) {
  const gid = `gid://shopify/Product/${product.id}`;
  const published = product.status === 'ACTIVE';
  const description = product.descriptionHtml
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return {
    legacyResourceId: String(product.id),
    defaultCursor,
    description,
    descriptionPlainSummary: description,
    hasOnlyDefaultVariant: product.variants.length === 1 && product.variants[0]!.title === 'Default Title',
    hasOutOfStockVariants: product.variants.some((v) => v.available <= 0),
    hasVariantsThatRequiresComponents: false,
    isGiftCard: false,
    productType: '',
    publicationCount: published ? 1 : 0,
    publishedOnCurrentChannel: published,
    publishedOnCurrentPublication: published,
    requiresSellingPlan: false,
    sellingPlanGroupCount: 0,
    storefrontId: storefrontId(gid),
    tags: [],
    totalInventory: product.variants.reduce((n, v) => n + v.available, 0),
    totalVariants: product.variants.length,
    tracksInventory: true,
  };
}

export function productVariantFields(
  product: ProductFacts,
  variant: { id: number; available: number },
  position: number,
  defaultCursor: string,
) {
  return {
    legacyResourceId: String(variant.id),
    availableForSale: product.status === 'ACTIVE' && variant.available > 0,
    createdAt: product.createdAt,
    defaultCursor,
    inventoryPolicy: 'DENY',
    position,
    requiresComponents: false,
    sellableOnlineQuantity: product.status === 'ACTIVE' ? Math.max(0, variant.available) : 0,
    sellingPlanGroupCount: 0,
    storefrontId: storefrontId(`gid://shopify/ProductVariant/${variant.id}`),
    taxable: true,
  };
}

/** An inventory item's fields; duplicateSkuCount depends on the shop's other items. */
export function inventoryItemFields(product: ProductFacts, variant: { inventoryItemId: number; updatedAt: string }) {
  return {
    legacyResourceId: String(variant.inventoryItemId),
    createdAt: product.createdAt,
    updatedAt: variant.updatedAt,
    requiresShipping: true,
  };
}

const countryOfCurrency: Record<string, string> = { USD: 'US', CAD: 'CA', GBP: 'GB', EUR: 'DE' };

export function shopFields(shop: ShopFacts, createdAt: string) {
  const country = countryOfCurrency[shop.currency] ?? 'US';
  const imperial = country === 'US';
  return {
    email: `owner@${shop.domain}`,
    contactEmail: `owner@${shop.domain}`,
    shopOwnerName: 'Sandbox Seller',
    createdAt,
    updatedAt: createdAt,
    url: `https://${shop.domain}`,
    storefrontUrl: `https://${shop.domain}`,
    richTextEditorUrl: `https://${shop.domain}/admin/mobile_rich_text_editor`,
    analyticsToken: crypto.createHash('sha256').update(`analytics:${shop.domain}`).digest('hex').slice(0, 32),
    checkoutApiSupported: true,
    customerAccounts: 'OPTIONAL',
    enabledPresentmentCurrencies: [shop.currency],
    shipsToCountries: [country],
    ianaTimezone: 'Etc/UTC',
    timezoneAbbreviation: 'UTC',
    timezoneOffset: '+0000',
    timezoneOffsetMinutes: 0,
    marketingSmsConsentEnabledAtCheckout: false,
    orderNumberFormatPrefix: '#',
    orderNumberFormatSuffix: '',
    publicationCount: 1,
    setupRequired: false,
    taxShipping: false,
    taxesIncluded: false,
    transactionalSmsDisabled: false,
    unitSystem: imperial ? 'IMPERIAL_SYSTEM' : 'METRIC_SYSTEM',
    weightUnit: imperial ? 'POUNDS' : 'KILOGRAMS',
  };
}

/** The shop's one location: active, primary, stocking and shipping everything; it can't be deactivated or deleted. */
export function locationFields(createdAt: string, hasUnfulfilledOrders: boolean) {
  return {
    activatable: false,
    addressVerified: false,
    createdAt,
    updatedAt: createdAt,
    deactivatable: false,
    deletable: false,
    fulfillsOnlineOrders: true,
    hasActiveInventory: true,
    hasUnfulfilledOrders,
    isFulfillmentService: false,
    isPrimary: true,
    shipsInventory: true,
  };
}

/** An image's deprecated source fields: the image's own URL (the sandbox transforms nothing). */
export function imageFields(url: string) {
  return { originalSrc: url, src: url, transformedSrc: url };
}

export function webhookSubscriptionFields(id: number, apiVersion: string) {
  return {
    legacyResourceId: String(id),
    includeFields: [],
    metafieldNamespaces: [],
    apiVersion: { handle: apiVersion, displayName: apiVersion, supported: true },
  };
}
