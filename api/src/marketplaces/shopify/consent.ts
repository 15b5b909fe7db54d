/**
 * Shopify's consent, an app installed on the seller's shop: the shop's consent page, the callback's
 * hmac, and the code traded for an expiring offline token that the adapter's client refreshes. As
 * Shopify documents them: https://shopify.dev/docs/apps/build/authentication-authorization/authenticate-standalone-apps
 * and https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/offline-access-tokens.
 */
import crypto from 'node:crypto';
import { MarketplaceError } from '../errors.ts';
import type { ConsentApplication, MarketplaceConsent } from '../marketplace-consent.ts';
import { marketplaceFetch } from '../shared/http-client.ts';
import { shopDomainPattern, shopifyEndpoints } from './endpoints.ts';
import type { ShopifyTokenResponse, ShopifyTokens } from './types.ts';

/**
 * What the hub asks for: products and prices, inventory, orders, and shipping them from the shop's own
 * locations (fulfillment orders read, fulfillments created: fulfillmentCreate's scopes,
 * https://shopify.dev/docs/api/admin-graphql/2026-01/mutations/fulfillmentCreate).
 */
export const SHOPIFY_SCOPES = [
  'read_products',
  'write_products',
  'read_inventory',
  'write_inventory',
  'read_orders',
  'read_locations',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
] as const;

export interface ShopifyApp {
  clientId: string;
  clientSecret: string;
}

/** The shop's consent page; the app stores `state` in the session and checks it on the callback. */
export function shopifyAuthorizeUrl(options: {
  shopDomain: string;
  clientId: string;
  redirectUri: string;
  state: string;
  scopes?: readonly string[];
  sandboxBaseUrl?: string;
}): string {
  if (!shopDomainPattern.test(options.shopDomain))
    throw new MarketplaceError('rejected', `"${options.shopDomain}" is not a shop domain (name.myshopify.com)`);
  const url = new URL(shopifyEndpoints(options.shopDomain, options.sandboxBaseUrl).authorize);
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('scope', (options.scopes ?? SHOPIFY_SCOPES).join(','));
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('state', options.state);
  return url.toString();
}

export type ShopifyCallback =
  { ok: true; shopDomain: string; code: string; state: string } | { ok: false; reason: string; declined?: boolean };

/**
 * Checks the callback's `hmac` (hex HMAC-SHA256 of the other parameters, sorted, keyed with the app
 * secret) in constant time, and the shop domain's form. The app still compares `state` with the one
 * it stored, and refuses old `timestamp`s if it wants to.
 */
export function verifyShopifyCallback(query: Record<string, unknown>, clientSecret: string): ShopifyCallback {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') params[key] = value;
  if (params.error)
    return {
      ok: false,
      reason:
        params.error === 'access_denied'
          ? 'The shop owner declined to install the app.'
          : `Shopify answered ${params.error}`,
      declined: params.error === 'access_denied',
    };
  const { hmac, signature: _signature, ...rest } = params;
  if (!hmac || !/^[0-9a-f]{64}$/i.test(hmac)) return { ok: false, reason: 'The callback has no valid hmac.' };
  const message = new URLSearchParams(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))).toString();
  const expected = crypto.createHmac('sha256', clientSecret).update(message).digest();
  if (!crypto.timingSafeEqual(expected, Buffer.from(hmac, 'hex')))
    return { ok: false, reason: 'The callback hmac does not match: it was not sent by Shopify for this app.' };
  if (!rest.shop || !shopDomainPattern.test(rest.shop))
    return { ok: false, reason: 'The callback shop is not a shop domain.' };
  if (!rest.code) return { ok: false, reason: 'The callback has no code.' };
  return { ok: true, shopDomain: rest.shop, code: rest.code, state: rest.state ?? '' };
}

const describeTokenError = (status: number, body: unknown) => {
  const b = body as { error?: string; error_description?: string; errors?: unknown } | undefined;
  if (b && typeof b === 'object' && b.error) return { message: b.error_description ?? b.error, code: b.error };
  if (b && typeof b === 'object' && typeof b.errors === 'string') return { message: b.errors };
  return { message: `Shopify token endpoint answered HTTP ${status}` };
};

