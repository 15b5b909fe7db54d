import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, marketplaceEvents } from '../schema/index.ts';
import { channelColumns, type ChannelRecord } from './channels.ts';

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
      ...channelColumns,
      sealed: channels.credentialsCiphertext,
    })
    .from(channels)
    .where(and(eq(channels.id, channelId), ne(channels.status, 'disconnected')));
  return row && row.sealed ? { ...row, sealed: row.sealed } : undefined;
}
