/**
 * A stand-in for the Amazon Selling Partner API: Login with Amazon tokens, Listings Items
 * 2021-08-01 (changes applied asynchronously; a new listing needs a product type Amazon defines),
 * the Product Type Definitions API's search, JSON_LISTINGS_FEED through the Feeds API
 * 2021-06-30 (documents on a pre-signed URL, processing in `tick`, per-message report), Orders v0,
 * and Notifications v1 to an EventBridge destination, delivered as an EventBridge API destination
 * would (HTTPS POST). It imports nothing of the engine.
 *
 * Sandbox extensions (not Amazon's): `resourceSpecification.eventBridge['x-sandbox-api-destination-url']`
 * on createDestination, with the connection's API key in the `x-sandbox-api-destination-key` request
 * header; the pre-signed document URLs under `/_s3/`.
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import {
  REFUSED_SKU_CODE,
  SELLER_LOCAL,
  SandboxControlError,
  refusedSkuMessage,
  timeAfter,
  type SandboxContext,
  type SandboxDefinition,
} from '../shared/sandbox-kit.ts';
import type { RateLimitProfile, SandboxRate } from '../shared/sandbox-limits.ts';
import { patchProblems } from './listings-feed-validation.ts';
import { LEGACY_FEED_TYPES, processFeed } from './amazon-sandbox-feeds.ts';
import { isKnownProductType, searchProductTypes } from './amazon-product-types.ts';
import {
  AMAZON_SANDBOX_MARKETPLACE_ID,
  UPPER_ALNUM,
  applyPatches,
  attributeIssues,
  attributesFor,
  commit,
  digits,
  isObject,
  itemJson,
  notify,
  notifyQuantity,
  nowIso,
  priceOf,
  quantityOf,
  randomChars,
  setQuantity,
  sha256,
  summaryStatus,
  type AmazonSandboxState,
  type Attributes,
  type DestinationRecord,
  type DocumentRecord,
  type FeedRecord,
  type Issue,
  type ItemRecord,
  type OrderRecord,
  type PatchOp,
  type SellerRecord,
} from './amazon-sandbox-model.ts';

export {
  AMAZON_SANDBOX_MARKETPLACE_ID,
  EVENTBRIDGE_API_KEY_HEADER,
  type AmazonSandboxState,
} from './amazon-sandbox-model.ts';

/** LWA access tokens live one hour (FACTS.md §1, A-LWA). */
export const ACCESS_TOKEN_SECONDS = 3600;
export const NOTIFICATIONS_SCOPE = 'sellingpartnerapi::notifications';
export const SANDBOX_DESTINATION_URL_FIELD = 'x-sandbox-api-destination-url';
export const SANDBOX_DESTINATION_KEY_HEADER = 'x-sandbox-api-destination-key';
export const SUPPORTED_NOTIFICATION_TYPES = ['ORDER_CHANGE', 'LISTINGS_ITEM_MFN_QUANTITY_CHANGE'] as const;

/**
 * Processing times. Amazon publishes none for listings changes or JSON_LISTINGS_FEED ([U] in
 * FACTS.md), so we assume 5 minutes for a PATCH to apply and 15 minutes for a feed, and scale them:
 * realistic = assumed ÷ 600, fast ≈ 200 ms for a feed.
 */
export const ASSUMED_PATCH_APPLY_MS = 5 * 60_000;
export const ASSUMED_FEED_PROCESSING_MS = 15 * 60_000;
export const REALISTIC_TIME_SCALE = 1 / 600;
export const processingTimes: Record<
  RateLimitProfile,
  { patchApplyMs: number; feedQueueMs: number; feedProcessingMs: number }
> = {
  realistic: {
    patchApplyMs: ASSUMED_PATCH_APPLY_MS * REALISTIC_TIME_SCALE,
    feedQueueMs: (ASSUMED_FEED_PROCESSING_MS * REALISTIC_TIME_SCALE) / 3,
    feedProcessingMs: (ASSUMED_FEED_PROCESSING_MS * REALISTIC_TIME_SCALE * 2) / 3,
  },
  fast: { patchApplyMs: 100, feedQueueMs: 100, feedProcessingMs: 100 },
};

/** Published default usage plans (FACTS.md §1) in `realistic`; generous ones in `fast`. */
const publishedLimits: Record<string, SandboxRate> = {
  getListingsItem: { rate: 5, burst: 10 },
  searchListingsItems: { rate: 5, burst: 5 },
  patchListingsItem: { rate: 5, burst: 5 },
  putListingsItem: { rate: 5, burst: 10 },
  createFeedDocument: { rate: 0.5, burst: 15 },
  createFeed: { rate: 0.0083, burst: 15 },
  jsonListingsFeed: { rate: 5 / 300, burst: 5 },
  getFeed: { rate: 2, burst: 15 },
  getFeedDocument: { rate: 0.0222, burst: 10 },
  getOrders: { rate: 0.0167, burst: 20 },
  getOrderItems: { rate: 0.5, burst: 30 },
  notifications: { rate: 1, burst: 5 },
  searchDefinitionsProductTypes: { rate: 5, burst: 10 },
};
const fastLimits: Record<string, SandboxRate> = Object.fromEntries(
  Object.keys(publishedLimits).map((op) => [op, { rate: 1000, burst: 1000 }]),
);

function errorList(code: string, message: string, details?: string) {
  return { errors: [{ code, message, ...(details !== undefined ? { details } : {}) }] };
}

function send(res: Response, status: number, body: unknown, rate?: SandboxRate) {
  res.set('x-amzn-RequestId', crypto.randomUUID());
  if (rate && status < 400) res.set('x-amzn-RateLimit-Limit', String(rate.rate));
  res.status(status).json(body);
}

