/**
 * Shopify's OAuth for a standalone app in the sandbox: the install (consent) page on the shop's admin,
 * the callback with its `hmac`, and the access token endpoint (an authorization code, or a refresh token
 * of an expiring offline token); and the check of the token an Admin API call carries.
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import type { ShopifySandboxApiVersion } from './admin-schema.ts';
import { consentPage, consentStylesheet, oauthErrorPage } from './consent-page.ts';
import { findShop, sha, type Shop, type ShopifyContext, type ShopifySandboxState } from './state.ts';

/**
 * The app the sandbox knows: its name and usual client id; its secret is the installation's own (the kit's
 * `application`).
 */
export const SHOPIFY_SANDBOX_APP: { clientId: string; name: string; apiVersion: ShopifySandboxApiVersion } = {
  clientId: 'hub-sandbox-app',
  name: 'Marketplace Hub',
  // The app's API version (its shopify.app.toml): webhooks are serialized in it and name it in
  // X-Shopify-API-Version, and every webhook subscription inherits it (WebhookSubscription.apiVersion).
  apiVersion: '2026-01',
};

/**
 * Offline tokens expire after an hour and come with a refresh token
 * (https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/offline-access-tokens).
 */
export const SHOPIFY_SANDBOX_TOKEN_SECONDS = 3600;
const REFRESH_TOKEN_SECONDS = 90 * 24 * 3600;
const CODE_SECONDS = 600;

// Relative, so the page works whatever host name the browser used (and under CSP 'self').
const stylesheetUrl = 'consent.css';
const noStore = 'There is no store at this address, or it is not a sandbox shop of the account you are signed in with.';

export function authRoutes(router: Router, context: ShopifyContext) {
  router.get('/shops/:shop/admin/oauth/consent.css', (_req, res) => {
    res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(consentStylesheet);
  });
  router.get('/shops/:shop/admin/oauth/authorize', (req, res) => showConsent(context, req, res));
  router.post('/shops/:shop/admin/oauth/authorize', (req, res) => answerConsent(context, req, res));
  router.post('/shops/:shop/admin/oauth/access_token', (req, res) => issueToken(context, req, res));
}

/** Whether an Admin API call's access token is a live one of this shop. */
export function tokenOfShop(state: ShopifySandboxState, shop: Shop, token: string | undefined): boolean {
  const grant = token ? state.accessTokens[sha(token)] : undefined;
  return !!grant && grant.shop === shop.domain && (grant.expiresAt === null || grant.expiresAt >= Date.now());
}

function callbackHmac(params: Record<string, string>, secret: string): string {
  const message = new URLSearchParams(Object.entries(params).sort(([a], [b]) => a.localeCompare(b))).toString();
  return crypto.createHmac('sha256', secret).update(message).digest('hex');
}

/** The shop of an install page: one the browser's signed-in account made (any, with open access). */
function shopOfBrowser(context: ShopifyContext, req: Request) {
  const shop = findShop(context.state(), String(req.params.shop));
  return shop && context.mayActFor(req, shop.domain) ? shop : undefined;
}

const oauthParams = (source: Record<string, unknown>) => ({
  clientId: typeof source.client_id === 'string' ? source.client_id : '',
  scope: typeof source.scope === 'string' ? source.scope : '',
  redirectUri: typeof source.redirect_uri === 'string' ? source.redirect_uri : '',
  state: typeof source.state === 'string' ? source.state : '',
});

function oauthProblem(context: ShopifyContext, params: ReturnType<typeof oauthParams>): string | undefined {
  if (params.clientId !== context.application.clientId)
    return 'The client_id is not a known app. Use the sandbox app id.';
  if (!params.scope) return 'The scope parameter is missing.';
  try {
    const url = new URL(params.redirectUri);
    if (!['http:', 'https:'].includes(url.protocol)) return 'The redirect_uri must be an http or https address.';
  } catch {
    return 'The redirect_uri is missing or not an absolute address.';
  }
  return undefined;
}

function showConsent(context: ShopifyContext, req: Request, res: Response) {
  const shop = shopOfBrowser(context, req);
  if (!shop) {
    res.status(404).type('html').send(oauthErrorPage(noStore, stylesheetUrl));
    return;
  }
  const params = oauthParams(req.query as Record<string, unknown>);
  const problem = oauthProblem(context, params);
  if (problem) {
    res.status(400).type('html').send(oauthErrorPage(problem, stylesheetUrl));
    return;
  }
  res.type('html').send(
    consentPage({
      shopName: shop.name,
      appName: SHOPIFY_SANDBOX_APP.name,
      scopes: params.scope
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      formAction: 'authorize',
      stylesheetUrl,
      fields: {
        client_id: params.clientId,
        scope: params.scope,
        redirect_uri: params.redirectUri,
        state: params.state,
      },
    }),
  );
}

