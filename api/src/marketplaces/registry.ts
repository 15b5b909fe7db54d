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
import type { AdvertisingAdapter, AdvertisingKind } from './advertising-adapter.ts';
import { createAmazonAdsAdapter, listAmazonAdsProfiles } from './amazon/amazon-ads-adapter.ts';
import { adsProductionEndpoints, adsSandboxEndpoints } from './amazon/ads-endpoints.ts';
import { createWalmartConnectAdapter, listWalmartConnectAdvertisers } from './walmart/walmart-connect-adapter.ts';
import { createEbayAdsAdapter, ebayPromotedListingsReachable } from './ebay/ebay-ads-adapter.ts';
import { EbayMarketingClient } from './ebay/marketing-client.ts';
import { ebayMarketingEndpointsAt, ebayMarketingProduction } from './ebay/marketing-endpoints.ts';
import { PL_DEFAULT_MARKETPLACE, currencyOfMarketplace } from './ebay/marketing-transform.ts';
import type { WalmartConnectPartner } from './walmart/connect-client.ts';
import { WalmartClient } from './walmart/walmart-client.ts';
import { walmartSkusOfItems } from './walmart/item-ids.ts';
import {
  SANDBOX_CONNECT_CONSUMER_ID,
  SANDBOX_CONNECT_KEY_VERSION,
  SANDBOX_CONNECT_PRIVATE_KEY,
  connectProductionEndpoints,
  connectSandboxEndpoints,
  sandboxAdvertiserId,
  sandboxConnectAuthToken,
} from './walmart/connect-endpoints.ts';

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
    /**
     * Our Walmart Connect partner keys (Sponsored Search): the consumer id, key version and RSA private key
     * (PEM) we registered, and the auth token Walmart issued us; the same for every advertiser we reach.
     */
    walmartConnect?: { consumerId: string; keyVersion: string; privateKey: string; authToken: string };
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

/** An advertising account a channel's login may act on (Amazon: an Ads profile of the seller). */
export interface AdvertisingAccountFound {
  externalId: string;
  name: string;
  currency: string;
}

/** A marketplace's ads API, reached with its channel's credentials (the seller's grant to our application). */
export interface AdvertisingFactory {
  /**
   * The seller's own advertising accounts (not those it manages for others). `advertiserId`: the one the seller
   * names, where the marketplace lists none (Walmart Connect).
   */
  accounts(
    credentials: Record<string, string>,
    target: AdapterTarget,
    named?: { advertiserId?: string },
  ): Promise<AdvertisingAccountFound[]>;
  adapter(credentials: Record<string, string>, externalId: string, target: AdapterTarget): AdvertisingAdapter;
}

const amazonLogin = (credentials: Record<string, string>) => ({
  clientId: credentials.clientId!,
  clientSecret: credentials.clientSecret!,
  refreshToken: credentials.refreshToken!,
});
const amazonAdsEndpoints = (target: AdapterTarget) =>
  target.environment === 'sandbox' ? adsSandboxEndpoints(baseUrlFor('amazon', target)!) : adsProductionEndpoints('na');

/**
 * Walmart Connect is reached with our partner keys. In the sandbox, the sandbox's published partner key and a
 * token made from the channel's own Walmart credentials, which name the sandbox seller; in production, the keys
 * configured in `applications.walmartConnect`.
 */
function walmartConnectPartner(credentials: Record<string, string>, target: AdapterTarget): WalmartConnectPartner {
  if (target.environment === 'sandbox')
    return {
      consumerId: SANDBOX_CONNECT_CONSUMER_ID,
      keyVersion: SANDBOX_CONNECT_KEY_VERSION,
      privateKey: SANDBOX_CONNECT_PRIVATE_KEY,
      authToken: sandboxConnectAuthToken(credentials.clientId!, credentials.clientSecret!),
    };
  const partner = target.applications.walmartConnect;
  if (!partner) throw new Error('Walmart Connect is not configured on this server');
  return partner;
}
const walmartConnectEndpoints = (target: AdapterTarget) =>
  target.environment === 'sandbox'
    ? connectSandboxEndpoints(baseUrlFor('walmart', target)!)
    : connectProductionEndpoints();
/**
 * The advertiser ids to try: Walmart Connect lists no advertisers, so a seller names the one it granted us access
 * to when connecting (else one kept with the channel's credentials, `walmartConnectAdvertiserId`, several
 * separated by commas); the sandbox derives its seller's where none is named.
 */
