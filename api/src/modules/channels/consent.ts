import { marketplaceNames } from '../../marketplaces/names.ts';
import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { ChannelEnvironment } from '../../db/schema/index.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import type { ConsentApplication, ConsentTarget, MarketplaceConsent } from '../../marketplaces/marketplace-consent.ts';
import { marketplaceConsents } from '../../marketplaces/registry.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { adapterFor, applicationsInForce, verifyWithMarketplace } from '../channel-access/marketplace-adapters.ts';
import { saveVerifiedChannel } from './connect-channel.ts';
import { ConnectionRefused, requireConnectionRoom, type ConnectionRefusal } from '../billing/plan-enforcement.ts';
import { subscribeToMarketplaceEvents } from '../webhooks/subscribe-events.ts';
import { ensureEbayNotifications } from '../webhooks/ebay-notifications.ts';

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

type ConsentKind = PendingConsent['kind'];

/**
 * Why a consent ended without a channel, as a code in the address the browser lands on (`/auth-declined?reason=`,
 * `/channels?error=`): the pages show their own fixed words for each code, never text taken from the address.
 */
export type ConsentDeclined =
  ConnectionRefusal | 'cancelled' | 'expired' | 'not_configured' | 'wrong_shop' | 'already_connected' | 'failed';

/** The code for a failure while saving the channel: our own refusals say which, anything else is the marketplace's. */
function declinedBy(error: unknown): ConsentDeclined {
  if (error instanceof ConnectionRefused) return error.reason;
  if (error instanceof AppError && error.status === 409) return 'already_connected';
  return 'failed';
}

/** What each consent needs configured on this server, said when it is missing. */
const notConfigured: Record<ConsentKind, string> = {
  ebay: 'eBay is not configured on this server (set EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME).',
  shopify: 'Shopify is not configured on this server (set SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET).',
};

/** Where our callback for a consent is. */
const callbackUrl = (ctx: AppContext, kind: ConsentKind) => `${ctx.config.appUrl}/api/channels/oauth/${kind}/callback`;

/**
 * The marketplace's consent (the registry's), and our application with it in this environment when it is set
 * up: the credentials stored in System Settings where set, else the configuration's.
 */
async function consentOf(
  ctx: AppContext,
  kind: ConsentKind,
  environment: ChannelEnvironment,
): Promise<{
  consent: MarketplaceConsent;
  target: ConsentTarget | undefined;
  applications: Awaited<ReturnType<typeof applicationsInForce>>;
}> {
  const consent = marketplaceConsents[kind];
  if (!consent) throw new AppError(400, `${marketplaceNames[kind]} connects with credentials, not consent.`);
  const inForce = await applicationsInForce(ctx, environment);
  const applications: Partial<Record<ConsentKind, ConsentApplication>> = inForce;
  const application = applications[kind];
  return {
    consent,
    applications: inForce,
    target: consent.configured(application)
      ? { environment, sandboxBaseUrl: ctx.config.sandbox.baseUrl, application, callbackUrl: callbackUrl(ctx, kind) }
      : undefined,
  };
}

/** Forget expired consents, and keep only the newest few, with the new one. */
function rememberPending(session: ConsentSession, state: string, pending: PendingConsent, now: number): void {
  const kept = Object.entries(session.channelConsents ?? {})
    .filter(([, c]) => now - c.startedAt < CONSENT_LIFETIME_MS)
    .sort(([, a], [, b]) => b.startedAt - a.startedAt)
    .slice(0, MAX_PENDING - 1);
  session.channelConsents = Object.fromEntries([...kept, [state, pending]]);
}

/**
 * Where to send the browser for consent; the state is random, single use and remembered in the session.
 * An account without room for another connection (its plan's limit, or read-only) is told so here, before
 * the marketplace's page opens.
 */
export async function startConsent(
  ctx: AppContext,
  session: ConsentSession,
  user: { id: string; accountId: string },
  request: { kind: ConsentKind; environment: ChannelEnvironment; shopDomain?: string; sellerHint?: string },
): Promise<{ authorizeUrl: string }> {
  if (request.environment === 'sandbox' && !ctx.config.sandbox.enabled)
    throw new AppError(400, 'The built-in sandbox is turned off on this server.');
  await requireConnectionRoom(ctx.db, user.accountId, ctx.clock(), { lock: false });
  const { consent, target } = await consentOf(ctx, request.kind, request.environment);
  const now = ctx.clock().getTime();
  const state = crypto.randomBytes(24).toString('base64url');
  const pending: PendingConsent = {
    kind: request.kind,
    environment: request.environment,
    accountId: user.accountId,
    userId: user.id,
    startedAt: now,
  };
  rememberPending(session, state, pending, now);
  if (!target) throw new AppError(400, notConfigured[request.kind]);
  // Consent on the seller's own shop (Shopify): the callback must come back for the shop named here.
  const shopDomain = consent.perShop ? request.shopDomain?.trim().toLowerCase() : undefined;
  if (consent.perShop) {
    if (!shopDomain) throw new AppError(400, 'Enter your shop domain, e.g. your-store.myshopify.com.');
    pending.shopDomain = shopDomain;
  }
  try {
    return {
      authorizeUrl: consent.authorizeUrl(target, {
        state,
        ...(shopDomain ? { shopDomain } : {}),
        ...(request.sellerHint ? { sellerHint: request.sellerHint } : {}),
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
  const back = (outcome: { connected: true } | { declined: ConsentDeclined }) =>
    'connected' in outcome ? '/channels?connected=shopify' : `/channels?error=${outcome.declined}`;
  const pending = takePending(ctx, session, user, 'shopify', query.get('state'));
  if (!pending) return back({ declined: 'expired' });
  const { consent, target, applications } = await consentOf(ctx, 'shopify', pending.environment);
  if (!target) return back({ declined: 'not_configured' });
  const answer = consent.readCallback(query, target.application);
  if (!answer.ok) {
    if (!answer.declined) console.warn(`[channels] Shopify callback refused: ${answer.reason}`);
    return back({ declined: answer.declined ? 'cancelled' : 'failed' });
  }
  if (answer.shopDomain !== pending.shopDomain) return back({ declined: 'wrong_shop' });
  try {
    const credentials = await consent.credentialsFor(answer, target);
    const adapter = adapterFor(ctx, 'shopify', pending.environment, credentials, applications);
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
    return back({ declined: declinedBy(error) });
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
  const pending = takePending(ctx, session, user, 'ebay', query.get('state'));
  if (!pending) return '/auth-declined?reason=expired';
  const { consent, target, applications } = await consentOf(ctx, 'ebay', pending.environment);
  if (!target) return '/auth-declined?reason=not_configured';
  const answer = consent.readCallback(query, target.application);
  if (!answer.ok) return '/auth-declined';
  try {
    const credentials = await consent.credentialsFor(answer, target);
    const adapter = adapterFor(ctx, 'ebay', pending.environment, credentials, applications);
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
  } catch (error) {
    // Our own refusal (the plan's connection limit reached meanwhile, the account read-only, the seller already
    // connected) is named by its code, as Shopify's return to Channels names it; anything else is eBay's failure.
    return `/auth-declined?reason=${declinedBy(error)}`;
  }
}
