import { pgTable, uuid, text, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

/** What a key may do: everything its owner may but the session's own operations, or read only (GET and HEAD). */
export const apiKeyAccessValues = ['full', 'read'] as const;
export type ApiKeyAccess = (typeof apiKeyAccessValues)[number];

/**
 * An account's API keys (the Business and Enterprise plans' API access). A key acts as the owner who made it;
 * only its SHA-256 is kept, and the few characters after its fixed start, to tell keys apart in a list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The owner the key acts as: their key goes with them. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters ("mhk_AbCd1234"), shown in lists; never enough to use it. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    access: text('access', { enum: apiKeyAccessValues }).notNull().default('full'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_account_idx').on(t.accountId, t.createdAt),
  ],
);
