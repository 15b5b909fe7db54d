import type { AppContext } from '../../context.ts';
import type { ChannelEnvironment } from '../../db/schema/index.ts';
import { recordMarketplaceEvent } from '../../db/queries/marketplace-events.ts';
import {
  channelsOfShop,
  deleteChannels,
  eraseCustomerOrders,
  orderNumbersNamed,
  ordersHeldNamed,
} from '../../db/queries/shopify-privacy.ts';
import { listAccountUsers } from '../../db/queries/users.ts';
import { marketplaceNames } from '../../marketplaces/names.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { MAIL_QUEUE, type AuthMailJob } from '../../workers/queues.ts';
import { parseStorableJson } from '../../db/storable-text.ts';
import { verifyShopifyWebhook } from '../../marketplaces/shopify/webhooks.ts';
import { recordAudit, type AuditAction } from '../audit/audit-log.ts';
import { applicationSecretsAccepted } from '../channel-access/marketplace-adapters.ts';

/** Shopify's mandatory compliance topics (https://shopify.dev/docs/apps/build/compliance/privacy-law-compliance). */
export const shopifyPrivacyTopics = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;
type PrivacyTopic = (typeof shopifyPrivacyTopics)[number];

export type PrivacyVerdict = { status: 200 } | { status: 400 | 401; message: string };

interface PrivacyPayload {
  shop_domain?: unknown;
  customer?: { id?: unknown };
  orders_requested?: unknown;
  orders_to_redact?: unknown;
  data_request?: { id?: unknown };
}

const orderGidsOf = (ids: unknown): string[] =>
  Array.isArray(ids)
    ? ids
        .filter(
          (id) =>
            (typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && /^\d{1,20}$/.test(id)),
        )
        .map((id) => `gid://shopify/Order/${id}`)
    : [];

/** Each account concerned is told in its audit log (its owners read it there), once per account. */
async function auditPerAccount(
  db: AppContext['db'],
  shopDomain: string,
  action: AuditAction,
  accountIds: string[],
  metadata: (accountId: string) => Record<string, unknown>,
) {
  for (const accountId of [...new Set(accountIds)])
    await recordAudit(
      db,
      { actorUserId: null, impersonatorUserId: null, ip: null, userAgent: 'Shopify compliance webhook' },
      { action, accountId, targetType: 'shopify_shop', targetId: shopDomain, metadata: metadata(accountId) },
    );
}

/**
 * The owners of each account (verified and enabled) are mailed a data request: what was asked and which of our
 * records hold the customer's data. Queued with the delivery's record, so a repeated delivery mails nobody again.
 */
async function mailOwners(
  ctx: AppContext,
  tx: AppContext['db'],
  accountIds: string[],
  facts: (accountId: string) => NonNullable<AuthMailJob['dataRequest']>,
) {
  for (const accountId of accountIds) {
    const owners = (await listAccountUsers(tx, accountId)).filter(
      (u) => u.accountRole === 'owner' && u.emailVerifiedAt && !u.disabledAt,
    );
    for (const owner of owners)
      await enqueue<AuthMailJob>(ctx.jobs, tx, MAIL_QUEUE, {
        kind: 'shopify_data_request',
        userId: owner.id,
        dataRequest: facts(accountId),
      });
  }
}

/**
 * The three compliance webhooks every Shopify app must honour, signed with our application's secret and
 * sent to one address per environment for every shop:
 * - customers/redact: the customer's name and address are erased from the shop's orders named;
 * - shop/redact (48 hours after the app's removal): the shop's channels go, with everything read from them;
 * - customers/data_request: recorded in the audit log of each account holding the shop, and mailed to its owners
 *   with which of our records hold the customer's data, for them to act on.
 * A delivery Shopify repeats (the same webhook id) changes nothing more.
 */
export async function receiveShopifyPrivacyWebhook(
  ctx: AppContext,
  environment: ChannelEnvironment,
  raw: Buffer,
  headers: Headers,
): Promise<PrivacyVerdict> {
  // Signed by our application as in force (the secret stored in System Settings where set, else configured),
  // or by the configured secret a stored one is replacing.
  const secrets = await applicationSecretsAccepted(ctx, 'shopify', environment);
  if (secrets.length === 0) return { status: 401, message: 'Shopify is not configured' };
  const verdict = verifyShopifyWebhook(raw, headers, secrets);
  if (!verdict.ok) return { status: 401, message: verdict.reason };
  if (!(shopifyPrivacyTopics as readonly string[]).includes(verdict.topic))
    return { status: 400, message: `Not a compliance topic: ${verdict.topic}` };
  const topic = verdict.topic as PrivacyTopic;
  let payload: PrivacyPayload;
  try {
    payload = (parseStorableJson(raw.toString('utf8')) ?? {}) as PrivacyPayload;
  } catch {
    return { status: 400, message: 'The body is not JSON' };
  }
  if (typeof payload !== 'object' || payload.shop_domain !== verdict.shopDomain)
    return { status: 400, message: 'The body names another shop' };
  const shopDomain = verdict.shopDomain;
  const now = ctx.clock();

  await ctx.db.transaction(async (tx) => {
    const shopChannels = await channelsOfShop(tx, environment, shopDomain);
    if (shopChannels.length === 0) return;
    const channelIds = shopChannels.map((c) => c.id);
    // Once per delivery: kept on the first channel (without the body: it holds the customer's contact details).
    const isNew = await recordMarketplaceEvent(
      tx,
      { channelId: channelIds[0]!, topic, deliveryId: verdict.webhookId, payload: { topic } },
      now,
    );
    if (!isNew) return;
    const accountIds = shopChannels.map((c) => c.accountId);
    const customerId = payload.customer?.id === undefined ? null : String(payload.customer.id);

    if (topic === 'customers/redact') {
      const erased = await eraseCustomerOrders(tx, channelIds, orderGidsOf(payload.orders_to_redact), now);
      await auditPerAccount(tx, shopDomain, 'privacy.shopify_customer_redacted', accountIds, (accountId) => ({
        shopDomain,
        customerId,
        ordersErased: erased.filter((o) => o.accountId === accountId).map((o) => o.orderNumber),
      }));
    } else if (topic === 'shop/redact') {
      await deleteChannels(tx, channelIds);
      await auditPerAccount(tx, shopDomain, 'privacy.shopify_shop_redacted', accountIds, (accountId) => ({
        shopDomain,
        channelsDeleted: shopChannels.filter((c) => c.accountId === accountId).map((c) => c.id),
      }));
    } else {
      const requested = orderGidsOf(payload.orders_requested);
      const named = await orderNumbersNamed(tx, channelIds, requested);
      const dataRequestId = payload.data_request?.id === undefined ? null : String(payload.data_request.id);
      await auditPerAccount(tx, shopDomain, 'privacy.shopify_data_request', accountIds, (accountId) => ({
        shopDomain,
        customerId,
        dataRequestId,
        ordersRequested: named.filter((o) => o.accountId === accountId).map((o) => o.orderNumber),
      }));
      const held = await ordersHeldNamed(tx, channelIds, requested);
      await mailOwners(ctx, tx, [...new Set(accountIds)], (accountId) => ({
        shopDomain,
        customerId,
        dataRequestId,
        ordersNamed: requested.length,
        orders: held
          .filter((o) => o.accountId === accountId)
          .map((o) => ({
            orderNumber: o.orderNumber,
            channel: `${marketplaceNames[o.channelKind]} · ${o.channelName}`,
            buyerName: Boolean(o.buyerName),
            shippingAddress: Boolean(o.shippingAddress),
          })),
      }));
    }
  });
  return { status: 200 };
}
