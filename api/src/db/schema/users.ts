import { pgTable, uuid, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';

export const roleValues = ['client', 'admin', 'super', 'super_user'] as const;
export type Role = (typeof roleValues)[number];

/** A user's place in its account: the owner manages billing (and, later, the team); members use the product. */
export const accountRoleValues = ['owner', 'member'] as const;
export type AccountRole = (typeof accountRoleValues)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** Null for users who only ever signed in with Google. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: roleValues }).notNull().default('client'),
    accountRole: text('account_role', { enum: accountRoleValues }).notNull().default('owner'),
    profileImageUrl: text('profile_image_url'),
    /** An IANA name (validated on the way in); null follows the browser's. */
    timeZone: text('time_zone'),
    googleId: text('google_id'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_id_key')
      .on(t.googleId)
      .where(sql`${t.googleId} is not null`),
    index('users_account_id_idx').on(t.accountId),
    // Serving an uploaded photo finds its user by the address (profile-photo.ts).
    index('users_profile_image_url_idx')
      .on(t.profileImageUrl)
      .where(sql`${t.profileImageUrl} is not null`),
  ],
);
