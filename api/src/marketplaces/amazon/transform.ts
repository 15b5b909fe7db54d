/**
 * Pure translations between the Selling Partner API's payloads and the engine's shapes. No I/O:
 * everything here is tested on the official example payloads.
 */
import type {
  CatalogueItem,
  CreateOutcome,
  ListingState,
  ListingStatus,
  ListingUpdate,
  MarketplaceIssue,
  MarketplaceOption,
  Money,
  NewListing,
  SubmissionStatus,
  UpdateOutcome,
} from '../types.ts';
import type {
  Feed,
  ListingsAttributes,
  ListingsFeed,
  ListingsFeedProcessingReport,
  ListingsIssue,
  ListingsItem,
  ListingsItemPutRequest,
  ListingsItemSubmissionResponse,
  PatchOperation,
  ProductTypeList,
} from './types.ts';
import { httpStatusMessage } from '../shared/error-text.ts';

/** The fulfilment channel of merchant-fulfilled (MFN) stock; Amazon-fulfilled stock has AMAZON_* codes. */
export const MFN_CHANNEL = 'DEFAULT';

/** Enforcement actions that take a listing off sale or out of search. */
const SUPPRESSING_ACTIONS = new Set(['LISTING_SUPPRESSED', 'SEARCH_SUPPRESSED', 'CATALOG_ITEM_REMOVED']);

const forMarketplace = <T extends { marketplaceId?: string }>(
  list: T[] | undefined,
  marketplaceId: string,
): T | undefined =>
  list?.find((entry) => entry.marketplaceId === marketplaceId) ?? (list?.length === 1 ? list[0] : undefined);

const appliesTo = (issue: ListingsIssue, marketplaceId: string) =>
  !issue.marketplaceIds || issue.marketplaceIds.length === 0 || issue.marketplaceIds.includes(marketplaceId);

/** Listing status as the engine names it, from summaries and issues for one marketplace. */
export function listingStatus(item: ListingsItem, marketplaceId: string): ListingStatus {
  const issues = (item.issues ?? []).filter((issue) => appliesTo(issue, marketplaceId));
  const suppressed = issues.some(
    (issue) =>
      issue.severity === 'ERROR' &&
      (issue.enforcements?.actions ?? []).some((a) => SUPPRESSING_ACTIONS.has(a.action)) &&
      issue.enforcements?.exemption.status === 'NOT_EXEMPT',
  );
  if (suppressed) return 'suppressed';
  const summary = forMarketplace(item.summaries, marketplaceId);
  if (summary?.status.includes('BUYABLE')) return 'active';
  if (issues.some((issue) => issue.severity === 'ERROR')) return 'error';
  if (summary) return 'inactive';
  return 'pending';
}

/** The seller-fulfilled quantity: `fulfillmentAvailability`, else the `fulfillment_availability` attribute. */
export function listingQuantity(item: ListingsItem): number | null {
  const channel = item.fulfillmentAvailability?.find((f) => f.fulfillmentChannelCode === MFN_CHANNEL);
  if (channel && typeof channel.quantity === 'number') return channel.quantity;
  const attribute = item.attributes?.fulfillment_availability?.find((f) => f.fulfillment_channel_code === MFN_CHANNEL);
  return typeof attribute?.quantity === 'number' ? attribute.quantity : null;
}

/**
 * Who fulfils the offer, as the listing says (`fulfillmentAvailability`, else the `fulfillment_availability`
 * attribute): Amazon where its channel code is a fulfilment network's (AMAZON_NA…), the seller where it is
 * DEFAULT, undefined where the listing names none. An FBA inventory summary alone does not tell it: Amazon keeps
 * a SKU's summary (at 0 units) after the offer is converted back to seller fulfilment, and such an offer taken
 * for FBA would get none of our quantity writes while the seller ships it.
 */
export function fulfilledByAmazon(item: ListingsItem): boolean | undefined {
  const codes =
    item.fulfillmentAvailability?.map((f) => f.fulfillmentChannelCode) ??
    item.attributes?.fulfillment_availability?.map((f) => f.fulfillment_channel_code) ??
    [];
  if (codes.length === 0) return undefined;
  return !codes.includes(MFN_CHANNEL);
}

