/**
 * The Listings Items API 2021-08-01: search, get, patch and put a seller's listings. A PATCH or PUT is
 * accepted at once and applied later (`applyDueChanges`, on the kit's tick), as Amazon applies
 * submissions asynchronously. Also the seller's own edit in Seller Central (the control API).
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { SandboxControlError, type ItemEdit } from '../shared/sandbox-kit.ts';
import { patchProblems } from './listings-feed-validation.ts';
import { applyPatches, attributeIssues, newListingIssues, productTypeIssues, refusedIssue } from './attributes.ts';
import { sellerForPath } from './auth.ts';
import { errorList, invalidInput, send } from './errors.ts';
import { processingTimes, rateOf, throttled } from './limits.ts';
import { notifyQuantity } from './notifications.ts';
import { AMAZON_FULFILLMENT_CHANNEL, fbaAvailability } from './fba.ts';
import {
  AMAZON_SANDBOX_MARKETPLACE_ID,
  UPPER_ALNUM,
  decodeToken,
  encodeToken,
  isObject,
  listParam,
  nowIso,
  priceOf,
  fulfilledByAmazon,
  quantityOf,
  randomChars,
  summaryStatus,
  type AmazonContext,
  type AmazonSandboxState,
  type Attributes,
  type Issue,
  type ItemRecord,
  type PatchOp,
  type SellerRecord,
} from './state.ts';
import { wakeRepricers } from './pricing.ts';

const ITEMS = '/listings/2021-08-01/items';
type ItemPath = { sellerId: string; sku: string };

export function listingsRoutes(router: Router, context: AmazonContext) {
  router.get(`${ITEMS}/:sellerId`, (req, res) => searchListingsItems(context, req, res));
  router.get(`${ITEMS}/:sellerId/:sku`, (req, res) => getListingsItem(context, req, res));
  router.patch(`${ITEMS}/:sellerId/:sku`, (req, res) => patchListingsItem(context, req, res));
  router.put(`${ITEMS}/:sellerId/:sku`, (req, res) => putListingsItem(context, req, res));
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
    out.fulfillmentAvailability = [
      {
        fulfillmentChannelCode: fulfilledByAmazon(item) ? AMAZON_FULFILLMENT_CHANNEL : 'DEFAULT',
        quantity: quantityOf(item),
      },
    ];
  if (included.includes('productTypes'))
    out.productTypes = [{ marketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID, productType: item.productType }];
  return out;
}

function searchListingsItems(context: AmazonContext, req: Request, res: Response) {
  const seller = sellerForPath(context.state(), req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'searchListingsItems')) return;
  const marketplaceIds = listParam(req.query.marketplaceIds);
  if (marketplaceIds.length === 0) return invalidInput(res, "Missing required parameter 'marketplaceIds'.");
  const pageSize = req.query.pageSize === undefined ? 10 : Number(req.query.pageSize);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20)
    return invalidInput(res, "'pageSize' must be a whole number from 1 to 20.");
  const included = req.query.includedData === undefined ? ['summaries'] : listParam(req.query.includedData);
  const identifiers = listParam(req.query.identifiers);
  if (identifiers.length > 20) return invalidInput(res, "At most 20 'identifiers' can be given.");
  if (identifiers.length > 0 && req.query.identifiersType !== 'SKU')
    return invalidInput(res, "The sandbox supports 'identifiersType' SKU only.");
  // Stable order (creation, then SKU) so pages do not shift while listings are updated.
  const all = Object.values(seller.items)
    .filter((item) => identifiers.length === 0 || identifiers.includes(item.sku))
    .sort((a, b) => a.createdDate.localeCompare(b.createdDate) || a.sku.localeCompare(b.sku));
  let offset = 0;
  if (req.query.pageToken !== undefined) {
    const decoded = decodeToken<{ offset: number }>(String(req.query.pageToken));
    if (!decoded || !Number.isInteger(decoded.offset) || decoded.offset < 0)
      return invalidInput(res, "'pageToken' is invalid.");
    offset = decoded.offset;
  }
  const page = all.slice(offset, offset + pageSize);
  const pagination: Record<string, string> = {};
  if (offset + pageSize < all.length) pagination.nextToken = encodeToken({ offset: offset + pageSize });
  if (offset > 0) pagination.previousToken = encodeToken({ offset: Math.max(0, offset - pageSize) });
  send(
    res,
    200,
    {
      numberOfResults: all.length,
      ...(Object.keys(pagination).length ? { pagination } : {}),
      items: page.map((item) => itemJson(item, included)),
    },
    rateOf(context, 'searchListingsItems', res),
  );
}

function getListingsItem(context: AmazonContext, req: Request<ItemPath>, res: Response) {
  const seller = sellerForPath(context.state(), req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'getListingsItem')) return;
  if (listParam(req.query.marketplaceIds).length === 0)
    return invalidInput(res, "Missing required parameter 'marketplaceIds'.");
  const item = seller.items[req.params.sku!];
  if (!item)
    return send(
      res,
      404,
      errorList('NOT_FOUND', `SKU '${req.params.sku}' not found in marketplace ${AMAZON_SANDBOX_MARKETPLACE_ID}`),
    );
  const included = req.query.includedData === undefined ? ['summaries'] : listParam(req.query.includedData);
  send(res, 200, itemJson(item, included), rateOf(context, 'getListingsItem', res));
}

/** Answers a PATCH or PUT with its submission (status and issues); answers the submission's id. */
function submission(
  context: AmazonContext,
  res: Response,
  operation: string,
  sku: string,
  status: 'ACCEPTED' | 'INVALID' | 'VALID',
  issues: Issue[],
) {
  const submissionId = crypto.randomUUID();
  send(res, 200, { sku, status, submissionId, issues }, rateOf(context, operation, res));
  return submissionId;
}

