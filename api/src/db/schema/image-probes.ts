import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * What each image address of an account's products was found to be when last read (modules/compliance/
 * image-probe.ts): its format, size in pixels and file size, or why it could not be read. The compliance checks
 * hold each image to its marketplace's limits from here; an address is read again after IMAGE_PROBE_MAX_AGE_DAYS.
 */
export const imageProbes = pgTable(
  'image_probes',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    format: text('format'),
    width: integer('width'),
    height: integer('height'),
    bytes: bigint('bytes', { mode: 'number' }),
    failure: text('failure'),
    probedAt: timestamp('probed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.url] })],
);