/** The merchant's answer: cancelled, or installed (a code for the app, with the callback's `hmac`). */
function answerConsent(context: ShopifyContext, req: Request, res: Response) {
  const shop = shopOfBrowser(context, req);
  if (!shop) {
    res.status(404).type('html').send(oauthErrorPage(noStore, stylesheetUrl));
    return;
  }
  const body = (req.body ?? {}) as Record<string, unknown>;
  const params = oauthParams(body);
  const problem =
    oauthProblem(context, params) ??
    (body.decision === 'install' || body.decision === 'cancel' ? undefined : 'Choose Install app or Cancel.');
  if (problem) {
    res.status(400).type('html').send(oauthErrorPage(problem, stylesheetUrl));
    return;
  }
  const target = new URL(params.redirectUri);
  if (body.decision === 'cancel') {
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_description', 'The merchant declined to install the app.');
    target.searchParams.set('shop', shop.domain);
    if (params.state) target.searchParams.set('state', params.state);
    res.redirect(302, target.toString());
    return;
  }
  const code = crypto.randomBytes(16).toString('hex');
  context.state().codes[sha(code)] = {
    shop: shop.domain,
    scope: params.scope,
    expiresAt: Date.now() + CODE_SECONDS * 1000,
  };
  context.changed();
  const query: Record<string, string> = {
    code,
    host: Buffer.from(`admin.shopify.com/store/${shop.domain.replace('.myshopify.com', '')}`)
      .toString('base64')
      .replace(/=+$/, ''),
    shop: shop.domain,
    state: params.state,
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  for (const [k, v] of Object.entries({ ...query, hmac: callbackHmac(query, context.application.clientSecret) }))
    target.searchParams.set(k, v);
  res.redirect(302, target.toString());
}

// The answer holds tokens: sent as text so the request log never keeps them.
const sendTokens = (res: Response, status: number, payload: unknown) =>
  res.status(status).type('application/json').send(JSON.stringify(payload));

/**
 * The scope a token request is granted: its refresh token's (spent: Shopify rotates the refresh token on
 * every use, https://shopify.dev/changelog/offline-access-tokens-now-support-expiry-and-refresh) or its
 * authorization code's (spent too); undefined with the error answered.
 */
function grantedScope(state: ShopifySandboxState, shop: Shop, body: Record<string, unknown>, res: Response) {
  if (body.grant_type === 'refresh_token') {
    const record = typeof body.refresh_token === 'string' ? state.refreshTokens[sha(body.refresh_token)] : undefined;
    if (!record || record.shop !== shop.domain || record.expiresAt < Date.now()) {
      res.status(400).json({
        error: 'invalid_grant',
        error_description: 'The refresh token is invalid, expired or already used.',
      });
      return undefined;
    }
    delete state.refreshTokens[sha(body.refresh_token as string)];
    return record.scope;
  }
  const record = typeof body.code === 'string' ? state.codes[sha(body.code)] : undefined;
  if (!record || record.shop !== shop.domain || record.expiresAt < Date.now()) {
    res.status(400).json({
      error: 'invalid_request',
      error_description: 'The authorization code was not found or was already used',
    });
    return undefined;
  }
  delete state.codes[sha(body.code as string)];
  return record.scope;
}

function issueToken(context: ShopifyContext, req: Request, res: Response) {
  const state = context.state();
  const shop = findShop(state, String(req.params.shop));
  if (!shop) {
    res.status(404).json({ errors: 'Not Found' });
    return;
  }
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (body.client_id !== context.application.clientId || body.client_secret !== context.application.clientSecret) {
    res.status(401).json({
      error: 'invalid_client',
      error_description: 'Client authentication failed: the client_id or client_secret is wrong.',
    });
    return;
  }
  const scope = grantedScope(state, shop, body, res);
  if (scope === undefined) return;
  const expiring = body.grant_type === 'refresh_token' || String(body.expiring ?? '') === '1';
  const accessToken = `shpat_${crypto.randomBytes(16).toString('hex')}`;
  state.accessTokens[sha(accessToken)] = {
    shop: shop.domain,
    scope,
    expiresAt: expiring ? Date.now() + SHOPIFY_SANDBOX_TOKEN_SECONDS * 1000 : null,
  };
  const answer: Record<string, unknown> = { access_token: accessToken, scope };
  if (expiring) {
    const refreshToken = `shprt_${crypto.randomBytes(16).toString('hex')}`;
    state.refreshTokens[sha(refreshToken)] = {
      shop: shop.domain,
      scope,
      expiresAt: Date.now() + REFRESH_TOKEN_SECONDS * 1000,
    };
    Object.assign(answer, {
      expires_in: SHOPIFY_SANDBOX_TOKEN_SECONDS,
      refresh_token: refreshToken,
      refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
    });
  }
  context.changed();
  sendTokens(res, 200, answer);
}
