import type { Request, RequestHandler } from 'express';
import type { PassportStatic } from 'passport';
import type { UserRecord } from '../db/queries/users.ts';
import type { AuditContext } from '../modules/audit/audit-log.ts';
import { AppError } from '../context.ts';
import { isStaff } from '../modules/auth/auth-user.ts';
import { STAFF_REQUIRED } from '../modules/auth/impersonation.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends UserRecord {}
    interface Request {
      /** The API key the request was authenticated by (http/middleware/api-key.ts); none with a session. */
      apiKeyId?: string;
    }
  }
}

export type Authenticator = InstanceType<PassportStatic['Authenticator']>;

export function auditContext(req: Request): AuditContext {
  return {
    actorUserId: req.user?.id ?? null,
    impersonatorUserId: req.session?.impersonatorId ?? null,
    ip: req.ip ?? null,
    userAgent: req.get('user-agent') ?? null,
    ...(req.apiKeyId ? { apiKeyId: req.apiKeyId } : {}),
  };
}

export const isImpersonating = (req: Request) => Boolean(req.session?.impersonatorId);

export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new AppError(401, 'You are not signed in.'));
  next();
};

/** Checked on the user the request acts as: while impersonating, that is the impersonated user. */
export const requireStaff: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new AppError(401, 'You are not signed in.'));
  if (!isStaff(req.user.role) || isImpersonating(req)) return next(new AppError(403, STAFF_REQUIRED));
  next();
};

/**
 * passport's req.login as a promise: it renews the session id (session fixation), and the
 * session's absolute lifetime starts now.
 */
export function signIn(req: Request, user: UserRecord, clock: () => Date): Promise<void> {
  return new Promise((resolve, reject) =>
    req.login(user, { keepSessionInfo: false } as Parameters<Request['login']>[1], (error: unknown) => {
      if (error) return reject(error);
      req.session.startedAt = clock().getTime();
      req.session.lastSeenAt = req.session.startedAt;
      resolve();
    }),
  );
}

/** Ends the session in the store, not only in the browser. */
export function endSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    req.logout({ keepSessionInfo: false }, (error) => {
      if (error) return reject(error);
      req.session.destroy((destroyError) => (destroyError ? reject(destroyError) : resolve()));
    });
  });
}
