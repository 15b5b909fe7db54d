/**
 * eBay's OAuth in the sandbox: the consent page (a seller grants our application access), the token
 * endpoint (authorization code, refresh token, client credentials), the check of the bearer token every
 * API call carries, and the Identity API's getUser.
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { consentPage, consentStylesheet, errorPage } from './consent-page.ts';
import { error, fail } from './errors.ts';
import { spendQuota } from './limits.ts';
import type { EbayApi, EbayContext, EbayState, SandboxGrant } from './state.ts';

/**
 * The one application the sandbox accepts: its name and usual client id. Its secret is the
 * installation's own (the kit's `application`, derived from APP_SECRET_KEY by the product).
 */
export const EBAY_SANDBOX_APP = {
  clientId: 'marketplace-hub-sandbox',
  name: 'Marketplace Hub (sandbox)',
} as const;

// The sandbox keeps no RuName registry: the RuName the app sends as `redirect_uri` must be the
// callback URL itself (absolute http or https). In production the RuName names the accept URL
// registered on developer.ebay.com.

export const ebayScopes = {
  base: 'https://api.ebay.com/oauth/api_scope',
  inventory: 'https://api.ebay.com/oauth/api_scope/sell.inventory',
  fulfillment: 'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  account: 'https://api.ebay.com/oauth/api_scope/sell.account',
  accountReadonly: 'https://api.ebay.com/oauth/api_scope/sell.account.readonly',
  /** issueRefund's scope (sell_fulfillment_v1). */
  finances: 'https://api.ebay.com/oauth/api_scope/sell.finances',
  notification: 'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription',
  identity: 'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
  /** Promoted Listings (sell_marketing_v1; marketing.ts). */
  marketing: 'https://api.ebay.com/oauth/api_scope/sell.marketing',
  marketingReadonly: 'https://api.ebay.com/oauth/api_scope/sell.marketing.readonly',
} as const;
const knownScopes = new Set<string>(Object.values(ebayScopes));

/**
 * Token lifetimes: a user access token 2 h (eBay's FAQ, https://developer.ebay.com/support/faq: "typically
 * expire within two hours"), a refresh token about 18 months (not confirmed in eBay's documentation), an
 * authorization code 5 minutes.
 */
export const ACCESS_TOKEN_SECONDS = 7200;
export const REFRESH_TOKEN_SECONDS = 47_304_000;
export const AUTHORIZATION_CODE_SECONDS = 299;

const IDENTITY = '/commerce/identity/v1';

export function authRoutes(router: Router, context: EbayContext) {
  router.get('/oauth2/consent.css', (_req, res) => {
    res.type('text/css').send(consentStylesheet);
  });
  router.get('/oauth2/authorize', (req, res) => showConsent(context, req, res));
  router.post('/oauth2/authorize', (req, res) => answerConsent(context, req, res));
  router.post('/identity/v1/oauth2/token', (req, res) => issueToken(context, req, res));
  router.get(`${IDENTITY}/user`, (req, res) => getUser(context, req, res));
}

/** The JSON of a token answer, sent without res.json so the kit's request log never holds tokens. */
function sendSecret(res: Response, status: number, body: unknown): void {
  res.status(status).set('Cache-Control', 'no-store').type('application/json').send(JSON.stringify(body));
}

const randomToken = (prefix: string) => `${prefix}${crypto.randomBytes(24).toString('base64url')}`;

