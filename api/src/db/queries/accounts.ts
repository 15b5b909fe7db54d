import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts, type Plan } from '../schema/index.ts';

export async function accountPlan(db: Db, accountId: string): Promise<Plan> {
  const [row] = await db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, accountId));
  return row?.plan ?? 'trial';
}
