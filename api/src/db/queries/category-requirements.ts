import type { Db } from '../client.ts';
import type { ChannelKind, RequiredAttributeValue } from '../schema/index.ts';
import { rowsOf, run, statement } from '../statements.ts';

// What marketplace categories ask of a listing (schema/category-requirements.ts): read for the listings a check
// visits, written by the reading job and by a publish that meets a category not read yet.

/** How long a category's requirements are trusted: a marketplace changes them now and then. */
export const CATEGORY_REQUIREMENTS_MAX_AGE_DAYS = 7;
/** A read that failed is tried again sooner: the marketplace may have been down for a while. */
export const FAILED_CATEGORY_READ_MAX_AGE_HOURS = 1;

/** A row's age past which it is read again (aliased `cr`). */
const staleRequirements = `cr.read_at < now() - case when cr.failure is null
  then make_interval(days => ${CATEGORY_REQUIREMENTS_MAX_AGE_DAYS}) else make_interval(hours => ${FAILED_CATEGORY_READ_MAX_AGE_HOURS}) end`;

/** One channel's category. */
export interface CategoryKey {
  channelId: string;
  category: string;
}

export interface CategoryRequirementsRow extends CategoryKey {
  categoryName: string | null;
  attributes: RequiredAttributeValue[];
  /** Why the marketplace's definition could not be read; null when it was. */
  failure: string | null;
  stale: boolean;
}

export const categoryKeyOf = (key: CategoryKey) => `${key.channelId}|${key.category}`;

const requirementsOfStatement = statement<CategoryRequirementsRow>(
  'category_requirements_of',
  `select cr.channel_id as "channelId", cr.category, cr.category_name as "categoryName", cr.attributes, cr.failure,
     ${staleRequirements} as stale
   from category_requirements cr
   join jsonb_to_recordset($2::jsonb) as k("channelId" uuid, category text)
     on k."channelId" = cr.channel_id and k.category = cr.category
   where cr.account_id = $1`,
);

/** What these categories were last read to ask (by categoryKeyOf; a category never read has no entry). */
export async function requirementsOf(
  db: Db,
  accountId: string,
  keys: readonly CategoryKey[],
): Promise<Map<string, CategoryRequirementsRow>> {
  if (keys.length === 0) return new Map();
  const unique = [...new Map(keys.map((k) => [categoryKeyOf(k), k])).values()];
  const rows = await rowsOf(db, requirementsOfStatement, [accountId, JSON.stringify(unique)]);
  return new Map(rows.map((row) => [categoryKeyOf(row), row]));
}

const categoriesToReadStatement = statement<CategoryKey & { kind: string }>(
  'categories_to_read',
  `select distinct l.channel_id as "channelId", l.category, c.kind
   from listings l
   join channels c on c.id = l.channel_id and c.status <> 'disconnected'
   left join category_requirements cr on cr.channel_id = l.channel_id and cr.category = l.category
   where l.account_id = $1 and l.category is not null and l.status in ('pending', 'error') and l.product_id is not null
     and (cr.category is null or ${staleRequirements})
   limit $2`,
);

/**
 * The categories of the account's listings made from its values (waiting to be created, or refused) never read,
 * or read too long ago: up to `limit`.
 */
export function categoriesToRead(db: Db, accountId: string, limit: number) {
  return rowsOf(db, categoriesToReadStatement, [accountId, limit]);
}

export interface CategoryRead extends CategoryKey {
  categoryName: string | null;
  attributes: RequiredAttributeValue[];
  failure: string | null;
}

const saveRequirementsStatement = statement(
  'save_category_requirements',
  `insert into category_requirements (account_id, channel_id, category, category_name, attributes, failure, read_at)
   select $1, r."channelId", r.category, r."categoryName", coalesce(r.attributes, '[]'::jsonb), r.failure, now()
   from jsonb_to_recordset($2::jsonb) as r("channelId" uuid, category text, "categoryName" text, attributes jsonb, failure text)
   where exists (select 1 from channels c where c.id = r."channelId" and c.account_id = $1)
   on conflict (channel_id, category) do update set category_name = excluded.category_name,
     attributes = excluded.attributes, failure = excluded.failure, read_at = excluded.read_at`,
);

/**
 * Keeps what these categories were read to ask (a second write of the same category replaces the first). A read
 * that failed keeps what was read before it, with the failure, so a marketplace down for an hour takes nothing away.
 */
export async function saveRequirements(db: Db, accountId: string, reads: readonly CategoryRead[]): Promise<void> {
  const read = reads.filter((r) => r.failure === null);
  const failed = reads.filter((r) => r.failure !== null);
  if (read.length) await run(db, saveRequirementsStatement, [accountId, JSON.stringify(read)]);
  if (failed.length) await run(db, saveFailuresStatement, [accountId, JSON.stringify(failed)]);
}

const saveFailuresStatement = statement(
  'save_category_read_failures',
  `insert into category_requirements (account_id, channel_id, category, failure, read_at)
   select $1, r."channelId", r.category, r.failure, now()
   from jsonb_to_recordset($2::jsonb) as r("channelId" uuid, category text, failure text)
   where exists (select 1 from channels c where c.id = r."channelId" and c.account_id = $1)
   on conflict (channel_id, category) do update set failure = excluded.failure, read_at = excluded.read_at`,
);

const productsInCategoriesStatement = statement<{ id: string }>(
  'products_in_categories',
  `select distinct l.product_id as id
   from listings l
   join jsonb_to_recordset($2::jsonb) as k("channelId" uuid, category text)
     on k."channelId" = l.channel_id and k.category = l.category
   where l.account_id = $1 and l.product_id is not null and l.status in ('pending', 'error')`,
);

/** The account's products listed in these categories (to be checked again once the categories are read). */
export async function productsInCategories(db: Db, accountId: string, keys: readonly CategoryKey[]) {
  if (keys.length === 0) return [];
  const rows = await rowsOf(db, productsInCategoriesStatement, [accountId, JSON.stringify(keys)]);
  return rows.map((row) => row.id);
}

/** Sets the category each listing was created in (the one the create was sent with). */
export async function setListingCategories(
  db: Db,
  accountId: string,
  categories: ReadonlyArray<{ listingId: string; category: string }>,
): Promise<void> {
  if (categories.length === 0) return;
  await run(db, setListingCategoriesStatement, [accountId, JSON.stringify(categories)]);
}

const setListingCategoriesStatement = statement(
  'set_listing_categories',
  `update listings l set category = r.category
   from jsonb_to_recordset($2::jsonb) as r("listingId" uuid, category text)
   where l.id = r."listingId" and l.account_id = $1 and l.category is distinct from r.category`,
);

/** One attribute a category of the SKU's target listings asks for, and whether the product gives it. */
export interface RequiredAttributeView {
  channelId: string;
  channelKind: ChannelKind;
  category: string;
  categoryName: string | null;
  name: string;
  label: string;
  values: string[];
  valuesOnly: boolean;
  given: boolean;
}
