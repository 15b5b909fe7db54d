import crypto from 'node:crypto';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ChannelEnvironment } from '../../db/schema/index.ts';
import { channels } from '../../db/schema/index.ts';
import { disconnectChannel } from '../../db/queries/channels.ts';
import { EbayClient } from '../../marketplaces/ebay/ebay-client.ts';
import { ebayEndpointsAt, ebayProduction } from '../../marketplaces/ebay/endpoints.ts';
import {
  answerEbayChallenge,
  createEbayPublicKeyFetcher,
  createEbaySubscription,
  ensureEbayDestination,
  ebayTopics,
  verifyEbaySignature,
} from '../../marketplaces/ebay/ebay-notifications.ts';
import { recordAudit, systemContext } from '../audit/audit-log.ts';
import { recordMarketplaceEvent } from '../../db/queries/marketplace-events.ts';
import { parseStorableJson } from '../../db/storable-text.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import { requestOrdersPoll } from '../sync/order-polling.ts';
import { applicationsFor } from './connect-channel.ts';
import { recordAnnouncedOrder } from './marketplace-events.ts';

/** Our endpoint for eBay's notifications of one environment (eBay checks it with a challenge). */
export const ebayNotificationEndpoint = (ctx: AppContext, environment: ChannelEnvironment) =>
  `${ctx.config.appUrl}/api/webhooks/ebay-notifications/${environment}`;

/** The verification token eBay mixes into the challenge: derived from our key, 64 characters. */
export const ebayVerificationToken = (ctx: AppContext) =>
  crypto.createHmac('sha256', ctx.marketplaces.webhookKey).update('ebay-verification-token').digest('hex');

interface ApplicationAccess {
  client: EbayClient;
  publicKeys: ReturnType<typeof createEbayPublicKeyFetcher>;
}
const applicationAccess = new WeakMap<AppContext, Map<string, ApplicationAccess>>();

/**
 * Our application's own client for an environment, kept for the process: its token (client
 * credentials, good for two hours) serves every call until it nears expiry. eBay allows an
 * application 1,000 such tokens a day; one per seller connected or notification checked would
 * spend them, and our pacing of them would hold every later connection for over a minute.
 */
function application(ctx: AppContext, environment: ChannelEnvironment): ApplicationAccess | undefined {
  const app = applicationsFor(ctx, environment).ebay;
  if (!app) return undefined;
  // The endpoints follow from the environment; the credentials may be set anew.
  const key = `${environment}\u0000${app.clientId}`;
  let kept = applicationAccess.get(ctx);
  if (!kept) applicationAccess.set(ctx, (kept = new Map()));
  let access = kept.get(key);
  if (!access) {
    const endpoints =
      environment === 'sandbox' ? ebayEndpointsAt(`${ctx.config.sandbox.baseUrl}/ebay`) : ebayProduction;
    const client = new EbayClient({
      endpoints,
      application: { clientId: app.clientId, clientSecret: app.clientSecret },
      grant: 'application',
      sellerKey: `app-${environment}`,
      buckets: ctx.marketplaces.buckets,
    });
    access = { client, publicKeys: createEbayPublicKeyFetcher(client, { now: () => ctx.clock().getTime() }) };
    kept.set(key, access);
  }
  return access;
}

/** GET with challenge_code: eBay proving we own the endpoint. */
export function answerChallenge(ctx: AppContext, environment: ChannelEnvironment, challengeCode: string) {
  return answerEbayChallenge(challengeCode, ebayVerificationToken(ctx), ebayNotificationEndpoint(ctx, environment));
}

/**
 * Registers our endpoint for MARKETPLACE_ACCOUNT_DELETION (eBay requires every app to honour it).
 * Safe to call again: an endpoint already registered is found, not duplicated.
 */
export async function ensureEbayNotifications(
  ctx: AppContext,
  environment: ChannelEnvironment,
): Promise<string | undefined> {
  const client = application(ctx, environment)?.client;
  if (!client) return undefined;
  const destinationId = await ensureEbayDestination(client, {
    name: 'Marketplace Hub',
    endpoint: ebayNotificationEndpoint(ctx, environment),
    verificationToken: ebayVerificationToken(ctx),
  });
  await createEbaySubscription(client, { topicId: ebayTopics.accountDeletion, destinationId }).catch(() => undefined);
  return destinationId;
}

