import { Router } from 'express';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../request-context.ts';
import { dashboard } from '../../modules/dashboard/dashboard.ts';

/** The signed-in (or impersonated) user's account at a glance. */
export function dashboardRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/dashboard', requireUser, async (req, res) => {
    res.json(await dashboard(ctx, req.user!.accountId));
  });

  return router;
}
