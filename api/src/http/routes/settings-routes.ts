import { Router } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { auditContext, requireStaff, requireUser } from '../request-context.ts';
import { platformSetting, platformSettings, updatePlatformSettings } from '../../modules/settings/platform-settings.ts';

type PlatformSettingsUpdate = components['schemas']['PlatformSettingsUpdate'];

/** System Settings: platform staff only; the maintenance notice they set, for everyone signed in. */
export function settingsRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/admin/settings', requireStaff, async (_req, res) => {
    res.json(await platformSettings(ctx));
  });

  router.patch('/api/admin/settings', requireStaff, async (req, res) => {
    res.json(await updatePlatformSettings(ctx, auditContext(req), req.body as PlatformSettingsUpdate));
  });

  // Shown to every signed-in user at the top of the shell.
  router.get('/api/maintenance-notice', requireUser, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ notice: await platformSetting(ctx, 'maintenanceNotice') });
  });

  return router;
}