/**
 * Subscribes a seller to ORDER_CONFIRMATION (a user topic: the seller's own token), delivered to our
 * endpoint: their orders are read when eBay announces them, not only on the schedule. A subscription
 * that exists already (eBay's 195012) is fine.
 */
export async function subscribeSellerToOrders(
  ctx: AppContext,
  environment: ChannelEnvironment,
  sellerClient: EbayClient,
): Promise<void> {
  const destinationId = await ensureEbayNotifications(ctx, environment);
  if (!destinationId) return;
  try {
    await createEbaySubscription(sellerClient, { topicId: ebayTopics.orderConfirmation, destinationId });
  } catch (error) {
    if (!(error instanceof MarketplaceError && error.details.code === '195012')) throw error;
  }
}

type EbayNotificationBody = {
  metadata?: { topic?: string };
  notification?: {
    notificationId?: string;
    data?: { username?: string; userId?: string; sellerUsername?: string; orderId?: string };
  };
};

/**
 * ORDER_CONFIRMATION (one per line item): the order it names is read and recorded at once; failing
 * that, the seller's orders are read now. Once per notification (recorded by its id, so a
 * redelivery asks for nothing more).
 */
async function ordersAnnounced(
  ctx: AppContext,
  environment: ChannelEnvironment,
  raw: Buffer,
  body: EbayNotificationBody,
): Promise<{ status: 204 | 400 }> {
  const seller = body.notification?.data?.sellerUsername;
  const notificationId = body.notification?.notificationId;
  if (!seller || !notificationId) return { status: 400 };
  const sellers = await ctx.db
    .select({ id: channels.id, accountId: channels.accountId })
    .from(channels)
    .where(
      and(
        eq(channels.kind, 'ebay'),
        eq(channels.environment, environment),
        inArray(channels.status, ['active', 'error']),
        or(eq(channels.externalSellerId, seller), eq(channels.displayName, seller)),
      ),
    );
  const orderId = body.notification?.data?.orderId;
  const event = { topic: ebayTopics.orderConfirmation, deliveryId: notificationId, payload: body };
  for (const channel of sellers) {
    if (orderId && (await recordAnnouncedOrder(ctx, channel, event, orderId))) continue;
    await ctx.db.transaction(async (tx) => {
      const isNew = await recordMarketplaceEvent(tx, { channelId: channel.id, ...event }, ctx.clock());
      if (isNew) await requestOrdersPoll(ctx, tx, { accountId: channel.accountId, channelId: channel.id });
    });
  }
  return { status: 204 };
}

/**
 * A signed notification from eBay. For an account deletion, every channel of that eBay user is
 * disconnected and its credentials deleted, as eBay's policy requires.
 */
export async function receiveEbayNotification(
  ctx: AppContext,
  environment: ChannelEnvironment,
  raw: Buffer,
  signature: string | undefined,
): Promise<{ status: 204 | 401 | 400; disconnected?: number }> {
  const publicKeys = application(ctx, environment)?.publicKeys;
  if (!publicKeys) return { status: 401 };
  if (!(await verifyEbaySignature(raw, signature, publicKeys).catch(() => false))) return { status: 401 };
  let body: EbayNotificationBody;
  try {
    // A NUL in it (which no query could hold) becomes U+FFFD before anything reads it.
    body = parseStorableJson(raw.toString('utf8')) as EbayNotificationBody;
  } catch {
    return { status: 400 };
  }
  if (body.metadata?.topic === ebayTopics.orderConfirmation) return ordersAnnounced(ctx, environment, raw, body);
  if (body.metadata?.topic !== ebayTopics.accountDeletion) return { status: 204 };
  const ids = [body.notification?.data?.userId, body.notification?.data?.username].filter((v): v is string =>
    Boolean(v),
  );
  if (ids.length === 0) return { status: 400 };
  const affected = await ctx.db
    .select({ id: channels.id, accountId: channels.accountId })
    .from(channels)
    .where(
      and(
        eq(channels.kind, 'ebay'),
        eq(channels.environment, environment),
        ne(channels.status, 'disconnected'),
        or(...ids.map((id) => eq(channels.externalSellerId, id))),
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
        metadata: { reason: 'ebay_marketplace_account_deletion', notificationId: body.notification?.notificationId },
      });
    });
  }
  return { status: 204, disconnected: affected.length };
}
