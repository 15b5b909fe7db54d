import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, marketplaceEvents } from '../schema/index.ts';
import type { ChannelRecord } from './channels.ts';

/** Records a delivery once; answers false when this delivery id was already recorded for the channel. */
export async function recordMarketplaceEvent(db: Db, input: { channelId: string; topic: string; deliveryId: string; payload: unknown }): Promise<boolean> {
  const inserted = await db.insert(marketplaceEvents).values(input).onConflictDoNothing({ target: [marketplaceEvents.channelId, marketplaceEvents.deliveryId] }).returning({ id: marketplaceEvents.id });
  return inserted.length === 1;
}

/**
 * A webhook names its channel in its URL and carries no session: the channel is found by id alone,
 * and the delivery's signature (checked with that channel's secret) is what proves it belongs there.
 */
export async function findConnectedChannelForWebhook(db: Db, channelId: string): Promise<(ChannelRecord & { sealed: string }) | undefined> {
  const [row] = await db
    .select({
      id: channels.id,
      accountId: channels.accountId,
      kind: channels.kind,
      role: channels.role,
      status: channels.status,
      statusReason: channels.statusReason,
      environment: channels.environment,
      externalSellerId: channels.externalSellerId,
      displayName: channels.displayName,
      rules: channels.rules,
      connectedAt: channels.connectedAt,
      lastSyncAt: channels.lastSyncAt,
      sealed: channels.credentialsCiphertext,
    })
    .from(channels)
    .where(and(eq(channels.id, channelId), ne(channels.status, 'disconnected')));
  return row && row.sealed ? { ...row, sealed: row.sealed } : undefined;
}
