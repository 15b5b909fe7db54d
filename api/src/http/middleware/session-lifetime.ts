import type { RequestHandler } from 'express';

declare module 'express-session' {
  interface SessionData {
    startedAt?: number;
    lastSeenAt?: number;
    /** The administrator's user id while they act as another user. */
    impersonatorId?: string;
  }
}

/**
 * Ends sessions idle for too long or older than the absolute limit, measured on the server
 * (the cookie's own expiry is only a hint to the browser).
 */
export function sessionLifetime(options: {
  idleSeconds: number;
  absoluteSeconds: number;
  clock: () => Date;
}): RequestHandler {
  return (req, res, next) => {
    const s = req.session;
    if (!s) return next();
    const now = options.clock().getTime();
    const hasUser = Boolean((s as { passport?: { user?: string } }).passport?.user);
    if (!hasUser) return next();
    const startedAt = s.startedAt ?? now;
    const lastSeenAt = s.lastSeenAt ?? now;
    if (now - lastSeenAt > options.idleSeconds * 1000 || now - startedAt > options.absoluteSeconds * 1000) {
      return s.destroy((error) => {
        if (error) return next(error);
        // A fresh, empty session object lets the rest of the request run signed out.
        req.sessionStore.generate(req);
        next();
      });
    }
    s.startedAt = startedAt;
    // Written at most once a minute, so reading pages does not rewrite the session row each time.
    if (now - lastSeenAt > 60_000 || s.lastSeenAt === undefined) s.lastSeenAt = now;
    next();
  };
}
