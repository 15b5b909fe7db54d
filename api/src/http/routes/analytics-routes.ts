import { Router } from 'express';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../request-context.ts';
import { salesReport } from '../../modules/analytics/sales-report.ts';

/** The account's figures: sales by day, channel and SKU for a range of days. */
export function analyticsRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/analytics/sales', requireUser, async (req, res) => {
    const query = req.query as { from: string; to: string; timeZone?: string; channelIds?: string[] };
    res.json(
      await salesReport(ctx, req.user!.accountId, {
        from: query.from,
        to: query.to,
        timeZone: query.timeZone ?? 'UTC',
        channelIds: query.channelIds?.length ? query.channelIds : null,
      }),
    );
  });

  return router;
}
