/**
 * The marketplaces behind their interfaces, by kind (no switch): the adapter factory
 * (marketplace-adapter.ts), the events a channel subscribes to and the reading of what the
 * marketplace delivers (marketplace-events.ts), and, where sellers connect by consent, the consent
 * (marketplace-consent.ts). The app's modules reach a marketplace through these only.
 */
import type { MarketplaceAdapter } from './marketplace-adapter.ts';
import type { MarketplaceConsent } from './marketplace-consent.ts';
import type { MarketplaceEvents } from './marketplace-events.ts';
import type { MarketplaceEnvironment, MarketplaceKind, OrderActionSupport, ShippingCarrier } from './types.ts';
import type { TokenBuckets } from './shared/token-bucket.ts';
import { createWalmartAdapter } from './walmart/walmart-adapter.ts';
import { walmartEvents } from './walmart/webhooks.ts';
import { createEbayAdapter } from './ebay/ebay-adapter.ts';
import { ebayConsent } from './ebay/consent.ts';
import { ebayEvents } from './ebay/webhooks.ts';
import { createAmazonAdapter } from './amazon/amazon-adapter.ts';
import { amazonEvents } from './amazon/webhooks.ts';
import { amazonShippingCarriers } from './amazon/shipments.ts';
import { ebayShippingCarriers } from './ebay/carriers.ts';
import { SHOPIFY_TRACKING_COMPANIES } from './shopify/carriers.ts';
import { walmartShippingCarriers } from './walmart/carriers.ts';
import { createShopifyAdapter } from './shopify/shopify-adapter.ts';
import { shopifyConsent } from './shopify/consent.ts';
import { shopifyEvents } from './shopify/webhooks.ts';
import {
  productionEndpoints as amazonProduction,
  sandboxEndpoints as amazonSandboxEndpoints,
} from './amazon/endpoints.ts';
import { ebayEarlierSellerScopes, ebayEndpointsAt, ebayProduction } from './ebay/endpoints.ts';

export type { MarketplaceEnvironment };

/** Where a channel's adapter points: the marketplace itself, or the built-in sandbox of it. */
export interface AdapterTarget {
  environment: MarketplaceEnvironment;
  /** The sandboxes' root, e.g. http://localhost:3000/sandbox; the adapter adds its own kind. */
  sandboxBaseUrl: string;
  buckets: TokenBuckets;
  /** Told when the marketplace issues new credentials (Shopify rotates its refresh token on every use). */
  onCredentialsChange?: (changes: Record<string, string>) => void;
  /** Our applications registered with the consent marketplaces, for this environment. */
  applications: {
    ebay?: { clientId: string; clientSecret: string; ruName?: string };
    shopify?: { clientId: string; clientSecret: string };
  };
}

type AdapterFactory = (credentials: Record<string, string>, target: AdapterTarget) => MarketplaceAdapter;

const baseUrlFor = (kind: MarketplaceKind, target: AdapterTarget) =>
  target.environment === 'sandbox' ? `${target.sandboxBaseUrl}/${kind}` : undefined;

/** Identifiers to factories: one entry per marketplace, no switch (STYLE.md item 10). */
export const adapterFactories: Partial<Record<MarketplaceKind, AdapterFactory>> = {
  amazon: (credentials, target) =>
    createAmazonAdapter({
      credentials: {
        clientId: credentials.clientId!,
        clientSecret: credentials.clientSecret!,
        refreshToken: credentials.refreshToken!,
        sellerId: credentials.sellerId!,
      },
      endpoints:
        target.environment === 'sandbox'
          ? amazonSandboxEndpoints(baseUrlFor('amazon', target)!)
          : amazonProduction('na'),
      buckets: target.buckets,
    }),
  walmart: (credentials, target) =>
    createWalmartAdapter({
      credentials: { clientId: credentials.clientId!, clientSecret: credentials.clientSecret! },
      ...(baseUrlFor('walmart', target) ? { baseUrl: baseUrlFor('walmart', target)! } : {}),
      buckets: target.buckets,
    }),
  shopify: (credentials, target) => {
    const app = target.applications.shopify;
    if (!app) throw new Error('Shopify is not configured on this server');
    return createShopifyAdapter({
      shopDomain: credentials.shopDomain!,
      app,
      tokens: {
        accessToken: credentials.accessToken!,
        scope: credentials.scope ?? '',
        ...(credentials.expiresAt ? { expiresAt: Number(credentials.expiresAt) } : {}),
        ...(credentials.refreshToken ? { refreshToken: credentials.refreshToken } : {}),
      },
      ...(target.environment === 'sandbox' ? { sandboxBaseUrl: baseUrlFor('shopify', target)! } : {}),
      buckets: target.buckets,
      onTokens: (tokens) =>
        target.onCredentialsChange?.({
          accessToken: tokens.accessToken,
          scope: tokens.scope,
          ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
          ...(tokens.expiresAt ? { expiresAt: String(tokens.expiresAt) } : {}),
        }),
    });
  },
  ebay: (credentials, target) => {
    const application = target.applications.ebay;
    if (!application) throw new Error('eBay is not configured on this server');
    return createEbayAdapter({
      endpoints: target.environment === 'sandbox' ? ebayEndpointsAt(baseUrlFor('ebay', target)!) : ebayProduction,
      application: { clientId: application.clientId, clientSecret: application.clientSecret },
      refreshToken: credentials.refreshToken!,
      // The scopes the seller granted; a channel connected before they were kept was granted the earlier set.
      scopes: credentials.scopes ? credentials.scopes.split(' ') : ebayEarlierSellerScopes,
      sellerKey: credentials.sellerKey ?? credentials.refreshToken!.slice(-12),
      buckets: target.buckets,
    });
  },
};

