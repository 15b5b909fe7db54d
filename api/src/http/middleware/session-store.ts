import session from 'express-session';
import type { Db } from '../../db/client.ts';
import { deleteSession, readSession, touchSession, writeSession } from '../../db/queries/sessions.ts';

type Callback = (error?: unknown) => void;
type SessionWithUser = session.SessionData & { passport?: { user?: string } };

/** express-session's store on our own database (PGlite or PostgreSQL alike). */
export class DatabaseSessionStore extends session.Store {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly ttlSeconds: number,
  ) {
    super();
  }

  // Measured on our clock (not the cookie's), so the store and the lifetime checks agree.
  private expiry(_sess: session.SessionData): Date {
    return new Date(this.clock().getTime() + this.ttlSeconds * 1000);
  }

  override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
    readSession(this.db, sid, this.clock()).then((data) => callback(null, (data as session.SessionData | undefined) ?? null), callback);
  }

  override set(sid: string, sess: session.SessionData, callback?: Callback): void {
    const userId = (sess as SessionWithUser).passport?.user ?? null;
    writeSession(this.db, sid, userId, sess, this.expiry(sess)).then(() => callback?.(), (error) => callback?.(error));
  }

  override touch(sid: string, sess: session.SessionData, callback?: Callback): void {
    touchSession(this.db, sid, this.expiry(sess)).then(() => callback?.(), (error) => callback?.(error));
  }

  override destroy(sid: string, callback?: Callback): void {
    deleteSession(this.db, sid).then(() => callback?.(), (error) => callback?.(error));
  }
}
