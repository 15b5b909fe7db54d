import { Router } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { auditContext, requireStaff } from '../request-context.ts';
import { platformSettings, updatePlatformSettings } from '../../modules/settings/platform-settings.ts';

type PlatformSettingsUpdate = components['schemas']['PlatformSettingsUpdate'];

/** System Settings: platform staff only. */
export function settingsRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/admin/settings', requireStaff, async (_req, res) => {
    res.json(await platformSettings(ctx));
  });

  router.patch('/api/admin/settings', requireStaff, async (req, res) => {
    res.json(await updatePlatformSettings(ctx, auditContext(req), req.body as PlatformSettingsUpdate));
  });

  return router;
}
