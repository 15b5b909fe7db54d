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
  (t) => [
    index('audit_log_account_idx').on(t.accountId, t.occurredAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.occurredAt),
    index('audit_log_action_idx').on(t.action, t.occurredAt),
  ],
);
