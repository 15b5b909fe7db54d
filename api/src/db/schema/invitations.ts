import { pgTable, uuid, text, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { accountRoleValues, users } from './users.ts';

/**
 * An owner's invitation to join the account's team. The mailed token is random, single-use and
 * expiring; only its SHA-256 is kept, issued by the mail job that sends it (as auth_tokens are).
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Stored lower-cased: only this address may accept. */
    email: text('email').notNull(),
    accountRole: text('account_role', { enum: accountRoleValues }).notNull().default('member'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** Null until the mail job issues the token. */
    tokenHash: text('token_hash'),
    issuedByJob: text('issued_by_job'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_hash_key')
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} is not null`),
    index('team_invitations_account_idx').on(t.accountId, t.createdAt),
  ],
);
