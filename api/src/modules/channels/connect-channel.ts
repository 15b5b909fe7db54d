import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { insertChannel, listChannels, type ChannelRecord } from '../../db/queries/channels.ts';
import { defaultChannelRules, type ChannelEnvironment, type ChannelKind } from '../../db/schema/index.ts';
import type { SellerIdentity } from '../../marketplaces/types.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { marketplaceNames } from '../../marketplaces/names.ts';
import { adapterFor, verifyWithMarketplace } from '../channel-access/marketplace-adapters.ts';
import { subscribeToMarketplaceEvents } from '../webhooks/subscribe-events.ts';
import { requestCatalogueImport } from '../reconciliation/sync-run.ts';
import { requireConnectionRoom } from '../billing/plan-enforcement.ts';

/**
 * Saves a channel whose credentials the marketplace has just accepted. The credentials are sealed
 * before they touch the database; the first channel of an account becomes its main channel.
 */
export async function saveVerifiedChannel(
  ctx: AppContext,
  audit: AuditContext,
  input: {
    accountId: string;
    kind: ChannelKind;
    environment: ChannelEnvironment;
    identity: SellerIdentity;
    credentials: Record<string, string>;
  },
): Promise<ChannelRecord> {
  const id = crypto.randomUUID();
  try {
    return await ctx.db.transaction(async (tx) => {
      await requireConnectionRoom(tx, input.accountId, ctx.clock());
      const existing = await listChannels(tx, input.accountId);
      const channel = await insertChannel(tx, {
        id,
        accountId: input.accountId,
        kind: input.kind,
        role: existing.some((c) => c.role === 'main') ? 'target' : 'main',
        environment: input.environment,
        externalSellerId: input.identity.sellerId,
        displayName: input.identity.displayName,
        credentialsCiphertext: ctx.marketplaces.vault.seal(input.credentials, {
          accountId: input.accountId,
          channelId: id,
        }),
        rules: defaultChannelRules,
      });
      await recordAudit(tx, audit, {
        action: 'channel.connected',
        accountId: input.accountId,
        targetType: 'channel',
        targetId: id,
        // Which fields were given, never their values.
        after: {
          kind: input.kind,
          environment: input.environment,
          role: channel.role,
          sellerId: input.identity.sellerId,
          credentialFields: Object.keys(input.credentials).sort(),
        },
      });
      // A main channel brings the catalogue; a target brings listings to link to it.
      await requestCatalogueImport(ctx, tx, input.accountId);
      return channel;
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if ((error as { code?: string }).code === '23505' || cause?.code === '23505') {
      throw new AppError(
        409,
        `This ${marketplaceNames[input.kind]} account (${input.identity.sellerId}) is already connected.`,
      );
    }
    throw error;
  }
}

/** Amazon and Walmart: credentials typed by the seller. */
export async function connectWithCredentials(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  request: { kind: 'amazon' | 'walmart'; environment: ChannelEnvironment; credentials: Record<string, string> },
): Promise<ChannelRecord> {
  const credentials = Object.fromEntries(Object.entries(request.credentials).map(([k, v]) => [k, v.trim()]));
  const adapter = adapterFor(ctx, request.kind, request.environment, credentials);
  const identity = await verifyWithMarketplace(request.kind, adapter);
  const channel = await saveVerifiedChannel(ctx, audit, {
    accountId,
    kind: request.kind,
    environment: request.environment,
    identity,
    credentials,
  });
  await subscribeToMarketplaceEvents(ctx, channel, adapter);
  return channel;
}
