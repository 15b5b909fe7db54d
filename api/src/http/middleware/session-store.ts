import session from 'express-session';
import type { Db } from '../../db/client.ts';
import { deleteSession, readSession, touchSession, writeSession } from '../../db/queries/sessions.ts';

type Callback = (error?: unknown) => void;
const TOUCH_EVERY_MS = 60_000;
const TOUCHES_KEPT = 10_000;

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

  /**
   * When this process last moved each session's expiry. express-session touches the store on every
   * request; the row's expiry only has to follow within a minute (the idle limit is enforced from the
   * session's own lastSeenAt), so a page of requests writes it once instead of each time.
   */
  private readonly touchedAt = new Map<string, number>();

  override touch(sid: string, sess: session.SessionData, callback?: Callback): void {
    const now = this.clock().getTime();
    const last = this.touchedAt.get(sid);
    if (last !== undefined && now - last >= 0 && now - last < TOUCH_EVERY_MS) return void callback?.();
    this.touchedAt.delete(sid);
    this.touchedAt.set(sid, now);
    if (this.touchedAt.size > TOUCHES_KEPT) this.touchedAt.delete(this.touchedAt.keys().next().value!);
    touchSession(this.db, sid, this.expiry(sess)).then(() => callback?.(), (error) => callback?.(error));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.touchedAt.delete(sid);
    deleteSession(this.db, sid).then(() => callback?.(), (error) => callback?.(error));
  }
}
