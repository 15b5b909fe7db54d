import { and, eq, ne, lt } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts, sessions, users } from '../schema/index.ts';
import { userColumns, type UserRecord } from './users.ts';

export async function readSession(db: Db, sid: string, now: Date): Promise<unknown | undefined> {
  const [row] = await db
    .select({ data: sessions.data, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.sid, sid));
  if (!row || row.expiresAt <= now) return undefined;
  return row.data;
}

/**
 * The session and its signed-in user (with the account's name) in one round trip: every signed-in
 * request reads both, and on this database a round trip costs the web process more than either read.
 */
export async function readSessionWithUser(
  db: Db,
  sid: string,
  now: Date,
): Promise<{ data: unknown; user: UserRecord | undefined } | undefined> {
  const [row] = await db
    .select({ data: sessions.data, expiresAt: sessions.expiresAt, user: userColumns })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(sessions.sid, sid));
  if (!row || row.expiresAt <= now) return undefined;
  return { data: row.data, user: row.user?.id ? (row.user as UserRecord) : undefined };
}

export async function writeSession(
  db: Db,
  sid: string,
  userId: string | null,
  data: unknown,
  expiresAt: Date,
): Promise<void> {
  await db
    .insert(sessions)
    .values({ sid, userId, data, expiresAt })
    .onConflictDoUpdate({ target: sessions.sid, set: { userId, data, expiresAt } });
}

export async function touchSession(db: Db, sid: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.sid, sid));
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Ends every session of a user but the one given (the one making the change, if any). */
export async function deleteUserSessions(db: Db, userId: string, exceptSid?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptSid ? and(eq(sessions.userId, userId), ne(sessions.sid, exceptSid)) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
