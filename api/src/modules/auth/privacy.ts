import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { getPasswordHash, listAccountUsers, normaliseEmail, type UserRecord } from '../../db/queries/users.ts';
import {
  accountData,
  auditPage,
  channelData,
  listingPage,
  orderPage,
  privacyTableColumns,
  productPage,
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

/** Rows read per query: a large account's data goes out page by page, never held whole in memory. */
export const PRIVACY_PAGE_ROWS = 500;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
/** Dates as ISO text, the rest as read. */
const plain = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)]));

/** A row of what a paged query answers. */
type RowOf<Query extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<Query>>[number];

/** Page after page of a keyset-paged query, until one comes back short. */
async function* paged<T>(read: (last: T | undefined, limit: number) => Promise<T[]>): AsyncGenerator<T[]> {
  let last: T | undefined;
  for (;;) {
    const page = await read(last, PRIVACY_PAGE_ROWS);
    if (page.length > 0) yield page;
    if (page.length < PRIVACY_PAGE_ROWS) return;
    last = page.at(-1);
  }
}

/** A table's rows for this user, a page at a time. */
async function* pagesOf(
  ctx: AppContext,
  user: UserRecord,
  table: PrivacyTable,
): AsyncGenerator<Array<Record<string, unknown>>> {
  const { accountId } = user;
  switch (table) {
    case 'profile': {
      const profile = await profileData(ctx.db, user.id);
      if (profile) yield [profile];
      return;
    }
    case 'channels':
      yield await channelData(ctx.db, accountId);
      return;
    case 'products': {
      const pages = paged<RowOf<typeof productPage>>((last, limit) => productPage(ctx.db, accountId, last, limit));
      yield* pages;
      return;
    }
    case 'listings': {
      const pages = paged<RowOf<typeof listingPage>>((last, limit) => listingPage(ctx.db, accountId, last, limit));
      yield* pages;
      return;
    }
    case 'orders': {
      const pages = paged<RowOf<typeof orderPage>>((last, limit) => orderPage(ctx.db, accountId, last, limit));
      yield* pages;
      return;
    }
    case 'audit': {
      const who = { userId: user.id, accountId, wholeAccount: user.accountRole === 'owner' };
      const pages = paged<RowOf<typeof auditPage>>((last, limit) => auditPage(ctx.db, who, last, limit));
      yield* pages;
      return;
    }
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
 * "Download my data" (the right of access) as one JSON document, written out piece by piece as its pages are
 * read: the user's profile and the audit entries about them; for an owner also the account, its channels
 * (never their credentials), products, listings and orders, and the account's whole audit trail. The
 * download is audited once the whole document has been read, before its last piece.
 */
export async function* myDataJson(ctx: AppContext, audit: AuditContext, user: UserRecord): AsyncGenerator<string> {
  const owner = user.accountRole === 'owner';
  const profile = plain((await profileData(ctx.db, user.id))!);
  const account = owner ? plain((await accountData(ctx.db, user.accountId))!) : null;
  yield `{"exportedAt":${JSON.stringify(ctx.clock().toISOString())},"profile":${JSON.stringify(profile)},"account":${JSON.stringify(account)}`;
  const tables = ['channels', 'products', 'listings', 'orders', 'audit'] as const;
  for (const table of tables) {
    yield `,${JSON.stringify(table)}:[`;
    if (owner || table === 'audit') {
      let first = true;
      for await (const page of pagesOf(ctx, user, table)) {
        yield (first ? '' : ',') + page.map((row) => JSON.stringify(plain(row))).join(',');
        first = false;
      }
    }
    yield ']';
  }
  await noteDownload(ctx, audit, user, 'json');
  yield '}';
}

const cellOf = (value: unknown): string | number | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'number' || typeof value === 'string'
      ? value
      : value instanceof Date
        ? value.toISOString()
        : JSON.stringify(value);

/**
 * One table of the same data as CSV (a header line, then a line per row), written out page by page. A member
 * asking for an account's table is refused at the first piece, before anything is sent.
 */
export async function* myDataCsv(
  ctx: AppContext,
  audit: AuditContext,
  user: UserRecord,
  table: PrivacyTable,
): AsyncGenerator<string> {
  if (user.accountRole !== 'owner' && !['profile', 'audit'].includes(table)) throw new AppError(403, OWNERS_ONLY_TABLE);
  const columns = privacyTableColumns[table];
  yield csvLine(columns);
  for await (const page of pagesOf(ctx, user, table))
    yield page.map((row) => csvLine(columns.map((c) => cellOf(row[c])))).join('');
  await noteDownload(ctx, audit, user, 'csv', table);
}