/** The consumer (B2C) price: `offers`, else the `purchasable_offer` attribute's `our_price` schedule. */
export function listingPrice(item: ListingsItem, marketplaceId: string): Money | null {
  const offer =
    item.offers?.find((o) => o.offerType === 'B2C' && o.marketplaceId === marketplaceId) ??
    item.offers?.find((o) => o.offerType === 'B2C');
  if (offer) return { amount: offer.price.amount, currency: offer.price.currencyCode };
  const purchasable =
    item.attributes?.purchasable_offer?.find((p) => p.marketplace_id === marketplaceId) ??
    item.attributes?.purchasable_offer?.[0];
  const ourPrice = (purchasable?.our_price as Array<{ schedule?: Array<{ value_with_tax?: number }> }> | undefined)?.[0]
    ?.schedule?.[0]?.value_with_tax;
  if (typeof ourPrice === 'number' && typeof purchasable?.currency === 'string')
    return { amount: decimalString(ourPrice), currency: purchasable.currency };
  return null;
}

/** The marketplace's own words for what is wrong, errors first. */
export function issueMessages(issues: ListingsIssue[] | undefined, marketplaceId?: string): string[] {
  const relevant = (issues ?? []).filter((issue) => !marketplaceId || appliesTo(issue, marketplaceId));
  const rank = { ERROR: 0, WARNING: 1, INFO: 2 } as const;
  return [...relevant].sort((a, b) => rank[a.severity] - rank[b.severity]).map((issue) => issue.message);
}

/** A listing's errors and warnings for one marketplace, each with whether Amazon suppressed the listing for it. */
export function marketplaceIssuesOf(issues: ListingsIssue[] | undefined, marketplaceId: string): MarketplaceIssue[] {
  return (issues ?? [])
    .filter((issue) => issue.severity !== 'INFO' && appliesTo(issue, marketplaceId))
    .map((issue) => ({
      code: issue.code,
      message: issue.message,
      severity: issue.severity === 'ERROR' ? ('error' as const) : ('warning' as const),
      suppressing:
        (issue.enforcements?.actions ?? []).some((a) => SUPPRESSING_ACTIONS.has(a.action)) &&
        issue.enforcements?.exemption.status === 'NOT_EXEMPT',
    }));
}

export function listingsItemToState(item: ListingsItem, marketplaceId: string): ListingState {
  return {
    sku: item.sku,
    marketplaceId: forMarketplace(item.summaries, marketplaceId)?.asin ?? null,
    quantity: listingQuantity(item),
    price: listingPrice(item, marketplaceId),
    status: listingStatus(item, marketplaceId),
    issues: issueMessages(item.issues, marketplaceId),
    marketplaceIssues: marketplaceIssuesOf(item.issues, marketplaceId),
  };
}

export function notListedState(sku: string): ListingState {
  return { sku, marketplaceId: null, quantity: null, price: null, status: 'not listed', issues: [] };
}

/** First value of a text attribute for the marketplace (attributes carry `marketplace_id` per entry). */
function attributeValue(attributes: ListingsAttributes | undefined, name: string, marketplaceId: string): unknown {
  const entries = attributes?.[name];
  if (!entries || entries.length === 0) return undefined;
  const entry = entries.find((e) => e.marketplace_id === marketplaceId) ?? entries[0]!;
  return entry.value;
}

const ATTRIBUTES_MAPPED_ELSEWHERE = new Set([
  'item_name',
  'product_description',
  'brand',
  'externally_assigned_product_identifier',
  'main_product_image_locator',
  'fulfillment_availability',
  'purchasable_offer',
  'condition_type',
]);

