import session from 'express-session';
import type { Db } from '../../db/client.ts';
import { deleteSession, readSessionWithUser, touchSession, writeSession } from '../../db/queries/sessions.ts';
import type { UserRecord } from '../../db/queries/users.ts';

type Callback = (error?: unknown) => void;
const TOUCH_EVERY_MS = 60_000;
const TOUCHES_KEPT = 10_000;
/** Users read with their session and not yet taken by the request (one that ends before passport asks leaves one behind). */
const USERS_HELD = 1_000;

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

  /** The user each session was read with, for this request's passport to take instead of reading it again. */
  private readonly usersRead = new Map<string, UserRecord>();

  override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
    readSessionWithUser(this.db, sid, this.clock()).then((found) => {
      if (found?.user) {
        this.usersRead.delete(sid);
        this.usersRead.set(sid, found.user);
        if (this.usersRead.size > USERS_HELD) this.usersRead.delete(this.usersRead.keys().next().value!);
      }
      callback(null, (found?.data as session.SessionData | undefined) ?? null);
    }, callback);
  }

  /** The user read with this session in this request, if it is the one asked for (taken once). */
  takeUserRead(sid: string, userId: string): UserRecord | undefined {
    const user = this.usersRead.get(sid);
    this.usersRead.delete(sid);
    return user?.id === userId ? user : undefined;
  }

  override set(sid: string, sess: session.SessionData, callback?: Callback): void {
    const userId = (sess as SessionWithUser).passport?.user ?? null;
    writeSession(this.db, sid, userId, sess, this.expiry(sess)).then(
      () => callback?.(),
      (error) => callback?.(error),
    );
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
    touchSession(this.db, sid, this.expiry(sess)).then(
      () => callback?.(),
      (error) => callback?.(error),
    );
  }

  override destroy(sid: string, callback?: Callback): void {
    this.touchedAt.delete(sid);
    deleteSession(this.db, sid).then(
      () => callback?.(),
      (error) => callback?.(error),
    );
  }
}
