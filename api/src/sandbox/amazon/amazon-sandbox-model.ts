/**
 * The Amazon sandbox's state (plain JSON, persisted by the kit) and the listing rules shared by its
 * API routes and its feed processing: attribute validation, JSON-patch application, the item as
 * the Listings Items API shows it, and the notifications a change sends.
 */
import crypto from 'node:crypto';
import type { SandboxContext } from '../shared/sandbox-kit.ts';
import type { GeneratedProduct } from '../shared/catalogue-generator.ts';

export const AMAZON_SANDBOX_MARKETPLACE_ID = 'ATVPDKIKX0DER';
/** The header the EventBridge connection (API-key authorization) adds to every delivery. */
export const EVENTBRIDGE_API_KEY_HEADER = 'x-hub-eventbridge-key';

// ---- State (plain JSON: persisted by the kit) ----

export type Attributes = Record<string, Array<Record<string, unknown>>>;

export interface Issue {
  code: string;
  message: string;
  severity: 'ERROR' | 'WARNING' | 'INFO';
  attributeNames?: string[];
  categories: string[];
}

export interface ItemRecord {
  sku: string;
  asin: string;
  productType: string;
  createdDate: string;
  lastUpdatedDate: string;
  attributes: Attributes;
  issues: Issue[];
}

export interface PatchOp {
  op: 'add' | 'replace' | 'merge' | 'delete';
  path: string;
  value?: Array<Record<string, unknown>>;
}

export interface PendingChange {
  sku: string;
  submissionId: string;
  applyAt: number;
  /** PATCH operations, or a full PUT replacement. */
  patches?: PatchOp[];
  put?: { productType: string; attributes: Attributes };
}

export interface OrderRecord {
  AmazonOrderId: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: 'Unshipped' | 'Canceled';
  items: Array<{
    OrderItemId: string;
    ASIN: string;
    SellerSKU: string;
    Title: string;
    QuantityOrdered: number;
    unitPrice: string;
    currency: string;
  }>;
}

export interface SellerRecord {
  sellerId: string;
  clientId: string;
  clientSecretHash: string;
  refreshTokenHash: string;
  applicationId: string;
  items: Record<string, ItemRecord>;
  pending: PendingChange[];
  orders: Record<string, OrderRecord>;
  subscriptions: Record<string, { subscriptionId: string; destinationId: string; payloadVersion: string }>;
}

export interface DestinationRecord {
  destinationId: string;
  clientId: string;
  /** The application the partner event source is named after. */
  applicationId: string;
  name: string;
  accountId: string;
  region: string;
  url?: string;
  apiKey?: string;
}

export interface DocumentRecord {
  documentId: string;
  sellerId: string;
  kind: 'input' | 'result';
  contentType: string;
  content?: unknown;
}

export interface FeedRecord {
  feedId: string;
  sellerId: string;
  feedType: string;
  marketplaceIds: string[];
  createdTime: string;
  processingStatus: 'IN_QUEUE' | 'IN_PROGRESS' | 'DONE' | 'FATAL' | 'CANCELLED';
  processingStartTime?: string;
  processingEndTime?: string;
  inputFeedDocumentId: string;
  resultFeedDocumentId?: string;
  startAt: number;
  doneAt: number;
}

export interface AmazonSandboxState {
  sellers: Record<string, SellerRecord>;
  /** Access tokens by SHA-256 (the tokens themselves are never stored). */
  accessTokens: Record<string, { clientId: string; sellerId?: string; scope?: string; expiresAt: number }>;
  destinations: Record<string, DestinationRecord>;
  documents: Record<string, DocumentRecord>;
  feeds: Record<string, FeedRecord>;
  /** Signs the pre-signed document URLs. */
  signingKey: string;
}

