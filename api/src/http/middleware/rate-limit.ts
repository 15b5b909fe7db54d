import type { RequestHandler } from 'express';
import type { Db } from '../../db/client.ts';
import type { RateLimitRule } from '../../config.ts';
import { consumeAttempt } from '../../modules/rate-limit/rate-limiter.ts';

/**
 * Limits attempts per client IP and per email in the body; 429 with Retry-After when over.
 * Runs after validation, so malformed requests cost nothing.
 */
export function rateLimit(name: string, rule: RateLimitRule, db: Db, clock: () => Date): RequestHandler {
  return async (req, res, next) => {
    try {
      const now = clock();
      const checks: Array<[string, number]> = [[`${name}:ip:${req.ip ?? 'unknown'}`, rule.perIp]];
      const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : undefined;
      const userId = (req.user as { id?: string } | undefined)?.id;
      if (email) checks.push([`${name}:email:${email}`, rule.perEmail]);
      else if (userId) checks.push([`${name}:user:${userId}`, rule.perEmail]);
      for (const [key, limit] of checks) {
        const decision = await consumeAttempt(db, key, limit, rule.windowSeconds, now);
        if (!decision.allowed) {
          const minutes = Math.ceil(decision.retryAfterSeconds / 60);
          res
            .status(429)
            .set('Retry-After', String(decision.retryAfterSeconds))
            .json({ message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
          return;
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
