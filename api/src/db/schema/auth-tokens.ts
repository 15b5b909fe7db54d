import { pgTable, uuid, text, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const tokenPurposeValues = ['verify_email', 'reset_password'] as const;
export type TokenPurpose = (typeof tokenPurposeValues)[number];

/** Single-use tokens mailed to users. Only a SHA-256 of the token is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: tokenPurposeValues }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The mail job that issued it, so a retried job replaces its own token instead of adding one. */
    issuedByJob: text('issued_by_job'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    uniqueIndex('auth_tokens_job_key').on(t.issuedByJob),
    index('auth_tokens_user_idx').on(t.userId, t.purpose),
  ],
);
