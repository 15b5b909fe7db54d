import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { platformSettings } from '../schema/index.ts';

export async function readPlatformSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, key));
  return row?.value;
}

export async function writePlatformSetting(
  db: Db,
  key: string,
  value: unknown,
  at: Date,
  by: string | null,
): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key, value, updatedAt: at, updatedBy: by })
    .onConflictDoUpdate({
      target: platformSettings.key,
      set: { value: sql`excluded.value`, updatedAt: at, updatedBy: by },
    });
}

/**
 * A setting's value, its row locked until the transaction ends (made first, holding `initial`, if the
 * setting was never set), for a change that reads the value and writes it back whole.
 */
export async function lockPlatformSetting(db: Db, key: string, initial: unknown, at: Date): Promise<unknown> {
  await db.insert(platformSettings).values({ key, value: initial, updatedAt: at }).onConflictDoNothing();
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, key))
    .for('update');
  return row?.value;
}

/** Every stored setting by key (a setting never set has no row). */
export async function readAllPlatformSettings(db: Db): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: platformSettings.key, value: platformSettings.value }).from(platformSettings);
  return new Map(rows.map((r) => [r.key, r.value]));
}

export const TRIAL_SKU_LIMIT_KEY = 'trial.sku_limit';

/** The trial's SKU limit staff set in System Settings; undefined when none (or not a whole number above 0) is stored. */
export async function storedTrialSkuLimit(db: Db): Promise<number | undefined> {
  const value = await readPlatformSetting(db, TRIAL_SKU_LIMIT_KEY);
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}
