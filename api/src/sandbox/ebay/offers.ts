/**
 * A seller's offers (sell_inventory_v1: getOffers by SKU, createOffer, updateOffer, publishOffer,
 * withdrawOffer): one offer per SKU on EBAY_US, published once the item and offer hold what eBay
 * requires (a title, a picture, a leaf category, an enabled location, the seller's business policies,
 * a price of at least 0.99).
 */
import type { Request, Response, Router } from 'express';
import { locationProblems, policyProblems } from './account.ts';
import { DOMAIN_INVENTORY, error, fail, refusedError, type EbayErrorDetail } from './errors.ts';
import { countRevision, revisionLimitError } from './limits.ts';
import { INVENTORY, isQuantity, withSeller } from './listings.ts';
import { EBAY_US_TOP_LEVEL_CATEGORIES, requiredAspectsOf } from './taxonomy.ts';
import type { EbayContext, SandboxItem, SandboxSeller } from './state.ts';

export function offerRoutes(router: Router, context: EbayContext) {
  router.get(`${INVENTORY}/offer`, (req, res) => getOffers(context, req, res));
  // createOffer: one offer per SKU, marketplace and format; a second is refused with the first's id.
  router.post(`${INVENTORY}/offer`, (req, res) => createOffer(context, req, res));
  // updateOffer: a full replacement of the offer's fields.
  router.put(`${INVENTORY}/offer/:offerId`, (req, res) => updateOffer(context, req, res));
  // publishOffer: the listing goes live once the item and offer hold what eBay requires.
  router.post(`${INVENTORY}/offer/:offerId/publish`, (req, res) => publishOffer(context, req, res));
  // withdrawOffer: the listing ends; the offer stays (UNPUBLISHED) and can be published again.
  router.post(`${INVENTORY}/offer/:offerId/withdraw`, (req, res) => withdrawOffer(context, req, res));
}

/** A leaf category of eBay US for a generated product: its noun's category. */
export function leafCategoryOf(title: string): string {
  const byNoun: Array<[RegExp, string]> = [
    [/mug/i, '20625'],
    [/blanket/i, '45476'],
    [/bottle/i, '177011'],
    [/lamp/i, '112581'],
    [/yoga/i, '158923'],
    [/backpack/i, '169291'],
    [/candle/i, '46782'],
    [/cutting board/i, '20653'],
    [/towel/i, '20628'],
    [/pot/i, '20498'],
  ];
  return byNoun.find(([pattern]) => pattern.test(title))?.[1] ?? '20625';
}

function offerBody(item: SandboxItem) {
  return {
    offerId: item.offerId,
    sku: item.sku,
    marketplaceId: 'EBAY_US',
    format: 'FIXED_PRICE',
    availableQuantity: item.quantity,
    ...(item.categoryId ? { categoryId: item.categoryId } : {}),
    listingDescription: item.listingDescription ?? item.product.description,
    listingDuration: 'GTC',
    ...(item.merchantLocationKey ? { merchantLocationKey: item.merchantLocationKey } : {}),
    ...(item.listingPolicies ? { listingPolicies: item.listingPolicies } : {}),
    pricingSummary: { price: item.price },
    status: item.offerStatus,
    ...(item.offerStatus === 'PUBLISHED'
      ? { listing: { listingId: item.listingId, listingStatus: 'ACTIVE', soldQuantity: item.soldQuantity } }
      : {}),
  };
}

const byOffer = (seller: SandboxSeller, offerId: string) =>
  Object.values(seller.items).find((i) => i.offerId === offerId && i.offerCreated !== false);
const offerNotFound = (res: Response) => fail(res, 404, error(25713, DOMAIN_INVENTORY, 'This Offer is not available.'));

function getOffers(context: EbayContext, req: Request, res: Response) {
  const seller = withSeller(context, req, res);
  if (!seller) return;
  const sku = req.query.sku;
  if (typeof sku !== 'string' || !sku) {
    fail(
      res,
      400,
      error(25709, DOMAIN_INVENTORY, 'Invalid value for sku.', { parameters: [{ name: 'fieldName', value: 'sku' }] }),
    );
    return;
  }
  const item = seller.items[sku];
  if (!item || item.offerCreated === false) {
    fail(res, 404, error(25713, DOMAIN_INVENTORY, 'This Offer is not available.'));
    return;
  }
  res.json({
    href: `${context.baseUrl}${INVENTORY}/offer?sku=${encodeURIComponent(sku)}`,
    limit: 25,
    size: 1,
    total: 1,
    offers: [offerBody(item)],
  });
}