function invalidInput(res: Response, details: string) {
  send(res, 400, errorList('InvalidInput', 'Request has missing or invalid parameters and cannot be parsed.', details));
}

/** A csv or repeated query parameter as a list. */
function listParam(value: unknown): string[] {
  if (value === undefined) return [];
  const parts = Array.isArray(value) ? value : [value];
  return parts
    .flatMap((p) => String(p).split(','))
    .map((p) => p.trim())
    .filter(Boolean);
}

const encodeToken = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function decodeToken<T>(token: string): T | undefined {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

// ---- Auth ----

interface Caller {
  clientId: string;
  seller?: SellerRecord;
  scope?: string;
}

const deniedDetails = {
  missing: 'Access token is missing in the request header.',
  invalid: 'The access token you provided is revoked, malformed or invalid.',
  expired: 'The access token you provided has expired.',
};

/** The caller of an SP-API request, or a 403 as Amazon answers it. */
function authenticate(
  state: AmazonSandboxState,
  req: Request,
  res: Response,
  need: 'seller' | 'grantless',
): Caller | undefined {
  const token = req.get('x-amz-access-token');
  const deny = (details: string) => {
    send(res, 403, errorList('Unauthorized', 'Access to requested resource is denied.', details));
    return undefined;
  };
  if (!token) return deny(deniedDetails.missing);
  const record = state.accessTokens[sha256(token)];
  if (!record) return deny(deniedDetails.invalid);
  if (record.expiresAt <= Date.now()) return deny(deniedDetails.expired);
  if (need === 'grantless') {
    if (record.scope !== NOTIFICATIONS_SCOPE)
      return deny('This operation requires a grantless access token with the sellingpartnerapi::notifications scope.');
    return { clientId: record.clientId, scope: record.scope };
  }
  const seller = record.sellerId ? state.sellers[record.sellerId] : undefined;
  if (!seller) return deny(deniedDetails.invalid);
  return { clientId: record.clientId, seller };
}

/** The seller of a listings path: the token's own, or a 403 (a grant never covers another merchant). */
function sellerForPath(state: AmazonSandboxState, req: Request, res: Response): SellerRecord | undefined {
  const caller = authenticate(state, req, res, 'seller');
  if (!caller) return undefined;
  if (req.params.sellerId !== caller.seller!.sellerId) {
    send(
      res,
      403,
      errorList(
        'Unauthorized',
        'Access to requested resource is denied.',
        'The seller id in the path is not the one that authorized this application.',
      ),
    );
    return undefined;
  }
  return caller.seller;
}

/** 429 as Amazon sends it: ErrorList and x-amzn-RequestId, no Retry-After (the models declare none). */
function throttled(
  context: SandboxContext<AmazonSandboxState>,
  res: Response,
  key: string,
  operation: string,
): boolean {
  const wait = context.rateLimit(key, operation);
  if (wait <= 0) return false;
  send(res, 429, errorList('QuotaExceeded', 'You exceeded your quota for the requested resource.'));
  return true;
}

/** Each sandbox seller has an LWA application of its own: its client id names it (grantless tokens carry no seller). */
function sellerWithClientId(state: AmazonSandboxState, clientId: unknown): SellerRecord | undefined {
  return typeof clientId === 'string' ? Object.values(state.sellers).find((s) => s.clientId === clientId) : undefined;
}

// ---- The definition ----

export const amazonSandbox: SandboxDefinition<AmazonSandboxState> = {
  kind: 'amazon',

  emptyState: () => ({
    sellers: {},
    accessTokens: {},
    destinations: {},
    documents: {},
    feeds: {},
    signingKey: crypto.randomBytes(32).toString('hex'),
  }),
  perSellerCollections: ['documents', 'feeds'],

  sellerOfRequest(state, req) {
    const token = req.get('x-amz-access-token');
    const record = token ? state.accessTokens[sha256(token)] : undefined;
    if (record) return record.sellerId ?? sellerWithClientId(state, record.clientId)?.sellerId;
    if (req.path === '/auth/o2/token')
      return sellerWithClientId(state, (req.body as Record<string, unknown> | undefined)?.client_id)?.sellerId;
    const document = /^\/_s3\/feed-documents\/([^/]+)$/.exec(req.path)?.[1];
    return document ? state.documents[decodeURIComponent(document)]?.sellerId : undefined;
  },

  createSeller(state, catalogue) {
    let sellerId: string;
    do sellerId = `A${randomChars(UPPER_ALNUM, 13)}`;
    while (state.sellers[sellerId]);
    const clientId = `amzn1.application-oa2-client.${crypto.randomBytes(16).toString('hex')}`;
    const clientSecret = `amzn1.oa2-cs.v1.${crypto.randomBytes(32).toString('hex')}`;
    const refreshToken = `Atzr|${crypto.randomBytes(48).toString('base64url')}`;
    const created = new Date(Date.now() - 86_400_000).toISOString();
    const items: Record<string, ItemRecord> = {};
    for (const product of catalogue) {
      items[product.sku] = {
        sku: product.sku,
        asin: `B0${randomChars(UPPER_ALNUM, 8)}`,
        productType: 'HOME',
        createdDate: created,
        lastUpdatedDate: created,
        attributes: attributesFor(product),
        issues: [],
      };
    }
    state.sellers[sellerId] = {
      sellerId,
      clientId,
      clientSecretHash: sha256(clientSecret),
      refreshTokenHash: sha256(refreshToken),
      applicationId: `amzn1.sp.solution.${crypto.randomUUID()}`,
      items,
      pending: [],
      orders: {},
      subscriptions: {},
    };
    return { sellerId, credentials: { clientId, clientSecret, refreshToken, sellerId } };
  },

  itemView(state, sellerId, sku) {
    const item = state.sellers[sellerId]?.items[sku];
    if (!item) return undefined;
    return {
      sku,
      quantity: quantityOf(item),
      price: priceOf(item)?.amount ?? '',
      status: summaryStatus(item).join(','),
    };
  },

  placeOrder(state, sellerId, lines, context) {
    const seller = state.sellers[sellerId];
    if (!seller) throw new SandboxControlError(404, `No sandbox seller ${sellerId}`);
    const wanted = new Map<string, number>();
    for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity);
    for (const [sku, quantity] of wanted) {
      const item = seller.items[sku];
      if (!item) throw new SandboxControlError(404, `SKU ${sku} is not listed by seller ${sellerId}`);
      const price = priceOf(item);
      if (!price) throw new SandboxControlError(409, `SKU ${sku} has no price, so it cannot be bought`);
      if (quantityOf(item) < quantity)
        throw new SandboxControlError(
          409,
          `SKU ${sku} has ${quantityOf(item)} available; the order asks for ${quantity}`,
        );
    }
    const now = nowIso();
    const order: OrderRecord = {
      AmazonOrderId: `${digits(3)}-${digits(7)}-${digits(7)}`,
      PurchaseDate: now,
      LastUpdateDate: now,
      OrderStatus: 'Unshipped',
      items: [],
    };
    for (const [sku, quantity] of wanted) {
      const item = seller.items[sku]!;
      const price = priceOf(item)!;
      setQuantity(item, quantityOf(item) - quantity);
      item.lastUpdatedDate = now;
      const title = item.attributes.item_name?.[0]?.value;
      order.items.push({
        OrderItemId: digits(14),
        ASIN: item.asin,
        SellerSKU: sku,
        Title: typeof title === 'string' ? title : sku,
        QuantityOrdered: quantity,
        unitPrice: price.amount,
        currency: price.currency,
      });
    }
    seller.orders[order.AmazonOrderId] = order;
    context.changed(seller.sellerId);
    notifyOrderChange(state, context, seller, order);
    for (const sku of wanted.keys()) notifyQuantity(state, context, seller, seller.items[sku]!);
    return orderJson(order);
  },

  cancelOrder(state, sellerId, orderId, context) {
    const seller = state.sellers[sellerId];
    if (!seller) throw new SandboxControlError(404, `No sandbox seller ${sellerId}`);
    const order = seller.orders[orderId];
    if (!order) throw new SandboxControlError(404, `No order ${orderId} for seller ${sellerId}`);
    if (order.OrderStatus === 'Canceled') throw new SandboxControlError(409, `Order ${orderId} is already canceled`);
    const now = new Date(timeAfter(Date.parse(order.LastUpdateDate))).toISOString();
    order.OrderStatus = 'Canceled';
    order.LastUpdateDate = now;
    // The units go back to the seller's merchant-fulfilled quantity.
    const restocked = new Set<ItemRecord>();
    for (const line of order.items) {
      const item = seller.items[line.SellerSKU];
      if (!item) continue;
      setQuantity(item, quantityOf(item) + line.QuantityOrdered);
      item.lastUpdatedDate = now;
      restocked.add(item);
    }
    context.changed(seller.sellerId);
    notifyOrderChange(state, context, seller, order);
    for (const item of restocked) notifyQuantity(state, context, seller, item);
    return orderJson(order);
  },

  editItem(state, sellerId, sku, edit, context) {
    const seller = state.sellers[sellerId];
    const item = seller?.items[sku];
    if (!seller || !item) throw new SandboxControlError(404, 'No such seller or SKU');
    // Seller Central writes the same attributes the Listings Items API does.
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
  },

  errorBody: (status, message) =>
    errorList(
      status === 429
        ? 'QuotaExceeded'
        : status >= 500
          ? 'InternalFailure'
          : status === 404
            ? 'NotFound'
            : 'InvalidInput',
      message,
    ),

  limits: { realistic: publishedLimits, fast: fastLimits },

  routes(router: Router, context) {
    const state = () => context.state();
    const rateOf = (operation: string, res: Response) => context.limitOf(operation, res.locals[SELLER_LOCAL]);

    // ---- Login with Amazon ----
    router.post('/auth/o2/token', (req, res) => {
      const body = isObject(req.body) ? req.body : {};
      const lwaError = (status: number, error: string, description: string) =>
        res.status(status).json({ error, error_description: description });
      const {
        grant_type: grantType,
        client_id: clientId,
        client_secret: clientSecret,
      } = body as Record<string, unknown>;
      if (typeof grantType !== 'string' || typeof clientId !== 'string' || typeof clientSecret !== 'string') {
        return lwaError(
          400,
          'invalid_request',
          'The request is missing a required parameter : grant_type, client_id or client_secret',
        );
      }
      const seller = sellerWithClientId(state(), clientId);
      if (!seller || seller.clientSecretHash !== sha256(clientSecret))
        return lwaError(400, 'invalid_client', 'Client authentication failed');
      let record: AmazonSandboxState['accessTokens'][string];
      if (grantType === 'refresh_token') {
        if (typeof body.refresh_token !== 'string' || seller.refreshTokenHash !== sha256(body.refresh_token)) {
          return lwaError(400, 'invalid_grant', 'The request has an invalid grant parameter : refresh_token');
        }
        record = { clientId, sellerId: seller.sellerId, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 };
      } else if (grantType === 'client_credentials') {
        if (body.scope !== NOTIFICATIONS_SCOPE)
          return lwaError(400, 'invalid_scope', `The sandbox grants only the ${NOTIFICATIONS_SCOPE} scope`);
        record = { clientId, scope: NOTIFICATIONS_SCOPE, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 };
      } else {
        return lwaError(400, 'unsupported_grant_type', `Unsupported grant_type ${grantType}`);
      }
      const accessToken = `Atza|${crypto.randomBytes(48).toString('base64url')}`;
      const tokens = state().accessTokens;
      for (const [hash, t] of Object.entries(tokens)) if (t.expiresAt <= Date.now()) delete tokens[hash];
      tokens[sha256(accessToken)] = record;
      context.changed();
      // Sent as text, not res.json, so the request log never holds a live token.
      res
        .status(200)
        .type('application/json')
        .send(JSON.stringify({ access_token: accessToken, token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS }));
    });

    // ---- Listings Items API 2021-08-01 ----
    router.get('/listings/2021-08-01/items/:sellerId', (req, res) => {
      const seller = sellerForPath(state(), req, res);
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
        rateOf('searchListingsItems', res),
      );
    });

    router.get('/listings/2021-08-01/items/:sellerId/:sku', (req, res) => {
      const seller = sellerForPath(state(), req, res);
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
      send(res, 200, itemJson(item, included), rateOf('getListingsItem', res));
    });

    const submission = (
      res: Response,
      operation: string,
      sku: string,
      status: 'ACCEPTED' | 'INVALID' | 'VALID',
      issues: Issue[],
    ) => {
      const submissionId = crypto.randomUUID();
      send(res, 200, { sku, status, submissionId, issues }, rateOf(operation, res));
      return submissionId;
    };

    router.patch('/listings/2021-08-01/items/:sellerId/:sku', (req, res) => {
      const seller = sellerForPath(state(), req, res);
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
        submission(res, 'patchListingsItem', sku, 'INVALID', [
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
        return void submission(res, 'patchListingsItem', sku, 'INVALID', [
          refusedIssue(
            sku,
            patches.map((p) => p.path.replace(/^\/attributes\//, '')),
          ),
        ]);
      const { issues } = applyPatches(item.attributes, patches);
      if (issues.some((i) => i.severity === 'ERROR'))
        return void submission(res, 'patchListingsItem', sku, 'INVALID', issues);
      if (req.query.mode === 'VALIDATION_PREVIEW')
        return void submission(res, 'patchListingsItem', sku, 'VALID', issues);
      const submissionId = submission(res, 'patchListingsItem', sku, 'ACCEPTED', issues);
      seller.pending.push({
        sku,
        submissionId,
        applyAt: Date.now() + processingTimes[context.faults(seller.sellerId).rateLimitProfile].patchApplyMs,
        patches,
      });
      context.tickAfter(processingTimes[context.faults(seller.sellerId).rateLimitProfile].patchApplyMs);
      context.changed(seller.sellerId);
    });

    router.put('/listings/2021-08-01/items/:sellerId/:sku', (req, res) => {
      const seller = sellerForPath(state(), req, res);
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
        return void submission(res, 'putListingsItem', sku, 'INVALID', [refusedIssue(sku, Object.keys(attributes))]);
      const issues = attributeIssues(attributes);
      if (!seller.items[sku])
        issues.push(
          ...productTypeIssues(body.productType, body.requirements),
          ...newListingIssues(attributes, body.requirements),
        );
      if (issues.some((i) => i.severity === 'ERROR'))
        return void submission(res, 'putListingsItem', sku, 'INVALID', issues);
      if (req.query.mode === 'VALIDATION_PREVIEW') return void submission(res, 'putListingsItem', sku, 'VALID', issues);
      const submissionId = submission(res, 'putListingsItem', sku, 'ACCEPTED', issues);
      seller.pending.push({
        sku,
        submissionId,
        applyAt: Date.now() + processingTimes[context.faults(seller.sellerId).rateLimitProfile].patchApplyMs,
        put: { productType: body.productType, attributes },
      });
      context.tickAfter(processingTimes[context.faults(seller.sellerId).rateLimitProfile].patchApplyMs);
      context.changed(seller.sellerId);
    });

    // ---- Feeds API 2021-06-30 ----
    const signDocument = (documentId: string, expires: number) =>
      crypto.createHmac('sha256', state().signingKey).update(`${documentId}:${expires}`).digest('hex');
    const presignedUrl = (documentId: string) => {
      const expires = Date.now() + 5 * 60_000;
      return `${context.baseUrl}/_s3/feed-documents/${documentId}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=300&X-Sandbox-Expires-At=${expires}&X-Amz-Signature=${signDocument(documentId, expires)}`;
    };
    const presignedDocument = (req: Request, res: Response): DocumentRecord | undefined => {
      const document = state().documents[String(req.params.documentId)];
      const expires = Number(req.query['X-Sandbox-Expires-At']);
      const signature = String(req.query['X-Amz-Signature'] ?? '');
      const valid =
        document &&
        Number.isFinite(expires) &&
        expires > Date.now() &&
        signature.length === 64 &&
        crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(signDocument(document.documentId, expires)));
      if (!valid) {
        res
          .status(403)
          .type('application/xml')
          .send(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired or the signature does not match</Message></Error>',
          );
        return undefined;
      }
      return document;
    };

    router.post('/feeds/2021-06-30/documents', (req, res) => {
      const caller = authenticate(state(), req, res, 'seller');
      if (!caller || throttled(context, res, caller.seller!.sellerId, 'createFeedDocument')) return;
      const body = req.body as unknown;
      if (!isObject(body) || typeof body.contentType !== 'string' || !body.contentType)
        return invalidInput(res, "The body needs a 'contentType'.");
      const documentId = `amzn1.tortuga.4.na.${crypto.randomUUID()}`;
      state().documents[documentId] = {
        documentId,
        sellerId: caller.seller!.sellerId,
        kind: 'input',
        contentType: body.contentType,
      };
      context.changed(caller.seller!.sellerId);
      send(res, 201, { feedDocumentId: documentId, url: presignedUrl(documentId) }, rateOf('createFeedDocument', res));
    });

    // The pre-signed S3 URL: upload the feed, download a report.
    router.put('/_s3/feed-documents/:documentId', (req, res) => {
      const document = presignedDocument(req, res);
      if (!document) return;
      if (document.kind !== 'input')
        return void res
          .status(403)
          .type('application/xml')
          .send('<Error><Code>AccessDenied</Code><Message>Read-only document</Message></Error>');
      document.content =
        typeof req.body === 'string' || isObject(req.body) || Array.isArray(req.body) ? req.body : undefined;
      context.changed(document.sellerId);
      res
        .status(200)
        .set('ETag', `"${sha256(JSON.stringify(document.content ?? ''))}"`)
        .end();
    });
    router.get('/_s3/feed-documents/:documentId', (req, res) => {
      const document = presignedDocument(req, res);
      if (!document) return;
      res
        .status(200)
        .type(document.contentType)
        .send(typeof document.content === 'string' ? document.content : JSON.stringify(document.content ?? null));
    });

    router.post('/feeds/2021-06-30/feeds', (req, res) => {
      const caller = authenticate(state(), req, res, 'seller');
      if (!caller) return;
      const seller = caller.seller!;
      if (throttled(context, res, seller.sellerId, 'createFeed')) return;
      const body = req.body as unknown;
      if (!isObject(body) || typeof body.feedType !== 'string' || typeof body.inputFeedDocumentId !== 'string')
        return invalidInput(res, "The body needs 'feedType', 'marketplaceIds' and 'inputFeedDocumentId'.");
      const marketplaceIds = body.marketplaceIds;
      if (
        !Array.isArray(marketplaceIds) ||
        marketplaceIds.length < 1 ||
        marketplaceIds.length > 25 ||
        !marketplaceIds.every((m) => typeof m === 'string')
      ) {
        return invalidInput(res, "'marketplaceIds' must list 1 to 25 marketplace ids.");
      }
      const document = state().documents[body.inputFeedDocumentId];
      if (!document || document.sellerId !== seller.sellerId || document.kind !== 'input')
        return invalidInput(res, `Feed document ${body.inputFeedDocumentId} does not exist.`);
      if (body.feedType !== 'JSON_LISTINGS_FEED' && !LEGACY_FEED_TYPES.test(body.feedType))
        return invalidInput(res, `The sandbox does not support feed type ${body.feedType}.`);
      if (body.feedType === 'JSON_LISTINGS_FEED' && throttled(context, res, seller.sellerId, 'jsonListingsFeed'))
        return;
      const times = processingTimes[context.faults(seller.sellerId).rateLimitProfile];
      const now = Date.now();
      const feedId = digits(11);
      state().feeds[feedId] = {
        feedId,
        sellerId: seller.sellerId,
        feedType: body.feedType,
        marketplaceIds: marketplaceIds as string[],
        createdTime: new Date(now).toISOString(),
        processingStatus: 'IN_QUEUE',
        inputFeedDocumentId: document.documentId,
        startAt: now + times.feedQueueMs,
        doneAt: now + times.feedQueueMs + times.feedProcessingMs,
      };
      context.tickAfter(times.feedQueueMs);
      context.tickAfter(times.feedQueueMs + times.feedProcessingMs);
      context.changed(seller.sellerId);
      send(res, 202, { feedId }, rateOf('createFeed', res));
    });

    router.get('/feeds/2021-06-30/feeds/:feedId', (req, res) => {
      const caller = authenticate(state(), req, res, 'seller');
      if (!caller || throttled(context, res, caller.seller!.sellerId, 'getFeed')) return;
      const feed = state().feeds[req.params.feedId!];
      if (!feed || feed.sellerId !== caller.seller!.sellerId)
        return send(res, 404, errorList('NotFound', `Feed ${req.params.feedId} was not found.`));
      send(res, 200, feedJson(feed), rateOf('getFeed', res));
    });

    router.get('/feeds/2021-06-30/documents/:documentId', (req, res) => {
      const caller = authenticate(state(), req, res, 'seller');
      if (!caller || throttled(context, res, caller.seller!.sellerId, 'getFeedDocument')) return;
      const document = state().documents[req.params.documentId!];
      if (!document || document.sellerId !== caller.seller!.sellerId)
        return send(res, 404, errorList('NotFound', `Feed document ${req.params.documentId} was not found.`));
      send(
        res,
        200,
        { feedDocumentId: document.documentId, url: presignedUrl(document.documentId) },
        rateOf('getFeedDocument', res),
      );
    });

    // ---- Orders API v0 ----
    router.get('/orders/v0/orders', (req, res) => {
      const caller = authenticate(state(), req, res, 'seller');
      if (!caller || throttled(context, res, caller.seller!.sellerId, 'getOrders')) return;
      const seller = caller.seller!;
      const ordersError = (message: string) => send(res, 400, errorList('InvalidInput', message));
      if (listParam(req.query.MarketplaceIds).length === 0)
        return ordersError('Missing required parameter MarketplaceIds');
      const max = req.query.MaxResultsPerPage === undefined ? 100 : Number(req.query.MaxResultsPerPage);
      if (!Number.isInteger(max) || max < 1 || max > 100)
        return ordersError('MaxResultsPerPage must be a whole number from 1 to 100');
      let filter: { field: 'PurchaseDate' | 'LastUpdateDate'; after: string; offset: number };
      if (req.query.NextToken !== undefined) {
        const decoded = decodeToken<typeof filter>(String(req.query.NextToken));
        if (!decoded || !Number.isInteger(decoded.offset)) return ordersError('Invalid NextToken');
        filter = decoded;
      } else {
        const created = req.query.CreatedAfter;
        const updated = req.query.LastUpdatedAfter;
        if ((created === undefined) === (updated === undefined))
          return ordersError('Exactly one of CreatedAfter and LastUpdatedAfter must be specified');
        const after = String(created ?? updated);
        if (!Number.isFinite(Date.parse(after)))
          return ordersError(
            `${created !== undefined ? 'CreatedAfter' : 'LastUpdatedAfter'} is not an ISO 8601 date: ${after}`,
          );
        filter = {
          field: created !== undefined ? 'PurchaseDate' : 'LastUpdateDate',
          after: new Date(after).toISOString(),
          offset: 0,
        };
      }
      const matching = Object.values(seller.orders)
        .filter((o) => o[filter.field] >= filter.after)
        .sort(
          (a, b) => a[filter.field].localeCompare(b[filter.field]) || a.AmazonOrderId.localeCompare(b.AmazonOrderId),
        );
      const page = matching.slice(filter.offset, filter.offset + max);
      const more = filter.offset + max < matching.length;
      send(
        res,
        200,
        {
          payload: {
            Orders: page.map(orderJson),
            ...(more ? { NextToken: encodeToken({ ...filter, offset: filter.offset + max }) } : {}),
            ...(filter.field === 'LastUpdateDate' ? { LastUpdatedBefore: nowIso() } : { CreatedBefore: nowIso() }),
          },
        },
        rateOf('getOrders', res),
      );
    });

    router.get('/orders/v0/orders/:orderId/orderItems', (req, res) => {
      const caller = authenticate(state(), req, res, 'seller');
      if (!caller || throttled(context, res, caller.seller!.sellerId, 'getOrderItems')) return;
      const order = caller.seller!.orders[req.params.orderId!];
      if (!order) return send(res, 404, errorList('NotFound', `Order ${req.params.orderId} was not found`));
      send(
        res,
        200,
        {
          payload: {
            AmazonOrderId: order.AmazonOrderId,
            OrderItems: order.items.map((i) => ({
              ASIN: i.ASIN,
              SellerSKU: i.SellerSKU,
              OrderItemId: i.OrderItemId,
              Title: i.Title,
              QuantityOrdered: i.QuantityOrdered,
              QuantityShipped: 0,
              ItemPrice: { CurrencyCode: i.currency, Amount: multiply(i.unitPrice, i.QuantityOrdered) },
            })),
          },
        },
        rateOf('getOrderItems', res),
      );
    });

    // ---- Product Type Definitions API 2020-09-01 ----
    router.get('/definitions/2020-09-01/productTypes', (req, res) => {
      const caller = authenticate(state(), req, res, 'seller');
      if (!caller || throttled(context, res, caller.seller!.sellerId, 'searchDefinitionsProductTypes')) return;
      const marketplaceIds = listParam(req.query.marketplaceIds);
      if (marketplaceIds.length === 0) return invalidInput(res, "Missing required parameter 'marketplaceIds'.");
      if (!marketplaceIds.includes(AMAZON_SANDBOX_MARKETPLACE_ID))
        return invalidInput(
          res,
          `The sandbox has product type definitions for marketplace ${AMAZON_SANDBOX_MARKETPLACE_ID} only.`,
        );
      if (req.query.keywords !== undefined && req.query.itemName !== undefined)
        return invalidInput(res, "'keywords' cannot be used with 'itemName'.");
      // itemName asks for a recommendation from a title: its words are searched as keywords.
      const words =
        req.query.itemName !== undefined ? String(req.query.itemName).split(/\s+/) : listParam(req.query.keywords);
      send(res, 200, searchProductTypes(words), rateOf('searchDefinitionsProductTypes', res));
    });

    // ---- Notifications API v1 ----
    router.get('/notifications/v1/destinations', (req, res) => {
      const caller = authenticate(state(), req, res, 'grantless');
      if (!caller || throttled(context, res, caller.clientId, 'notifications')) return;
      const mine = Object.values(state().destinations).filter((d) => d.clientId === caller.clientId);
      send(res, 200, { payload: mine.map(destinationJson) }, rateOf('notifications', res));
    });

    router.post('/notifications/v1/destinations', (req, res) => {
      const caller = authenticate(state(), req, res, 'grantless');
      if (!caller || throttled(context, res, caller.clientId, 'notifications')) return;
      const body = req.body as unknown;
      const spec = isObject(body) && isObject(body.resourceSpecification) ? body.resourceSpecification : undefined;
      if (!isObject(body) || typeof body.name !== 'string' || !body.name || body.name.length > 256 || !spec)
        return invalidInput(res, "The body needs a 'name' and a 'resourceSpecification'.");
      if (spec.sqs !== undefined)
        return invalidInput(
          res,
          'The sandbox delivers to EventBridge destinations only (resourceSpecification.eventBridge).',
        );
      const eventBridge = spec.eventBridge;
      if (
        !isObject(eventBridge) ||
        typeof eventBridge.accountId !== 'string' ||
        !/^\d{12}$/.test(eventBridge.accountId) ||
        typeof eventBridge.region !== 'string' ||
        !eventBridge.region
      ) {
        return invalidInput(res, "resourceSpecification.eventBridge needs 'accountId' (12 digits) and 'region'.");
      }
      const url = eventBridge[SANDBOX_DESTINATION_URL_FIELD];
      if (url !== undefined && (typeof url !== 'string' || !/^https?:\/\//.test(url)))
        return invalidInput(res, `${SANDBOX_DESTINATION_URL_FIELD} must be an http(s) URL.`);
      const taken = Object.values(state().destinations).some(
        (d) => d.clientId === caller.clientId && d.accountId === eventBridge.accountId,
      );
      if (taken)
        return send(
          res,
          409,
          errorList(
            'Conflict',
            `An EventBridge destination already exists for AWS account ${eventBridge.accountId}; only one is allowed per account.`,
          ),
        );
      const apiKey = req.get(SANDBOX_DESTINATION_KEY_HEADER);
      const destination: DestinationRecord = {
        destinationId: crypto.randomUUID(),
        clientId: caller.clientId,
        applicationId:
          Object.values(state().sellers).find((s) => s.clientId === caller.clientId)?.applicationId ?? caller.clientId,
        name: body.name,
        accountId: eventBridge.accountId,
        region: eventBridge.region,
        ...(typeof url === 'string' ? { url } : {}),
        ...(apiKey ? { apiKey } : {}),
      };
      state().destinations[destination.destinationId] = destination;
      context.changed();
      send(res, 200, { payload: destinationJson(destination) }, rateOf('notifications', res));
    });

    const notificationType = (req: Request, res: Response): string | undefined => {
      const type = String(req.params.notificationType);
      if (!(SUPPORTED_NOTIFICATION_TYPES as readonly string[]).includes(type)) {
        send(
          res,
          400,
          errorList(
            'InvalidInput',
            `The sandbox supports the notification types ${SUPPORTED_NOTIFICATION_TYPES.join(' and ')}; ${type} is not one of them.`,
          ),
        );
        return undefined;
      }
      return type;
    };

    router.get('/notifications/v1/subscriptions/:notificationType', (req, res) => {
      const caller = authenticate(state(), req, res, 'seller');
      if (!caller || throttled(context, res, caller.seller!.sellerId, 'notifications')) return;
      const type = notificationType(req, res);
      if (!type) return;
      const subscription = caller.seller!.subscriptions[type];
      if (!subscription)
        return send(res, 404, errorList('NotFound', `No ${type} subscription exists for this seller and application.`));
      send(res, 200, { payload: subscription }, rateOf('notifications', res));
    });

    router.post('/notifications/v1/subscriptions/:notificationType', (req, res) => {
      const caller = authenticate(state(), req, res, 'seller');
      if (!caller || throttled(context, res, caller.seller!.sellerId, 'notifications')) return;
      const type = notificationType(req, res);
      if (!type) return;
      const body = req.body as unknown;
      if (!isObject(body) || typeof body.payloadVersion !== 'string' || typeof body.destinationId !== 'string')
        return invalidInput(res, "The body needs 'payloadVersion' and 'destinationId'.");
      if (body.payloadVersion !== '1.0')
        return invalidInput(res, `Payload version ${body.payloadVersion} is not supported for ${type}; use 1.0.`);
      const destination = state().destinations[body.destinationId];
      if (!destination || destination.clientId !== caller.clientId)
        return invalidInput(res, `Destination ${body.destinationId} does not exist for this application.`);
      const seller = caller.seller!;
      if (seller.subscriptions[type])
        return send(
          res,
          409,
          errorList('Conflict', `A ${type} subscription already exists for this seller and application.`),
        );
      const subscription = {
        subscriptionId: crypto.randomUUID(),
        payloadVersion: body.payloadVersion,
        destinationId: destination.destinationId,
      };
      seller.subscriptions[type] = subscription;
      context.changed(seller.sellerId);
      send(res, 200, { payload: subscription }, rateOf('notifications', res));
    });
  },

  tick(state, context) {
    try {
      applyDueWork(state, context);
    } catch (error) {
      // A timer must not take the process down; the work stays queued for the next tick.
      console.error('amazon sandbox tick failed', error);
    }
  },
};

function applyDueWork(state: AmazonSandboxState, context: SandboxContext<AmazonSandboxState>) {
  const now = Date.now();
  const changed = new Set<string>();
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
  for (const feed of Object.values(state.feeds)) {
    if (feed.processingStatus === 'IN_QUEUE' && feed.startAt <= now) {
      feed.processingStatus = 'IN_PROGRESS';
      feed.processingStartTime = new Date(now).toISOString();
      changed.add(feed.sellerId);
    }
    if (feed.processingStatus === 'IN_PROGRESS' && feed.doneAt <= now) {
      processFeed(state, context, feed);
      changed.add(feed.sellerId);
    }
  }
  for (const sellerId of changed) context.changed(sellerId);
}

/**
 * What a new listing lacks, as Amazon reports a missing required attribute (code 90220). The
 * product type definitions hold the real lists; the sandbox asks what every type asks: a title
 * (LISTING, LISTING_PRODUCT_ONLY), a brand and a way to match the catalogue (a suggested ASIN or
 * an external identifier such as the GTIN) for a product; an offer only needs the match.
 */
function newListingIssues(attributes: Attributes, requirements: unknown): Issue[] {
  const missing = (name: string): Issue => ({
    code: '90220',
    message: `'${name}' is required but not supplied.`,
    severity: 'ERROR',
    attributeNames: [name],
    categories: ['MISSING_ATTRIBUTE'],
  });
  const has = (name: string) => Array.isArray(attributes[name]) && attributes[name]!.length > 0;
  const issues: Issue[] = [];
  if (requirements !== 'LISTING_OFFER_ONLY') {
    if (!has('item_name')) issues.push(missing('item_name'));
    if (requirements !== undefined && !has('brand')) issues.push(missing('brand'));
  }
  if (requirements !== undefined && !has('merchant_suggested_asin') && !has('externally_assigned_product_identifier'))
    issues.push(missing('externally_assigned_product_identifier'));
  return issues;
}

/** A new listing's product type must be one Amazon has a definition of; PRODUCT is for offer-only data. */
function productTypeIssues(productType: string, requirements: unknown): Issue[] {
  const invalid = (message: string): Issue => ({
    code: '90000900',
    message,
    severity: 'ERROR',
    attributeNames: [],
    categories: ['INVALID_ATTRIBUTE'],
  });
  if (!isKnownProductType(productType))
    return [
      invalid(
        `The product type '${productType}' is not valid for marketplace ${AMAZON_SANDBOX_MARKETPLACE_ID}. Search the product types with searchDefinitionsProductTypes.`,
      ),
    ];
  if (productType === 'PRODUCT' && requirements !== 'LISTING_OFFER_ONLY')
    return [
      invalid(
        "The product type 'PRODUCT' takes offer-only data (requirements LISTING_OFFER_ONLY): a new listing with product facts needs its own product type.",
      ),
    ];
  return [];
}

/** The issue of a write refused by the rejectSkus fault, as patchListingsItem reports an INVALID submission. */
function refusedIssue(sku: string, attributeNames: string[]): Issue {
  return {
    code: REFUSED_SKU_CODE,
    message: refusedSkuMessage(sku),
    severity: 'ERROR',
    ...(attributeNames.length ? { attributeNames } : {}),
    categories: [],
  };
}

/** ORDER_CHANGE (OrderStatusChange) for the order's current status, as placing and cancelling it send. */
function notifyOrderChange(
  state: AmazonSandboxState,
  context: SandboxContext<AmazonSandboxState>,
  seller: SellerRecord,
  order: OrderRecord,
) {
  const open = order.OrderStatus !== 'Canceled';
  notify(state, context, seller, 'ORDER_CHANGE', {
    OrderChangeNotification: {
      NotificationLevel: 'OrderLevel',
      SellerId: seller.sellerId,
      AmazonOrderId: order.AmazonOrderId,
      OrderChangeType: 'OrderStatusChange',
      OrderChangeTrigger: {
        TimeOfOrderChange: order.LastUpdateDate,
        ChangeReason: `Order status changed to ${order.OrderStatus}`,
      },
      Summary: {
        MarketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID,
        OrderStatus: order.OrderStatus,
        PurchaseDate: order.PurchaseDate,
        DestinationPostalCode: '98121',
        FulfillmentType: 'MFN',
        OrderType: 'StandardOrder',
        NumberOfItemsShipped: 0,
        NumberOfItemsUnshipped: open ? order.items.reduce((n, i) => n + i.QuantityOrdered, 0) : 0,
        // OrderItemStatus knows Unshipped and Shipped only: left out for a canceled order.
        OrderItems: order.items.map((i) => ({
          OrderItemId: i.OrderItemId,
          SellerSKU: i.SellerSKU,
          SupplySourceId: null,
          ...(open ? { OrderItemStatus: 'Unshipped' } : {}),
          Quantity: i.QuantityOrdered,
          QuantityShipped: 0,
        })),
      },
    },
  });
}

function multiply(unitPrice: string, quantity: number): string {
  const [whole = '0', fraction = ''] = unitPrice.split('.');
  const cents = (Number(whole) * 100 + Number((fraction + '00').slice(0, 2))) * quantity;
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function orderJson(order: OrderRecord) {
  const currency = order.items[0]?.currency ?? 'USD';
  const totalCents = order.items.reduce(
    (sum, i) => sum + Math.round(Number(multiply(i.unitPrice, i.QuantityOrdered)) * 100),
    0,
  );
  const units = order.items.reduce((n, i) => n + i.QuantityOrdered, 0);
  return {
    AmazonOrderId: order.AmazonOrderId,
    PurchaseDate: order.PurchaseDate,
    LastUpdateDate: order.LastUpdateDate,
    OrderStatus: order.OrderStatus,
    FulfillmentChannel: 'MFN',
    SalesChannel: 'Amazon.com',
    ShipServiceLevel: 'Std US D2D Dom',
    OrderTotal: {
      CurrencyCode: currency,
      Amount: `${Math.floor(totalCents / 100)}.${String(totalCents % 100).padStart(2, '0')}`,
    },
    NumberOfItemsShipped: 0,
    NumberOfItemsUnshipped: order.OrderStatus === 'Canceled' ? 0 : units,
    PaymentMethod: 'Other',
    MarketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID,
    ShipmentServiceLevelCategory: 'Standard',
    OrderType: 'StandardOrder',
    IsBusinessOrder: false,
    IsPrime: false,
    IsPremiumOrder: false,
    IsGlobalExpressEnabled: false,
    IsReplacementOrder: false,
    IsSoldByAB: false,
    IsISPU: false,
  };
}

function feedJson(feed: FeedRecord) {
  return {
    feedId: feed.feedId,
    feedType: feed.feedType,
    marketplaceIds: feed.marketplaceIds,
    createdTime: feed.createdTime,
    processingStatus: feed.processingStatus,
    ...(feed.processingStartTime ? { processingStartTime: feed.processingStartTime } : {}),
    ...(feed.processingEndTime ? { processingEndTime: feed.processingEndTime } : {}),
    ...(feed.resultFeedDocumentId ? { resultFeedDocumentId: feed.resultFeedDocumentId } : {}),
  };
}

function destinationJson(d: DestinationRecord) {
  return {
    destinationId: d.destinationId,
    name: d.name,
    resource: {
      eventBridge: {
        name: `aws.partner/sellingpartnerapi.amazon.com/${d.accountId}/${d.applicationId}`,
        region: d.region,
        accountId: d.accountId,
      },
    },
  };
}
