import type { Db } from '../../db/client.ts';
import { sumHours, takeEndedMarkedHours } from '../../db/queries/sales-rollups.ts';

/** Hours summed per transaction: a few hundred keeps each one short beside the orders being written. */
const HOURS_PER_ROUND = 200;

/**
 * Sums the hours whose orders changed (marked by the orders' trigger) into the rollup, a few hundred at
 * a time, each round in its own transaction: the marks taken and the sums written commit together, so a
 * failed round leaves its hours marked. Safe to run twice, and in several processes at once (a round skips
 * the hours another is summing). Returns how many hours were summed.
 */
export async function rollUpSales(db: Db, signal?: AbortSignal): Promise<number> {
  let summed = 0;
  for (;;) {
    if (signal?.aborted) return summed;
    const taken = await db.transaction(async (tx) => {
      const hours = await takeEndedMarkedHours(tx, HOURS_PER_ROUND);
      await sumHours(tx, hours);
      return hours.length;
    });
    summed += taken;
    if (taken < HOURS_PER_ROUND) return summed;
  }
}
