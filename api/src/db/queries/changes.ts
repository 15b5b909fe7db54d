import type { Db } from '../client.ts';
import { changes, type ChangeCause, type ChangeField } from '../schema/index.ts';

// The change log: every value that changed, why, and its before and after (what the SKU's history shows).

export interface ChangeInput {
  productId: string | null;
  channelId?: string | null;
  sku: string;
  cause: ChangeCause;
  causeRef?: string | null;
  orderId?: string | null;
  actorUserId?: string | null;
  field: ChangeField;
  before: string | null;
  after: string | null;
}

/** Records changes; answers their ids in the order given. */
export async function insertChanges(db: Db, accountId: string, items: ChangeInput[], at: Date): Promise<string[]> {
  if (items.length === 0) return [];
  const ids: string[] = [];
  for (let i = 0; i < items.length; i += 1000) {
    const rows = await db
      .insert(changes)
      .values(items.slice(i, i + 1000).map((c) => ({ accountId, ...c, createdAt: at })))
      .returning({ id: changes.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
