/**
 * A stateful stand-in for the Walmart Marketplace (US) API: the seller's own paths below the prefix
 * (/v3/token in auth.ts; /v3/items, /v3/inventory and /v3/price in listings.ts; /v3/items/spec in item-spec.ts;
 * /v3/feeds in feeds.ts;
 * /v3/orders in orders.ts, shipping.ts and refunds.ts; /v3/returns in returns.ts; /v3/webhooks/subscriptions in
 * notifications.ts; WFS items and /v3/fulfillment/inventory in wfs.ts; the recon (settlement) reports below
 * /v3/report/reconreport in recon.ts; Walmart Connect Sponsored Search below
 * /api-proxy/service/WPA/Api/v1 in connect.ts), with Walmart's headers,
 * error bodies and 429 answers. It imports nothing of the engine.
 */
import crypto from 'node:crypto';
import type { Router } from 'express';
import type { SandboxDefinition } from '../shared/sandbox-kit.ts';
import type { GeneratedProduct } from '../shared/catalogue-generator.ts';
import { authRoutes, header } from './auth.ts';
import { connectRoutes, connectSellerOfRequest } from './connect.ts';
import { seedWalmartConnect } from './connect-state.ts';
import { errorBody, send } from './errors.ts';
import { feedRoutes, processDueFeeds } from './feeds.ts';
import { itemSpecRoutes } from './item-spec.ts';
import { limits } from './limits.ts';
import { editItem, listingRoutes } from './listings.ts';
import { notificationRoutes } from './notifications.ts';
import { orderView } from './order-response.ts';
import { cancelOrder, orderRoutes, placeOrder } from './orders.ts';
import { reconControlRoutes, reconRoutes } from './recon.ts';
import { refundRoutes } from './refunds.ts';
import { returnControlRoutes, returnRoutes } from './returns.ts';
import { deliveryControlRoutes, shippingRoutes } from './shipping.ts';
import { wfsControlRoutes, wfsRoutes } from './wfs.ts';
import { alnum, digits, type WalmartContext, type WalmartSandboxItem, type WalmartSandboxState } from './state.ts';

export const walmartSandbox: SandboxDefinition<WalmartSandboxState> = {
  kind: 'walmart',
  emptyState: () => ({ sellers: {}, tokens: {} }),

  sellerOfRequest(state, req) {
    const token = header(req, 'WM_SEC.ACCESS_TOKEN');
    if (token) return state.tokens[token]?.sellerId;
    const advertiser = connectSellerOfRequest(state, req);
    if (advertiser) return advertiser;
    const basic = /^Basic\s+(.+)$/i.exec(req.get('authorization') ?? '');
    const clientId = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] : undefined;
    return clientId ? Object.values(state.sellers).find((s) => s.clientId === clientId)?.sellerId : undefined;
  },
  limits,
  errorBody,

  createSeller(state, catalogue: GeneratedProduct[]) {
    const sellerId = digits(11);
    const clientId = crypto.randomUUID();
    const clientSecret = crypto.randomBytes(32).toString('base64url');
    const items: Record<string, WalmartSandboxItem> = {};
    for (const product of catalogue) {
      items[product.sku] = {
        sku: product.sku,
        wpid: alnum(12),
        gtin: `0${product.gtin}`,
        upc: product.gtin.startsWith('0') ? product.gtin.slice(1) : '',
        productName: product.title,
        brand: product.brand,
        productType: product.title.split('–')[0]!.trim().split(' ').slice(-2).join(' '),
        price: product.price,
        currency: product.currency,
        quantity: product.quantity,
        publishedStatus: 'PUBLISHED',
        lifecycleStatus: 'ACTIVE',
        attributes: product.attributes,
      };
    }
    state.sellers[sellerId] = {
      sellerId,
      clientId,
      clientSecret,
      skus: catalogue.map((p) => p.sku),
      items,
      orders: [],
      feeds: {},
      subscriptions: [],
    };
    seedWalmartConnect(state.sellers[sellerId]!);
    return { sellerId, credentials: { clientId, clientSecret } };
  },

  itemView(state, sellerId, sku) {
    const item = state.sellers[sellerId]?.items[sku];
    if (!item) return undefined;
    return { sku, quantity: item.quantity, price: item.price, status: item.publishedStatus };
  },
  placeOrder,
  cancelOrder,
  orderView,
  editItem,

  tick: processDueFeeds,
  // Buyers' returns, the carrier's deliveries and Walmart's settlements, beside the kit's orders under _control.
  controlRoutes(router: Router, context: WalmartContext) {
    returnControlRoutes(router, context);
    deliveryControlRoutes(router, context);
    wfsControlRoutes(router, context);
    reconControlRoutes(router, context);
  },

  routes(router: Router, context: WalmartContext) {
    authRoutes(router, context);
    listingRoutes(router, context);
    itemSpecRoutes(router, context);
    feedRoutes(router, context);
    orderRoutes(router, context);
    shippingRoutes(router, context);
    refundRoutes(router, context);
    returnRoutes(router, context);
    notificationRoutes(router, context);
    wfsRoutes(router, context);
    reconRoutes(router, context);
    // Walmart Connect Sponsored Search, below the production host's base path.
    connectRoutes(router, context);
    // Anything else below the prefix: Walmart's 404 body rather than Express's HTML.
    router.use((_req, res) =>
      send(res, 404, 'CONTENT_NOT_FOUND.GMP_GATEWAY_API', 'No such resource in the Walmart sandbox', {
        category: 'REQUEST',
      }),
    );
  },
};
