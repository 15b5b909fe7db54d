import { pgTable, uuid, text, jsonb, timestamp, index, bigserial } from 'drizzle-orm/pg-core';

/**
 * Append-only: a trigger in the migration refuses UPDATE and DELETE.
 * No foreign keys, so the history outlives the users and accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    impersonatorUserId: uuid('impersonator_user_id'),
    accountId: uuid('account_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    before: jsonb('before'),
    after: jsonb('after'),
    metadata: jsonb('metadata'),
  },
  // The log is read newest first, a page at a time by keyset (occurred_at, id): each index ends with
  // both, so a page under any one filter is read straight off an index at any size of the log.
  (t) => [
    index('audit_log_time_idx').on(t.occurredAt, t.id),
    index('audit_log_account_idx').on(t.accountId, t.occurredAt, t.id),
    index('audit_log_account_action_idx').on(t.accountId, t.action, t.occurredAt, t.id),
    index('audit_log_actor_idx').on(t.actorUserId, t.occurredAt, t.id),
    index('audit_log_action_idx').on(t.action, t.occurredAt, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.occurredAt, t.id),
  ],
);
