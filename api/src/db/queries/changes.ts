import { randomUUID } from 'node:crypto';
import type { Db } from '../client.ts';
import { run, statement } from '../statements.ts';
import type { ChangeCause, ChangeField } from '../schema/index.ts';

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
  // Ids made here, so the answer is in the order given whatever order the rows are written in.
  const ids = items.map(() => randomUUID());
  for (let i = 0; i < items.length; i += 1000) {
    const page = items.slice(i, i + 1000);
    await run(db, insertChangesStatement, [
      accountId,
      at,
      ids.slice(i, i + 1000),
      page.map((c) => c.productId),
      page.map((c) => c.channelId ?? null),
      page.map((c) => c.sku),
      page.map((c) => c.cause),
      page.map((c) => c.causeRef ?? null),
      page.map((c) => c.orderId ?? null),
      page.map((c) => c.actorUserId ?? null),
      page.map((c) => c.field),
      page.map((c) => c.before),
      page.map((c) => c.after),
    ]);
  }
  return ids;
}

const insertChangesStatement = statement(
  'insert_changes',
  `insert into changes (account_id, created_at, id, product_id, channel_id, sku, cause, cause_ref, order_id, actor_user_id, field, before, after)
   select $1::uuid, $2::timestamptz, * from unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::text[],
     $9::uuid[], $10::uuid[], $11::text[], $12::text[], $13::text[])`,
);