/** What each marketplace pushes and what a channel subscribes to (kind → events). */
export const marketplaceEvents: Record<MarketplaceKind, MarketplaceEvents> = {
  amazon: amazonEvents,
  walmart: walmartEvents,
  ebay: ebayEvents,
  shopify: shopifyEvents,
};

/** How each marketplace's orders are handled: whether it wants new orders acknowledged, and the carriers it accepts. */
export interface MarketplaceOrderRules {
  /** Walmart cancels a purchase order that is not acknowledged (the adapter's acknowledgeOrder). */
  acknowledge: boolean;
  /** The same list as the adapter's `shippingCarriers`, without credentials (the Orders page's choices). */
  carriers: readonly ShippingCarrier[];
  /** A seller's cancellation: sent by the adapter's cancelOrder, or done on the marketplace (why). */
  cancel: OrderActionSupport;
  /** Whether a cancellation may name some lines only, or must take the whole order (Shopify's orderCancel). */
  cancelByLine: boolean;
  /** A seller's refund: sent by the adapter's refundOrder, or given on the marketplace and recorded here (why). */
  refund: OrderActionSupport;
  /** Buyers' returns: read by the adapter's returnsSince, or handled on the marketplace (why). */
  returns: OrderActionSupport;
  /**
   * How often returns are read, at most (with the channel's orders): every orders read where returns
   * are a plain list; Amazon's come as a report, whose creation its API allows about once a minute
   * per seller, and returns are not urgent.
   */
  returnsReadEveryMs: number;
  /**
   * Where the marketplace sends no event for a cancellation, how often a real-time channel's recently
   * changed orders are read (within the minute's tick), so a cancellation frees its units in seconds;
   * null where its events say so (Walmart PO_LINE_AUTOCANCELLED, Shopify orders/updated, Amazon
   * ORDER_CHANGE). eBay: every 15 s, 5,760 getOrders a day per channel, well inside the Fulfillment
   * API's daily call limit.
   */
  recentOrdersEveryMs: number | null;
}

export const marketplaceOrderRules: Record<MarketplaceKind, MarketplaceOrderRules> = {
  amazon: {
    acknowledge: false,
    carriers: amazonShippingCarriers,
    cancel: {
      api: false,
      why: "Amazon's Orders API has no seller cancellation: cancel it in Seller Central, and its units are released when Amazon reports it cancelled.",
    },
    cancelByLine: false,
    refund: {
      api: false,
      why: "Amazon's API has no refund call: refund it in Seller Central; the refund is recorded here for analytics.",
    },
    returns: { api: true },
    returnsReadEveryMs: 30 * 60_000,
    recentOrdersEveryMs: null,
  },
  walmart: {
    acknowledge: true,
    carriers: walmartShippingCarriers,
    cancel: { api: true },
    cancelByLine: true,
    refund: { api: true },
    returns: { api: true },
    returnsReadEveryMs: 0,
    recentOrdersEveryMs: null,
  },
  ebay: {
    acknowledge: false,
    carriers: ebayShippingCarriers,
    cancel: {
      api: false,
      why: "eBay's Fulfillment API has no seller cancellation: cancel it in Seller Hub, and its units are released when eBay reports it cancelled.",
    },
    cancelByLine: false,
    refund: { api: true },
    returns: {
      api: false,
      why: "eBay's returns are handled in Seller Hub: its Fulfillment API does not report them.",
    },
    returnsReadEveryMs: 0,
    recentOrdersEveryMs: 15_000,
  },
  shopify: {
    acknowledge: false,
    carriers: SHOPIFY_TRACKING_COMPANIES,
    cancel: { api: true },
    cancelByLine: false,
    refund: { api: true },
    returns: { api: true },
    returnsReadEveryMs: 0,
    recentOrdersEveryMs: null,
  },
};

/** The marketplaces a seller connects by consent (OAuth), and how (kind → consent). */
export const marketplaceConsents: Partial<Record<MarketplaceKind, MarketplaceConsent>> = {
  ebay: ebayConsent,
  shopify: shopifyConsent,
};

export function createAdapter(
  kind: MarketplaceKind,
  credentials: Record<string, string>,
  target: AdapterTarget,
): MarketplaceAdapter {
  const factory = adapterFactories[kind];
  if (!factory) throw new Error(`No adapter for ${kind} yet`);
  return factory(credentials, target);
}
