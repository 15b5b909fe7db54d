import { marketplaceNames } from '../../marketplaces/names.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { ChannelRules } from '../../db/schema/index.ts';
import {
  demoteMain,
  disconnectChannel,
  findChannel,
  listChannels,
  lockChannelRules,
  setRole,
  setRules,
  setStatus,
  type ChannelRecord,
} from '../../db/queries/channels.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { planListingWrites, requestDuePush } from '../push/plan-writes.ts';
import { requestCatalogueImport } from '../reconciliation/sync-run.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { subscribeAsMainChannel } from '../webhooks/subscribe-events.ts';

async function channelOf(ctx: AppContext, accountId: string, channelId: string): Promise<ChannelRecord> {
  const channel = await findChannel(ctx.db, accountId, channelId);
  if (!channel) throw new AppError(404, 'Channel not found');
  return channel;
}

/**
 * The main channel is the source of truth; exactly one per account (the database guarantees it).
 * The former main becomes a target.
 */
export async function makeMain(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  channelId: string,
): Promise<ChannelRecord> {
  const channel = await channelOf(ctx, accountId, channelId);
  if (channel.role === 'main') return channel;
  if (channel.status !== 'active')
    throw new AppError(409, 'Only an active channel can become the main channel. Resume or reconnect it first.');
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const former = (await listChannels(tx, accountId)).find((c) => c.role === 'main');
    await demoteMain(tx, accountId, now);
    await setRole(tx, accountId, channelId, 'main', now);
    // The new main channel's catalogue becomes the truth: read it, with the change that asks for it.
    await requestCatalogueImport(ctx, tx, accountId);
    await recordAudit(tx, audit, {
      action: 'channel.made_main',
      accountId,
      targetType: 'channel',
      targetId: channelId,
      before: { main: former?.id ?? null },
      after: { main: channelId },
    });
  });
  const main = await channelOf(ctx, accountId, channelId);
  await subscribeAsMainChannel(ctx, main, () => adapterForChannel(ctx, main));
  return main;
}

export function validateRules(rules: ChannelRules): string | null {
  if (rules.stockPercent < 0 || rules.stockPercent > 100)
    return 'The share of stock to offer must be from 0 to 100 percent.';
  if (rules.bufferUnits < 0) return 'The buffer cannot be negative.';
  if (rules.maxQuantity !== null && rules.maxQuantity < 0) return 'The maximum quantity cannot be negative.';
  if (rules.outOfStockThreshold < 0) return 'The out-of-stock threshold cannot be negative.';
  return null;
}

/** Why a channel's orders cannot be created in the main store, or null when they can. */
export function shopifyCopiesRefusal(
  channel: Pick<ChannelRecord, 'id' | 'role'>,
  channels: Array<Pick<ChannelRecord, 'id' | 'kind' | 'role'>>,
): string | null {
  if (channel.role === 'main')
    return 'The main channel’s orders are already in its own store: this option is for the other channels.';
  const main = channels.find((c) => c.role === 'main');
  if (main?.kind !== 'shopify')
    return 'Orders can be created in your Shopify store only when Shopify is your main channel.';
  return null;
}

export async function updateRules(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  channelId: string,
  changes: Partial<ChannelRules>,
): Promise<ChannelRecord> {
  const channel = await channelOf(ctx, accountId, channelId);
  await ctx.db.transaction(async (tx) => {
    // Read under the row's lock: two changes of different rules made at once both hold.
    const before = (await lockChannelRules(tx, accountId, channelId)) ?? channel.rules;
    const rules = { ...before, ...changes };
    const problem = validateRules(rules);
    if (problem) throw new AppError(400, problem);
    if (changes.createOrdersInShopify === true) {
      const refusal = shopifyCopiesRefusal(channel, await listChannels(tx, accountId));
      if (refusal) throw new AppError(400, refusal);
    }
    await setRules(tx, accountId, channelId, rules, ctx.clock());
    await recordAudit(tx, audit, {
      action: 'channel.rules_changed',
      accountId,
      targetType: 'channel',
      targetId: channelId,
      before,
      after: rules,
    });
    // The channel is offered what its new rules say, at once, with the change that set them.
    if (channel.role === 'target')
      await planListingWrites(ctx, tx, accountId, 'all', {
        channelId,
        recordAs: { cause: 'rule_change', causeRef: 'channel rules changed', actorUserId: audit.actorUserId },
      });
  });
  return channelOf(ctx, accountId, channelId);
}

export async function pauseChannel(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  channelId: string,
  reason = 'Paused by a user',
): Promise<ChannelRecord> {
  const channel = await channelOf(ctx, accountId, channelId);
  if (channel.status === 'paused') return channel;
  await ctx.db.transaction(async (tx) => {
    await setStatus(tx, accountId, channelId, 'paused', reason, ctx.clock());
    await recordAudit(tx, audit, {
      action: 'channel.paused',
      accountId,
      targetType: 'channel',
      targetId: channelId,
      before: { status: channel.status },
      after: { status: 'paused' },
    });
  });
  return channelOf(ctx, accountId, channelId);
}

export async function resumeChannel(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  channelId: string,
): Promise<ChannelRecord> {
  const channel = await channelOf(ctx, accountId, channelId);
  if (channel.status === 'active') return channel;
  await ctx.db.transaction(async (tx) => {
    await setStatus(tx, accountId, channelId, 'active', null, ctx.clock());
    await recordAudit(tx, audit, {
      action: 'channel.resumed',
      accountId,
      targetType: 'channel',
      targetId: channelId,
      before: { status: channel.status },
      after: { status: 'active' },
    });
    // What changed while it was paused goes out now; values already waiting are sent too.
    if (channel.role === 'target') {
      await planListingWrites(ctx, tx, accountId, 'all', {
        channelId,
        againstConfirmed: true,
        recordAs: { cause: 'reconciliation', causeRef: 'channel resumed', actorUserId: audit.actorUserId },
      });
      await requestDuePush(ctx, tx, { accountId, channelId });
    }
  });
  return channelOf(ctx, accountId, channelId);
}

/** Credentials are deleted. The main channel goes last: another must become main first. */
export async function disconnect(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  channelId: string,
): Promise<{ message: string }> {
  const channel = await channelOf(ctx, accountId, channelId);
  const all = await listChannels(ctx.db, accountId);
  if (channel.role === 'main' && all.length > 1) {
    throw new AppError(409, 'This is your main channel. Make another channel main before disconnecting it.');
  }
  await ctx.db.transaction(async (tx) => {
    await disconnectChannel(tx, accountId, channelId, ctx.clock());
    await recordAudit(tx, audit, {
      action: 'channel.disconnected',
      accountId,
      targetType: 'channel',
      targetId: channelId,
      before: { status: channel.status, role: channel.role },
      after: { status: 'disconnected' },
    });
  });
  return {
    message: `${marketplaceNames[channel.kind]} (${channel.displayName}) is disconnected and its credentials are deleted.`,
  };
}
