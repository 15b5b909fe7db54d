import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { ChannelEnvironment } from '../../db/schema/index.ts';
import { ebayAuthorizeUrl, exchangeEbayCode, readEbayCallback } from '../../marketplaces/ebay/ebay-oauth.ts';
import { ebayEndpointsAt, ebayProduction, ebaySellerScopes } from '../../marketplaces/ebay/endpoints.ts';
import { exchangeShopifyCode, shopifyAuthorizeUrl, verifyShopifyCallback } from '../../marketplaces/shopify/index.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { adapterFor, applicationsFor, saveVerifiedChannel, verifyWithMarketplace } from './connect-channel.ts';
import { subscribeToMarketplaceEvents } from './subscribe-events.ts';
import { ensureEbayNotifications } from './ebay-account-deletion.ts';

/** A consent on its way, kept in the session so the callback's `state` can be checked. */
export interface PendingConsent {
  kind: 'ebay' | 'shopify';
  environment: ChannelEnvironment;
  accountId: string;
  userId: string;
  startedAt: number;
  shopDomain?: string;
}

export const CONSENT_LIFETIME_MS = 15 * 60 * 1000;
const MAX_PENDING = 5;

export type ConsentSession = { channelConsents?: Record<string, PendingConsent> };

const endpointsFor = (ctx: AppContext, environment: ChannelEnvironment) =>
  environment === 'sandbox' ? ebayEndpointsAt(`${ctx.config.sandbox.baseUrl}/ebay`) : ebayProduction;

/** Where to send the browser for consent; the state is random, single use and remembered in the session. */
export function startConsent(
  ctx: AppContext,
  session: ConsentSession,
  user: { id: string; accountId: string },
  request: { kind: 'ebay' | 'shopify'; environment: ChannelEnvironment; shopDomain?: string; sellerHint?: string },
): { authorizeUrl: string } {
  if (request.environment === 'sandbox' && !ctx.config.sandbox.enabled)
    throw new AppError(400, 'The built-in sandbox is turned off on this server.');
  const applications = applicationsFor(ctx, request.environment);
  const now = ctx.clock().getTime();
  const state = crypto.randomBytes(24).toString('base64url');
  // Forget expired consents, and keep only the newest few.
  const pending = Object.entries(session.channelConsents ?? {})
    .filter(([, c]) => now - c.startedAt < CONSENT_LIFETIME_MS)
    .sort(([, a], [, b]) => b.startedAt - a.startedAt)
    .slice(0, MAX_PENDING - 1);
  session.channelConsents = Object.fromEntries([
    ...pending,
    [
      state,
      {
        kind: request.kind,
        environment: request.environment,
        accountId: user.accountId,
        userId: user.id,
        startedAt: now,
      },
    ],
  ]);

  if (request.kind === 'ebay') {
    const app = applications.ebay;
    if (!app?.ruName)
      throw new AppError(
        400,
        'eBay is not configured on this server (set EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME).',
      );
    return {
      authorizeUrl: ebayAuthorizeUrl({
        endpoints: endpointsFor(ctx, request.environment),
        clientId: app.clientId,
        ruName: app.ruName,
        state,
        ...(request.sellerHint ? { loginHint: request.sellerHint } : {}),
      }),
    };
  }
  const app = applications.shopify;
  if (!app)
    throw new AppError(
      400,
      'Shopify is not configured on this server (set SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET).',
    );
  const shopDomain = request.shopDomain?.trim().toLowerCase();
  if (!shopDomain) throw new AppError(400, 'Enter your shop domain, e.g. your-store.myshopify.com.');
  session.channelConsents[state]!.shopDomain = shopDomain;
  try {
    return {
      authorizeUrl: shopifyAuthorizeUrl({
        shopDomain,
        clientId: app.clientId,
        redirectUri: `${ctx.config.appUrl}/api/channels/oauth/shopify/callback`,
        state,
        ...(request.environment === 'sandbox' ? { sandboxBaseUrl: `${ctx.config.sandbox.baseUrl}/shopify` } : {}),
      }),
    };
  } catch (error) {
    if (error instanceof MarketplaceError) throw new AppError(400, error.message);
    throw error;
  }
}

/**
 * Shopify sends the whole page back (no popup): check the state and the callback's hmac, trade the
 * code for an offline token, check it works, save the channel, and land on /channels with the outcome.
 */
