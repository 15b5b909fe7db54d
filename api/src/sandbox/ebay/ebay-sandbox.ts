/**
 * A stateful eBay: the consent page and token endpoint (authorization code, refresh token, client
 * credentials), the Inventory API (items, offers, bulk_update_price_quantity with 200/207, inventory
 * locations), the Account API's business policies (what publishOffer requires), the
 * Fulfillment API (getOrders by lastmodifieddate), the Notification API (destinations with the
 * endpoint challenge, subscriptions, public keys, ECDSA-signed deliveries of ORDER_CONFIRMATION and
 * MARKETPLACE_ACCOUNT_DELETION) and the Identity API's getUser. Daily quotas, not per-second rates.
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import {
  SandboxControlError,
  refuseIfThrottled,
  refusedSkuMessage,
  timeAfter,
  type SandboxContext,
  type SandboxDefinition,
} from '../shared/sandbox-kit.ts';
import type { RateLimitProfile, SandboxRate } from '../shared/sandbox-limits.ts';
import { consentPage, consentStylesheet, errorPage } from './consent-page.ts';
import {
  ACCESS_TOKEN_SECONDS,
  AUTHORIZATION_CODE_SECONDS,
  EBAY_SANDBOX_APP,
  PACIFIC_OFFSET_MS,
  REFRESH_TOKEN_SECONDS,
  REVISIONS_PER_LISTING_PER_DAY,
  dailyQuotas,
  defaultSettings,
  ebayApis,
  ebayScopes,
  pacificDay,
  type EbayApi,
  type EbayState,
  type SandboxGrant,
  type SandboxItem,
  type SandboxLocation,
  type SandboxOrder,
  type SandboxPolicy,
  type SandboxSeller,
  EBAY_US_TOP_LEVEL_CATEGORIES,
} from './ebay-sandbox-state.ts';

export { EBAY_SANDBOX_APP, ebayScopes, dailyQuotas, REVISIONS_PER_LISTING_PER_DAY } from './ebay-sandbox-state.ts';
export type { EbayState } from './ebay-sandbox-state.ts';

type Context = SandboxContext<EbayState>;

const INVENTORY = '/sell/inventory/v1';
const ACCOUNT = '/sell/account/v1';
const FULFILLMENT = '/sell/fulfillment/v1';
const NOTIFICATION = '/commerce/notification/v1';
const IDENTITY = '/commerce/identity/v1';
const TOPICS = ['ORDER_CONFIRMATION', 'MARKETPLACE_ACCOUNT_DELETION'] as const;

interface EbayErrorDetail {
  errorId: number;
  domain: string;
  category: 'REQUEST' | 'APPLICATION' | 'BUSINESS';
  message: string;
  longMessage?: string;
  parameters?: Array<{ name: string; value: string }>;
}

const error = (
  errorId: number,
  domain: string,
  message: string,
  extra: Partial<EbayErrorDetail> = {},
): EbayErrorDetail => ({
  errorId,
  domain,
  category: 'REQUEST',
  message,
  ...extra,
});

function fail(res: Response, status: number, ...errors: EbayErrorDetail[]): void {
  res.status(status).json({ errors });
}

/** The JSON of a token answer, sent without res.json so the kit's request log never holds tokens. */
function sendSecret(res: Response, status: number, body: unknown): void {
  res.status(status).set('Cache-Control', 'no-store').type('application/json').send(JSON.stringify(body));
}

const tooManyRequests = () => ({
  errors: [
    error(2001, 'ACCESS', 'Too many requests. The request limit has been reached for the resource.', {
      longMessage: 'The daily call quota of this API has been used up; it resets at the start of the next quota day.',
    }),
  ],
});

const randomToken = (prefix: string) => `${prefix}${crypto.randomBytes(24).toString('base64url')}`;
const sha256Hex = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Counts one call against the daily quota; sends 429 (with Retry-After) when it is spent. */
function spendQuota(res: Response, context: Context, owner: string, api: EbayApi): boolean {
  const state = context.state();
  const windowMs = state.settings.quotaWindowSeconds * 1000;
  const now = Date.now();
  const window = Math.floor((now - PACIFIC_OFFSET_MS) / windowMs);
  const key = `${owner}:${api}`;
  const usage = state.usage[key]?.window === window ? state.usage[key] : { window, count: 0 };
  state.usage[key] = usage;
  const quota =
    state.settings.dailyQuotas[api] ??
    dailyQuotas[context.faults(owner === 'app' ? undefined : owner).rateLimitProfile][api];
  if (usage.count >= quota) {
    const wait = (window + 1) * windowMs + PACIFIC_OFFSET_MS - now;
    refuseIfThrottled(res, Math.max(1, wait), tooManyRequests());
    return false;
  }
  usage.count++;
  context.changed();
  return true;
}

/** The grant behind the request's bearer token, or an answered 401/403/429. */
function authorize(
  req: Request,
  res: Response,
  context: Context,
  api: EbayApi,
  scope: string | readonly string[],
  who: 'user' | 'any',
): SandboxGrant | undefined {
  const accepted = typeof scope === 'string' ? [scope] : scope;
  const state = context.state();
  const match = /^Bearer (.+)$/.exec(req.get('authorization') ?? '');
  const grant = match ? state.accessTokens[match[1]!] : undefined;
  if (!grant || grant.expiresAt < Date.now()) {
    fail(
      res,
      401,
      error(1001, 'OAuth', 'Invalid access token', {
        longMessage: 'Invalid access token. Check the value of the Authorization HTTP request header.',
      }),
    );
    return undefined;
  }
  if (
    (who === 'user' && !grant.sellerId) ||
    (!accepted.some((a) => grant.scopes.includes(a)) && !(who === 'any' && grant.scopes.includes(ebayScopes.base)))
  ) {
    fail(
      res,
      403,
      error(1100, 'ACCESS', 'Access denied', { longMessage: 'Insufficient permissions to fulfill the request.' }),
    );
    return undefined;
  }
  if (grant.sellerId && !state.sellers[grant.sellerId]) {
    fail(
      res,
      401,
      error(1001, 'OAuth', 'Invalid access token', { longMessage: 'The user of this token no longer exists.' }),
    );
    return undefined;
  }
  if (!spendQuota(res, context, grant.sellerId ?? 'app', api)) return undefined;
  return grant;
}

// ---- eBay payload shapes -------------------------------------------------------------------------