export function listingsItemToCatalogueItem(item: ListingsItem, marketplaceId: string): CatalogueItem {
  const summary = forMarketplace(item.summaries, marketplaceId);
  const attributes = item.attributes;
  const text = (name: string) => {
    const value = attributeValue(attributes, name, marketplaceId);
    return typeof value === 'string' ? value : null;
  };
  const identifier = attributes?.externally_assigned_product_identifier?.find((e) => typeof e.value === 'string');
  const images: string[] = [];
  const mainImage = attributes?.main_product_image_locator?.[0]?.media_location;
  if (typeof mainImage === 'string') images.push(mainImage);
  else if (summary?.mainImage) images.push(summary.mainImage.link);
  for (let i = 1; i <= 8; i++) {
    const other = attributes?.[`other_product_image_locator_${i}`]?.[0]?.media_location;
    if (typeof other === 'string') images.push(other);
  }
  const extra: Record<string, unknown> = {};
  for (const name of Object.keys(attributes ?? {})) {
    if (ATTRIBUTES_MAPPED_ELSEWHERE.has(name) || name.startsWith('other_product_image_locator_')) continue;
    const value = attributeValue(attributes, name, marketplaceId);
    if (value !== undefined) extra[name] = value;
  }
  return {
    sku: item.sku,
    marketplaceId: summary?.asin ?? null,
    title: text('item_name') ?? summary?.itemName ?? item.sku,
    description: text('product_description'),
    brand: text('brand'),
    gtin: typeof identifier?.value === 'string' ? identifier.value : null,
    images,
    price: listingPrice(item, marketplaceId),
    quantity: listingQuantity(item),
    status: listingStatus(item, marketplaceId),
    attributes: extra,
    ...(summary?.productType ? { category: summary.productType } : {}),
    ...fulfilment(fulfilledByAmazon(item)),
  };
}

const fulfilment = (byAmazon: boolean | undefined) =>
  byAmazon === undefined ? {} : { fulfilledByMarketplace: byAmazon };

/** A number as a decimal string with at least two places ("12.5" → "12.50"). */
export function decimalString(value: number): string {
  const fixed = value.toFixed(2);
  const precise = String(value);
  return precise.includes('.') && precise.split('.')[1]!.length > 2 ? precise : fixed;
}

/** The JSON-patch operations that set absolute quantity and/or price (replay-safe). */
export function listingUpdatePatches(update: ListingUpdate, marketplaceId: string): PatchOperation[] {
  const patches: PatchOperation[] = [];
  if (update.quantity !== undefined) {
    patches.push({
      op: 'replace',
      path: '/attributes/fulfillment_availability',
      value: [{ fulfillment_channel_code: MFN_CHANNEL, quantity: update.quantity }],
    });
  }
  if (update.price !== undefined) {
    patches.push({
      op: 'replace',
      path: '/attributes/purchasable_offer',
      value: [
        {
          marketplace_id: marketplaceId,
          currency: update.price.currency,
          our_price: [{ schedule: [{ value_with_tax: Number(update.price.amount) }] }],
        },
      ],
    });
  }
  return patches;
}

/** patchListingsItem's answer as the engine's outcome: ACCEPTED is applied asynchronously, INVALID carries Amazon's words. */
export function submissionToOutcome(response: ListingsItemSubmissionResponse): UpdateOutcome {
  if (response.status === 'INVALID') {
    const errors = (response.issues ?? []).filter((issue) => issue.severity === 'ERROR');
    const shown = errors.length > 0 ? errors : (response.issues ?? []);
    return {
      sku: response.sku,
      outcome: 'rejected',
      message:
        shown.map((issue) => issue.message).join('; ') || 'Amazon marked the submission INVALID without an issue',
      ...(shown[0] ? { code: shown[0].code } : {}),
    };
  }
  return { sku: response.sku, outcome: 'accepted', submissionId: response.submissionId };
}

/** A JSON_LISTINGS_FEED (v2) of PATCH messages, one per SKU; messageId is the 1-based position. */
export function listingsFeedDocument(
  sellerId: string,
  updates: Array<{ update: ListingUpdate; productType: string }>,
  marketplaceId: string,
): ListingsFeed {
  return {
    header: { sellerId, version: '2.0', issueLocale: 'en_US' },
    messages: updates.map(({ update, productType }, index) => ({
      messageId: index + 1,
      sku: update.sku,
      operationType: 'PATCH' as const,
      productType,
      patches: listingUpdatePatches(update, marketplaceId),
    })),
  };
}

