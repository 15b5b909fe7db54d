import { and, asc, eq, gt, or, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts, auditLog, channels, listings, orders, products, users } from '../schema/index.ts';

const profileColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  accountRole: users.accountRole,
  profileImageUrl: users.profileImageUrl,
  emailVerifiedAt: users.emailVerifiedAt,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
};

const channelColumns = {
  id: channels.id,
  kind: channels.kind,
  role: channels.role,
  status: channels.status,
  environment: channels.environment,
  externalSellerId: channels.externalSellerId,
  displayName: channels.displayName,
  connectedAt: channels.connectedAt,
  lastSyncAt: channels.lastSyncAt,
};

const productColumns = {
  id: products.id,
  sku: products.sku,
  title: products.title,
  description: products.description,
  brand: products.brand,
  gtin: products.gtin,
  price: products.price,
  currency: products.currency,
  cost: products.cost,
  onHand: products.onHand,
  committed: products.committed,
  importedAt: products.importedAt,
  updatedAt: products.updatedAt,
};

const listingColumns = {
  id: listings.id,
  channelId: listings.channelId,
  productId: listings.productId,
  sku: listings.sku,
  marketplaceId: listings.marketplaceId,
  status: listings.status,
  quantity: listings.confirmedQuantity,
  price: listings.confirmedPrice,
  priceOverride: listings.priceOverride,
  quantityCap: listings.quantityCap,
  updatedAt: listings.updatedAt,
};

const orderColumns = {
  id: orders.id,
  channelId: orders.channelId,
  marketplaceOrderId: orders.marketplaceOrderId,
  orderNumber: orders.orderNumber,
  status: orders.status,
  fulfilment: orders.fulfilment,
  orderedAt: orders.orderedAt,
  buyerName: orders.buyerName,
  shipTo: orders.shipTo,
  lines: orders.lines,
  totalAmount: orders.totalAmount,
  currency: orders.currency,
};

const auditColumns = {
  id: auditLog.id,
  occurredAt: auditLog.occurredAt,
  action: auditLog.action,
  actorUserId: auditLog.actorUserId,
  impersonatorUserId: auditLog.impersonatorUserId,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  before: auditLog.before,
  after: auditLog.after,
};

/** The columns of each table of "Download my data" as CSV, in order (the header of an empty table too). */
export const privacyTableColumns = {
  profile: Object.keys(profileColumns),
  channels: Object.keys(channelColumns),
  products: Object.keys(productColumns),
  listings: Object.keys(listingColumns),
  orders: Object.keys(orderColumns),
  audit: Object.keys(auditColumns),
};

/**
 * What the product holds about a user and their account, as "Download my data" hands it over. Never a
 * secret: no password hash, no Google id, no channel credentials, no token of any kind.
 */
export async function profileData(db: Db, userId: string) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row;
}

export async function accountData(db: Db, accountId: string) {
  const [row] = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      plan: accounts.plan,
      trialEndsAt: accounts.trialEndsAt,
      subscriptionStatus: accounts.subscriptionStatus,
      currentPeriodEnd: accounts.currentPeriodEnd,
      cancelAtPeriodEnd: accounts.cancelAtPeriodEnd,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

/**
 * The rows after `last` in the order of the key columns (keyset paging: each page starts where the one before
 * ended, however many rows share a value of the first key); every page before the first.
 */
function after(keys: Array<[Column, unknown]>): SQL | undefined {
  const [[column, value], ...rest] = keys as [[Column, unknown], ...Array<[Column, unknown]>];
  return rest.length === 0
    ? gt(column, value as never)
    : or(gt(column, value as never), and(eq(column, value as never), after(rest)));
}

/** The account's channels without their credentials: a handful (the plan's connections), read at once. */
export async function channelData(db: Db, accountId: string) {
  return db
    .select(channelColumns)
    .from(channels)
    .where(eq(channels.accountId, accountId))
    .orderBy(asc(channels.createdAt), asc(channels.id));
}

export async function productPage(
  db: Db,
  accountId: string,
  last: { sku: string; id: string } | undefined,
  limit: number,
) {
  return db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.accountId, accountId),
        last
          ? after([
              [products.sku, last.sku],
              [products.id, last.id],
            ])
          : undefined,
      ),
    )
    .orderBy(asc(products.sku), asc(products.id))
    .limit(limit);
}

export async function listingPage(
  db: Db,
  accountId: string,
  last: { sku: string; channelId: string; id: string } | undefined,
  limit: number,
) {
  return db
    .select(listingColumns)
    .from(listings)
    .where(
      and(
        eq(listings.accountId, accountId),
        last
          ? after([
              [listings.sku, last.sku],
              [listings.channelId, last.channelId],
              [listings.id, last.id],
            ])
          : undefined,
      ),
    )
    .orderBy(asc(listings.sku), asc(listings.channelId), asc(listings.id))
    .limit(limit);
}

export async function orderPage(
  db: Db,
  accountId: string,
  last: { orderedAt: Date; id: string } | undefined,
  limit: number,
) {
  return db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        last
          ? after([
              [orders.orderedAt, last.orderedAt],
              [orders.id, last.id],
            ])
          : undefined,
      ),
    )
    .orderBy(asc(orders.orderedAt), asc(orders.id))
    .limit(limit);
}

/**
 * Audit entries about the user (by them, or with them as the target) or, for an owner, about the account,
 * a page after `last`. The IP and browser of staff who acted as them are left out, as on the Audit Logs page.
 */
export async function auditPage(
  db: Db,
  who: { userId: string; accountId: string; wholeAccount: boolean },
  last: { occurredAt: Date; id: number } | undefined,
  limit: number,
) {
  const aboutUser = or(
    eq(auditLog.actorUserId, who.userId),
    and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, who.userId)),
  );
  const rows = await db
    .select(auditColumns)
    .from(auditLog)
    .where(
      and(
        eq(auditLog.accountId, who.accountId),
        who.wholeAccount ? undefined : aboutUser,
        // By id alone (a sequence, in the order entries were written): an entry's time has microseconds, which a
        // cursor kept as a JavaScript Date would cut to milliseconds, repeating or looping over a page.
        last ? gt(auditLog.id, last.id) : undefined,
      ),
    )
    .orderBy(asc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    ip: r.impersonatorUserId ? null : r.ip,
    userAgent: r.impersonatorUserId ? null : r.userAgent,
  }));
}
