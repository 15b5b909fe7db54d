import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { API_KEY_INVALID, API_KEY_READ_ONLY, SESSION_ONLY, userOfApiKey } from '../../modules/auth/api-keys.ts';

/** What a read-only key may send: requests that change nothing. */
const READING = new Set(['GET', 'HEAD']);

/**
 * What a key may not do, whatever its owner may: sign-in and its settings (the current user alone may be read), the
 * keys themselves, the team, billing's changes, deleting the account, and the staff's pages. Those need the person,
 * signed in.
 */
function needsSession(req: Request): boolean {
  const path = req.path;
  if (path === '/api/auth/user') return req.method !== 'GET';
  return (
    path.startsWith('/api/auth/') ||
    path === '/api/logout' ||
    path.startsWith('/api/api-keys') ||
    path.startsWith('/api/team') ||
    path.startsWith('/api/admin') ||
    path.startsWith('/api/privacy/delete-account') ||
    (path.startsWith('/api/billing') && req.method !== 'GET')
  );
}

/**
 * `Authorization: Bearer <key>` on an /api request: the request acts as the key's owner, without a session (no
 * cookie is set). A request with a session and a key is refused: which of the two would act is not for us to guess.
 */
export function apiKeyUser(ctx: AppContext): RequestHandler {
  return (req, _res, next) => {
    const header = req.get('authorization');
    if (header === undefined || !req.path.startsWith('/api/')) return next();
    const key = /^Bearer ([\x21-\x7e]{1,200})$/.exec(header)?.[1];
    if (!key) return next(new AppError(401, API_KEY_INVALID));
    if (req.user) return next(new AppError(400, 'Send a session cookie or an API key, not both.'));
    if (needsSession(req)) return next(new AppError(403, SESSION_ONLY));
    userOfApiKey(ctx, key).then(({ user, keyId, access }) => {
      if (access === 'read' && !READING.has(req.method)) return next(new AppError(403, API_KEY_READ_ONLY));
      req.user = user;
      req.apiKeyId = keyId;
      next();
    }, next);
  };
}
