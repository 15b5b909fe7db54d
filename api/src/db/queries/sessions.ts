import { and, eq, ne, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { sessions } from '../schema/index.ts';
import { statement, rowsOf } from '../statements.ts';
import { type UserRecord } from './users.ts';

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
const sessionWithUser = statement<
  { data: unknown; expiresAt: Date } & { [K in keyof UserRecord]: UserRecord[K] | null }
>(
  'read_session_with_user',
  `select s.data, s.expires_at as "expiresAt", u.id, u.account_id as "accountId", u.email,
     u.first_name as "firstName", u.last_name as "lastName", u.role, u.account_role as "accountRole",
     u.profile_image_url as "profileImageUrl", u.time_zone as "timeZone", u.google_id as "googleId",
     u.email_verified_at as "emailVerifiedAt", u.disabled_at as "disabledAt", u.last_sign_in_at as "lastSignInAt",
     u.created_at as "createdAt", a.name as "companyName"
   from sessions s
   left join users u on u.id = s.user_id
   left join accounts a on a.id = u.account_id
   where s.sid = $1`,
);

// Written once as text (see statements.ts): every request with a cookie reads it, and drizzle building it
// each time was a twelfth of the web process's CPU on the audit log's list.
export async function readSessionWithUser(
  db: Db,
  sid: string,
  now: Date,
): Promise<{ data: unknown; user: UserRecord | undefined } | undefined> {
  const [row] = await rowsOf(db, sessionWithUser, [sid]);
  if (!row || row.expiresAt <= now) return undefined;
  const { data, expiresAt: _expiresAt, ...user } = row;
  return { data, user: user.id ? (user as UserRecord) : undefined };
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
