import { Router } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { auditContext, requireUser } from '../request-context.ts';
import { salesReport } from '../../modules/analytics/sales-report.ts';
import { changeFeeTable, feeTable } from '../../modules/analytics/fee-table.ts';

type FeeTableBody = components['schemas']['FeeTableBody'];

/** The account's figures: sales and profit by day, channel and SKU for a range of days; the fee table behind estimated fees. */
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

  router.get('/api/analytics/fee-table', requireUser, async (req, res) => {
    res.json({ kinds: await feeTable(ctx.db, req.user!.accountId) });
  });

  router.put('/api/analytics/fee-table', requireUser, async (req, res) => {
    const body = req.body as FeeTableBody;
    res.json({ kinds: await changeFeeTable(ctx, req.user!.accountId, body.kinds, auditContext(req)) });
  });

  return router;
}
