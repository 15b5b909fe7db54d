import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, marketplaceEvents } from '../schema/index.ts';
import { channelColumns, type ChannelRecord } from './channels.ts';
import { storableJson, storableText } from '../storable-text.ts';

/**
 * Records a delivery once; answers false when this delivery id was already recorded for the channel.
 * A delivery whose order is still to be applied (`toApply`) stays unprocessed until the channel's
 * job applies it; every other one is dealt with as it arrives. A NUL in what the marketplace sent is
 * kept as U+FFFD: refusing the delivery would only have it sent again.
 */
export async function recordMarketplaceEvent(
  db: Db,
  input: { channelId: string; topic: string; deliveryId: string; payload: unknown; toApply?: boolean },
  at: Date,
): Promise<boolean> {
  const { toApply = false, channelId, topic, deliveryId, payload } = input;
  const event = {
    channelId,
    topic: storableText(topic),
    deliveryId: storableText(deliveryId),
    payload: storableJson(payload),
  };
  const inserted = await db
    .insert(marketplaceEvents)
    .values({ ...event, receivedAt: at, processedAt: toApply ? null : at })
    .onConflictDoNothing({ target: [marketplaceEvents.channelId, marketplaceEvents.deliveryId] })
    .returning({ id: marketplaceEvents.id });
  return inserted.length === 1;
}

/** A channel's deliveries with orders still to apply, oldest first, locked for this transaction (another applier skips them). */
export async function deliveriesToApply(
  db: Db,
  channelId: string,
  limit: number,
): Promise<Array<{ id: string; topic: string; payload: unknown }>> {
  return db
    .select({ id: marketplaceEvents.id, topic: marketplaceEvents.topic, payload: marketplaceEvents.payload })
    .from(marketplaceEvents)
    .where(and(eq(marketplaceEvents.channelId, channelId), isNull(marketplaceEvents.processedAt)))
    .orderBy(asc(marketplaceEvents.receivedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markDeliveriesApplied(db: Db, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(marketplaceEvents).set({ processedAt: at }).where(inArray(marketplaceEvents.id, ids));
}

export type WebhookChannel = ChannelRecord & { sealed: string };

/**
 * A webhook names its channel in its URL and carries no session: the channel is found by id alone,
 * and the delivery's signature (checked with that channel's secret) is what proves it belongs there.
 */
export async function findConnectedChannelForWebhook(db: Db, channelId: string): Promise<WebhookChannel | undefined> {
  const [row] = await db
    .select({
      ...channelColumns,
      sealed: channels.credentialsCiphertext,
    })
    .from(channels)
    .where(and(eq(channels.id, channelId), ne(channels.status, 'disconnected')));
  return row && row.sealed ? { ...row, sealed: row.sealed } : undefined;
}
