import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { bundleSales } from '../schema/index.ts';

// What orders' sales of bundles committed (stock/bundles.ts `expandBundleMoves`): a cancellation gives
// back exactly these components, whatever the bundle is made of by then.

const CHUNK = 5000;

/** What an order's sales of one bundle SKU committed: the bundle units, and the units of each component. */
export interface BundleSaleRecord {
  orderId: string;
  /** The bundle SKU the order sold. */
  sku: string;
  units: number;
  /** Component SKU → its units committed for those bundle units. */
  parts: Record<string, number>;
}

/** A sale's key in `bundleSalesOf`'s answer. */
export const bundleSaleKey = (orderId: string, sku: string) => `${orderId}\n${sku}`;

/** What these orders' bundle sales committed, by `bundleSaleKey`. */
export async function bundleSalesOf(
  db: Db,
  accountId: string,
  orderIds: string[],
): Promise<Map<string, BundleSaleRecord>> {
  const found = new Map<string, BundleSaleRecord>();
  const ids = [...new Set(orderIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select({
        orderId: bundleSales.orderId,
        sku: bundleSales.sku,
        units: bundleSales.units,
        parts: bundleSales.parts,
      })
      .from(bundleSales)
      .where(and(eq(bundleSales.accountId, accountId), inArray(bundleSales.orderId, ids.slice(i, i + CHUNK))));
    for (const row of rows) found.set(bundleSaleKey(row.orderId, row.sku), row);
  }
  return found;
}

/** Keeps what these orders' bundle sales committed now (one row per order and bundle SKU). */
export async function saveBundleSales(db: Db, accountId: string, records: BundleSaleRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += CHUNK)
    await db
      .insert(bundleSales)
      .values(records.slice(i, i + CHUNK).map((r) => ({ accountId, ...r })))
      .onConflictDoUpdate({
        target: [bundleSales.orderId, bundleSales.sku],
        set: { units: sql`excluded.units`, parts: sql`excluded.parts` },
      });
}
