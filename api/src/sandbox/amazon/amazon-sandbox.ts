/**
 * A stand-in for the Amazon Selling Partner API: Login with Amazon tokens (auth.ts), Listings Items
 * 2021-08-01 (listings.ts: changes applied asynchronously; a new listing needs a product type Amazon
 * defines, product-types.ts), JSON_LISTINGS_FEED through the Feeds API 2021-06-30 (feeds.ts, documents on
 * a pre-signed URL, processing in `tick`, per-message report in listings-feed.ts), Orders v0 (orders.ts,
 * confirmShipment in shipments.ts), Notifications v1 to an EventBridge destination (notifications.ts), and
 * buyers' returns (returns.ts, made and received through the control API) read through the Reports API
 * 2021-06-30 (reports.ts); offers fulfilled by Amazon, their stock through the FBA Inventory API v1 (fba.ts), and an order's fees through the Finances API v0 (finances.ts).
 * Beside the SP-API, the Amazon Ads API: each seller's advertising profile and Sponsored Products (ads.ts).
 * It imports nothing of the engine.
 */
import { restrictedDataControlRoutes, authorizationControlRoutes, tokenRoutes } from './tokens.ts';
import crypto from 'node:crypto';
import type { Router } from 'express';
import type { SandboxDefinition } from '../shared/sandbox-kit.ts';
import { attributesFor } from './attributes.ts';
import { adsSellerOfRequest } from './ads-access.ts';
import { adsRoutes } from './ads.ts';
import { seedAdvertising } from './ads-state.ts';
import { authRoutes, sellerWithClientId } from './auth.ts';
import { errorBody } from './errors.ts';
import { advanceFeeds, feedRoutes } from './feeds.ts';
import { financesControlRoutes, financesRoutes } from './finances.ts';
import { limits } from './limits.ts';
import { applyDueChanges, editItem, listingsRoutes } from './listings.ts';
import { notificationRoutes } from './notifications.ts';
import { cancelOrder, orderRoutes, placeOrder } from './orders.ts';
import { productTypeDefinitionRoutes } from './product-type-schemas.ts';
import { productTypeRoutes } from './product-types.ts';
import { advanceReports, reportRoutes } from './reports.ts';
import { returnControlRoutes } from './returns.ts';
import { applyDueRepricing, competingOfferControlRoutes, pricingRoutes } from './pricing.ts';
import { listingIssueControlRoutes } from './listing-issues.ts';
import { fbaControlRoutes, fbaRoutes } from './fba.ts';
import { orderView, shipmentRoutes } from './shipments.ts';
import {
  UPPER_ALNUM,
  priceOf,
  quantityOf,
  randomChars,
  sha256,
  summaryStatus,
  type AmazonContext,
  type AmazonSandboxState,
  type ItemRecord,
} from './state.ts';

export const amazonSandbox: SandboxDefinition<AmazonSandboxState> = {
  kind: 'amazon',

  emptyState: () => ({
    sellers: {},
    accessTokens: {},
    destinations: {},
    documents: {},
    feeds: {},
    reports: {},
    signingKey: crypto.randomBytes(32).toString('hex'),
  }),
  perSellerCollections: ['documents', 'feeds', 'reports'],

  sellerOfRequest(state, req) {
    const token = req.get('x-amz-access-token');
    const record = token ? state.accessTokens[sha256(token)] : undefined;
    if (record) return record.sellerId ?? sellerWithClientId(state, record.clientId)?.sellerId;
    const advertiser = adsSellerOfRequest(state, req);
    if (advertiser) return advertiser;
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
    seedAdvertising(state, state.sellers[sellerId]!, Object.keys(items));
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
      attributes: Object.fromEntries(
        Object.entries(item.attributes).map(([name, values]) => {
          const first = values?.[0] as Record<string, unknown> | undefined;
          return [name, first?.value ?? first?.media_location ?? first ?? null];
        }),
      ),
    };
  },
  placeOrder,
  cancelOrder,
  orderView,
  editItem,

  errorBody,
  limits,

  routes(router: Router, context) {
    authRoutes(router, context);
    tokenRoutes(router, context);
    listingsRoutes(router, context);
    feedRoutes(router, context);
    orderRoutes(router, context);
    shipmentRoutes(router, context);
    productTypeRoutes(router, context);
    productTypeDefinitionRoutes(router, context);
    notificationRoutes(router, context);
    reportRoutes(router, context);
    pricingRoutes(router, context);
    fbaRoutes(router, context);
    financesRoutes(router, context);
    adsRoutes(router, context);
  },

  // Buyers' returns and refunds, the application's restricted roles, beside the kit's orders under _control (not logged, never faulted).
  controlRoutes: (router, context) => {
    returnControlRoutes(router, context);
    restrictedDataControlRoutes(router, context);
    authorizationControlRoutes(router, context);
    competingOfferControlRoutes(router, context);
    listingIssueControlRoutes(router, context);
    fbaControlRoutes(router, context);
    financesControlRoutes(router, context);
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

function applyDueWork(state: AmazonSandboxState, context: AmazonContext) {
  const now = Date.now();
  const changed = new Set<string>();
  applyDueChanges(state, context, now, changed);
  applyDueRepricing(state, context, now, changed);
  advanceFeeds(state, context, now, changed);
  advanceReports(state, now, changed);
  for (const sellerId of changed) context.changed(sellerId);
}
