import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts, channels, type Plan } from '../schema/index.ts';

/** Notes, on the main channel, how many SKUs its last full read found beyond the plan's SKU limit (0: none). */
export async function noteSkusBeyondLimit(db: Db, channelId: string, beyond: number): Promise<void> {
  await db
    .update(channels)
    .set({ skusBeyondLimit: Math.max(0, beyond) })
    .where(eq(channels.id, channelId));
}

/** The account's plan, how many SKUs it holds, and how many its main channel has beyond the plan's limit. */
export async function skuLimitState(db: Db, accountId: string): Promise<{ plan: Plan; skus: number; beyond: number }> {
  const [row] = await db
    .select({
      plan: accounts.plan,
      skus: sql<number>`(select count(*)::int from products p where p.account_id = ${accountId})`,
      beyond: sql<number>`coalesce((select c.skus_beyond_limit from channels c where c.account_id = ${accountId} and c.role = 'main' and c.status <> 'disconnected' limit 1), 0)`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { plan: row?.plan ?? 'trial', skus: Number(row?.skus ?? 0), beyond: Number(row?.beyond ?? 0) };
}
