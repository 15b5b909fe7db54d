/**
 * eBay's OAuth authorization-code grant: the consent URL for the seller's popup, the code exchange, and
 * the token requests the client makes (refresh token, client credentials). As eBay documents them:
 * https://developer.ebay.com/api-docs/static/oauth-auth-code-grant-request.html and
 * https://developer.ebay.com/api-docs/static/oauth-refresh-token-request.html.
 */
import crypto from 'node:crypto';
import { MarketplaceError } from '../errors.ts';
import type { ConsentApplication, ConsentTarget, MarketplaceConsent } from '../marketplace-consent.ts';
import { marketplaceFetch, type RetryPolicy } from '../shared/http-client.ts';
import { TokenBuckets, type RateLimit } from '../shared/token-bucket.ts';
import { SINGLE_ATTEMPT, withEbayRetry } from './ebay-retry.ts';
import { ebayEndpointsAt, ebayProduction, ebaySellerScopes, type EbayEndpoints } from './endpoints.ts';
import { describeEbayError } from './transform.ts';
import type { EbayTokenResponse } from './types.ts';

/** The application's own credentials (configuration, never the seller's). */
export interface EbayApplication {
  clientId: string;
  clientSecret: string;
  /** eBay's name for the registered accept URL; the sandbox takes the callback URL itself. */
  ruName: string;
}

export interface EbayTokens {
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken?: string;
  refreshTokenExpiresAt?: Date;
}

/**
 * OAuth token endpoint quotas per application per day, as buckets that spread a day's calls
 * (https://developer.ebay.com/api-docs/static/oauth-rate-limits.html).
 */
export const ebayOAuthLimits = {
  authorization_code: { rate: 10_000 / 86_400, burst: 10_000 / 24 },
  refresh_token: { rate: 50_000 / 86_400, burst: 50_000 / 24 },
  client_credentials: { rate: 1_000 / 86_400, burst: 1_000 / 24 },
} satisfies Record<string, RateLimit>;

const applicationBuckets = new TokenBuckets();

/** Where the app sends the seller's popup. */
export function ebayAuthorizeUrl(options: {
  endpoints: EbayEndpoints;
  clientId: string;
  ruName: string;
  scopes?: readonly string[];
  state: string;
  loginHint?: string;
  prompt?: 'login';
}): string {
  const url = new URL(options.endpoints.authorize);
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('redirect_uri', options.ruName);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', (options.scopes ?? ebaySellerScopes).join(' '));
  url.searchParams.set('state', options.state);
  if (options.loginHint) url.searchParams.set('login_hint', options.loginHint);
  if (options.prompt) url.searchParams.set('prompt', options.prompt);
  return url.toString();
}

/**
 * What the consent redirect brought back: the code, or the seller's refusal. `state` must be checked by the caller
 * against its own.
 */
export function readEbayCallback(
  query: URLSearchParams,
): { code: string; state: string | null } | { error: string; state: string | null } {
  const state = query.get('state');
  const code = query.get('code');
  if (code) return { code, state };
  return { error: query.get('error_description') ?? query.get('error') ?? 'The consent was not given.', state };
}

/** POST /identity/v1/oauth2/token with the application's Basic credentials. */
export async function requestEbayToken(options: {
  endpoints: EbayEndpoints;
  application: Pick<EbayApplication, 'clientId' | 'clientSecret'>;
  form: Record<string, string>;
  grantType: keyof typeof ebayOAuthLimits;
  buckets?: TokenBuckets;
  retry?: RetryPolicy;
  signal?: AbortSignal;
  now?: () => number;
}): Promise<EbayTokens> {
  const started = (options.now ?? Date.now)();
  const basic = Buffer.from(`${options.application.clientId}:${options.application.clientSecret}`).toString('base64');
  try {
    const { body } = await withEbayRetry(options.retry, options.signal, () =>
      marketplaceFetch<EbayTokenResponse>({
        method: 'POST',
        url: options.endpoints.token,
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: options.grantType, ...options.form }).toString(),
        limit: {
          buckets: options.buckets ?? applicationBuckets,
          key: `${options.application.clientId}:oauth:${options.grantType}`,
          rate: ebayOAuthLimits[options.grantType],
        },
        describeError: describeEbayError,
        retry: SINGLE_ATTEMPT,
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    );
    if (!body || typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new MarketplaceError('unavailable', 'eBay answered the token request without an access token');
    }
    return {
      accessToken: body.access_token,
      accessTokenExpiresAt: new Date(started + body.expires_in * 1000),
      ...(body.refresh_token ? { refreshToken: body.refresh_token } : {}),
      ...(body.refresh_token_expires_in
        ? { refreshTokenExpiresAt: new Date(started + body.refresh_token_expires_in * 1000) }
        : {}),
    };
  } catch (error) {
    // A refused grant (invalid_grant, invalid_scope) means the seller must connect again.
    if (error instanceof MarketplaceError && error.kind === 'rejected')
      throw new MarketplaceError('auth', error.message, error.details);
    throw error;
  }
}

/** Trades the consent code for the seller's tokens (single use, within about five minutes). */
export async function exchangeEbayCode(options: {
  endpoints: EbayEndpoints;
  application: EbayApplication;
  code: string;
  signal?: AbortSignal;
}): Promise<EbayTokens & { refreshToken: string }> {
  const tokens = await requestEbayToken({
    endpoints: options.endpoints,
    application: options.application,
    grantType: 'authorization_code',
    form: { code: options.code, redirect_uri: options.application.ruName },
    // A code is single use: a retried exchange can only fail.
    retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!tokens.refreshToken) throw new MarketplaceError('auth', 'eBay issued no refresh token for this consent');
  return tokens as EbayTokens & { refreshToken: string };
}

const endpointsFor = (target: Pick<ConsentTarget, 'environment' | 'sandboxBaseUrl'>): EbayEndpoints =>
  target.environment === 'sandbox' ? ebayEndpointsAt(`${target.sandboxBaseUrl}/ebay`) : ebayProduction;

/** eBay consent behind the registry: a popup to eBay's sign-in, back to our RuName. */
export const ebayConsent: MarketplaceConsent = {
  perShop: false,
  configured: (application): application is ConsentApplication => Boolean(application?.ruName),
  authorizeUrl: (target, request) =>
    ebayAuthorizeUrl({
      endpoints: endpointsFor(target),
      clientId: target.application.clientId,
      ruName: target.application.ruName ?? '',
      state: request.state,
      ...(request.sellerHint ? { loginHint: request.sellerHint } : {}),
    }),
  readCallback(query) {
    const answer = readEbayCallback(query);
    return 'code' in answer ? { ok: true, code: answer.code } : { ok: false, declined: true, reason: answer.error };
  },
  async credentialsFor(answer, target, signal) {
    const { clientId, clientSecret, ruName = '' } = target.application;
    const tokens = await exchangeEbayCode({
      endpoints: endpointsFor(target),
      application: { clientId, clientSecret, ruName },
      code: answer.code,
      ...(signal ? { signal } : {}),
    });
    // The scopes granted are kept: a refresh may ask for them and no more (a channel connected earlier holds fewer).
    return {
      refreshToken: tokens.refreshToken,
      sellerKey: crypto.randomBytes(6).toString('hex'),
      scopes: ebaySellerScopes.join(' '),
    };
  },
};
