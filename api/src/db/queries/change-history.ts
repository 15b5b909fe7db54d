import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { changeBatches, users, type ChangeBatchKind } from '../schema/index.ts';

export interface HistoryBatch {
  id: string;
  kind: ChangeBatchKind;
  at: Date;
  by: string | null;
  undoneAt: Date | null;
  undoneBy: string | null;
}

const actor = alias(users, 'actor');
const undoer = alias(users, 'undoer');

/** A person's name as the history shows it: first and last name, else the email's name part. */
const nameOf = (u: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || (u.email ? u.email.split('@')[0]! : null);

/** The account's batches among these ids, with who ran and who undid them, by id. */
export async function historyBatches(db: Db, accountId: string, ids: string[]): Promise<Map<string, HistoryBatch>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: changeBatches.id,
      kind: changeBatches.kind,
      at: changeBatches.createdAt,
      undoneAt: changeBatches.undoneAt,
      actorFirst: actor.firstName,
      actorLast: actor.lastName,
      actorEmail: actor.email,
      undoerFirst: undoer.firstName,
      undoerLast: undoer.lastName,
      undoerEmail: undoer.email,
    })
    .from(changeBatches)
    .leftJoin(actor, eq(actor.id, changeBatches.actorUserId))
    .leftJoin(undoer, eq(undoer.id, changeBatches.undoneBy))
    .where(and(eq(changeBatches.accountId, accountId), inArray(changeBatches.id, ids)));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        kind: r.kind,
        at: r.at,
        undoneAt: r.undoneAt,
        by: nameOf({ firstName: r.actorFirst, lastName: r.actorLast, email: r.actorEmail }),
        undoneBy: r.undoneAt
          ? nameOf({ firstName: r.undoerFirst, lastName: r.undoerLast, email: r.undoerEmail })
          : null,
      },
    ]),
  );
}