/** Per-SKU results from the processing report: a message with an ERROR issue was rejected, the others applied. */
export function processingReportToOutcomes(report: ListingsFeedProcessingReport, skus: string[]): UpdateOutcome[] {
  const errorsByMessage = new Map<number, ListingsFeedProcessingReport['issues']>();
  const feedLevel = report.issues.filter((issue) => issue.severity === 'ERROR' && issue.messageId === undefined);
  for (const issue of report.issues) {
    if (issue.severity !== 'ERROR' || issue.messageId === undefined) continue;
    errorsByMessage.set(issue.messageId, [...(errorsByMessage.get(issue.messageId) ?? []), issue]);
  }
  return skus.map((sku, index): UpdateOutcome => {
    const errors = errorsByMessage.get(index + 1) ?? feedLevel;
    if (errors.length === 0) return { sku, outcome: 'confirmed' };
    return {
      sku,
      outcome: 'rejected',
      message: errors.map((e) => e.message).join('; '),
      ...(errors[0]!.code ? { code: errors[0]!.code } : {}),
    };
  });
}

/** A feed still being worked on, or one that failed as a whole (FATAL, CANCELLED). DONE needs the report. */
export function feedInterimStatus(feed: Feed): SubmissionStatus | undefined {
  switch (feed.processingStatus) {
    case 'IN_QUEUE':
    case 'IN_PROGRESS':
      return { state: 'processing' };
    case 'CANCELLED':
      return { state: 'failed', message: `Amazon cancelled feed ${feed.feedId}` };
    case 'FATAL':
      return { state: 'failed', message: `Amazon could not process feed ${feed.feedId} (FATAL)` };
    case 'DONE':
      return undefined;
  }
}

/** SP-API and LWA error bodies in Amazon's own words. */
export function describeAmazonError(status: number, body: unknown): { message: string; code?: string } {
  if (body && typeof body === 'object') {
    const errors = (body as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      const first = errors[0] as { code?: string; message?: string; details?: string };
      const message = errors
        .map((e: { message?: string; details?: string }) => [e.message, e.details].filter(Boolean).join(' — '))
        .filter(Boolean)
        .join('; ');
      return { message: message || `HTTP ${status}`, ...(first.code ? { code: first.code } : {}) };
    }
    const lwa = body as { error?: unknown; error_description?: unknown };
    if (typeof lwa.error === 'string') {
      return {
        message: typeof lwa.error_description === 'string' ? lwa.error_description : lwa.error,
        code: lwa.error,
      };
    }
  }
  return httpStatusMessage(status, body);
}

/** Product attributes that name the Amazon product type rather than an attribute of it (the seller's choice for that product). */
const PRODUCT_TYPE_KEYS = ['productType', 'product_type', 'amazon_product_type'];
/** Product attributes that carry an ASIN to match, rather than an attribute of the listing. */
const ASIN_KEYS = ['asin', 'merchant_suggested_asin'];

/**
 * The product type a new listing is created under: the seller's choice (the channel's publish
 * settings, or the product's own), as the Product Type Definitions API names it. None is assumed.
 */
export function productTypeOf(item: Pick<NewListing, 'choices'>): string | undefined {
  const chosen = item.choices?.productType?.trim().toUpperCase();
  return chosen && /^[A-Z0-9_]+$/.test(chosen) ? chosen : undefined;
}

/** What a new listing lacks when the seller has chosen no product type. */
export const NO_PRODUCT_TYPE =
  'Amazon needs a product type for a new listing: choose one in the publish settings of the channel.';

/** searchDefinitionsProductTypes' answer as options to choose from, those available in the marketplace only. */
export function productTypeOptions(list: ProductTypeList, marketplaceId: string): MarketplaceOption[] {
  return list.productTypes
    .filter((t) => t.marketplaceIds.length === 0 || t.marketplaceIds.includes(marketplaceId))
    .map((t) => ({ id: t.name, name: t.displayName }));
}

/** A seller's search words as the keywords list Amazon takes (comma-delimited; words, not phrases). */
export function productTypeKeywords(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((w) => w.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].slice(0, 10);
}

/** The identifier type Amazon names a GTIN by its length: UPC (12), EAN (13), GTIN (8 or 14). */
export function gtinType(gtin: string): 'upc' | 'ean' | 'gtin' {
  return gtin.length === 12 ? 'upc' : gtin.length === 13 ? 'ean' : 'gtin';
}

