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