function inventoryItemBody(item: SandboxItem) {
  return {
    sku: item.sku,
    locale: item.locale,
    condition: item.condition,
    product: item.product,
    availability: { shipToLocationAvailability: { quantity: item.quantity } },
  };
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

// ---- notifications -----------------------------------------------------------------------------

function signedDelivery(state: EbayState, topic: string, data: unknown) {
  const now = new Date().toISOString();
  const body = JSON.stringify({
    metadata: { topic, schemaVersion: '1.0', deprecated: false },
    notification: {
      notificationId: crypto.randomUUID(),
      eventDate: now,
      publishDate: now,
      publishAttemptCount: 1,
      data,
    },
  });
  const signature = crypto.sign('sha256', Buffer.from(body), state.signingKey.privateKey).toString('base64');
  const header = Buffer.from(
    JSON.stringify({ alg: 'ecdsa', kid: state.signingKey.kid, signature, digest: 'SHA256' }),
  ).toString('base64');
  return { body, headers: { 'X-EBAY-SIGNATURE': header } };
}

/** Sends `topic` to every enabled subscription (of the seller, or of the application when null). */
function publish(context: Context, topic: string, sellerId: string | null, data: unknown): number {
  const state = context.state();
  let sent = 0;
  for (const subscription of Object.values(state.subscriptions)) {
    const destination = state.destinations[subscription.destinationId];
    if (subscription.topicId !== topic || subscription.status !== 'ENABLED' || destination?.status !== 'ENABLED')
      continue;
    if (subscription.sellerId !== null && subscription.sellerId !== sellerId) continue;
    const { body, headers } = signedDelivery(state, topic, data);
    void context.deliver(destination.endpoint, body, headers);
    sent++;
  }
  return sent;
}

// ---- the definition ----------------------------------------------------------------------------

function newState(): EbayState {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    sellers: {},
    codes: {},
    accessTokens: {},
    refreshTokens: {},
    destinations: {},
    subscriptions: {},
    signingKey: {
      kid: crypto.randomUUID().replaceAll('-', ''),
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
    usage: {},
    settings: defaultSettings(),
    sequence: 0,
  };
}

function sellerOf(state: EbayState, sellerId: string): SandboxSeller {
  const seller = state.sellers[sellerId] ?? Object.values(state.sellers).find((s) => s.username === sellerId);
  if (!seller) throw new SandboxControlError(404, `No sandbox seller ${sellerId}`);
  return seller;
}

/** The daily quotas as the kit's limits: a bucket holding a day's calls, refilled over the day. */
const asRates = (profile: RateLimitProfile): Record<string, SandboxRate> =>
  Object.fromEntries(
    ebayApis.map((api) => [api, { rate: dailyQuotas[profile][api] / 86_400, burst: dailyQuotas[profile][api] }]),
  );

export const ebaySandbox: SandboxDefinition<EbayState> = {
  kind: 'ebay',
  emptyState: newState,
  limits: { realistic: asRates('realistic'), fast: asRates('fast') },
  errorBody: (status, message) => ({
    errors: [
      status === 429
        ? error(2001, 'ACCESS', 'Too many requests. The request limit has been reached for the resource.', {
            longMessage: message,
          })
        : status === 404
          ? error(2002, 'ACCESS', 'Resource not found', { longMessage: message })
          : status < 500
            ? error(2004, 'ACCESS', 'Invalid request', { longMessage: message })
            : error(25001, 'API_INVENTORY', 'A system error has occurred.', {
                category: 'APPLICATION',
                longMessage: message,
              }),
    ],
  }),

  sellerOfRequest(state, req) {
    const bearer = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (bearer) return state.accessTokens[bearer]?.sellerId ?? undefined;
    const form = (req.body ?? {}) as Record<string, unknown>;
    if (typeof form.refresh_token === 'string') return state.refreshTokens[form.refresh_token]?.sellerId ?? undefined;
    if (typeof form.code === 'string') return state.codes[form.code]?.sellerId ?? undefined;
    return undefined;
  },

  createSeller(state, catalogue, context) {
    state.sequence++;
    const username = `sandbox_seller_${state.sequence}_${crypto.randomBytes(2).toString('hex')}`;
    const sellerId = context.newId('eb');
    const locations = generatedLocations(state.sequence);
    const policies = generatedPolicies();
    const items: Record<string, SandboxItem> = {};
    for (const product of catalogue) {
      items[product.sku] = {
        sku: product.sku,
        locale: 'en_US',
        condition: 'NEW',
        product: {
          title: product.title.slice(0, 80),
          description: product.description,
          brand: product.brand,
          imageUrls: product.imageUrls,
          ean: [product.gtin],
          aspects: {
            Brand: [product.brand],
            ...Object.fromEntries(
              Object.entries(product.attributes).map(([k, v]) => [k[0]!.toUpperCase() + k.slice(1), [v]]),
            ),
          },
        },
        quantity: product.quantity,
        offerId: String(5_000_000_000 + Math.floor(Math.random() * 4_000_000_000)),
        listingId: String(110_000_000_000 + Math.floor(Math.random() * 9_000_000_000)),
        offerStatus: 'PUBLISHED',
        // Listed as the seller set it up in Seller Hub: a leaf category, their first location and policies.
        categoryId: leafCategoryOf(product.title),
        merchantLocationKey: locations[0]!.merchantLocationKey,
        listingPolicies: {
          fulfillmentPolicyId: policies.fulfillment[0]!.id,
          paymentPolicyId: policies.payment[0]!.id,
          returnPolicyId: policies.return[0]!.id,
        },
        price: { value: product.price, currency: product.currency },
        soldQuantity: 0,
        revisions: { day: pacificDay(Date.now()), count: 0 },
      };
    }
    state.sellers[sellerId] = { sellerId, username, items, orders: [], locations, policies };
    return { sellerId, credentials: { username } };
  },

  itemView(state, sellerId, sku) {
    const item = state.sellers[sellerId]?.items[sku];
    if (!item) return undefined;
    return {
      sku,
      quantity: item.quantity,
      price: item.price.value,
      status: item.offerStatus === 'PUBLISHED' ? 'active' : 'inactive',
    };
  },

  placeOrder(state, sellerId, lines, context) {
    const seller = sellerOf(state, sellerId);
    const wanted = new Map<string, number>();
    for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity);
    for (const [sku, quantity] of wanted) {
      const item = seller.items[sku];
      if (!item || item.offerStatus !== 'PUBLISHED') throw new SandboxControlError(409, `${sku} is not listed`);
      if (item.quantity < quantity)
        throw new SandboxControlError(409, `Only ${item.quantity} of ${sku} available, ${quantity} ordered`);
    }
    state.sequence++;
    const now = new Date().toISOString();
    const digits = String(state.sequence).padStart(12, '0');
    const orderId = `${digits.slice(0, 2)}-${digits.slice(2, 7)}-${digits.slice(7)}`;
    const currency = seller.items[lines[0]!.sku]!.price.currency;
    let subtotal = 0;
    const lineItems: SandboxOrder['lineItems'] = [...wanted].map(([sku, quantity], index) => {
      const item = seller.items[sku]!;
      item.quantity -= quantity;
      item.soldQuantity += quantity;
      const cost = (Math.round(Number(item.price.value) * 100) * quantity) / 100;
      subtotal += cost;
      return {
        lineItemId: `${10_000_000_000 + state.sequence * 100 + index}`,
        legacyItemId: item.listingId,
        sku,
        title: item.product.title,
        quantity,
        lineItemCost: { value: cost.toFixed(2), currency: item.price.currency },
        total: { value: cost.toFixed(2), currency: item.price.currency },
        lineItemFulfillmentStatus: 'NOT_STARTED',
        listingMarketplaceId: 'EBAY_US',
        purchaseMarketplaceId: 'EBAY_US',
        soldFormat: 'FIXED_PRICE',
      };
    });
    const order: SandboxOrder = {
      orderId,
      creationDate: now,
      lastModifiedDate: now,
      orderFulfillmentStatus: 'NOT_STARTED',
      orderPaymentStatus: 'PAID',
      sellerId: seller.username,
      buyer: { username: `sandbox_buyer_${state.sequence}` },
      salesRecordReference: String(state.sequence),
      pricingSummary: {
        priceSubtotal: { value: subtotal.toFixed(2), currency },
        total: { value: subtotal.toFixed(2), currency },
      },
      cancelStatus: { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
      lineItems,
    };
    seller.orders.push(order);
    // eBay sends ORDER_CONFIRMATION per line item [U: the payload's data fields].
    for (const line of lineItems)
      publish(context, 'ORDER_CONFIRMATION', seller.sellerId, {
        orderId,
        lineItemId: line.lineItemId,
        legacyItemId: line.legacyItemId,
        sku: line.sku,
        quantity: line.quantity,
        sellerUsername: seller.username,
      });
    return order;
  },

  cancelOrder(state, sellerId, orderId, context) {
    const seller = sellerOf(state, sellerId);
    const order = seller.orders.find((o) => o.orderId === orderId);
    if (!order) throw new SandboxControlError(404, `No order ${orderId} for seller ${sellerId}`);
    if (order.cancelStatus.cancelState === 'CANCELED')
      throw new SandboxControlError(409, `Order ${orderId} is already cancelled`);
    if (order.orderFulfillmentStatus !== 'NOT_STARTED')
      throw new SandboxControlError(409, `Order ${orderId} has shipped and cannot be cancelled`);
    const now = new Date(timeAfter(Date.parse(order.lastModifiedDate))).toISOString();
    // A completed cancellation as getOrders shows it: CANCELED, refunded, nothing left to ship
    // (orderFulfillmentStatus FULFILLED [U]: eBay's usual answer for a cancelled order, not in the definition).
    order.cancelStatus = { cancelState: 'CANCELED', cancelledDate: now, cancelRequests: [] };
    order.orderFulfillmentStatus = 'FULFILLED';
    order.orderPaymentStatus = 'FULLY_REFUNDED';
    order.lastModifiedDate = now;
    for (const line of order.lineItems) {
      const item = seller.items[line.sku];
      if (!item) continue;
      item.quantity += line.quantity;
      item.soldQuantity = Math.max(0, item.soldQuantity - line.quantity);
    }
    context.changed(seller.sellerId);
    // The Notification API has no order-cancellation topic (the sandbox serves ORDER_CONFIRMATION only): no push.
    return order;
  },

  editItem(state, sellerId, sku, edit, context) {
    const seller = state.sellers[sellerId];
    const item = seller?.items[sku];
    if (!seller || !item) throw new SandboxControlError(404, 'No such seller or SKU');
    if (edit.title !== undefined && edit.title.length > 80)
      throw new SandboxControlError(400, 'eBay titles are at most 80 characters');
    // A revision made in Seller Hub counts toward the listing's revisions of the day, as one made through the API.
    if (!countRevision(seller, item, context, Date.now()))
      throw new SandboxControlError(409, revisionLimitError().message);
    if (edit.quantity !== undefined) item.quantity = edit.quantity;
    if (edit.price !== undefined) item.price = { value: edit.price, currency: item.price.currency };
    if (edit.title !== undefined) item.product.title = edit.title;
  },

  controlRoutes,

  tick(state) {
    const now = Date.now();
    for (const bag of [state.codes, state.accessTokens, state.refreshTokens]) {
      for (const [key, grant] of Object.entries(bag)) if (grant.expiresAt < now) delete bag[key];
    }
  },

  routes(router, context) {
    oauthRoutes(router, context);
    inventoryRoutes(router, context);
    accountRoutes(router, context);
    fulfillmentRoutes(router, context);
    notificationRoutes(router, context);
    router.get(`${IDENTITY}/user`, (req, res) => {
      const grant = authorize(req, res, context, 'identity', ebayScopes.identity, 'user');
      if (!grant) return;
      const seller = context.state().sellers[grant.sellerId!]!;
      res.json({
        userId: seller.sellerId,
        username: seller.username,
        accountType: 'BUSINESS',
        registrationMarketplaceId: 'EBAY_US',
        status: 'CONFIRMED',
      });
    });
  },
};

// ---- OAuth -------------------------------------------------------------------------------------

const knownScopes = new Set<string>(Object.values(ebayScopes));

function oauthRoutes(router: Router, context: Context) {
  const stylesheet = `${context.baseUrl}/oauth2/consent.css`;
  router.get('/oauth2/consent.css', (_req, res) => {
    res.type('text/css').send(consentStylesheet);
  });

  /** The authorize request's parameters, or an answered error page. */
  const readRequest = (source: Record<string, unknown>, res: Response) => {
    const text = (name: string) => (typeof source[name] === 'string' ? (source[name] as string) : undefined);
    const clientId = text('client_id');
    const redirectUri = text('redirect_uri') ?? '';
    const scopes = (text('scope') ?? '').split(/\s+/).filter(Boolean);
    let problem: string | undefined;
    if (clientId !== context.application.clientId)
      problem = 'unauthorized_client: the client_id is not a registered application.';
    else if (text('response_type') !== 'code') problem = 'unsupported_response_type: response_type must be code.';
    else if (!/^https?:\/\/[^\s]+$/.test(redirectUri) || !URL.canParse(redirectUri))
      problem = `invalid_request: redirect_uri must be the RuName's accept URL (in this sandbox, an absolute http(s) URL).`;
    else if (scopes.length === 0) problem = 'invalid_scope: at least one scope is required.';
    else if (scopes.some((s) => !knownScopes.has(s)))
      problem = `invalid_scope: unknown scope ${scopes.find((s) => !knownScopes.has(s))}.`;
    if (problem) {
      res.status(400).type('html').send(errorPage(problem, stylesheet));
      return undefined;
    }
    return {
      clientId: clientId!,
      redirectUri,
      scopes,
      state: text('state'),
      loginHint: text('login_hint'),
      seller: text('seller'),
      decision: text('decision'),
    };
  };

  /** The sellers this browser may sign in as: with scoped access, those its signed-in account made. */
  const sellersFor = (req: Request) =>
    Object.values(context.state().sellers).filter((s) => context.mayActFor(req, s.sellerId));
  const page = (req: Request, request: NonNullable<ReturnType<typeof readRequest>>, errorMessage?: string) =>
    consentPage({
      appName: EBAY_SANDBOX_APP.name,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      state: request.state,
      sellers: sellersFor(req).map((s) => ({ sellerId: s.sellerId, username: s.username })),
      loginHint: request.loginHint,
      stylesheet,
      ...(errorMessage ? { error: errorMessage } : {}),
    });

  router.get('/oauth2/authorize', (req, res) => {
    const request = readRequest(req.query as Record<string, unknown>, res);
    if (request) res.type('html').send(page(req, request));
  });

  router.post('/oauth2/authorize', (req, res) => {
    const request = readRequest((req.body ?? {}) as Record<string, unknown>, res);
    if (!request) return;
    const target = new URL(request.redirectUri);
    if (request.decision === 'decline') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user declined to grant access.');
      if (request.state !== undefined) target.searchParams.set('state', request.state);
      res.redirect(302, target.toString());
      return;
    }
    if (request.decision !== 'agree') {
      res
        .status(400)
        .type('html')
        .send(page(req, request, 'Choose Agree or Decline.'));
      return;
    }
    const state = context.state();
    const seller = sellersFor(req).find((s) => s.username === request.seller || s.sellerId === request.seller);
    if (!seller) {
      res
        .status(400)
        .type('html')
        .send(page(req, request, `There is no sandbox seller "${request.seller ?? ''}".`));
      return;
    }
    const code = randomToken('v^1.1#i^1#c^');
    state.codes[code] = {
      sellerId: seller.sellerId,
      scopes: request.scopes,
      redirectUri: request.redirectUri,
      expiresAt: Date.now() + AUTHORIZATION_CODE_SECONDS * 1000,
    };
    context.changed();
    target.searchParams.set('code', code);
    target.searchParams.set('expires_in', String(AUTHORIZATION_CODE_SECONDS));
    if (request.state !== undefined) target.searchParams.set('state', request.state);
    res.redirect(302, target.toString());
  });

  router.post('/identity/v1/oauth2/token', (req, res) => {
    const state = context.state();
    const basic = /^Basic (.+)$/.exec(req.get('authorization') ?? '');
    const [id, secret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [];
    if (id !== context.application.clientId || secret !== context.application.clientSecret) {
      sendSecret(res, 401, { error: 'invalid_client', error_description: 'client authentication failed' });
      return;
    }
    const form = (req.body ?? {}) as Record<string, unknown>;
    const grantType = form.grant_type;
    const now = Date.now();
    const issueAccess = (sellerId: string | null, scopes: string[]) => {
      const token = randomToken('v^1.1#i^1#p^3#r^1#I^3#f^0#t^');
      state.accessTokens[token] = { sellerId, scopes, expiresAt: now + ACCESS_TOKEN_SECONDS * 1000 };
      return token;
    };
    if (grantType === 'authorization_code') {
      if (!spendQuota(res, context, 'app', 'oauth_authorization_code')) return;
      const code = typeof form.code === 'string' ? form.code : '';
      const grant = state.codes[code];
      // Codes are single use: spent even when the rest of the request is wrong.
      delete state.codes[code];
      context.changed();
      if (!grant || grant.expiresAt < now || grant.redirectUri !== form.redirect_uri) {
        sendSecret(res, 400, {
          error: 'invalid_grant',
          error_description: 'the provided authorization grant code is invalid or was issued to another client',
        });
        return;
      }
      const refreshToken = randomToken('v^1.1#i^1#r^1#');
      state.refreshTokens[refreshToken] = {
        sellerId: grant.sellerId,
        scopes: grant.scopes,
        expiresAt: now + REFRESH_TOKEN_SECONDS * 1000,
      };
      sendSecret(res, 200, {
        access_token: issueAccess(grant.sellerId, grant.scopes),
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: refreshToken,
        refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
        token_type: 'User Access Token',
      });
      return;
    }
    if (grantType === 'refresh_token') {
      if (!spendQuota(res, context, 'app', 'oauth_refresh_token')) return;
      const grant = state.refreshTokens[typeof form.refresh_token === 'string' ? form.refresh_token : ''];
      if (!grant || grant.expiresAt < now || (grant.sellerId && !state.sellers[grant.sellerId])) {
        sendSecret(res, 400, {
          error: 'invalid_grant',
          error_description: 'the provided authorization refresh token is invalid or was issued to another client',
        });
        return;
      }
      const asked = typeof form.scope === 'string' ? form.scope.split(/\s+/).filter(Boolean) : grant.scopes;
      if (asked.some((s) => !grant.scopes.includes(s))) {
        sendSecret(res, 400, {
          error: 'invalid_scope',
          error_description:
            'The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
        });
        return;
      }
      context.changed();
      sendSecret(res, 200, {
        access_token: issueAccess(grant.sellerId, asked),
        expires_in: ACCESS_TOKEN_SECONDS,
        token_type: 'User Access Token',
      });
      return;
    }
    if (grantType === 'client_credentials') {
      if (!spendQuota(res, context, 'app', 'oauth_client_credentials')) return;
      const asked = typeof form.scope === 'string' ? form.scope.split(/\s+/).filter(Boolean) : [ebayScopes.base];
      if (asked.some((s) => s !== ebayScopes.base)) {
        sendSecret(res, 400, {
          error: 'invalid_scope',
          error_description:
            'The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
        });
        return;
      }
      context.changed();
      sendSecret(res, 200, {
        access_token: issueAccess(null, asked),
        expires_in: ACCESS_TOKEN_SECONDS,
        token_type: 'Application Access Token',
      });
      return;
    }
    sendSecret(res, 400, {
      error: 'unsupported_grant_type',
      error_description: 'grant type in request is not supported by the authorization server',
    });
  });
}

// ---- Inventory API -----------------------------------------------------------------------------

const DOMAIN_INVENTORY = 'API_INVENTORY';
const isQuantity = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1_000_000;

function inventoryRoutes(router: Router, context: Context) {
  const withSeller = (req: Request, res: Response) => {
    const grant = authorize(req, res, context, 'inventory', ebayScopes.inventory, 'user');
    return grant ? context.state().sellers[grant.sellerId!]! : undefined;
  };

  router.get(`${INVENTORY}/inventory_item`, (req, res) => {
    const seller = withSeller(req, res);
    if (!seller) return;
    const limit = req.query.limit === undefined ? 25 : Number(req.query.limit);
    const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200 || !Number.isInteger(offset) || offset < 0) {
      fail(
        res,
        400,
        error(
          25706,
          DOMAIN_INVENTORY,
          'You have provided invalid pagination values. limit must be 1 to 200 and offset 0 or more.',
        ),
      );
      return;
    }
    // The definition describes offset as the page number ("the first page of records has a value of 0").
    const all = Object.values(seller.items);
    const page = all.slice(offset * limit, offset * limit + limit);
    const link = (o: number) => `${context.baseUrl}${INVENTORY}/inventory_item?limit=${limit}&offset=${o}`;
    res.json({
      href: link(offset),
      limit,
      size: page.length,
      total: all.length,
      ...((offset + 1) * limit < all.length ? { next: link(offset + 1) } : {}),
      ...(offset > 0 ? { prev: link(offset - 1) } : {}),
      inventoryItems: page.map(inventoryItemBody),
    });
  });

  router.get(`${INVENTORY}/inventory_item/:sku`, (req, res) => {
    const seller = withSeller(req, res);
    if (!seller) return;
    const item = seller.items[req.params.sku!];
    if (!item) {
      fail(
        res,
        404,
        error(
          25710,
          DOMAIN_INVENTORY,
          "We didn't find the resource/entity you are requesting. Please verify the request",
        ),
      );
      return;
    }
    res.json(inventoryItemBody(item));
  });

  router.put(`${INVENTORY}/inventory_item/:sku`, (req, res) => {
    const seller = withSeller(req, res);
    if (!seller) return;
    const sku = req.params.sku!;
    const body = req.body as
      | {
          availability?: { shipToLocationAvailability?: { quantity?: unknown } };
          product?: Record<string, unknown>;
          condition?: unknown;
        }
      | undefined;
    const problems: EbayErrorDetail[] = [];
    if (!req.get('content-language'))
      problems.push(
        error(25709, DOMAIN_INVENTORY, 'Invalid value for header Content-Language.', {
          parameters: [{ name: 'fieldName', value: 'Content-Language' }],
        }),
      );
    if (!body || typeof body !== 'object')
      problems.push(error(25709, DOMAIN_INVENTORY, 'Invalid value for body. A JSON inventory item is required.'));
    const quantity = body?.availability?.shipToLocationAvailability?.quantity;
    if (quantity !== undefined && !isQuantity(quantity))
      problems.push(error(25709, DOMAIN_INVENTORY, 'Invalid value for shipToLocationAvailability.quantity.'));
    const product = body?.product;
    if (
      product !== undefined &&
      (typeof product !== 'object' || typeof product.title !== 'string' || product.title.length > 80)
    ) {
      problems.push(
        error(25709, DOMAIN_INVENTORY, 'Invalid value for product.title. It is required, at most 80 characters.'),
      );
    }
    if (context.refusesSku(seller.sellerId, sku)) problems.push(refusedError(sku));
    if (problems.length) {
      fail(res, 400, ...problems);
      return;
    }
    const existing = seller.items[sku];
    const now = Date.now();
    if (existing && !countRevision(seller, existing, context, now)) {
      fail(res, 400, revisionLimitError());
      return;
    }
    const next: SandboxItem = existing ?? {
      sku,
      locale: req.get('content-language')!.replace('-', '_'),
      condition: 'NEW',
      product: { title: '', description: '', brand: '', imageUrls: [], ean: [], aspects: {} },
      quantity: 0,
      offerId: String(5_000_000_000 + Math.floor(Math.random() * 4_000_000_000)),
      listingId: String(110_000_000_000 + Math.floor(Math.random() * 9_000_000_000)),
      offerStatus: 'UNPUBLISHED',
      offerCreated: false,
      price: { value: '0.99', currency: 'USD' },
      soldQuantity: 0,
      revisions: { day: pacificDay(now), count: 0 },
    };
    // A full replacement: what the body leaves out is cleared.
    next.quantity = typeof quantity === 'number' ? quantity : 0;
    next.condition = typeof body!.condition === 'string' ? body!.condition : 'NEW';
    if (product) {
      next.product = {
        title: product.title as string,
        description: typeof product.description === 'string' ? product.description : '',
        brand: typeof product.brand === 'string' ? product.brand : '',
        imageUrls: Array.isArray(product.imageUrls)
          ? product.imageUrls.filter((u): u is string => typeof u === 'string')
          : [],
        ean: Array.isArray(product.ean) ? product.ean.filter((u): u is string => typeof u === 'string') : [],
        aspects:
          product.aspects && typeof product.aspects === 'object' ? (product.aspects as Record<string, string[]>) : {},
      };
    }
    seller.items[sku] = next;
    context.changed(seller.sellerId);
    res.status(existing ? 204 : 201).end();
  });

  router.post(`${INVENTORY}/bulk_get_inventory_item`, (req, res) => {
    const seller = withSeller(req, res);
    if (!seller) return;
    const requests = (req.body as { requests?: unknown })?.requests;
    if (
      !Array.isArray(requests) ||
      requests.length === 0 ||
      !requests.every((r) => typeof r?.sku === 'string' && r.sku)
    ) {
      fail(
        res,
        400,
        error(25708, DOMAIN_INVENTORY, 'Invalid SKU.', { longMessage: 'requests must be a list of { sku }.' }),
      );
      return;
    }
    if (requests.length > 25) {
      fail(res, 400, error(25727, DOMAIN_INVENTORY, 'The number of InventoryItems in the request cannot exceed 25.'));
      return;
    }
    if (new Set(requests.map((r) => r.sku)).size !== requests.length) {
      fail(res, 400, error(25734, DOMAIN_INVENTORY, 'SKU should be unique in the request.'));
      return;
    }
    const responses = requests.map(({ sku }: { sku: string }) => {
      const item = seller.items[sku];
      return item
        ? { sku, statusCode: 200, inventoryItem: inventoryItemBody(item) }
        : {
            sku,
            statusCode: 404,
            errors: [
              error(25702, DOMAIN_INVENTORY, `SKU ${sku} is not available in the system`, {
                parameters: [{ name: 'sku', value: sku }],
              }),
            ],
          };
    });
    res.status(responses.every((r) => r.statusCode === 200) ? 200 : 207).json({ responses });
  });

  router.get(`${INVENTORY}/offer`, (req, res) => {
    const seller = withSeller(req, res);
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
  });

  // getInventoryLocations: every location of the seller, `offset` locations skipped, `limit` per page (100 by default).
  router.get(`${INVENTORY}/location`, (req, res) => {
    const seller = withSeller(req, res);
    if (!seller) return;
    const limit = req.query.limit === undefined ? 100 : Number(req.query.limit);
    const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isInteger(offset) || offset < 0) {
      fail(
        res,
        400,
        error(
          25706,
          DOMAIN_INVENTORY,
          'You have provided invalid pagination values. limit must be 1 to 100 and offset 0 or more.',
        ),
      );
      return;
    }
    const all = seller.locations ?? [];
    const page = all.slice(offset, offset + limit);
    const link = (o: number) => `${context.baseUrl}${INVENTORY}/location?limit=${limit}&offset=${o}`;
    res.json({
      href: link(offset),
      limit,
      offset,
      total: all.length,
      ...(offset + limit < all.length ? { next: link(offset + limit) } : {}),
      ...(offset > 0 ? { prev: link(Math.max(0, offset - limit)) } : {}),
      locations: page.map(locationBody),
    });
  });

  /** The offer's fields from a createOffer or updateOffer body, or eBay's errors (Content-Language, format, marketplace, price, quantity). */
  const offerFields = (
    req: Request,
    item: SandboxItem | undefined,
  ): { problems: EbayErrorDetail[]; apply: () => void } => {
    const body = (req.body ?? {}) as {
      marketplaceId?: unknown;
      format?: unknown;
      availableQuantity?: unknown;
      categoryId?: unknown;
      listingDescription?: unknown;
      merchantLocationKey?: unknown;
      listingPolicies?: { fulfillmentPolicyId?: unknown; paymentPolicyId?: unknown; returnPolicyId?: unknown };
      pricingSummary?: { price?: { value?: unknown; currency?: unknown } };
    };
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
    return {
      problems,
      apply: () => {
        if (!item) return;
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
      },
    };
  };
  const byOffer = (seller: SandboxSeller, offerId: string) =>
    Object.values(seller.items).find((i) => i.offerId === offerId && i.offerCreated !== false);
  const offerNotFound = (res: Response) =>
    fail(res, 404, error(25713, DOMAIN_INVENTORY, 'This Offer is not available.'));

  // createOffer: one offer per SKU, marketplace and format; a second is refused with the first's id.
  router.post(`${INVENTORY}/offer`, (req, res) => {
    const seller = withSeller(req, res);
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
    const { problems, apply } = offerFields(req, item);
    if (problems.length) return void fail(res, 400, ...problems);
    apply();
    context.changed(seller.sellerId);
    res.status(201).json({ offerId: item.offerId });
  });

  // updateOffer: a full replacement of the offer's fields.
  router.put(`${INVENTORY}/offer/:offerId`, (req, res) => {
    const seller = withSeller(req, res);
    if (!seller) return;
    const item = byOffer(seller, req.params.offerId!);
    if (!item) return offerNotFound(res);
    const { problems, apply } = offerFields(req, item);
    if (problems.length) return void fail(res, 400, ...problems);
    if (!countRevision(seller, item, context, Date.now())) return void fail(res, 400, revisionLimitError());
    apply();
    context.changed(seller.sellerId);
    res.status(204).end();
  });

  // publishOffer: the listing goes live once the item and offer hold what eBay requires.
  router.post(`${INVENTORY}/offer/:offerId/publish`, (req, res) => {
    const seller = withSeller(req, res);
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
    else if (!/^\d+$/.test(item.categoryId))
      missing.push(
        error(
          25005,
          DOMAIN_INVENTORY,
          `The eBay listing associated with the inventory item, or the unpublished offer has an invalid category ID. ${item.categoryId} is not a category ID.`,
        ),
      );
    else if (EBAY_US_TOP_LEVEL_CATEGORIES[item.categoryId]) {
      missing.push(
        error(
          25005,
          DOMAIN_INVENTORY,
          `The eBay listing associated with the inventory item, or the unpublished offer has an invalid category ID. Category ${item.categoryId} (${EBAY_US_TOP_LEVEL_CATEGORIES[item.categoryId]}) is not a leaf category: choose one of its subcategories.`,
        ),
      );
    }
    missing.push(...locationProblems(seller, item), ...policyProblems(seller, item));
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
  });

  // withdrawOffer: the listing ends; the offer stays (UNPUBLISHED) and can be published again.
  router.post(`${INVENTORY}/offer/:offerId/withdraw`, (req, res) => {
    const seller = withSeller(req, res);
    if (!seller) return;
    const item = byOffer(seller, req.params.offerId!);
    if (!item) return offerNotFound(res);
    if (item.offerStatus !== 'PUBLISHED')
      return void fail(res, 400, error(25713, DOMAIN_INVENTORY, 'This Offer is not available. It is not published.'));
    item.offerStatus = 'UNPUBLISHED';
    context.changed(seller.sellerId);
    res.json({ listingId: item.listingId });
  });

  router.post(`${INVENTORY}/bulk_update_price_quantity`, (req, res) => {
    const seller = withSeller(req, res);
    if (!seller) return;
    const requests = (req.body as { requests?: unknown })?.requests;
    const max = Math.min(25, context.state().settings.maxSkusPerCall);
    if (
      !Array.isArray(requests) ||
      requests.length === 0 ||
      !requests.every((r) => r && typeof r === 'object' && typeof r.sku === 'string')
    ) {
      fail(
        res,
        400,
        error(25709, DOMAIN_INVENTORY, 'Invalid value for requests. Each request needs a sku.', {
          parameters: [{ name: 'fieldName', value: 'requests' }],
        }),
      );
      return;
    }
    if (new Set(requests.map((r) => r.sku)).size > max || requests.length > 25) {
      fail(
        res,
        400,
        error(25709, DOMAIN_INVENTORY, `Invalid value for requests. At most ${max} SKUs per call.`, {
          parameters: [{ name: 'fieldName', value: 'requests' }],
        }),
      );
      return;
    }
    const now = Date.now();
    const responses = requests.flatMap((request: PriceQuantityRequest) =>
      updatePriceQuantity(seller, request, context, now),
    );
    context.changed(seller.sellerId);
    res.status(responses.every((r) => r.statusCode === 200) ? 200 : 207).json({ responses });
  });
}