/** The offer attribute with our price for the marketplace. */
export function purchasableOffer(price: Money, marketplaceId: string): Array<Record<string, unknown>> {
  return [
    {
      marketplace_id: marketplaceId,
      currency: price.currency,
      our_price: [{ schedule: [{ value_with_tax: Number(price.amount) }] }],
    },
  ];
}

/**
 * A product attribute's name as Amazon's attribute names go (`metal_type`): already one, or words as a seller
 * writes them ("Metal Type", "Color"), lowered with underscores. Other names (an id another marketplace keeps,
 * `inventoryItemId`) are none of Amazon's.
 */
export function amazonAttributeName(name: string): string | null {
  if (/^[a-z][a-z0-9_]*$/.test(name)) return name;
  if (/^[A-Z][a-z0-9]*(?:[ -][A-Za-z][a-z0-9]*)*$/.test(name.trim()))
    return name.trim().toLowerCase().replace(/[ -]+/g, '_');
  return null;
}

/**
 * putListingsItem's body for a new listing under the seller's product type (requirements LISTING: product facts and the offer),
 * matched to the catalogue by a suggested ASIN or the GTIN. A full replacement, so sending it again
 * for the same SKU is harmless.
 */
export function newListingPutRequest(
  item: NewListing,
  productType: string,
  marketplaceId: string,
): ListingsItemPutRequest {
  const m = marketplaceId;
  const text = (value: string) => [{ value, language_tag: 'en_US', marketplace_id: m }];
  const attributes: ListingsAttributes = {};
  for (const [given, value] of Object.entries(item.attributes)) {
    const name = amazonAttributeName(given);
    if (!name || PRODUCT_TYPE_KEYS.includes(name) || ASIN_KEYS.includes(name)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      attributes[name] = [{ value, marketplace_id: m }];
  }
  attributes.item_name = text(item.title);
  if (item.brand) attributes.brand = text(item.brand);
  if (item.description) attributes.product_description = text(item.description);
  const asin = ASIN_KEYS.map((key) => item.attributes[key]).find(
    (v): v is string => typeof v === 'string' && /^[A-Z0-9]{10}$/.test(v),
  );
  if (asin) attributes.merchant_suggested_asin = [{ value: asin, marketplace_id: m }];
  if (item.gtin)
    attributes.externally_assigned_product_identifier = [
      { type: gtinType(item.gtin), value: item.gtin, marketplace_id: m },
    ];
  if (item.images[0]) attributes.main_product_image_locator = [{ media_location: item.images[0], marketplace_id: m }];
  item.images
    .slice(1, 9)
    .forEach(
      (url, i) => (attributes[`other_product_image_locator_${i + 1}`] = [{ media_location: url, marketplace_id: m }]),
    );
  attributes.condition_type = [{ value: 'new_new', marketplace_id: m }];
  attributes.purchasable_offer = purchasableOffer(item.price, m);
  attributes.fulfillment_availability = [{ fulfillment_channel_code: MFN_CHANNEL, quantity: item.quantity }];
  return { productType, requirements: 'LISTING', attributes };
}

/** putListingsItem's answer as a create outcome: ACCEPTED is processed asynchronously (read the SKU back), INVALID carries Amazon's words. */
export function putSubmissionToCreateOutcome(response: ListingsItemSubmissionResponse): CreateOutcome {
  const outcome = submissionToOutcome(response);
  if (outcome.outcome === 'rejected') return outcome;
  return { sku: response.sku, outcome: 'accepted', submissionId: response.submissionId, checkBy: 'read' };
}

/**
 * The PATCH that takes an offer off sale (the purchasable_offer deleted: the product data stays,
 * the listing is no longer buyable) or puts it back with its price.
 */
export function activationPatches(active: boolean, price: Money | undefined, marketplaceId: string): PatchOperation[] {
  if (!active)
    return [{ op: 'delete', path: '/attributes/purchasable_offer', value: [{ marketplace_id: marketplaceId }] }];
  if (!price) return [];
  return [{ op: 'replace', path: '/attributes/purchasable_offer', value: purchasableOffer(price, marketplaceId) }];
}
