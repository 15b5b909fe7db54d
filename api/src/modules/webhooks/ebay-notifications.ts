import crypto from 'node:crypto';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ChannelEnvironment, ChannelKind } from '../../db/schema/index.ts';
import { channels } from '../../db/schema/index.ts';
import { disconnectChannel } from '../../db/queries/channels.ts';
import type { ApplicationNotice, ApplicationNotificationAccess } from '../../marketplaces/marketplace-events.ts';
import { marketplaceEvents } from '../../marketplaces/registry.ts';
import { recordAudit, systemContext } from '../audit/audit-log.ts';
import { recordMarketplaceEvent } from '../../db/queries/marketplace-events.ts';
import { parseStorableJson } from '../../db/storable-text.ts';
import { requestOrdersPoll } from '../orders/order-polling.ts';
import { applicationsInForce } from '../channel-access/marketplace-adapters.ts';
import { recordAnnouncedOrder } from './marketplace-events.ts';

/**
 * Notifications a marketplace sends to our application rather than to each channel (eBay's: account
 * deletions, which every application must honour, and ORDER_CONFIRMATION), one endpoint per
 * environment. The marketplace's folder verifies and reads them (the registry's
 * `marketplaceEvents[kind].application`); here the channels they concern are found and acted on.
 */

/** Our endpoint for a marketplace's notifications in one environment (eBay checks it with a challenge). */
export const applicationNotificationEndpoint = (ctx: AppContext, kind: ChannelKind, environment: ChannelEnvironment) =>
  `${ctx.config.appUrl}/api/webhooks/${kind}-notifications/${environment}`;

/** The verification token eBay mixes into the challenge: derived from our key, 64 characters. */
export const ebayVerificationToken = (ctx: AppContext) =>
  crypto.createHmac('sha256', ctx.marketplaces.webhookKey).update('ebay-verification-token').digest('hex');

const applicationAccess = new WeakMap<AppContext, Map<string, ApplicationNotificationAccess>>();

/**
 * Our application's own access to a marketplace's notifications in an environment, kept for the
 * process: its token (eBay's client credentials, good for two hours) serves every call until it nears
 * expiry, and the keys notifications are signed with are kept. eBay allows an application 1,000 such
 * tokens a day; one per seller connected or notification checked would spend them, and our pacing of
 * them would hold every later connection for over a minute. The application is the one in force (System
 * Settings' stored credentials where staff set them, else the configuration's), as for consent.
 */
export async function applicationNotificationAccess(
  ctx: AppContext,
  kind: ChannelKind,
  environment: ChannelEnvironment,
): Promise<ApplicationNotificationAccess | undefined> {
  const notifications = marketplaceEvents[kind].application;
  const applications: Partial<Record<ChannelKind, { clientId: string; clientSecret: string }>> =
    await applicationsInForce(ctx, environment);
  const app = applications[kind];
  if (!notifications || !app) return undefined;
  // The endpoints follow from the environment; the credentials may be set anew (a new secret, a new access).
  const key = `${kind}\u0000${environment}\u0000${app.clientId}\u0000${crypto.createHash('sha256').update(app.clientSecret).digest('hex')}`;
  let kept = applicationAccess.get(ctx);
  if (!kept) applicationAccess.set(ctx, (kept = new Map()));
  let access = kept.get(key);
  if (!access) {
    access = notifications.connect({
      environment,
      sandboxBaseUrl: ctx.config.sandbox.baseUrl,
      application: { clientId: app.clientId, clientSecret: app.clientSecret },
      buckets: ctx.marketplaces.buckets,
      now: () => ctx.clock().getTime(),
    });
    kept.set(key, access);
  }
  return access;
}

/** GET with challenge_code: eBay proving we own the endpoint. */
export function answerChallenge(ctx: AppContext, environment: ChannelEnvironment, challengeCode: string) {
  return marketplaceEvents.ebay.application?.answerChallenge(
    challengeCode,
    ebayVerificationToken(ctx),
    applicationNotificationEndpoint(ctx, 'ebay', environment),
  );
}

/**
 * Registers our endpoint with the marketplace's application and subscribes it to the application's
 * own topics (eBay's MARKETPLACE_ACCOUNT_DELETION). Safe to call again: an endpoint already
 * registered is found, not duplicated. Undefined where the marketplace notifies each channel instead,
 * or our application is not configured.
 */