/** A createOffer or updateOffer body, as received (unchecked). */
interface OfferInput {
  marketplaceId?: unknown;
  format?: unknown;
  availableQuantity?: unknown;
  categoryId?: unknown;
  listingDescription?: unknown;
  merchantLocationKey?: unknown;
  listingPolicies?: { fulfillmentPolicyId?: unknown; paymentPolicyId?: unknown; returnPolicyId?: unknown };
  pricingSummary?: { price?: { value?: unknown; currency?: unknown } };
}

/** eBay's errors for a createOffer or updateOffer body (Content-Language, format, marketplace, price, quantity). */
function offerProblems(req: Request, body: OfferInput): EbayErrorDetail[] {
  const problems: EbayErrorDetail[] = [];
  const field = (name: string, text: string) =>
    problems.push(
      error(25709, DOMAIN_INVENTORY, `Invalid value for ${name}. ${text}`, {
        parameters: [{ name: 'fieldName', value: name }],
      }),
    );
  if (!req.get('content-language')) field('header Content-Language', 'It is required.');
  if (body.marketplaceId !== 'EBAY_US') field('marketplaceId', 'The sandbox lists on EBAY_US.');
  if (body.format !== 'FIXED_PRICE') field('format', 'The sandbox takes FIXED_PRICE offers.');
  if (body.availableQuantity !== undefined && !isQuantity(body.availableQuantity))
    field('availableQuantity', 'A whole number of 0 or more.');
  const price = body.pricingSummary?.price;
  if (
    price !== undefined &&
    (typeof price.value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(price.value) || typeof price.currency !== 'string')
  )
    field('price', 'Send { value: "12.34", currency: "USD" }.');
  const policies = body.listingPolicies;
  if (
    policies !== undefined &&
    (typeof policies !== 'object' ||
      policies === null ||
      Object.values(policies).some((id) => id !== undefined && typeof id !== 'string'))
  )
    field('listingPolicies', 'Each policy id is a string.');
  return problems;
}

/** Sets the offer's fields from a checked body: a full replacement, what the body leaves out is cleared. */
function applyOffer(item: SandboxItem, body: OfferInput) {
  const price = body.pricingSummary?.price;
  const policies = body.listingPolicies;
  if (typeof body.availableQuantity === 'number') item.quantity = body.availableQuantity;
  if (price && typeof price.value === 'string')
    item.price = { value: Number(price.value).toFixed(2), currency: String(price.currency) };
  if (typeof body.categoryId === 'string') item.categoryId = body.categoryId;
  else delete item.categoryId;
  if (typeof body.listingDescription === 'string') item.listingDescription = body.listingDescription;
  // A full replacement: what the body leaves out is cleared.
  if (typeof body.merchantLocationKey === 'string') item.merchantLocationKey = body.merchantLocationKey;
  else delete item.merchantLocationKey;
  if (policies && typeof policies === 'object') {
    const ids = {
      fulfillmentPolicyId: policies.fulfillmentPolicyId,
      paymentPolicyId: policies.paymentPolicyId,
      returnPolicyId: policies.returnPolicyId,
    };
    item.listingPolicies = Object.fromEntries(
      Object.entries(ids).filter(([, id]) => typeof id === 'string'),
    ) as SandboxItem['listingPolicies'];
  } else delete item.listingPolicies;
  item.offerCreated = true;
}

function createOffer(context: EbayContext, req: Request, res: Response) {
  const seller = withSeller(context, req, res);
  if (!seller) return;
  const sku = (req.body as { sku?: unknown } | undefined)?.sku;
  const item = typeof sku === 'string' ? seller.items[sku] : undefined;
  if (!item) {
    fail(
      res,
      400,
      error(25702, DOMAIN_INVENTORY, `SKU ${String(sku)} is not available in the system`, {
        parameters: [{ name: 'sku', value: String(sku) }],
      }),
    );
    return;
  }
  if (item.offerCreated !== false) {
    fail(
      res,
      400,
      error(25002, DOMAIN_INVENTORY, 'Any User error. Offer entity already exists.', {
        parameters: [{ name: 'offerId', value: item.offerId }],
      }),
    );
    return;
  }
  const body = (req.body ?? {}) as OfferInput;
  const problems = offerProblems(req, body);
  if (problems.length) return void fail(res, 400, ...problems);
  applyOffer(item, body);
  context.changed(seller.sellerId);
  res.status(201).json({ offerId: item.offerId });
}