interface PriceQuantityRequest {
  sku: string;
  shipToLocationAvailability?: { quantity?: unknown };
  offers?: Array<{ offerId?: unknown; availableQuantity?: unknown; price?: { value?: unknown; currency?: unknown } }>;
}

/** The rejectSkus fault: eBay's per-item user error for this SKU. */
const refusedError = (sku: string) =>
  error(25002, DOMAIN_INVENTORY, `Any User error. ${refusedSkuMessage(sku)}`, {
    parameters: [{ name: 'sku', value: sku }],
  });

const revisionLimitError = () =>
  error(
    25002,
    DOMAIN_INVENTORY,
    `Any User error. This listing has been revised ${REVISIONS_PER_LISTING_PER_DAY} times today; it can be revised again from the next calendar day.`,
  );

/** Counts a revision of a published listing; false when the day's revisions are spent (realistic profile). */
function countRevision(seller: SandboxSeller, item: SandboxItem, context: Context, now: number): boolean {
  if (item.offerStatus !== 'PUBLISHED') return true;
  const day = pacificDay(now);
  if (item.revisions.day !== day) item.revisions = { day, count: 0 };
  if (
    context.faults(seller.sellerId).rateLimitProfile === 'realistic' &&
    item.revisions.count >= REVISIONS_PER_LISTING_PER_DAY
  )
    return false;
  item.revisions.count++;
  return true;
}

