import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
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
 * The read-only rule, once for the TypeScript and the SQL (billing-status.ts reads these lists; `readOnlyAt`
 * writes them into a query): a subscription that has ended makes the account read-only; a subscription
 * that works (paid, or past due while Stripe retries) never does; with neither (none yet, or a first payment
 * still under way) a trial account is read-only once its trial is over, and a paid plan staff gave without a
 * subscription never is.
 */
export const endedSubscriptionStatuses = [
  'canceled',
  'unpaid',
  'incomplete_expired',
  'paused',
] as const satisfies readonly SubscriptionStatus[];
export const workingSubscriptionStatuses = [
  'active',
  'trialing',
  'past_due',
] as const satisfies readonly SubscriptionStatus[];

const sqlList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The condition "the account (the `accounts` row in the query) is read-only at `now`" (see above). */
export function readOnlyAt(now: Date): SQL {
  // Never null (a status not set reads as 'none'): `not` of it is the writable accounts, all of them.
  const status = sql`coalesce(${accounts.subscriptionStatus}, 'none')`;
  return sql`(${status} in (${sqlList(endedSubscriptionStatuses)})
    or (${accounts.plan} = 'trial' and ${status} not in (${sqlList(workingSubscriptionStatuses)})
      and (${accounts.trialEndsAt} is null or ${accounts.trialEndsAt} <= ${now})))`;
}

/** The condition "the account may sync at `now`": the due-work queries of the minute's tick join `accounts` and take it. */
export function writableAt(now: Date): SQL {
  return sql`not ${readOnlyAt(now)}`;
}

/** Whether the account is read-only at `now`, by the SQL rule (the tests hold it to billing-status.ts's). */
export async function isReadOnlyInSql(db: Db, accountId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ readOnly: sql<boolean>`${readOnlyAt(now)}` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.readOnly === true;
}