/** The grant behind the request's bearer token, or an answered 401/403/429. */
export function authorize(
  req: Request,
  res: Response,
  context: EbayContext,
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

/** Forgets the codes and tokens that have expired. */
export function expireGrants(state: EbayState) {
  const now = Date.now();
  for (const bag of [state.codes, state.accessTokens, state.refreshTokens]) {
    for (const [key, grant] of Object.entries(bag)) if (grant.expiresAt < now) delete bag[key];
  }
}

// ---- The consent page ----

const stylesheetOf = (context: EbayContext) => `${context.baseUrl}/oauth2/consent.css`;

type ConsentRequest = {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  loginHint: string | undefined;
  seller: string | undefined;
  decision: string | undefined;
};

/** The authorize request's parameters, or an answered error page. */
function readRequest(context: EbayContext, source: Record<string, unknown>, res: Response): ConsentRequest | undefined {
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
    res
      .status(400)
      .type('html')
      .send(errorPage(problem, stylesheetOf(context)));
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
}

/** The sellers this browser may sign in as: with scoped access, those its signed-in account made. */
const sellersFor = (context: EbayContext, req: Request) =>
  Object.values(context.state().sellers).filter((s) => context.mayActFor(req, s.sellerId));

function page(context: EbayContext, req: Request, request: ConsentRequest, errorMessage?: string) {
  return consentPage({
    appName: EBAY_SANDBOX_APP.name,
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    state: request.state,
    sellers: sellersFor(context, req).map((s) => ({ sellerId: s.sellerId, username: s.username })),
    loginHint: request.loginHint,
    stylesheet: stylesheetOf(context),
    ...(errorMessage ? { error: errorMessage } : {}),
  });
}

function showConsent(context: EbayContext, req: Request, res: Response) {
  const request = readRequest(context, req.query as Record<string, unknown>, res);
  if (request) res.type('html').send(page(context, req, request));
}

/** The seller's answer: declined, or agreed as one of the sellers it may act for (a code for the app). */
function answerConsent(context: EbayContext, req: Request, res: Response) {
  const request = readRequest(context, (req.body ?? {}) as Record<string, unknown>, res);
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
      .send(page(context, req, request, 'Choose Agree or Decline.'));
    return;
  }
  const state = context.state();
  const seller = sellersFor(context, req).find((s) => s.username === request.seller || s.sellerId === request.seller);
  if (!seller) {
    res
      .status(400)
      .type('html')
      .send(page(context, req, request, `There is no sandbox seller "${request.seller ?? ''}".`));
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
}

// ---- The token endpoint ----

const invalidScope = {
  error: 'invalid_scope',
  error_description: 'The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
};

function issueAccess(state: EbayState, sellerId: string | null, scopes: string[], now: number) {
  const token = randomToken('v^1.1#i^1#p^3#r^1#I^3#f^0#t^');
  state.accessTokens[token] = { sellerId, scopes, expiresAt: now + ACCESS_TOKEN_SECONDS * 1000 };
  return token;
}

function issueToken(context: EbayContext, req: Request, res: Response) {
  const basic = /^Basic (.+)$/.exec(req.get('authorization') ?? '');
  const [id, secret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [];
  if (id !== context.application.clientId || secret !== context.application.clientSecret) {
    sendSecret(res, 401, { error: 'invalid_client', error_description: 'client authentication failed' });
    return;
  }
  const form = (req.body ?? {}) as Record<string, unknown>;
  const grantType = form.grant_type;
  const now = Date.now();
  if (grantType === 'authorization_code') return authorizationCodeGrant(context, form, res, now);
  if (grantType === 'refresh_token') return refreshTokenGrant(context, form, res, now);
  if (grantType === 'client_credentials') return clientCredentialsGrant(context, form, res, now);
  sendSecret(res, 400, {
    error: 'unsupported_grant_type',
    error_description: 'grant type in request is not supported by the authorization server',
  });
}

function authorizationCodeGrant(context: EbayContext, form: Record<string, unknown>, res: Response, now: number) {
  if (!spendQuota(res, context, 'app', 'oauth_authorization_code')) return;
  const state = context.state();
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
    access_token: issueAccess(state, grant.sellerId, grant.scopes, now),
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token: refreshToken,
    refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
    token_type: 'User Access Token',
  });
}

function refreshTokenGrant(context: EbayContext, form: Record<string, unknown>, res: Response, now: number) {
  if (!spendQuota(res, context, 'app', 'oauth_refresh_token')) return;
  const state = context.state();
  const grant = state.refreshTokens[typeof form.refresh_token === 'string' ? form.refresh_token : ''];
  if (!grant || grant.expiresAt < now || (grant.sellerId && !state.sellers[grant.sellerId])) {
    sendSecret(res, 400, {
      error: 'invalid_grant',
      error_description: 'the provided authorization refresh token is invalid or was issued to another client',
    });
    return;
  }
  const asked = typeof form.scope === 'string' ? form.scope.split(/\s+/).filter(Boolean) : grant.scopes;
  if (asked.some((s) => !grant.scopes.includes(s))) return sendSecret(res, 400, invalidScope);
  context.changed();
  sendSecret(res, 200, {
    access_token: issueAccess(state, grant.sellerId, asked, now),
    expires_in: ACCESS_TOKEN_SECONDS,
    token_type: 'User Access Token',
  });
}

function clientCredentialsGrant(context: EbayContext, form: Record<string, unknown>, res: Response, now: number) {
  if (!spendQuota(res, context, 'app', 'oauth_client_credentials')) return;
  const asked = typeof form.scope === 'string' ? form.scope.split(/\s+/).filter(Boolean) : [ebayScopes.base];
  if (asked.some((s) => s !== ebayScopes.base)) return sendSecret(res, 400, invalidScope);
  context.changed();
  sendSecret(res, 200, {
    access_token: issueAccess(context.state(), null, asked, now),
    expires_in: ACCESS_TOKEN_SECONDS,
    token_type: 'Application Access Token',
  });
}

// ---- The Identity API ----

function getUser(context: EbayContext, req: Request, res: Response) {
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
}