/** One request of bulk_update_price_quantity: all of it applies, or none (with eBay's errors). */
function updatePriceQuantity(seller: SandboxSeller, request: PriceQuantityRequest, context: Context, now: number) {
  const { sku } = request;
  const item = seller.items[sku];
  const offers = Array.isArray(request.offers) ? request.offers : [];
  const answer = (statusCode: number, errors?: EbayErrorDetail[]) =>
    offers.length > 0
      ? offers.map((o) => ({
          ...(typeof o?.offerId === 'string' ? { offerId: o.offerId } : {}),
          sku,
          statusCode,
          ...(errors ? { errors } : {}),
        }))
      : [{ sku, statusCode, ...(errors ? { errors } : {}) }];
  if (!item)
    return answer(404, [
      error(25002, DOMAIN_INVENTORY, `Any User error. ${sku} could not be found or is not available in the system.`, {
        parameters: [{ name: 'sku', value: sku }],
      }),
    ]);
  if (context.refusesSku(seller.sellerId, sku)) return answer(400, [refusedError(sku)]);
  const problems: EbayErrorDetail[] = [];
  const shipTo = request.shipToLocationAvailability?.quantity;
  if (request.shipToLocationAvailability !== undefined && !isQuantity(shipTo))
    problems.push(
      error(25709, DOMAIN_INVENTORY, 'Invalid value for shipToLocationAvailability.quantity.', {
        parameters: [{ name: 'fieldName', value: 'quantity' }],
      }),
    );
  if (request.shipToLocationAvailability === undefined && offers.length === 0)
    problems.push(
      error(25709, DOMAIN_INVENTORY, 'Invalid value for request. Give shipToLocationAvailability or offers.'),
    );
  for (const offer of offers) {
    if (offer?.offerId !== item.offerId)
      problems.push(
        error(
          25709,
          DOMAIN_INVENTORY,
          `Invalid value for offerId. Offer ${String(offer?.offerId)} is not an offer of ${sku}.`,
          { parameters: [{ name: 'fieldName', value: 'offerId' }] },
        ),
      );
    if (offer?.availableQuantity !== undefined && !isQuantity(offer.availableQuantity))
      problems.push(
        error(25709, DOMAIN_INVENTORY, 'Invalid value for availableQuantity.', {
          parameters: [{ name: 'fieldName', value: 'availableQuantity' }],
        }),
      );
    const price = offer?.price;
    if (price !== undefined) {
      if (
        typeof price?.value !== 'string' ||
        !/^\d+(\.\d{1,2})?$/.test(price.value) ||
        price.currency !== item.price.currency
      ) {
        problems.push(
          error(
            25709,
            DOMAIN_INVENTORY,
            `Invalid value for price. Send { value: "12.34", currency: "${item.price.currency}" }.`,
            { parameters: [{ name: 'fieldName', value: 'price' }] },
          ),
        );
      } else if (Number(price.value) < 0.99) {
        problems.push(
          error(
            25709,
            DOMAIN_INVENTORY,
            `Invalid value for price. The price of a fixed-price listing must be at least 0.99 ${item.price.currency}.`,
            { parameters: [{ name: 'fieldName', value: 'price' }] },
          ),
        );
      }
    }
  }
  if (problems.length) return answer(400, problems);
  if (!countRevision(seller, item, context, now)) return answer(400, [revisionLimitError()]);
  if (typeof shipTo === 'number') item.quantity = shipTo;
  for (const offer of offers) {
    if (typeof offer.availableQuantity === 'number') item.quantity = offer.availableQuantity;
    if (offer.price) item.price = { value: Number(offer.price.value).toFixed(2), currency: item.price.currency };
  }
  return answer(200);
}

