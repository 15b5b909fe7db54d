import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie sessions: a state-changing request must come from one of our origins.
 * Browsers always send Origin on cross-origin POSTs, and Sec-Fetch-Site where they support it;
 * clients that send neither (curl, server-to-server) carry no ambient cookies to abuse.
 */
export function requireSameOrigin(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site');
    const foreign = origin !== undefined ? origin === 'null' || !allowed.has(origin) : fetchSite === 'cross-site';
    if (foreign) {
      res.status(403).json({ message: 'This request came from another site and was refused.' });
      return;
    }
    next();
  };
}