export async function finishShopifyConsent(
  ctx: AppContext,
  audit: AuditContext,
  session: ConsentSession,
  user: { id: string } | undefined,
  query: URLSearchParams,
): Promise<string> {
  const back = (outcome: { connected: true } | { message: string }) =>
    'connected' in outcome
      ? '/channels?connected=shopify'
      : `/channels?error=not_connected&message=${encodeURIComponent(outcome.message)}`;
  const pending = takePending(ctx, session, user, 'shopify', query.get('state'));
  if (!pending)
    return back({
      message: 'The Shopify install could not be matched to your request. Please start again from Channels.',
    });
  const app = applicationsFor(ctx, pending.environment).shopify;
  if (!app) return back({ message: 'Shopify is not configured on this server.' });
  const checked = verifyShopifyCallback(Object.fromEntries(query), app.clientSecret);
  if (!checked.ok)
    return back({
      message: checked.declined ? 'The Shopify install was cancelled; nothing was connected.' : checked.reason,
    });
  if (checked.shopDomain !== pending.shopDomain)
    return back({ message: 'Shopify answered for a different shop than the one you entered.' });
  const sandboxBaseUrl = pending.environment === 'sandbox' ? `${ctx.config.sandbox.baseUrl}/shopify` : undefined;
  try {
    const tokens = await exchangeShopifyCode({
      shopDomain: checked.shopDomain,
      app,
      code: checked.code,
      ...(sandboxBaseUrl ? { sandboxBaseUrl } : {}),
    });
    const credentials: Record<string, string> = {
      shopDomain: checked.shopDomain,
      accessToken: tokens.accessToken,
      scope: tokens.scope,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      ...(tokens.expiresAt ? { expiresAt: String(tokens.expiresAt) } : {}),
    };
    const adapter = adapterFor(ctx, 'shopify', pending.environment, credentials);
    const identity = await verifyWithMarketplace('shopify', adapter);
    const channel = await saveVerifiedChannel(ctx, audit, {
      accountId: pending.accountId,
      kind: 'shopify',
      environment: pending.environment,
      identity,
      credentials,
    });
    await subscribeToMarketplaceEvents(ctx, channel, adapter);
    return back({ connected: true });
  } catch (error) {
    return back({
      message: error instanceof AppError ? error.message : 'Shopify did not complete the install. Please try again.',
    });
  }
}

/** Takes the pending consent for this state out of the session: it works once, for the user who started it. */
function takePending(
  ctx: AppContext,
  session: ConsentSession,
  user: { id: string } | undefined,
  kind: string,
  state: string | null,
): PendingConsent | undefined {
  if (!state || !session.channelConsents?.[state]) return undefined;
  const pending = session.channelConsents[state]!;
  delete session.channelConsents[state];
  if (pending.kind !== kind || !user || pending.userId !== user.id) return undefined;
  if (ctx.clock().getTime() - pending.startedAt > CONSENT_LIFETIME_MS) return undefined;
  return pending;
}

/**
 * The marketplace sent the browser back: check the state, trade the code for tokens, make sure the
 * tokens work, then save the channel. eBay's popup ends on /auth-success or /auth-declined.
 */
export async function finishEbayConsent(
  ctx: AppContext,
  audit: AuditContext,
  session: ConsentSession,
  user: { id: string } | undefined,
  query: URLSearchParams,
): Promise<string> {
  const answer = readEbayCallback(query);
  const pending = takePending(ctx, session, user, 'ebay', answer.state);
  if (!pending || 'error' in answer) return '/auth-declined';
  const application = applicationsFor(ctx, pending.environment).ebay;
  if (!application?.ruName) return '/auth-declined';
  try {
    const tokens = await exchangeEbayCode({
      endpoints: endpointsFor(ctx, pending.environment),
      application: { ...application, ruName: application.ruName },
      code: answer.code,
    });
    // The scopes granted are kept: a refresh may ask for them and no more (a channel connected earlier holds fewer).
    const credentials = {
      refreshToken: tokens.refreshToken,
      sellerKey: crypto.randomBytes(6).toString('hex'),
      scopes: ebaySellerScopes.join(' '),
    };
    const adapter = adapterFor(ctx, 'ebay', pending.environment, credentials);
    const identity = await verifyWithMarketplace('ebay', adapter);
    const channel = await saveVerifiedChannel(ctx, audit, {
      accountId: pending.accountId,
      kind: 'ebay',
      environment: pending.environment,
      identity,
      credentials,
    });
    // eBay requires every app to honour account deletions (registered with the app, idempotently);
    // the seller's orders are announced by ORDER_CONFIRMATION to the same endpoint.
    await ensureEbayNotifications(ctx, pending.environment).catch((error: unknown) =>
      console.warn(`[channels] eBay notifications not registered: ${error instanceof Error ? error.message : error}`),
    );
    await subscribeToMarketplaceEvents(ctx, channel, adapter);
    return '/auth-success';
  } catch {
    return '/auth-declined';
  }
}