/** publishOffer's check of the inventory location: one of the seller's, enabled (error 25012 otherwise). */
function locationProblems(seller: SandboxSeller, item: SandboxItem): EbayErrorDetail[] {
  if (!item.merchantLocationKey) {
    return [
      error(
        25002,
        DOMAIN_INVENTORY,
        'A user error has occurred. No inventory location is set: add merchantLocationKey to the offer.',
        { parameters: [{ name: 'fieldName', value: 'merchantLocationKey' }] },
      ),
    ];
  }
  const location = (seller.locations ?? []).find((l) => l.merchantLocationKey === item.merchantLocationKey);
  if (!location)
    return [
      error(
        25012,
        DOMAIN_INVENTORY,
        `Invalid inventory location. ${item.merchantLocationKey} is not one of your inventory locations.`,
      ),
    ];
  if (location.merchantLocationStatus !== 'ENABLED')
    return [error(25012, DOMAIN_INVENTORY, `Invalid inventory location. ${item.merchantLocationKey} is disabled.`)];
  return [];
}

/** publishOffer's check of the business policies: one of each kind, the seller's own for EBAY_US (errors 25007-25009, 25035). */
function policyProblems(seller: SandboxSeller, item: SandboxItem): EbayErrorDetail[] {
  const problems: EbayErrorDetail[] = [];
  const kinds = [
    { field: 'fulfillmentPolicyId', list: seller.policies?.fulfillment, code: 25007, name: 'Fulfillment' },
    { field: 'paymentPolicyId', list: seller.policies?.payment, code: 25008, name: 'Payment' },
    { field: 'returnPolicyId', list: seller.policies?.return, code: 25009, name: 'Return' },
  ] as const;
  for (const kind of kinds) {
    const id = item.listingPolicies?.[kind.field];
    const text = `The eBay listing associated with the inventory item, or the unpublished offer has invalid data in the associated ${kind.name} policy.`;
    if (!id)
      problems.push(
        error(
          kind.code,
          DOMAIN_INVENTORY,
          `${text} A ${kind.name.toLowerCase()} policy is required: add listingPolicies.${kind.field} to the offer.`,
        ),
      );
    else if (!(kind.list ?? []).some((p) => p.id === id))
      problems.push(
        error(
          25035,
          DOMAIN_INVENTORY,
          `The specified policy is not found for the market place. ${kind.name} policy ${id} is not one of yours on EBAY_US.`,
        ),
      );
  }
  return problems;
}