/** Queues an accepted change, applied when its processing time has passed. */
function queueChange(
  context: AmazonContext,
  seller: SellerRecord,
  sku: string,
  submissionId: string,
  change: { patches: PatchOp[] } | { put: { productType: string; attributes: Attributes } },
) {
  seller.pending.push({
    sku,
    submissionId,
    applyAt: Date.now() + processingTimes[context.faults(seller.sellerId).rateLimitProfile].patchApplyMs,
    ...change,
  });
  context.tickAfter(processingTimes[context.faults(seller.sellerId).rateLimitProfile].patchApplyMs);
  context.changed(seller.sellerId);
}

function patchListingsItem(context: AmazonContext, req: Request<ItemPath>, res: Response) {
  const seller = sellerForPath(context.state(), req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'patchListingsItem')) return;
  if (listParam(req.query.marketplaceIds).length === 0)
    return invalidInput(res, "Missing required parameter 'marketplaceIds'.");
  const body = req.body as unknown;
  if (!isObject(body) || typeof body.productType !== 'string' || body.productType.length === 0)
    return invalidInput(res, "The body needs a 'productType' and 'patches'.");
  const problems = patchProblems(body.patches);
  if (problems.length > 0) return invalidInput(res, problems.join('; '));
  const sku = req.params.sku!;
  const item = seller.items[sku];
  if (!item) {
    submission(context, res, 'patchListingsItem', sku, 'INVALID', [
      {
        code: 'NOT_FOUND',
        message: `SKU '${sku}' does not exist for this seller in marketplace ${AMAZON_SANDBOX_MARKETPLACE_ID}. Create it with putListingsItem first.`,
        severity: 'ERROR',
        categories: [],
      },
    ]);
    return;
  }
  const patches = body.patches as PatchOp[];
  if (context.refusesSku(seller.sellerId, sku))
    return void submission(context, res, 'patchListingsItem', sku, 'INVALID', [
      refusedIssue(
        sku,
        patches.map((p) => p.path.replace(/^\/attributes\//, '')),
      ),
    ]);
  const { issues } = applyPatches(item.attributes, patches);
  if (issues.some((i) => i.severity === 'ERROR'))
    return void submission(context, res, 'patchListingsItem', sku, 'INVALID', issues);
  if (req.query.mode === 'VALIDATION_PREVIEW')
    return void submission(context, res, 'patchListingsItem', sku, 'VALID', issues);
  const submissionId = submission(context, res, 'patchListingsItem', sku, 'ACCEPTED', issues);
  queueChange(context, seller, sku, submissionId, { patches });
}

function putListingsItem(context: AmazonContext, req: Request<ItemPath>, res: Response) {
  const seller = sellerForPath(context.state(), req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'putListingsItem')) return;
  if (listParam(req.query.marketplaceIds).length === 0)
    return invalidInput(res, "Missing required parameter 'marketplaceIds'.");
  const body = req.body as unknown;
  if (
    !isObject(body) ||
    typeof body.productType !== 'string' ||
    body.productType.length === 0 ||
    !isObject(body.attributes)
  ) {
    return invalidInput(res, "The body needs a 'productType' and 'attributes'.");
  }
  const attributes = body.attributes as Attributes;
  if (!Object.values(attributes).every((v) => Array.isArray(v)))
    return invalidInput(res, 'Each attribute must be a list of values.');
  const sku = req.params.sku!;
  if (context.refusesSku(seller.sellerId, sku))
    return void submission(context, res, 'putListingsItem', sku, 'INVALID', [
      refusedIssue(sku, Object.keys(attributes)),
    ]);
  const issues = attributeIssues(attributes);
  if (!seller.items[sku])
    issues.push(
      ...productTypeIssues(body.productType, body.requirements),
      ...newListingIssues(attributes, body.requirements, body.productType),
    );
  if (issues.some((i) => i.severity === 'ERROR'))
    return void submission(context, res, 'putListingsItem', sku, 'INVALID', issues);
  if (req.query.mode === 'VALIDATION_PREVIEW')
    return void submission(context, res, 'putListingsItem', sku, 'VALID', issues);
  const submissionId = submission(context, res, 'putListingsItem', sku, 'ACCEPTED', issues);
  queueChange(context, seller, sku, submissionId, { put: { productType: body.productType, attributes } });
}

