import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { readPlatformSetting, writePlatformSetting } from '../../db/queries/platform-settings.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';

/** The platform settings staff may change (System Settings). */
export interface PlatformSettings {
  /** How often channels on real-time plans have their orders read and waiting work picked up, in minutes. */
  syncIntervalMinutes: number;
}

export const SYNC_INTERVAL_LIMITS = { min: 1, max: 60 } as const;
const SYNC_INTERVAL_KEY = 'sync.interval_minutes';

/** The settings in force: what staff set, else the configuration's defaults (`SYNC_INTERVAL_MINUTES`). */
export async function platformSettings(ctx: AppContext): Promise<PlatformSettings> {
  const stored = await readPlatformSetting(ctx.db, SYNC_INTERVAL_KEY);
  return { syncIntervalMinutes: typeof stored === 'number' ? stored : ctx.config.sync.intervalMinutes };
}

export async function updatePlatformSettings(
  ctx: AppContext,
  audit: AuditContext,
  changes: Partial<PlatformSettings>,
): Promise<PlatformSettings> {
  const before = await platformSettings(ctx);
  if (changes.syncIntervalMinutes === undefined) return before;
  const minutes = changes.syncIntervalMinutes;
  if (!Number.isInteger(minutes) || minutes < SYNC_INTERVAL_LIMITS.min || minutes > SYNC_INTERVAL_LIMITS.max) {
    throw new AppError(
      400,
      `The sync interval is a whole number of minutes from ${SYNC_INTERVAL_LIMITS.min} to ${SYNC_INTERVAL_LIMITS.max}.`,
    );
  }
  const after = { ...before, syncIntervalMinutes: minutes };
  await ctx.db.transaction(async (tx) => {
    await writePlatformSetting(tx, SYNC_INTERVAL_KEY, minutes, ctx.clock(), audit.actorUserId);
    await recordAudit(tx, audit, {
      action: 'settings.changed',
      targetType: 'platform_settings',
      targetId: SYNC_INTERVAL_KEY,
      before,
      after,
    });
  });
  return after;
}
