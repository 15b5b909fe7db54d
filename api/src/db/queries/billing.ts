import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  accounts,
  stripeEvents,
  users,
  type AccountRole,
  type Plan,
  type SubscriptionStatus,
} from '../schema/index.ts';

/** What billing knows of an account: its plan, trial, and Stripe subscription as last applied. */
export interface BillingRecord {
  plan: Plan;
  trialEndsAt: Date | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: SubscriptionStatus | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

const billingColumns = {
  plan: accounts.plan,
  trialEndsAt: accounts.trialEndsAt,
  stripeCustomerId: accounts.stripeCustomerId,
  stripeSubscriptionId: accounts.stripeSubscriptionId,
  subscriptionStatus: accounts.subscriptionStatus,
  currentPeriodEnd: accounts.currentPeriodEnd,
  cancelAtPeriodEnd: accounts.cancelAtPeriodEnd,
};

export async function findBilling(db: Db, accountId: string): Promise<BillingRecord | undefined> {
  const [row] = await db.select(billingColumns).from(accounts).where(eq(accounts.id, accountId));
  return row;
}

/** The account's billing, its row locked until the transaction ends: webhooks for one account apply one at a time. */
export async function lockBilling(db: Db, accountId: string): Promise<BillingRecord | undefined> {
  const [row] = await db.select(billingColumns).from(accounts).where(eq(accounts.id, accountId)).for('update');
  return row;
}

/** Notes the account's Stripe customer unless it has one; answers the one it holds. */
export async function setStripeCustomer(db: Db, accountId: string, customerId: string): Promise<string> {
  await db
    .update(accounts)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(accounts.id, accountId), isNull(accounts.stripeCustomerId)));
  const [row] = await db.select({ id: accounts.stripeCustomerId }).from(accounts).where(eq(accounts.id, accountId));
  return row?.id ?? customerId;
}

export async function accountOfStripeCustomer(db: Db, customerId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.stripeCustomerId, customerId));
  return row?.id;
}

export async function accountExists(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  return Boolean(row);
}

export type SubscriptionFields = Pick<
  BillingRecord,
  'plan' | 'stripeCustomerId' | 'stripeSubscriptionId' | 'subscriptionStatus' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'
>;

export async function setSubscription(db: Db, accountId: string, fields: SubscriptionFields): Promise<void> {
  await db.update(accounts).set(fields).where(eq(accounts.id, accountId));
}

/** Records a Stripe event by its id; false when it was recorded before (a delivery repeated). */
export async function recordStripeEvent(
  db: Db,
  event: { id: string; type: string; accountId: string | null },
): Promise<boolean> {
  const inserted = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, accountId: event.accountId })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return inserted.length > 0;
}

export async function accountRoleOf(db: Db, accountId: string, userId: string): Promise<AccountRole | undefined> {
  const [row] = await db
    .select({ role: users.accountRole })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  return row?.role;
}

/** What counts against a plan's limits: SKUs in the catalogue and channels connected. */
export async function billingUsage(db: Db, accountId: string): Promise<{ skus: number; connections: number }> {
  const [row] = await db
    .select({
      skus: sql<number>`(select count(*)::int from products p where p.account_id = ${accountId})`,
      connections: sql<number>`(select count(*)::int from channels c where c.account_id = ${accountId} and c.status <> 'disconnected')`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { skus: Number(row?.skus ?? 0), connections: Number(row?.connections ?? 0) };
}

/**
 * The accounts that are read-only now (billing-status.ts): a subscription that has ended, or no
 * subscription paid and the trial over (a paid plan staff gave without one is not). Their sync is paused;
 * nothing of theirs is deleted.
 */
export async function readOnlyAccountIds(db: Db, now: Date): Promise<Set<string>> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      sql`${accounts.subscriptionStatus} in ('canceled', 'unpaid', 'incomplete_expired', 'paused')
        or (${accounts.plan} = 'trial' and (${accounts.subscriptionStatus} is null or ${accounts.subscriptionStatus} = 'incomplete')
          and (${accounts.trialEndsAt} is null or ${accounts.trialEndsAt} <= ${now}))`,
    );
  return new Set(rows.map((r) => r.id));
}