/**
 * Applies a change to a listing (from a PATCH, a PUT or a feed message), telling subscribers when the
 * quantity moved.
 */
export function commit(
  state: AmazonSandboxState,
  context: AmazonContext,
  seller: SellerRecord,
  sku: string,
  attributes: Attributes,
  productType?: string,
) {
  const existing = seller.items[sku];
  const before = existing ? quantityOf(existing) : undefined;
  const priceBefore = existing ? priceOf(existing)?.amount : undefined;
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
  // An FBA offer keeps Amazon's channel and stock: a quantity the seller writes to it changes nothing (fba.ts).
  if (fulfilledByAmazon(item)) item.attributes.fulfillment_availability = fbaAvailability();
  if (productType && productType !== 'PRODUCT') item.productType = productType;
  item.lastUpdatedDate = now;
  seller.items[sku] = item;
  if (quantityOf(item) !== before) notifyQuantity(state, context, seller, item);
  // Other sellers' repricers see the new price and answer it (pricing.ts).
  if (priceOf(item)?.amount !== priceBefore) wakeRepricers(context, seller, sku);
}

/** Applies the PATCHes and PUTs whose processing time has passed; notes the sellers changed. */
export function applyDueChanges(state: AmazonSandboxState, context: AmazonContext, now: number, changed: Set<string>) {
  for (const seller of Object.values(state.sellers)) {
    if (seller.pending.length === 0) continue;
    const due = seller.pending.filter((p) => p.applyAt <= now);
    if (due.length === 0) continue;
    seller.pending = seller.pending.filter((p) => p.applyAt > now);
    for (const change of due) {
      if (change.put) commit(state, context, seller, change.sku, change.put.attributes, change.put.productType);
      else if (change.patches && seller.items[change.sku]) {
        const { attributes, issues } = applyPatches(seller.items[change.sku]!.attributes, change.patches);
        if (!issues.some((i) => i.severity === 'ERROR')) commit(state, context, seller, change.sku, attributes);
      }
    }
    changed.add(seller.sellerId);
  }
}

/** The seller's edit in Seller Central, which writes the same attributes the Listings Items API does. */
export function editItem(
  state: AmazonSandboxState,
  sellerId: string,
  sku: string,
  edit: ItemEdit,
  context: AmazonContext,
) {
  const seller = state.sellers[sellerId];
  const item = seller?.items[sku];
  if (!seller || !item) throw new SandboxControlError(404, 'No such seller or SKU');
  const attributes = structuredClone(item.attributes);
  const m = AMAZON_SANDBOX_MARKETPLACE_ID;
  if (edit.quantity !== undefined)
    attributes.fulfillment_availability = [{ fulfillment_channel_code: 'DEFAULT', quantity: edit.quantity }];
  if (edit.price !== undefined) {
    const offers = attributes.purchasable_offer ?? [];
    const index = Math.max(
      0,
      offers.findIndex((o) => o.marketplace_id === m),
    );
    const offer = offers[index];
    offers[index] = {
      ...offer,
      marketplace_id: m,
      currency: typeof offer?.currency === 'string' ? offer.currency : 'USD',
      our_price: [{ schedule: [{ value_with_tax: Number(edit.price) }] }],
    };
    attributes.purchasable_offer = offers;
  }
  if (edit.title !== undefined)
    attributes.item_name = [{ value: edit.title, language_tag: 'en_US', marketplace_id: m }];
  commit(state, context, seller, sku, attributes);
}