// ---- Helpers ----

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
export const randomChars = (alphabet: string, length: number) =>
  Array.from(crypto.randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
export const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const digits = (length: number) => randomChars('0123456789', length);
export const nowIso = () => new Date().toISOString();
export const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

export function quantityOf(item: ItemRecord): number {
  const entry = item.attributes.fulfillment_availability?.find((f) => f.fulfillment_channel_code === 'DEFAULT');
  return typeof entry?.quantity === 'number' ? entry.quantity : 0;
}

export function priceOf(item: ItemRecord): { amount: string; currency: string } | undefined {
  const offer =
    item.attributes.purchasable_offer?.find((p) => p.marketplace_id === AMAZON_SANDBOX_MARKETPLACE_ID) ??
    item.attributes.purchasable_offer?.[0];
  const value = (offer?.our_price as Array<{ schedule?: Array<{ value_with_tax?: unknown }> }> | undefined)?.[0]
    ?.schedule?.[0]?.value_with_tax;
  if (typeof value !== 'number' || typeof offer?.currency !== 'string') return undefined;
  return { amount: value.toFixed(2), currency: offer.currency };
}

export function setQuantity(item: ItemRecord, quantity: number) {
  item.attributes.fulfillment_availability = [{ fulfillment_channel_code: 'DEFAULT', quantity }];
}

export function summaryStatus(item: ItemRecord): Array<'BUYABLE' | 'DISCOVERABLE'> {
  return quantityOf(item) > 0 && priceOf(item) ? ['BUYABLE', 'DISCOVERABLE'] : ['DISCOVERABLE'];
}

/** Validation of the attribute values the sandbox understands; Amazon's real rules come from product type definitions. */
export function attributeIssues(attributes: Attributes): Issue[] {
  const issues: Issue[] = [];
  for (const entry of attributes.fulfillment_availability ?? []) {
    if (!isObject(entry)) continue;
    if (entry.quantity !== undefined && (!Number.isInteger(entry.quantity) || (entry.quantity as number) < 0)) {
      issues.push({
        code: '4000001',
        message: `The provided value '${String(entry.quantity)}' for 'fulfillment_availability.quantity' is invalid. Enter a whole number of 0 or more.`,
        severity: 'ERROR',
        attributeNames: ['fulfillment_availability'],
        categories: ['INVALID_ATTRIBUTE'],
      });
    }
  }
  for (const offer of attributes.purchasable_offer ?? []) {
    if (!isObject(offer)) continue;
    const schedule = (offer.our_price as Array<{ schedule?: Array<{ value_with_tax?: unknown }> }> | undefined)?.[0]
      ?.schedule?.[0];
    const value = schedule?.value_with_tax;
    if (!schedule || typeof value !== 'number' || !(value > 0)) {
      issues.push({
        code: '4000001',
        message: `The provided value '${String(value)}' for 'purchasable_offer.our_price' is invalid. The price must be greater than 0.`,
        severity: 'ERROR',
        attributeNames: ['purchasable_offer'],
        categories: ['INVALID_PRICE'],
      });
    }
    if (typeof offer.currency !== 'string' || !/^[A-Z]{3}$/.test(offer.currency)) {
      issues.push({
        code: '90220',
        message: "'purchasable_offer.currency' is required but not supplied.",
        severity: 'ERROR',
        attributeNames: ['purchasable_offer'],
        categories: ['MISSING_ATTRIBUTE'],
      });
    }
  }
  return issues;
}

/** Applies top-level JSON-patch operations to a copy of the attributes. */
export function applyPatches(attributes: Attributes, patches: PatchOp[]): { attributes: Attributes; issues: Issue[] } {
  const next: Attributes = structuredClone(attributes);
  const issues: Issue[] = [];
  for (const patch of patches) {
    const match = /^\/attributes\/([A-Za-z0-9_]+)$/.exec(patch.path);
    if (!match) {
      issues.push({
        code: '4000001',
        message: `The path '${patch.path}' is invalid. Only top-level attributes (/attributes/{name}) can be patched.`,
        severity: 'ERROR',
        categories: ['INVALID_ATTRIBUTE'],
      });
      continue;
    }
    const name = match[1]!;
    if (patch.op === 'delete') {
      delete next[name];
      continue;
    }
    if (!Array.isArray(patch.value)) {
      issues.push({
        code: '90220',
        message: `'${name}' is required but not supplied.`,
        severity: 'ERROR',
        attributeNames: [name],
        categories: ['MISSING_ATTRIBUTE'],
      });
      continue;
    }
    next[name] = structuredClone(patch.value);
  }
  return { attributes: next, issues: [...issues, ...attributeIssues(next)] };
}

export function itemJson(item: ItemRecord, included: string[]) {
  const out: Record<string, unknown> = { sku: item.sku };
  if (included.includes('summaries')) {
    const name = item.attributes.item_name?.[0]?.value;
    const image = item.attributes.main_product_image_locator?.[0]?.media_location;
    out.summaries = [
      {
        marketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID,
        asin: item.asin,
        productType: item.productType,
        conditionType: 'new_new',
        status: summaryStatus(item),
        ...(typeof name === 'string' ? { itemName: name } : {}),
        createdDate: item.createdDate,
        lastUpdatedDate: item.lastUpdatedDate,
        ...(typeof image === 'string' ? { mainImage: { link: image, height: 500, width: 500 } } : {}),
      },
    ];
  }
  if (included.includes('attributes')) out.attributes = item.attributes;
  if (included.includes('issues')) out.issues = item.issues;
  if (included.includes('offers')) {
    const price = priceOf(item);
    out.offers = price
      ? [
          {
            marketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID,
            offerType: 'B2C',
            price: { currencyCode: price.currency, amount: price.amount },
            audience: { value: 'ALL', displayName: 'Sell on Amazon' },
          },
        ]
      : [];
  }
  if (included.includes('fulfillmentAvailability'))
    out.fulfillmentAvailability = [{ fulfillmentChannelCode: 'DEFAULT', quantity: quantityOf(item) }];
  if (included.includes('productTypes'))
    out.productTypes = [{ marketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID, productType: item.productType }];
  return out;
}

export function attributesFor(product: GeneratedProduct): Attributes {
  const m = AMAZON_SANDBOX_MARKETPLACE_ID;
  return {
    item_name: [{ value: product.title, language_tag: 'en_US', marketplace_id: m }],
    brand: [{ value: product.brand, language_tag: 'en_US', marketplace_id: m }],
    product_description: [{ value: product.description, language_tag: 'en_US', marketplace_id: m }],
    externally_assigned_product_identifier: [{ type: 'ean', value: product.gtin, marketplace_id: m }],
    ...(product.imageUrls[0]
      ? { main_product_image_locator: [{ media_location: product.imageUrls[0], marketplace_id: m }] }
      : {}),
    ...Object.fromEntries(
      product.imageUrls
        .slice(1, 9)
        .map((url, i) => [`other_product_image_locator_${i + 1}`, [{ media_location: url, marketplace_id: m }]]),
    ),
    ...Object.fromEntries(
      Object.entries(product.attributes).map(([name, value]) => [
        name,
        [{ value, language_tag: 'en_US', marketplace_id: m }],
      ]),
    ),
    condition_type: [{ value: 'new_new', marketplace_id: m }],
    fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: product.quantity }],
    purchasable_offer: [
      {
        marketplace_id: m,
        currency: product.currency,
        our_price: [{ schedule: [{ value_with_tax: Number(product.price) }] }],
      },
    ],
  };
}

