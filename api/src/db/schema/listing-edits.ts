import { pgTable, uuid, text, jsonb, timestamp, integer, index } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

export const changeBatchKindValues = ['bulk_edit', 'csv_import'] as const;
export type ChangeBatchKind = (typeof changeBatchKindValues)[number];

/**
 * A value a batch changed that `changes` does not hold (a title, a listing's status): kept here
 * with its before, so undo can put it back.
 */
export interface BatchExtraValue {
  field: 'title' | 'status';
  /** The product (title) or the listing (status). */
  targetId: string;
  sku: string;
  before: string | null;
  after: string;
}

/**
 * One bulk edit or CSV import: its changes carry its id as their causeRef (`csv:<id>` for an
 * import), and undo starts from them. Undone once at most.
 */
export const changeBatches = pgTable(
  'change_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: changeBatchKindValues }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    skus: integer('skus').notNull(),
    values: integer('values').notNull(),
    extraValues: jsonb('extra_values').$type<BatchExtraValue[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('change_batches_account_created_idx').on(t.accountId, t.createdAt)],
);