function tokensFrom(answer: ShopifyTokenResponse, now: number): ShopifyTokens {
  return {
    accessToken: answer.access_token,
    scope: answer.scope,
    ...(answer.expires_in ? { expiresAt: now + answer.expires_in * 1000 } : {}),
    ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}),
  };
}

async function tokenRequest(
  shopDomain: string,
  body: Record<string, string>,
  sandboxBaseUrl: string | undefined,
  signal: AbortSignal | undefined,
): Promise<ShopifyTokens> {
  const now = Date.now();
  try {
    const response = await marketplaceFetch<ShopifyTokenResponse>({
      method: 'POST',
      url: shopifyEndpoints(shopDomain, sandboxBaseUrl).accessToken,
      body,
      signal,
      retry: { attempts: 3, baseDelayMs: 200, maxDelayMs: 2000 },
      describeError: describeTokenError,
    });
    return tokensFrom(response.body, now);
  } catch (error) {
    // A refused code or refresh token means the seller has to connect again.
    if (error instanceof MarketplaceError && error.kind === 'rejected')
      throw new MarketplaceError('auth', error.message, error.details);
    throw error;
  }
}

/** The callback's code for an expiring offline token (`expiring: 1`; expires_in 3600 and a refresh token). */
export function exchangeShopifyCode(options: {
  shopDomain: string;
  app: ShopifyApp;
  code: string;
  sandboxBaseUrl?: string;
  signal?: AbortSignal;
}): Promise<ShopifyTokens> {
  return tokenRequest(
    options.shopDomain,
    { client_id: options.app.clientId, client_secret: options.app.clientSecret, code: options.code, expiring: '1' },
    options.sandboxBaseUrl,
    options.signal,
  );
}

/** A new access token; Shopify rotates the refresh token, so store both. */
export function refreshShopifyToken(options: {
  shopDomain: string;
  app: ShopifyApp;
  refreshToken: string;
  sandboxBaseUrl?: string;
  signal?: AbortSignal;
}): Promise<ShopifyTokens> {
  return tokenRequest(
    options.shopDomain,
    {
      client_id: options.app.clientId,
      client_secret: options.app.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: options.refreshToken,
    },
    options.sandboxBaseUrl,
    options.signal,
  );
}

/** Shopify consent behind the registry: on the seller's shop, which they name first. */
export const shopifyConsent: MarketplaceConsent = {
  perShop: true,
  configured: (application): application is ConsentApplication => application !== undefined,
  authorizeUrl: (target, request) =>
    shopifyAuthorizeUrl({
      shopDomain: request.shopDomain ?? '',
      clientId: target.application.clientId,
      redirectUri: target.callbackUrl,
      state: request.state,
      ...(target.environment === 'sandbox' ? { sandboxBaseUrl: `${target.sandboxBaseUrl}/shopify` } : {}),
    }),
  readCallback(query, application) {
    const checked = verifyShopifyCallback(Object.fromEntries(query), application.clientSecret);
    return checked.ok
      ? { ok: true, code: checked.code, shopDomain: checked.shopDomain }
      : { ok: false, declined: checked.declined ?? false, reason: checked.reason };
  },
  async credentialsFor(answer, target, signal) {
    const shopDomain = answer.shopDomain ?? '';
    const tokens = await exchangeShopifyCode({
      shopDomain,
      app: { clientId: target.application.clientId, clientSecret: target.application.clientSecret },
      code: answer.code,
      ...(target.environment === 'sandbox' ? { sandboxBaseUrl: `${target.sandboxBaseUrl}/shopify` } : {}),
      ...(signal ? { signal } : {}),
    });
    return {
      shopDomain,
      accessToken: tokens.accessToken,
      scope: tokens.scope,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      ...(tokens.expiresAt ? { expiresAt: String(tokens.expiresAt) } : {}),
    };
  },
};