function locationBody(location: SandboxLocation) {
  return {
    merchantLocationKey: location.merchantLocationKey,
    name: location.name,
    merchantLocationStatus: location.merchantLocationStatus,
    locationTypes: location.locationTypes,
    location: { address: location.address },
    timeZoneId: location.timeZoneId,
  };
}

const usCities = [
  {
    city: 'Columbus',
    stateOrProvince: 'OH',
    postalCode: '43228',
    street: '4400 Lockbourne Rd',
    timeZoneId: 'America/New_York',
  },
  {
    city: 'Reno',
    stateOrProvince: 'NV',
    postalCode: '89502',
    street: '1350 Greg St',
    timeZoneId: 'America/Los_Angeles',
  },
  {
    city: 'Memphis',
    stateOrProvince: 'TN',
    postalCode: '38118',
    street: '3820 Tchulahoma Rd',
    timeZoneId: 'America/Chicago',
  },
  {
    city: 'Allentown',
    stateOrProvince: 'PA',
    postalCode: '18106',
    street: '705 Boulder Dr',
    timeZoneId: 'America/New_York',
  },
  {
    city: 'Denver',
    stateOrProvince: 'CO',
    postalCode: '80216',
    street: '5200 Havana St',
    timeZoneId: 'America/Denver',
  },
];

/** A seller's inventory locations as Seller Hub sets them up: a warehouse or two, and a closed store (disabled). */
function generatedLocations(sequence: number): SandboxLocation[] {
  const pick = (i: number) => usCities[(sequence + i) % usCities.length]!;
  const location = (i: number, type: 'WAREHOUSE' | 'STORE', status: 'ENABLED' | 'DISABLED'): SandboxLocation => {
    const place = pick(i);
    return {
      merchantLocationKey: `${type === 'WAREHOUSE' ? 'wh' : 'store'}-${place.city.toLowerCase()}-${i + 1}`,
      name: `${place.city} ${type === 'WAREHOUSE' ? 'warehouse' : 'store'}`,
      merchantLocationStatus: status,
      locationTypes: [type],
      address: {
        addressLine1: place.street,
        city: place.city,
        stateOrProvince: place.stateOrProvince,
        postalCode: place.postalCode,
        country: 'US',
      },
      timeZoneId: place.timeZoneId,
    };
  };
  return [location(0, 'WAREHOUSE', 'ENABLED'), location(1, 'WAREHOUSE', 'ENABLED'), location(2, 'STORE', 'DISABLED')];
}

/** A seller's business policies for EBAY_US, as eBay numbers them (long ids) and sellers name them. */
function generatedPolicies(): NonNullable<SandboxSeller['policies']> {
  const id = () => String(6_000_000_000 + Math.floor(Math.random() * 3_000_000_000));
  const policy = (name: string, description: string, extra: Partial<SandboxPolicy> = {}): SandboxPolicy => ({
    id: id(),
    name,
    description,
    marketplaceId: 'EBAY_US',
    ...extra,
  });
  return {
    fulfillment: [
      policy('Free standard shipping', 'USPS Ground Advantage, free to the buyer', {
        handlingDays: 1,
        freeShipping: true,
      }),
      policy('Expedited shipping', 'UPS 2nd Day Air, buyer pays', { handlingDays: 2, freeShipping: false }),
    ],
    payment: [policy('eBay managed payments', 'Immediate payment required')],
    return: [
      policy('30-day returns', 'Buyer pays return shipping', { returnDays: 30 }),
      policy('No returns', 'Returns not accepted', { returnDays: 0 }),
    ],
  };
}