const walmartConnectCandidates = (
  credentials: Record<string, string>,
  target: AdapterTarget,
  named: string | undefined,
): string[] =>
  named !== undefined
    ? [named]
    : target.environment === 'sandbox'
      ? [String(sandboxAdvertiserId(credentials.clientId!))]
      : (credentials.walmartConnectAdvertiserId ?? '').split(',').filter((id) => id.trim());

/**
 * eBay Promoted Listings is reached with the eBay channel's own grant (its refresh token, refreshed for the
 * sell.marketing scope) and our eBay application. No `skusOfListings` is given: an ad of an Inventory API
 * listing names its SKU itself, and the Inventory API finds offers by SKU only, so mapping a listing id to
 * its SKU would read every offer of the seller; an ad known by its listing id only keeps that id as SKU.
 */
function ebayAdsLogin(credentials: Record<string, string>, target: AdapterTarget) {
  const application = target.applications.ebay;
  if (!application) throw new Error('eBay is not configured on this server');
  return {
    application: { clientId: application.clientId, clientSecret: application.clientSecret },
    refreshToken: credentials.refreshToken!,
    sellerKey: credentials.sellerKey ?? credentials.refreshToken!.slice(-12),
  };
}
const ebayMarketingEndpoints = (target: AdapterTarget) =>
  target.environment === 'sandbox' ? ebayMarketingEndpointsAt(baseUrlFor('ebay', target)!) : ebayMarketingProduction;

/**
 * The marketplaces whose ads the product runs, by kind. On
 * Amazon the Ads API takes the same Login with Amazon grant as the SP-API once the seller has consented to the
 * advertising scope for our application; the sandbox grants both at once.
 */
export const advertisingFactories: Partial<Record<AdvertisingKind, AdvertisingFactory>> = {
  amazon: {
    async accounts(credentials, target) {
      const profiles = await listAmazonAdsProfiles(amazonLogin(credentials), amazonAdsEndpoints(target), {
        buckets: target.buckets,
      });
      return profiles
        .filter((p) => p.accountInfo.type === 'seller')
        .map((p) => ({
          externalId: String(p.profileId),
          name: p.accountInfo.name ?? `Amazon Ads ${p.countryCode}`,
          currency: p.currencyCode,
        }));
    },
    adapter: (credentials, externalId, target) =>
      createAmazonAdsAdapter({ ...amazonLogin(credentials), profileId: externalId }, amazonAdsEndpoints(target), {
        buckets: target.buckets,
      }),
  },
  walmart: {
    async accounts(credentials, target, named) {
      const advertisers = await listWalmartConnectAdvertisers(
        walmartConnectPartner(credentials, target),
        walmartConnectCandidates(credentials, target, named?.advertiserId),
        walmartConnectEndpoints(target),
        { buckets: target.buckets },
      );
      return advertisers.map((advertiser) => ({
        externalId: String(advertiser.advertiserId),
        name: `Walmart Connect advertiser ${advertiser.advertiserId}`,
        currency: 'USD',
      }));
    },
    adapter: (credentials, externalId, target) =>
      createWalmartConnectAdapter(
        { partner: walmartConnectPartner(credentials, target), advertiserId: externalId },
        walmartConnectEndpoints(target),
        {
          buckets: target.buckets,
          // Walmart Connect names items; the channel's own login tells their SKUs.
          skusOfItems: walmartSkusOfItems(
            new WalmartClient({
              credentials: { clientId: credentials.clientId!, clientSecret: credentials.clientSecret! },
              ...(baseUrlFor('walmart', target) ? { baseUrl: baseUrlFor('walmart', target)! } : {}),
              buckets: target.buckets,
            }),
          ),
        },
      ),
  },
  ebay: {
    /** A seller's Promoted Listings account is the seller on one marketplace: EBAY_US, where the hub lists. */
    async accounts(credentials, target) {
      const client = new EbayMarketingClient({
        endpoints: ebayMarketingEndpoints(target),
        ...ebayAdsLogin(credentials, target),
        buckets: target.buckets,
      });
      if (!(await ebayPromotedListingsReachable(client))) return [];
      return [
        {
          externalId: PL_DEFAULT_MARKETPLACE,
          name: `eBay Promoted Listings (${PL_DEFAULT_MARKETPLACE})`,
          currency: currencyOfMarketplace(PL_DEFAULT_MARKETPLACE),
        },
      ];
    },
    adapter: (credentials, externalId, target) =>
      createEbayAdsAdapter(
        { ...ebayAdsLogin(credentials, target), marketplaceId: externalId },
        ebayMarketingEndpoints(target),
        {
          buckets: target.buckets,
        },
      ),
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
