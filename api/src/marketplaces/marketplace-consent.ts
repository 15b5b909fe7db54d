import type { MarketplaceEnvironment } from './types.ts';

/**
 * The seller's consent (OAuth's authorization-code grant), for the marketplaces that connect that way
 * (eBay, Shopify), behind one interface per kind (the registry's `marketplaceConsents`). The app keeps
 * the state in the session and decides where the browser lands; the marketplace's folder (`consent.ts`)
 * knows its consent page, how its callback is signed, and how a code becomes the channel's credentials.
 */

/** Our application as registered with the marketplace, in one environment. */
export interface ConsentApplication {
  clientId: string;
  clientSecret: string;
  /** eBay's name for our registered callback (the sandbox takes the callback URL itself). */
  ruName?: string;
}

export interface ConsentTarget {
  environment: MarketplaceEnvironment;
  /** The sandboxes' root, e.g. http://localhost:3000/sandbox; the marketplace adds its own kind. */
  sandboxBaseUrl: string;
  application: ConsentApplication;
  /** Our callback, where the marketplace sends the browser back (where it takes a URL: Shopify). */
  callbackUrl: string;
}

export interface ConsentRequest {
  /** Random, single use, kept by the app to match the callback. */
  state: string;
  /** The seller's shop, where consent happens on the shop itself (Shopify: name.myshopify.com). */
  shopDomain?: string;
  /** Who the seller says they are, to fill in the marketplace's sign-in (eBay). */
  sellerHint?: string;
}

/** The callback's code (and the shop it was given for, where consent is per shop). */
export interface ConsentCode {
  code: string;
  shopDomain?: string;
}

/** What the marketplace sent the browser back with: a code, or why there is none (`declined`: the seller said no). */
export type ConsentAnswer = ({ ok: true } & ConsentCode) | { ok: false; declined: boolean; reason: string };

export interface MarketplaceConsent {
  /** Consent happens on the seller's own shop, which the seller names first; the callback must come back for it. */
  readonly perShop: boolean;
  /** Whether our application is set up for consent here (eBay also needs its RuName). */
  configured(application: ConsentApplication | undefined): application is ConsentApplication;
  /**
   * The consent page for the seller's browser; throws MarketplaceError('rejected') for a shop domain that is not
   * one.
   */
  authorizeUrl(target: ConsentTarget, request: ConsentRequest): string;
  /** Reads the callback's query, checking its signature where the marketplace signs it (Shopify's hmac). */
  readCallback(query: URLSearchParams, application: ConsentApplication): ConsentAnswer;
  /** Trades the code for the channel's credentials, as the adapter factory takes them. */
  credentialsFor(answer: ConsentCode, target: ConsentTarget, signal?: AbortSignal): Promise<Record<string, string>>;
}
