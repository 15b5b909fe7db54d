import { and, eq, ne, lt, or, sql } from 'drizzle-orm';
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

/**
 * The sessions in which this user views as another: `user_id` holds the user viewed as, the
 * administrator rides in the session's data (admin-routes.ts). Rare enough to be read without an index.
 */
const viewingAsBy = (userId: string) => sql`${sessions.data} ->> 'impersonatorId' = ${userId}`;

/**
 * Ends every session of a user, those in which they view as another user included, but the one given
 * (the one making the change, if any).
 */
export async function deleteUserSessions(db: Db, userId: string, exceptSid?: string): Promise<void> {
  const theirs = or(eq(sessions.userId, userId), viewingAsBy(userId));
  await db.delete(sessions).where(exceptSid ? and(theirs, ne(sessions.sid, exceptSid)) : theirs);
}

/**
 * Ends the sessions the user signed in to themselves (their own, and those in which they view as another), but
 * the one given; an administrator's view as this user is the administrator's session and stays.
 */
export async function deleteOwnSessions(db: Db, userId: string, exceptSid: string): Promise<void> {
  const own = and(eq(sessions.userId, userId), sql`${sessions.data} ->> 'impersonatorId' is null`);
  await db.delete(sessions).where(and(or(own, viewingAsBy(userId)), ne(sessions.sid, exceptSid)));
}

/** Ends the sessions in which this user views as another (their role changed); their own stay. */
export async function deleteSessionsViewingAsBy(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(viewingAsBy(userId));
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
