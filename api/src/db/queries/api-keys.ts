import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts, apiKeys, users, type ApiKeyAccess, type Plan } from '../schema/index.ts';
import { userColumns, type UserRecord } from './users.ts';

export const apiKeyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  access: apiKeys.access,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  userId: apiKeys.userId,
  createdBy: users.email,
};
export type ApiKeyRecord = {
  id: string;
  name: string;
  prefix: string;
  access: ApiKeyAccess;
  createdAt: Date;
  lastUsedAt: Date | null;
  userId: string;
  createdBy: string;
};

/** The account's keys in use, oldest first. */
export function listActiveApiKeys(db: Db, accountId: string): Promise<ApiKeyRecord[]> {
  return db
    .select(apiKeyColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** Holds the account's row until the transaction ends, so two new keys are counted one after the other. */
export async function lockAccountForApiKeys(db: Db, accountId: string): Promise<void> {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('no key update');
}

export async function countActiveApiKeys(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertApiKey(
  db: Db,
  input: {
    accountId: string;
    userId: string;
    name: string;
    prefix: string;
    access: ApiKeyAccess;
    keyHash: string;
    at: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(apiKeys)
    .values({
      accountId: input.accountId,
      userId: input.userId,
      name: input.name,
      prefix: input.prefix,
      access: input.access,
      keyHash: input.keyHash,
      createdAt: input.at,
    })
    .returning({ id: apiKeys.id });
  return row!.id;
}

/** Revokes the account's key in use; answers what it was, or undefined when the account has no such key in use. */
export async function revokeActiveApiKey(
  db: Db,
  accountId: string,
  id: string,
  at: Date,
): Promise<{ name: string; prefix: string; access: ApiKeyAccess } | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .returning({ name: apiKeys.name, prefix: apiKeys.prefix, access: apiKeys.access });
  return row;
}

/** The key in use with this hash, the user it acts as, and the account's plan. */
export async function findActiveApiKey(
  db: Db,
  keyHash: string,
): Promise<{ keyId: string; access: ApiKeyAccess; lastUsedAt: Date | null; plan: Plan; user: UserRecord } | undefined> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      access: apiKeys.access,
      lastUsedAt: apiKeys.lastUsedAt,
      plan: accounts.plan,
      user: userColumns,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt), eq(apiKeys.accountId, users.accountId)));
  return row;
}

/** Notes the key's use, at most once a minute (a script calling in a loop writes nothing more). */
export async function noteApiKeyUse(db: Db, keyId: string, at: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`${at.toISOString()}::timestamptz - interval '1 minute'`),
        ),
      ),
    );
}