// ---- Notifications ----

export function notify(
  state: AmazonSandboxState,
  context: SandboxContext<AmazonSandboxState>,
  seller: SellerRecord,
  type: string,
  payload: unknown,
) {
  const subscription = seller.subscriptions[type];
  if (!subscription) return;
  const destination = state.destinations[subscription.destinationId];
  if (!destination?.url) return;
  const time = new Date();
  const notification = {
    NotificationVersion: '1.0',
    NotificationType: type,
    PayloadVersion: subscription.payloadVersion,
    EventTime: time.toISOString(),
    Payload: payload,
    NotificationMetadata: {
      ApplicationId: seller.applicationId,
      SubscriptionId: subscription.subscriptionId,
      PublishTime: time.toISOString(),
      NotificationId: crypto.randomUUID(),
    },
  };
  // As EventBridge hands the partner event to a rule target (the API destination).
  const event = {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': type,
    source: `aws.partner/sellingpartnerapi.amazon.com/${destination.accountId}/${seller.applicationId}`,
    account: destination.accountId,
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: destination.region,
    resources: [],
    detail: notification,
  };
  void context
    .deliver(
      destination.url,
      JSON.stringify(event),
      destination.apiKey ? { [EVENTBRIDGE_API_KEY_HEADER]: destination.apiKey } : {},
    )
    .catch(() => undefined);
}

export function notifyQuantity(
  state: AmazonSandboxState,
  context: SandboxContext<AmazonSandboxState>,
  seller: SellerRecord,
  item: ItemRecord,
) {
  notify(state, context, seller, 'LISTINGS_ITEM_MFN_QUANTITY_CHANGE', {
    SellerId: seller.sellerId,
    FulfillmentChannelCode: 'DEFAULT',
    Sku: item.sku,
    Quantity: quantityOf(item),
  });
}

/** Applies a change to a listing (from a PATCH, a PUT or a feed message), telling subscribers when the quantity moved. */
export function commit(
  state: AmazonSandboxState,
  context: SandboxContext<AmazonSandboxState>,
  seller: SellerRecord,
  sku: string,
  attributes: Attributes,
  productType?: string,
) {
  const existing = seller.items[sku];
  const before = existing ? quantityOf(existing) : undefined;
  const now = nowIso();
  const item: ItemRecord = existing ?? {
    sku,
    asin: `B0${randomChars(UPPER_ALNUM, 8)}`,
    productType: productType ?? 'PRODUCT',
    createdDate: now,
    lastUpdatedDate: now,
    attributes: {},
    issues: [],
  };
  item.attributes = attributes;
  if (productType && productType !== 'PRODUCT') item.productType = productType;
  item.lastUpdatedDate = now;
  seller.items[sku] = item;
  if (quantityOf(item) !== before) notifyQuantity(state, context, seller, item);
}
