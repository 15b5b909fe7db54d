/**
 * A stateful eBay: the consent page and token endpoint (auth.ts: authorization code, refresh token,
 * client credentials, and the Identity API's getUser), the Inventory API (listings.ts: items and
 * bulk_update_price_quantity with 200/207; offers.ts; inventory locations in account.ts), the Account
 * API's business policies (account.ts: what publishOffer requires), the Fulfillment API (orders.ts:
 * getOrders by lastmodifieddate; shipping-fulfillments.ts: createShippingFulfillment and its reads; refunds.ts:
 * issueRefund), the Finances API (finances.ts: getTransactions' SALE transactions with eBay's fees), and the
 * Notification API (notifications.ts: destinations with the
 * endpoint challenge, subscriptions, public keys, ECDSA-signed deliveries of ORDER_CONFIRMATION and
 * MARKETPLACE_ACCOUNT_DELETION), and the Marketing API's Promoted Listings (marketing.ts: campaigns, ads and
 * report tasks, each seller seeded with two campaigns). Daily quotas, not per-second rates (limits.ts).
 */
import crypto from 'node:crypto';
import type { SandboxDefinition } from '../shared/sandbox-kit.ts';
import { accountRoutes, generatedLocations, generatedPolicies } from './account.ts';
import { authRoutes, expireGrants } from './auth.ts';
import { errorBody } from './errors.ts';
import { financesRoutes } from './finances.ts';
import { limits, pacificDay, settingsControlRoutes } from './limits.ts';
import { editItem, listingRoutes } from './listings.ts';
import { marketingRoutes } from './marketing.ts';
import { seedPromotedListings } from './marketing-state.ts';
import { accountDeletionControlRoute, notificationRoutes } from './notifications.ts';
import { leafCategoryOf, offerRoutes } from './offers.ts';
import { cancelOrder, orderRoutes, placeOrder } from './orders.ts';
import { complianceRoutes, violationControlRoute } from './compliance.ts';
import { refundControlRoute, refundRoutes } from './refunds.ts';
import { orderView, shippingFulfillmentRoutes } from './shipping-fulfillments.ts';
import { defaultSettings, type EbayState, type SandboxItem } from './state.ts';
import { taxonomyRoutes } from './taxonomy.ts';

export { EBAY_SANDBOX_APP } from './auth.ts';

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

export const ebaySandbox: SandboxDefinition<EbayState> = {
  kind: 'ebay',
  emptyState: newState,
  limits,
  errorBody,

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
    seedPromotedListings(state.sellers[sellerId]!);
    return { sellerId, credentials: { username } };
  },

  itemView(state, sellerId, sku) {
    const item = state.sellers[sellerId]?.items[sku];
    if (!item) return undefined;
    return {
      sku,
      quantity: item.quantity,
      price: item.price.value,
      title: item.product.title,
      status: item.offerStatus === 'PUBLISHED' ? 'active' : 'inactive',
    };
  },
  placeOrder,
  cancelOrder,
  orderView,
  editItem,

  // The sandbox's own controls, beside the kit's under _control (not logged, never faulted).
  controlRoutes(router, context) {
    settingsControlRoutes(router, context);
    accountDeletionControlRoute(router, context);
    refundControlRoute(router, context);
    violationControlRoute(router, context);
  },

  tick: expireGrants,

  routes(router, context) {
    authRoutes(router, context);
    listingRoutes(router, context);
    offerRoutes(router, context);
    accountRoutes(router, context);
    orderRoutes(router, context);
    shippingFulfillmentRoutes(router, context);
    refundRoutes(router, context);
    notificationRoutes(router, context);
    complianceRoutes(router, context);
    financesRoutes(router, context);
    taxonomyRoutes(router, context);
    marketingRoutes(router, context);
  },
};
