import type { Db } from '../../db/client.ts';
import type { ChangeRecord, ChangeWriteRecord } from '../../db/queries/catalogue-sku.ts';
import { historyBatches, type HistoryBatch } from '../../db/queries/change-history.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The batch a change's causeRef names (a bulk edit's id, `csv:<id>` for an import, `undo:<id>` for its undo). */
export function batchRefOf(
  change: Pick<ChangeRecord, 'cause' | 'causeRef'>,
): { batchId: string; isUndo: boolean } | null {
  if (change.cause !== 'bulk_edit' || !change.causeRef) return null;
  const [prefix, rest] = change.causeRef.includes(':') ? change.causeRef.split(/:(.*)/s) : ['', change.causeRef];
  if (!rest || !UUID.test(rest) || !['', 'csv', 'undo'].includes(prefix!)) return null;
  return { batchId: rest, isUndo: prefix === 'undo' };
}

export interface BatchOfChange extends HistoryBatch {
  isUndo: boolean;
  undoable: boolean;
}

/** Each change's batch (who ran it, whether it can still be undone), for the changes that belong to one. */
export async function batchesOfChanges(
  db: Db,
  accountId: string,
  history: ChangeRecord[],
): Promise<Map<string, BatchOfChange>> {
  const refs = new Map(history.flatMap((c) => (batchRefOf(c) ? [[c.id, batchRefOf(c)!] as const] : [])));
  const batches = await historyBatches(db, accountId, [...new Set([...refs.values()].map((r) => r.batchId))]);
  const found = new Map<string, BatchOfChange>();
  for (const [changeId, ref] of refs) {
    const batch = batches.get(ref.batchId);
    if (batch) found.set(changeId, { ...batch, isUndo: ref.isUndo, undoable: batch.undoneAt === null });
  }
  return found;
}

const FIELD_OF_WRITE = { quantity: 'on_hand', price: 'price', title: 'title' } as const;

/**
 * Which change each write reports on. A batch's writes for a SKU are all recorded against its first
 * change (stock, else price): each is given back to the change of its own field in the same batch
 * (a channel's own price or quantity cap to that channel's change), and a channel appears once per
 * change (its latest write).
 */
export function resultsByChange<T>(
  history: ChangeRecord[],
  writes: ChangeWriteRecord[],
  resultOf: (write: ChangeWriteRecord) => T | undefined,
): Map<string, Map<string, T>> {
  const byId = new Map(history.map((c) => [c.id, c]));
  const results = new Map<string, Map<string, T>>();
  for (const write of writes) {
    const recorded = byId.get(write.changeId);
    if (!recorded) continue;
    let owner = recorded;
    const field = write.field ? FIELD_OF_WRITE[write.field] : undefined;
    const sameBatch = (c: ChangeRecord) =>
      c.causeRef === recorded.causeRef && c.cause === recorded.cause && c.sku === recorded.sku;
    // A channel's quantity cap set in the batch: that channel's quantity write reports on it.
    const cap =
      write.field === 'quantity'
        ? history.find((c) => c.field === 'quantity_cap' && c.channelId === write.channelId && sameBatch(c))
        : undefined;
    if (cap) owner = cap;
    else if (field && (recorded.field !== field || (recorded.channelId && recorded.channelId !== write.channelId))) {
      const siblings = history.filter((c) => sameBatch(c) && c.field === field);
      owner =
        siblings.find((c) => c.channelId === write.channelId) ?? siblings.find((c) => c.channelId === null) ?? recorded;
    }
    const result = resultOf(write);
    if (!result) continue;
    const perChannel = results.get(owner.id) ?? results.set(owner.id, new Map()).get(owner.id)!;
    perChannel.delete(write.channelId);
    perChannel.set(write.channelId, result);
  }
  return results;
}

/**
 * The ad rules' moves the seller may undo: the latest move of the SKU's ads on each channel, when the rules made it
 * (an undo, or a later move, ends it). The server checks again on the undo itself.
 */
export function undoableAdRuleMoves(history: Array<Pick<ChangeRecord, 'id' | 'at' | 'cause' | 'field' | 'channelId'>>) {
  const latest = new Map<string | null, (typeof history)[number]>();
  for (const change of history) {
    if (change.field !== 'ad_state') continue;
    const seen = latest.get(change.channelId);
    if (!seen || change.at.getTime() > seen.at.getTime()) latest.set(change.channelId, change);
  }
  return new Set([...latest.values()].filter((c) => c.cause === 'ad_rule').map((c) => c.id));
}
