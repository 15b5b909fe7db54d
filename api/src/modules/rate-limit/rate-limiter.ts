import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/** Counts one attempt against `key` in a fixed window, atomically, in the shared database. */
export async function consumeAttempt(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<RateDecision> {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  const endsAt = row!.windowStartedAt.getTime() + windowSeconds * 1000;
  return { allowed: row!.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

export async function deleteStaleRateLimits(db: Db, olderThan: Date): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStartedAt} < ${olderThan.toISOString()}::timestamptz`);
}