/** A leaf category of eBay US for a generated product: its noun's category. */
function leafCategoryOf(title: string): string {
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

// ---- Account API: business policies ------------------------------------------------------------

const DOMAIN_ACCOUNT = 'API_ACCOUNT';

function accountRoutes(router: Router, context: Context) {
  const policiesOf = (req: Request, res: Response, kind: 'fulfillment' | 'payment' | 'return') => {
    const grant = authorize(req, res, context, 'account', [ebayScopes.account, ebayScopes.accountReadonly], 'user');
    if (!grant) return undefined;
    const marketplace = req.query.marketplace_id;
    if (marketplace === undefined || marketplace === '')
      return void fail(
        res,
        400,
        error(20401, DOMAIN_ACCOUNT, 'Missing field marketplaceId.', {
          parameters: [{ name: 'fieldName', value: 'marketplaceId' }],
        }),
      );
    if (typeof marketplace !== 'string' || !/^EBAY_[A-Z_]+$/.test(marketplace))
      return void fail(
        res,
        400,
        error(20403, DOMAIN_ACCOUNT, 'Invalid marketplaceId.', {
          parameters: [{ name: 'fieldName', value: 'marketplaceId' }],
        }),
      );
    const seller = context.state().sellers[grant.sellerId!]!;
    // The sandbox's sellers have policies on eBay US only.
    return marketplace === 'EBAY_US' ? (seller.policies?.[kind] ?? []) : [];
  };
  const categoryTypes = [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES', default: true }];

  router.get(`${ACCOUNT}/fulfillment_policy`, (req, res) => {
    const list = policiesOf(req, res, 'fulfillment');
    if (!list) return;
    res.json({
      total: list.length,
      fulfillmentPolicies: list.map((p) => ({
        fulfillmentPolicyId: p.id,
        name: p.name,
        description: p.description,
        marketplaceId: p.marketplaceId,
        categoryTypes,
        handlingTime: { unit: 'DAY', value: p.handlingDays ?? 1 },
        shippingOptions: [
          {
            optionType: 'DOMESTIC',
            costType: 'FLAT_RATE',
            shippingServices: [
              {
                sortOrder: 1,
                shippingServiceCode: p.freeShipping ? 'USPSGroundAdvantage' : 'UPS2ndDay',
                freeShipping: Boolean(p.freeShipping),
                buyerResponsibleForShipping: !p.freeShipping,
              },
            ],
          },
        ],
        shipToLocations: { regionIncluded: [{ regionName: 'United States', regionType: 'COUNTRY' }] },
        globalShipping: false,
        localPickup: false,
        freightShipping: false,
        pickupDropOff: false,
      })),
    });
  });

  router.get(`${ACCOUNT}/payment_policy`, (req, res) => {
    const list = policiesOf(req, res, 'payment');
    if (!list) return;
    res.json({
      total: list.length,
      paymentPolicies: list.map((p) => ({
        paymentPolicyId: p.id,
        name: p.name,
        description: p.description,
        marketplaceId: p.marketplaceId,
        categoryTypes,
        immediatePay: true,
      })),
    });
  });

  router.get(`${ACCOUNT}/return_policy`, (req, res) => {
    const list = policiesOf(req, res, 'return');
    if (!list) return;
    res.json({
      total: list.length,
      returnPolicies: list.map((p) => ({
        returnPolicyId: p.id,
        name: p.name,
        description: p.description,
        marketplaceId: p.marketplaceId,
        categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES', default: true }],
        returnsAccepted: (p.returnDays ?? 0) > 0,
        ...((p.returnDays ?? 0) > 0
          ? {
              returnPeriod: { unit: 'DAY', value: p.returnDays },
              returnShippingCostPayer: 'BUYER',
              refundMethod: 'MONEY_BACK',
            }
          : {}),
      })),
    });
  });
}

// ---- Fulfillment API ---------------------------------------------------------------------------

const DOMAIN_FULFILLMENT = 'API_FULFILLMENT';

function fulfillmentRoutes(router: Router, context: Context) {
  router.get(`${FULFILLMENT}/order`, (req, res) => {
    const grant = authorize(req, res, context, 'fulfillment', ebayScopes.fulfillment, 'user');
    if (!grant) return;
    const seller = context.state().sellers[grant.sellerId!]!;
    const limit = req.query.limit === undefined ? 50 : Number(req.query.limit);
    const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      return fail(res, 400, error(31100, DOMAIN_FULFILLMENT, `Invalid limit: ${String(req.query.limit)}`));
    if (!Number.isInteger(offset) || offset < 0)
      return fail(res, 400, error(31000, DOMAIN_FULFILLMENT, `Invalid offset: ${String(req.query.offset)}`));
    const now = Date.now();
    let field: 'creationDate' | 'lastModifiedDate' = 'creationDate';
    let from = now - 90 * 86_400_000;
    let to = now;
    let statuses: string[] | undefined;
    const filter = typeof req.query.filter === 'string' ? req.query.filter : '';
    for (const [, name, value] of filter.matchAll(/([a-z]+):(\[[^\]]*\]|\{[^}]*\})/gi)) {
      const key = name!.toLowerCase();
      if (key === 'creationdate' || key === 'lastmodifieddate') {
        const range = /^\[([^.\]]*(?:\.\d+)?[^.\]]*)\.\.([^\]]*)\]$/.exec(value!);
        if (!range) return fail(res, 400, error(30810, DOMAIN_FULFILLMENT, 'Invalid date format'));
        if (!range[1]) return fail(res, 400, error(30820, DOMAIN_FULFILLMENT, 'Start date is missing'));
        const start = Date.parse(range[1]);
        const end = range[2] ? Date.parse(range[2]) : now;
        if (!Number.isFinite(start) || !Number.isFinite(end))
          return fail(res, 400, error(30810, DOMAIN_FULFILLMENT, 'Invalid date format'));
        if (start > now + 60_000 || (range[2] && end > now + 60_000))
          return fail(res, 400, error(30850, DOMAIN_FULFILLMENT, "Start and end dates can't be in the future"));
        if (start > end)
          return fail(res, 400, error(30840, DOMAIN_FULFILLMENT, 'Start date should be before end date'));
        field = key === 'creationdate' ? 'creationDate' : 'lastModifiedDate';
        from = start;
        to = end;
      } else if (key === 'orderfulfillmentstatus') {
        statuses = value!.slice(1, -1).split('|');
      } else {
        return fail(res, 400, error(30700, DOMAIN_FULFILLMENT, `Invalid filter name: ${name}`));
      }
    }
    if (filter && ![...filter.matchAll(/([a-z]+):(\[[^\]]*\]|\{[^}]*\})/gi)].length)
      return fail(res, 400, error(30700, DOMAIN_FULFILLMENT, `Invalid filter name: ${filter.split(':')[0]}`));
    const orderIds = typeof req.query.orderIds === 'string' ? req.query.orderIds.split(',') : undefined;
    if (orderIds && orderIds.length > 50)
      return fail(
        res,
        400,
        error(30900, DOMAIN_FULFILLMENT, 'Exceeded maximum number of order IDs (the current limit is 50)'),
      );
    const matching = seller.orders
      .filter((o) =>
        orderIds
          ? orderIds.includes(o.orderId)
          : Date.parse(o[field]) >= from &&
            Date.parse(o[field]) <= to &&
            (!statuses || statuses.includes(o.orderFulfillmentStatus)),
      )
      .sort((a, b) => a.lastModifiedDate.localeCompare(b.lastModifiedDate) || a.orderId.localeCompare(b.orderId));
    const page = matching.slice(offset, offset + limit);
    const link = (o: number) => {
      const url = new URL(`${context.baseUrl}${FULFILLMENT}/order`);
      if (filter) url.searchParams.set('filter', filter);
      url.searchParams.set('limit', String(limit));
      url.searchParams.set('offset', String(o));
      return url.toString();
    };
    res.json({
      href: link(offset),
      limit,
      offset,
      total: matching.length,
      ...(offset + limit < matching.length ? { next: link(offset + limit) } : {}),
      ...(offset > 0 ? { prev: link(Math.max(0, offset - limit)) } : {}),
      orders: page,
    });
  });
}

// ---- Notification API --------------------------------------------------------------------------

const DOMAIN_NOTIFICATION = 'API_NOTIFICATION';

