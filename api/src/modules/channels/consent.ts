import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { ChannelEnvironment } from '../../db/schema/index.ts';
import { ebayAuthorizeUrl, exchangeEbayCode, readEbayCallback } from '../../marketplaces/ebay/ebay-oauth.ts';
import { ebayEndpointsAt, ebayProduction } from '../../marketplaces/ebay/endpoints.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { adapterFor, applicationsFor, saveVerifiedChannel, verifyWithMarketplace } from './connect-channel.ts';

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
  if (request.environment === 'sandbox' && !ctx.config.sandbox.enabled) throw new AppError(400, 'The built-in sandbox is turned off on this server.');
  const applications = applicationsFor(ctx, request.environment);
  const now = ctx.clock().getTime();
  const state = crypto.randomBytes(24).toString('base64url');
  // Forget expired consents, and keep only the newest few.
  const pending = Object.entries(session.channelConsents ?? {})
    .filter(([, c]) => now - c.startedAt < CONSENT_LIFETIME_MS)
    .sort(([, a], [, b]) => b.startedAt - a.startedAt)
    .slice(0, MAX_PENDING - 1);
  session.channelConsents = Object.fromEntries([...pending, [state, { kind: request.kind, environment: request.environment, accountId: user.accountId, userId: user.id, startedAt: now }]]);

  if (request.kind === 'ebay') {
    const app = applications.ebay;
    if (!app?.ruName) throw new AppError(400, 'eBay is not configured on this server (set EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME).');
    return {
      authorizeUrl: ebayAuthorizeUrl({ endpoints: endpointsFor(ctx, request.environment), clientId: app.clientId, ruName: app.ruName, state, ...(request.sellerHint ? { loginHint: request.sellerHint } : {}) }),
    };
  }
  throw new AppError(400, 'Shopify connections are not available yet.');
}

/** Takes the pending consent for this state out of the session: it works once, for the user who started it. */
function takePending(ctx: AppContext, session: ConsentSession, user: { id: string } | undefined, kind: string, state: string | null): PendingConsent | undefined {
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
export async function finishEbayConsent(ctx: AppContext, audit: AuditContext, session: ConsentSession, user: { id: string } | undefined, query: URLSearchParams): Promise<string> {
  const answer = readEbayCallback(query);
  const pending = takePending(ctx, session, user, 'ebay', answer.state);
  if (!pending || 'error' in answer) return '/auth-declined';
  const application = applicationsFor(ctx, pending.environment).ebay;
  if (!application?.ruName) return '/auth-declined';
  try {
    const tokens = await exchangeEbayCode({ endpoints: endpointsFor(ctx, pending.environment), application: { ...application, ruName: application.ruName }, code: answer.code });
    const credentials = { refreshToken: tokens.refreshToken, sellerKey: crypto.randomBytes(6).toString('hex') };
    const identity = await verifyWithMarketplace('ebay', adapterFor(ctx, 'ebay', pending.environment, credentials));
    await saveVerifiedChannel(ctx, audit, { accountId: pending.accountId, kind: 'ebay', environment: pending.environment, identity, credentials });
    return '/auth-success';
  } catch {
    return '/auth-declined';
  }
}