function updateOffer(context: EbayContext, req: Request<{ offerId: string }>, res: Response) {
  const seller = withSeller(context, req, res);
  if (!seller) return;
  const item = byOffer(seller, req.params.offerId!);
  if (!item) return offerNotFound(res);
  const body = (req.body ?? {}) as OfferInput;
  const problems = offerProblems(req, body);
  if (problems.length) return void fail(res, 400, ...problems);
  if (!countRevision(seller, item, context, Date.now())) return void fail(res, 400, revisionLimitError());
  applyOffer(item, body);
  context.changed(seller.sellerId);
  res.status(204).end();
}

/** publishOffer's check of the category: a number, and a leaf (errors 25005). */
function categoryProblems(item: SandboxItem): EbayErrorDetail[] {
  if (!item.categoryId) return [];
  if (!/^\d+$/.test(item.categoryId))
    return [
      error(
        25005,
        DOMAIN_INVENTORY,
        `The eBay listing associated with the inventory item, or the unpublished offer has an invalid category ID. ${item.categoryId} is not a category ID.`,
      ),
    ];
  if (EBAY_US_TOP_LEVEL_CATEGORIES[item.categoryId])
    return [
      error(
        25005,
        DOMAIN_INVENTORY,
        `The eBay listing associated with the inventory item, or the unpublished offer has an invalid category ID. Category ${item.categoryId} (${EBAY_US_TOP_LEVEL_CATEGORIES[item.categoryId]}) is not a leaf category: choose one of its subcategories.`,
      ),
    ];
  return [];
}

/** publishOffer's check of the item specifics: each aspect the leaf category requires (taxonomy.ts), any case of its name. */
function aspectProblems(item: SandboxItem): EbayErrorDetail[] {
  if (!item.categoryId) return [];
  const given = new Set(
    Object.entries(item.product.aspects ?? {})
      .filter(([, values]) => Array.isArray(values) && values.some((v) => typeof v === 'string' && v.trim()))
      .map(([name]) => name.toLowerCase()),
  );
  return requiredAspectsOf(item.categoryId)
    .filter((name) => !given.has(name.toLowerCase()))
    .map((name) =>
      error(
        25002,
        DOMAIN_INVENTORY,
        `Any User error. The item specific ${name} is missing. Add ${name} to this listing, enter a valid value, and then try again.`,
        { parameters: [{ name: 'fieldName', value: `product.aspects.${name}` }] },
      ),
    );
}

function publishOffer(context: EbayContext, req: Request<{ offerId: string }>, res: Response) {
  const seller = withSeller(context, req, res);
  if (!seller) return;
  const item = byOffer(seller, req.params.offerId!);
  if (!item) return offerNotFound(res);
  const missing: EbayErrorDetail[] = [];
  const userError = (text: string, name: string) =>
    missing.push(
      error(25002, DOMAIN_INVENTORY, `Any User error. ${text}`, { parameters: [{ name: 'fieldName', value: name }] }),
    );
  if (!item.product.title)
    userError('The item title is missing. Add product.title to the inventory item.', 'product.title');
  if (item.product.imageUrls.length === 0)
    userError(
      'A listing needs at least one picture. Add product.imageUrls to the inventory item.',
      'product.imageUrls',
    );
  if (!item.categoryId) userError('No category is set. Add categoryId to the offer.', 'categoryId');
  missing.push(
    ...categoryProblems(item),
    ...aspectProblems(item),
    ...locationProblems(seller, item),
    ...policyProblems(seller, item),
  );
  if (Number(item.price.value) < 0.99)
    missing.push(
      error(
        25020,
        DOMAIN_INVENTORY,
        `Invalid price. The price of a fixed-price listing must be at least 0.99 ${item.price.currency}.`,
      ),
    );
  if (context.refusesSku(seller.sellerId, item.sku)) missing.push(refusedError(item.sku));
  if (missing.length) return void fail(res, 400, ...missing);
  item.offerStatus = 'PUBLISHED';
  context.changed(seller.sellerId);
  res.json({ listingId: item.listingId });
}

function withdrawOffer(context: EbayContext, req: Request<{ offerId: string }>, res: Response) {
  const seller = withSeller(context, req, res);
  if (!seller) return;
  const item = byOffer(seller, req.params.offerId!);
  if (!item) return offerNotFound(res);
  if (item.offerStatus !== 'PUBLISHED')
    return void fail(res, 400, error(25713, DOMAIN_INVENTORY, 'This Offer is not available. It is not published.'));
  item.offerStatus = 'UNPUBLISHED';
  context.changed(seller.sellerId);
  res.json({ listingId: item.listingId });
}
