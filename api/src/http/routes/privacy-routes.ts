import { Router } from 'express';
import type { AppContext } from '../../context.ts';
import { accountRateLimit, rateLimit } from '../middleware/rate-limit.ts';
import { auditContext, endSession, isImpersonating, requireUser } from '../request-context.ts';
import { SESSION_COOKIE } from './auth-routes.ts';
import { deleteOwnAccount, myDataCsv, myDataDocument, type PrivacyTable } from '../../modules/auth/privacy.ts';

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
      const csv = await myDataCsv(ctx, auditContext(req), user, table);
      res
        .status(200)
        .set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="my-data-${table}-${day}.csv"`,
        })
        .send(csv);
      return;
    }
    const document = await myDataDocument(ctx, auditContext(req), user);
    res.set('Content-Disposition', `attachment; filename="my-data-${day}.json"`).json(document);
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
