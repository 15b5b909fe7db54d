import { and, eq, ne, lt } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { sessions } from '../schema/index.ts';

export async function readSession(db: Db, sid: string, now: Date): Promise<unknown | undefined> {
  const [row] = await db.select({ data: sessions.data, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.sid, sid));
  if (!row || row.expiresAt <= now) return undefined;
  return row.data;
}

export async function writeSession(db: Db, sid: string, userId: string | null, data: unknown, expiresAt: Date): Promise<void> {
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
  await db.delete(sessions).where(exceptSid ? and(eq(sessions.userId, userId), ne(sessions.sid, exceptSid)) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