function notificationRoutes(router: Router, context: Context) {
  const appOrUser = (req: Request, res: Response) =>
    authorize(req, res, context, 'notification', ebayScopes.notification, 'any');

  router.get(`${NOTIFICATION}/public_key/:kid`, (req, res) => {
    if (!appOrUser(req, res)) return;
    const key = context.state().signingKey;
    if (req.params.kid !== key.kid)
      return fail(res, 404, error(195001, DOMAIN_NOTIFICATION, 'The specified key id is invalid.'));
    res.json({ algorithm: 'ECDSA', digest: 'SHA256', key: key.publicKey });
  });

  router.post(`${NOTIFICATION}/destination`, async (req, res) => {
    if (!appOrUser(req, res)) return;
    const body = (req.body ?? {}) as {
      name?: unknown;
      status?: unknown;
      deliveryConfig?: { endpoint?: unknown; verificationToken?: unknown };
    };
    const endpoint = body.deliveryConfig?.endpoint;
    const verificationToken = body.deliveryConfig?.verificationToken;
    if (typeof body.name !== 'string' || !body.name || body.name.length > 64 || /[<>]/.test(body.name))
      return fail(
        res,
        400,
        error(195016, DOMAIN_NOTIFICATION, 'Invalid name. Markups or lengths greater than 64 not supported'),
      );
    if (typeof endpoint !== 'string' || !/^https?:\/\//.test(endpoint) || !URL.canParse(endpoint))
      return fail(res, 400, error(195017, DOMAIN_NOTIFICATION, 'Invalid or missing endpoint.'));
    if (body.status !== 'ENABLED' && body.status !== 'DISABLED')
      return fail(
        res,
        400,
        error(
          195018,
          DOMAIN_NOTIFICATION,
          'Invalid or missing destination status. Supported values:[ENABLED,DISABLED]',
        ),
      );
    // eBay's rule for the token: 32 to 80 characters of letters, digits, underscore and hyphen.
    if (typeof verificationToken !== 'string' || !/^[A-Za-z0-9_-]{32,80}$/.test(verificationToken))
      return fail(
        res,
        400,
        error(195019, DOMAIN_NOTIFICATION, 'Invalid or missing verification token for this endpoint.'),
      );
    const state = context.state();
    if (Object.values(state.destinations).some((d) => d.endpoint === endpoint))
      return fail(res, 409, error(195021, DOMAIN_NOTIFICATION, 'Destination exists for this endpoint'));
    if (!(await challengeAnswered(endpoint, verificationToken)))
      return fail(res, 409, error(195020, DOMAIN_NOTIFICATION, 'Challenge verification failed for requested endpoint'));
    const destinationId = crypto.randomUUID();
    state.destinations[destinationId] = {
      destinationId,
      name: body.name,
      status: body.status,
      endpoint,
      verificationToken,
    };
    context.changed();
    res.status(201).set('Location', `${context.baseUrl}${NOTIFICATION}/destination/${destinationId}`).end();
  });

  const destinationBody = (d: EbayState['destinations'][string]) => ({
    destinationId: d.destinationId,
    name: d.name,
    status: d.status,
    deliveryConfig: { endpoint: d.endpoint, verificationToken: d.verificationToken },
  });

  router.get(`${NOTIFICATION}/destination`, (req, res) => {
    if (!appOrUser(req, res)) return;
    const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 10 || limit > 100)
      return fail(res, 400, error(195023, DOMAIN_NOTIFICATION, 'Invalid limit. Supported ranges 10 - 100.'));
    const all = Object.values(context.state().destinations);
    res.json({
      href: `${context.baseUrl}${NOTIFICATION}/destination?limit=${limit}`,
      limit,
      total: all.length,
      destinations: all.slice(0, limit).map(destinationBody),
    });
  });

  router.get(`${NOTIFICATION}/destination/:id`, (req, res) => {
    if (!appOrUser(req, res)) return;
    const destination = context.state().destinations[req.params.id!];
    if (!destination) return fail(res, 404, error(195022, DOMAIN_NOTIFICATION, 'The destination id is invalid.'));
    res.json(destinationBody(destination));
  });

  router.delete(`${NOTIFICATION}/destination/:id`, (req, res) => {
    if (!appOrUser(req, res)) return;
    const state = context.state();
    if (!state.destinations[req.params.id!])
      return fail(res, 404, error(195022, DOMAIN_NOTIFICATION, 'The destination id is invalid.'));
    if (Object.values(state.subscriptions).some((s) => s.destinationId === req.params.id))
      return fail(res, 409, error(195024, DOMAIN_NOTIFICATION, 'Destination is in use and cannot be deleted.'));
    delete state.destinations[req.params.id!];
    context.changed();
    res.status(204).end();
  });

  router.post(`${NOTIFICATION}/subscription`, (req, res) => {
    const grant = appOrUser(req, res);
    if (!grant) return;
    const state = context.state();
    const body = (req.body ?? {}) as {
      topicId?: unknown;
      status?: unknown;
      destinationId?: unknown;
      payload?: { format?: unknown; schemaVersion?: unknown; deliveryProtocol?: unknown };
    };
    const topic = TOPICS.find((t) => t === body.topicId);
    if (!topic) return fail(res, 400, error(195027, DOMAIN_NOTIFICATION, 'Invalid or missing topic id.'));
    if (body.status !== 'ENABLED' && body.status !== 'DISABLED')
      return fail(res, 400, error(195006, DOMAIN_NOTIFICATION, 'Invalid or missing subscription status.'));
    const destination = typeof body.destinationId === 'string' ? state.destinations[body.destinationId] : undefined;
    if (!destination) return fail(res, 400, error(195007, DOMAIN_NOTIFICATION, 'Invalid or missing destination id.'));
    if (body.payload?.deliveryProtocol !== 'HTTPS')
      return fail(res, 400, error(195010, DOMAIN_NOTIFICATION, 'Invalid or missing protocol'));
    if (body.payload?.format !== 'JSON')
      return fail(res, 400, error(195009, DOMAIN_NOTIFICATION, 'Specified format is not supported for the topic.'));
    if (body.payload?.schemaVersion !== '1.0')
      return fail(
        res,
        400,
        error(
          195008,
          DOMAIN_NOTIFICATION,
          'Invalid or missing schema version. Please refer to /topic/{topic_id} for supported schema versions.',
        ),
      );
    // ORDER_CONFIRMATION is a user topic (a seller's token); account deletion is the application's.
    const userTopic = topic === 'ORDER_CONFIRMATION';
    if (userTopic !== (grant.sellerId !== null))
      return fail(res, 403, error(195011, DOMAIN_NOTIFICATION, 'Not authorized for this topic.'));
    if (body.status === 'ENABLED' && destination.status !== 'ENABLED')
      return fail(
        res,
        409,
        error(195015, DOMAIN_NOTIFICATION, 'The subscription cannot be enabled since the destination is not enabled.'),
      );
    if (
      Object.values(state.subscriptions).some(
        (s) => s.topicId === topic && s.sellerId === grant.sellerId && s.destinationId === destination.destinationId,
      )
    ) {
      return fail(res, 409, error(195012, DOMAIN_NOTIFICATION, 'Subscription already exists'));
    }
    const subscriptionId = crypto.randomUUID();
    state.subscriptions[subscriptionId] = {
      subscriptionId,
      topicId: topic,
      status: body.status,
      creationDate: new Date().toISOString(),
      destinationId: destination.destinationId,
      payload: { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' },
      sellerId: grant.sellerId,
    };
    context.changed();
    res.status(201).set('Location', `${context.baseUrl}${NOTIFICATION}/subscription/${subscriptionId}`).end();
  });

  const subscriptionBody = ({ sellerId: _sellerId, ...rest }: EbayState['subscriptions'][string]) => rest;

  router.get(`${NOTIFICATION}/subscription`, (req, res) => {
    const grant = appOrUser(req, res);
    if (!grant) return;
    const mine = Object.values(context.state().subscriptions).filter((s) => s.sellerId === grant.sellerId);
    res.json({
      href: `${context.baseUrl}${NOTIFICATION}/subscription`,
      limit: 100,
      total: mine.length,
      subscriptions: mine.map(subscriptionBody),
    });
  });

  router.get(`${NOTIFICATION}/subscription/:id`, (req, res) => {
    const grant = appOrUser(req, res);
    if (!grant) return;
    const subscription = context.state().subscriptions[req.params.id!];
    if (!subscription || subscription.sellerId !== grant.sellerId)
      return fail(res, 404, error(195026, DOMAIN_NOTIFICATION, 'The subscription id is invalid.'));
    res.json(subscriptionBody(subscription));
  });

  router.delete(`${NOTIFICATION}/subscription/:id`, (req, res) => {
    const grant = appOrUser(req, res);
    if (!grant) return;
    const state = context.state();
    const subscription = state.subscriptions[req.params.id!];
    if (!subscription || subscription.sellerId !== grant.sellerId)
      return fail(res, 404, error(195026, DOMAIN_NOTIFICATION, 'The subscription id is invalid.'));
    delete state.subscriptions[req.params.id!];
    context.changed();
    res.status(204).end();
  });
}

/** eBay's endpoint validation: GET endpoint?challenge_code=… must answer hex(SHA-256(code + token + endpoint)). */
async function challengeAnswered(endpoint: string, verificationToken: string): Promise<boolean> {
  const challengeCode = crypto.randomBytes(32).toString('hex');
  const url = new URL(endpoint);
  url.searchParams.set('challenge_code', challengeCode);
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return false;
    const body = (await response.json()) as { challengeResponse?: unknown };
    return body.challengeResponse === sha256Hex(challengeCode + verificationToken + endpoint);
  } catch {
    return false;
  }
}

// ---- the sandbox's own controls (beside the kit's, under _control: not logged, never faulted) -----

function controlRoutes(router: Router, context: Context) {
  router.get('/settings', (_req, res) => {
    res.json(context.state().settings);
  });
  router.put('/settings', (req, res) => {
    // The settings hold for every seller: only the open control API changes them.
    if (!context.openControl)
      return res.status(403).json({
        message: 'The eBay sandbox settings hold for every seller: they change only with SANDBOX_CONTROL=open.',
      });
    const body = (req.body ?? {}) as Record<string, unknown>;
    const settings = { ...context.state().settings };
    if (body.maxSkusPerCall !== undefined) {
      if (
        !Number.isInteger(body.maxSkusPerCall) ||
        (body.maxSkusPerCall as number) < 1 ||
        (body.maxSkusPerCall as number) > 25
      ) {
        return res.status(400).json({ message: 'maxSkusPerCall must be a whole number from 1 to 25' });
      }
      settings.maxSkusPerCall = body.maxSkusPerCall as number;
    }
    if (body.quotaWindowSeconds !== undefined) {
      if (
        typeof body.quotaWindowSeconds !== 'number' ||
        !(body.quotaWindowSeconds >= 1 && body.quotaWindowSeconds <= 86_400)
      ) {
        return res.status(400).json({ message: 'quotaWindowSeconds must be a number from 1 to 86400' });
      }
      settings.quotaWindowSeconds = body.quotaWindowSeconds;
    }
    if (body.dailyQuotas !== undefined) {
      const quotas = body.dailyQuotas as Record<string, unknown>;
      if (
        !quotas ||
        typeof quotas !== 'object' ||
        !Object.entries(quotas).every(
          ([api, n]) => (ebayApis as readonly string[]).includes(api) && Number.isInteger(n) && (n as number) >= 0,
        )
      ) {
        return res.status(400).json({ message: `dailyQuotas maps ${ebayApis.join(', ')} to whole numbers ≥ 0` });
      }
      settings.dailyQuotas = quotas as EbayState['settings']['dailyQuotas'];
    }
    context.state().settings = settings;
    context.state().usage = {};
    context.changed();
    res.json(settings);
  });
  /** The seller closed their eBay account: eBay tells every application subscribed to the topic. */
  router.post('/sellers/:sellerId/account_deletion', (req, res) => {
    const state = context.state();
    const seller = state.sellers[req.params.sellerId!];
    if (!seller) return res.status(404).json({ message: 'No such seller' });
    const sent = publish(context, 'MARKETPLACE_ACCOUNT_DELETION', null, {
      username: seller.username,
      userId: seller.sellerId,
      eiasToken: Buffer.from(seller.sellerId).toString('base64'),
    });
    res.status(202).json({ notifications: sent });
  });
}
