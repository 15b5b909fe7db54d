import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { getPasswordHash, listAccountUsers, normaliseEmail, type UserRecord } from '../../db/queries/users.ts';
import {
  accountData,
  auditData,
  channelData,
  listingData,
  orderData,
  privacyTableColumns,
  productData,
  profileData,
} from '../../db/queries/privacy.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { csvLine } from '../csv/csv-write.ts';
import { isStaff } from './auth-user.ts';
import { verifyPassword } from './passwords.ts';
import { removeUser } from './user-management.ts';

export const NOT_WHILE_VIEWING_AS_PRIVACY = 'An account cannot be deleted while viewing as another user.';
export const STAFF_DELETED_BY_SUPER = 'Platform staff accounts are deleted by a super user from User Management.';
export const WRONG_PASSWORD = 'Your current password is not correct.';
export const WRONG_EMAIL = 'Type the email address you sign in with to confirm.';
export const LAST_OWNER_LEAVING =
  'You are the last owner of this account: make another member an owner first, or remove the other members.';
export const OWNERS_ONLY_TABLE = "Only the account's owners download the account's products, listings and orders.";

/** Who asks: the user the request acts as, and whether staff are viewing as them. */
export interface PrivacyActor {
  user: UserRecord;
  impersonating: boolean;
}

/**
 * The user proves it is them: their current password or, for a user who only signs in with Google,
 * the email address they sign in with.
 */
async function reauthenticate(
  ctx: AppContext,
  user: UserRecord,
  input: { currentPassword?: string | undefined; email?: string | undefined },
): Promise<void> {
  const storedHash = await getPasswordHash(ctx.db, user.id);
  if (storedHash) {
    if (!input.currentPassword || !(await verifyPassword(storedHash, input.currentPassword)))
      throw new AppError(400, WRONG_PASSWORD);
    return;
  }
  if (!input.email || normaliseEmail(input.email) !== user.email) throw new AppError(400, WRONG_EMAIL);
}

/**
 * "Delete my account" (privacy policy: the right to delete). A member's user goes; an owner with no other
 * member takes the account and all its data along, once its paid plan is cancelled (409 otherwise, as for
 * staff deletion). The last owner of a team hands ownership over first. The caller's sessions end.
 */
export async function deleteOwnAccount(
  ctx: AppContext,
  audit: AuditContext,
  actor: PrivacyActor,
  input: { currentPassword?: string | undefined; email?: string | undefined },
): Promise<{ message: string; accountDeleted: boolean }> {
  const { user } = actor;
  if (actor.impersonating) throw new AppError(403, NOT_WHILE_VIEWING_AS_PRIVACY);
  if (isStaff(user.role)) throw new AppError(403, STAFF_DELETED_BY_SUPER);
  await reauthenticate(ctx, user, input);
  if (user.accountRole === 'owner') {
    const team = await listAccountUsers(ctx.db, user.accountId);
    const otherOwners = team.filter((u) => u.id !== user.id && u.accountRole === 'owner');
    if (team.length > 1 && otherOwners.length === 0) throw new AppError(409, LAST_OWNER_LEAVING);
  }
  const accountDeleted = await removeUser(ctx, audit, user, 'user.account_deleted');
  return {
    message: accountDeleted
      ? 'Your account and all its data have been deleted.'
      : 'Your user has been deleted. The account stays with its other members.',
    accountDeleted,
  };
}

export const privacyTables = ['profile', 'channels', 'products', 'listings', 'orders', 'audit'] as const;
export type PrivacyTable = (typeof privacyTables)[number];

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
/** Dates as ISO text, the rest as read. */
const plain = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)]));

async function collect(
  ctx: AppContext,
  user: UserRecord,
  table: PrivacyTable,
): Promise<Array<Record<string, unknown>>> {
  const { accountId } = user;
  switch (table) {
    case 'profile':
      return [await profileData(ctx.db, user.id)].filter((r) => r !== undefined);
    case 'channels':
      return channelData(ctx.db, accountId);
    case 'products':
      return productData(ctx.db, accountId);
    case 'listings':
      return listingData(ctx.db, accountId);
    case 'orders':
      return orderData(ctx.db, accountId);
    case 'audit':
      return auditData(ctx.db, { userId: user.id, accountId, wholeAccount: user.accountRole === 'owner' });
  }
}

async function noteDownload(ctx: AppContext, audit: AuditContext, user: UserRecord, format: string, table?: string) {
  await recordAudit(ctx.db, audit, {
    action: 'privacy.data_downloaded',
    accountId: user.accountId,
    targetType: 'user',
    targetId: user.id,
    metadata: { format, ...(table ? { table } : {}) },
  });
}

/**
 * "Download my data" (the right of access) as one JSON document: the user's profile and the audit entries
 * about them; for an owner also the account, its channels (never their credentials), products, listings
 * and orders, and the account's whole audit trail.
 */
export async function myDataDocument(ctx: AppContext, audit: AuditContext, user: UserRecord) {
  const owner = user.accountRole === 'owner';
  const rows = async (table: PrivacyTable) => (await collect(ctx, user, table)).map((r) => plain(r));
  const document = {
    exportedAt: ctx.clock().toISOString(),
    profile: plain((await profileData(ctx.db, user.id))!),
    account: owner ? plain((await accountData(ctx.db, user.accountId))!) : null,
    channels: owner ? await rows('channels') : [],
    products: owner ? await rows('products') : [],
    listings: owner ? await rows('listings') : [],
    orders: owner ? await rows('orders') : [],
    audit: await rows('audit'),
  };
  await noteDownload(ctx, audit, user, 'json');
  return document;
}

const cellOf = (value: unknown): string | number | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'number' || typeof value === 'string'
      ? value
      : value instanceof Date
        ? value.toISOString()
        : JSON.stringify(value);

/** One table of the same data as CSV (a header line, then a line per row). */
export async function myDataCsv(
  ctx: AppContext,
  audit: AuditContext,
  user: UserRecord,
  table: PrivacyTable,
): Promise<string> {
  if (user.accountRole !== 'owner' && !['profile', 'audit'].includes(table)) throw new AppError(403, OWNERS_ONLY_TABLE);
  const rows = await collect(ctx, user, table);
  const columns = rows[0] ? Object.keys(rows[0]) : privacyTableColumns[table];
  const csv = [csvLine(columns), ...rows.map((r) => csvLine(columns.map((c) => cellOf(r[c]))))].join('');
  await noteDownload(ctx, audit, user, 'csv', table);
  return csv;
}
