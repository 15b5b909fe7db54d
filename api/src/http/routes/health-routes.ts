import { Router } from 'express';
import type { AppContext } from '../../context.ts';

export function healthRoutes(ctx: AppContext, ping: () => Promise<void>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const database = await ping().then(
      () => 'ok' as const,
      () => 'unavailable' as const,
    );
    const queue = await ctx.jobs.isInstalled().then(
      () => 'ok' as const,
      () => 'unavailable' as const,
    );
    const ready = database === 'ok' && queue === 'ok';
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', database, queue });
  });
  return router;
}
