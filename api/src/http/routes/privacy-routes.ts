import { once } from 'node:events';
import { Router, type Response } from 'express';
import type { AppContext } from '../../context.ts';
import { accountRateLimit, rateLimit } from '../middleware/rate-limit.ts';
import { auditContext, endSession, isImpersonating, requireUser } from '../request-context.ts';
import { SESSION_COOKIE } from './auth-routes.ts';
import { deleteOwnAccount, myDataCsv, myDataJson, type PrivacyTable } from '../../modules/auth/privacy.ts';

/** The privacy policy's rights: download my data, delete my account. */
export function privacyRoutes(ctx: AppContext): Router {
  const router = Router();
  // Proving the password: limited as changing it is (no guessing through here).
  const reauthentication = rateLimit('changePassword', ctx.config.rateLimits.changePassword, ctx.db, ctx.clock);

  router.get('/api/privacy/my-data', requireUser, accountRateLimit(ctx, 'export'), async (req, res) => {
    const user = req.user!;
    const day = ctx.clock().toISOString().slice(0, 10);
    res.set('Cache-Control', 'no-store');
    if (req.query.format === 'csv') {
      const table = (req.query.table ?? 'profile') as PrivacyTable;
      await streamDownload(res, myDataCsv(ctx, auditContext(req), user, table), {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="my-data-${table}-${day}.csv"`,
      });
      return;
    }
    await streamDownload(res, myDataJson(ctx, auditContext(req), user), {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${day}.json"`,
    });
  });

  router.post('/api/privacy/delete-account', requireUser, reauthentication, async (req, res) => {
    const actor = { user: req.user!, impersonating: isImpersonating(req) };
    const answer = await deleteOwnAccount(ctx, auditContext(req), actor, req.body);
    await endSession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json(answer);
  });

  return router;
}

/**
 * Sends the pieces as they are made, a slow client holding the next page's query until it has read this one.
 * The first piece is made before answering, so a refusal there is still a 4xx with its message.
 */
async function streamDownload(res: Response, pieces: AsyncGenerator<string>, headers: Record<string, string>) {
  const first = await pieces.next();
  res.status(200).set(headers);
  let closed = false;
  const gone = once(res, 'close').then(() => {
    closed = true;
  });
  try {
    if (!first.done) res.write(first.value);
    for await (const piece of pieces) {
      if (closed) break;
      if (!res.write(piece)) await Promise.race([once(res, 'drain'), gone]);
    }
  } catch (error) {
    // Headers are gone: all that can be said is that the file stops short.
    console.error(`[privacy] download failed: ${error instanceof Error ? error.message : error}`);
    res.destroy(error instanceof Error ? error : undefined);
    return;
  } finally {
    await pieces.return(undefined);
  }
  res.end();
}
