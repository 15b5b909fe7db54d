import { Router } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { auditContext, requireUser } from '../request-context.ts';
import { alertSettingsFor, changeAlertSettings, listAlerts } from '../../modules/alerts/alerts.ts';

type AlertSettingsBody = components['schemas']['AlertSettingsBody'];

/** Alerts that reach people: the account's open alerts, and who is told of them and where. */
export function alertRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/alerts', requireUser, async (req, res) => {
    res.json(await listAlerts(ctx, req.user!.accountId));
  });

  router.get('/api/alerts/settings', requireUser, async (req, res) => {
    res.json(await alertSettingsFor(ctx.db, { userId: req.user!.id, accountId: req.user!.accountId }));
  });

  router.put('/api/alerts/settings', requireUser, async (req, res) => {
    const { id: userId, accountId, accountRole } = req.user!;
    const isOwner = accountRole === 'owner';
    const body = req.body as AlertSettingsBody;
    res.json(
      await changeAlertSettings(
        ctx,
        { userId, accountId, isOwner },
        {
          ...(body.webhookUrl !== undefined && { webhookUrl: body.webhookUrl }),
          ...(body.lowStockUnits !== undefined && { lowStockUnits: body.lowStockUnits }),
          ...(body.kinds && { kinds: body.kinds }),
        },
        auditContext(req),
      ),
    );
  });

  return router;
}
