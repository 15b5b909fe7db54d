import { pgTable, text, uuid, jsonb, timestamp, index } from 'drizzle-orm/pg-core';

/** express-session's store. user_id is denormalised so a password reset can end a user's sessions. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: uuid('user_id'),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