export async function ensureApplicationNotifications(
  ctx: AppContext,
  kind: ChannelKind,
  environment: ChannelEnvironment,
): Promise<string | undefined> {
  const access = await applicationNotificationAccess(ctx, kind, environment);
  if (!access) return undefined;
  return access.register({
    name: 'Marketplace Hub',
    url: applicationNotificationEndpoint(ctx, kind, environment),
    verificationToken: ebayVerificationToken(ctx),
  });
}

/** eBay requires every app to honour account deletions: our endpoint registered with the app, idempotently. */
export const ensureEbayNotifications = (ctx: AppContext, environment: ChannelEnvironment) =>
  ensureApplicationNotifications(ctx, 'ebay', environment);

/**
 * A seller's orders announced (eBay's ORDER_CONFIRMATION, one per line item): the order it names is
 * read and recorded at once; failing that, the seller's orders are read now. Once per notification
 * (recorded by its id, so a redelivery asks for nothing more).
 */
async function ordersAnnounced(
  ctx: AppContext,
  kind: ChannelKind,
  environment: ChannelEnvironment,
  notice: Extract<ApplicationNotice, { kind: 'orders' }>,
): Promise<{ status: 204 }> {
  const { seller } = notice;
  const sellers = await ctx.db
    .select({ id: channels.id, accountId: channels.accountId })
    .from(channels)
    .where(
      and(
        eq(channels.kind, kind),
        eq(channels.environment, environment),
        inArray(channels.status, ['active', 'error']),
        or(eq(channels.externalSellerId, seller), eq(channels.displayName, seller)),
      ),
    );
  const event = { topic: notice.topic, deliveryId: notice.notificationId, payload: notice.payload };
  for (const channel of sellers) {
    if (notice.orderId && (await recordAnnouncedOrder(ctx, channel, event, notice.orderId))) continue;
    await ctx.db.transaction(async (tx) => {
      const isNew = await recordMarketplaceEvent(tx, { channelId: channel.id, ...event }, ctx.clock());
      if (isNew) await requestOrdersPoll(ctx, tx, { accountId: channel.accountId, channelId: channel.id });
    });
  }
  return { status: 204 };
}

/**
 * A seller's account deleted: every channel of that user is disconnected and its credentials
 * deleted, as eBay's policy requires.
 */
async function accountDeleted(
  ctx: AppContext,
  kind: ChannelKind,
  environment: ChannelEnvironment,
  notice: Extract<ApplicationNotice, { kind: 'account_deleted' }>,
): Promise<{ status: 204; disconnected: number }> {
  const affected = await ctx.db
    .select({ id: channels.id, accountId: channels.accountId })
    .from(channels)
    .where(
      and(
        eq(channels.kind, kind),
        eq(channels.environment, environment),
        ne(channels.status, 'disconnected'),
        or(...notice.sellerIds.map((id) => eq(channels.externalSellerId, id))),
      ),
    );
  for (const channel of affected) {
    await ctx.db.transaction(async (tx) => {
      await disconnectChannel(tx, channel.accountId, channel.id, ctx.clock());
      await recordAudit(tx, systemContext, {
        action: 'channel.disconnected',
        accountId: channel.accountId,
        targetType: 'channel',
        targetId: channel.id,
        after: { status: 'disconnected' },
        metadata: { reason: `${kind}_marketplace_account_deletion`, notificationId: notice.notificationId },
      });
    });
  }
  return { status: 204, disconnected: affected.length };
}

/**
 * A body as JSON, with a NUL in it (which no query could hold) as U+FFFD before anything reads it; undefined when
 * not JSON.
 */
function jsonOf(raw: Buffer): () => unknown {
  return () => {
    try {
      return parseStorableJson(raw.toString('utf8'));
    } catch {
      return undefined;
    }
  };
}

/** A signed notification from eBay, verified and read by the marketplace, then acted on. */
export async function receiveEbayNotification(
  ctx: AppContext,
  environment: ChannelEnvironment,
  raw: Buffer,
  signature: string | undefined,
): Promise<{ status: 204 | 401 | 400; disconnected?: number }> {
  const access = await applicationNotificationAccess(ctx, 'ebay', environment);
  if (!access) return { status: 401 };
  const reading = await access.read(raw, signature, jsonOf(raw));
  if (!reading.ok) return { status: reading.status };
  const { notice } = reading;
  if (notice.kind === 'orders') return ordersAnnounced(ctx, 'ebay', environment, notice);
  if (notice.kind === 'account_deleted') return accountDeleted(ctx, 'ebay', environment, notice);
  return { status: 204 };
}
