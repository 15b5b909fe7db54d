import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  complianceIssues,
  complianceSettings,
  type ChannelKind,
  type ListingStatus,
  type MarketplaceIssueValue,
} from '../schema/index.ts';
import { LATE_COMMIT_MS } from './catalogue-version.ts';

// The compliance checks' data: the listings to check with what their product holds, the issues
// found (replaced whole per product checked), an account's settings and the page's reads.

/** A listing as the checks read it, with its product's data and its channel. */
export interface ListingToCheck {
  listingId: string;
  channelId: string;
  channelKind: ChannelKind;
  channelName: string;
  productId: string;
  sku: string;
  status: ListingStatus;
  lastError: string | null;
  price: string | null;
  /** The price the channel holds (confirmed), and the seller's own for the listing (override). */
  heldPrice: string | null;
  override: string | null;
  title: string;
  description: string | null;
  brand: string | null;
  /** The product's tags, as a tag rule matches them. */
  tags: string[];
  gtin: string | null;
  images: string[];
  attributes: Record<string, unknown>;
  /** The product's main price and cost, as the pricing rules read them. */
  mainPrice: string | null;
  cost: string | null;
  /** What the marketplace last reported on the listing (none: empty). */
  marketplaceIssues: MarketplaceIssueValue[];
  /** The marketplace's category the listing is in (Amazon's product type, eBay's leaf category); null: not known. */
  category: string | null;
}

export interface IssueRow {
  listingId: string;
  channelId: string;
  productId: string;
  sku: string;
  code: string;
  severity: 'error' | 'warning';
  field: string;
  message: string;
  fix: string;
}

export interface ComplianceSettingsRow {
  restrictedWords: string[] | null;
  checkedThrough: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Ids as one uuid[] parameter (a Postgres array literal), however many there are. */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The account's settings; none saved yet: the defaults (nothing checked yet). */
export async function complianceSettingsOf(db: Db, accountId: string): Promise<ComplianceSettingsRow> {
  const rows = rowsOf<{ restricted_words: string[] | null; checked_through: string | null }>(
    await db.execute(sql`select restricted_words, checked_through::text as checked_through
      from ${complianceSettings} where account_id = ${accountId}`),
  );
  return { restrictedWords: rows[0]?.restricted_words ?? null, checkedThrough: rows[0]?.checked_through ?? null };
}

export async function saveRestrictedWords(db: Db, accountId: string, words: string[] | null): Promise<void> {
  await db
    .insert(complianceSettings)
    .values({ accountId, restrictedWords: words, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: complianceSettings.accountId,
      set: { restrictedWords: words, updatedAt: sql`now()` },
    });
}

/** Every product and listing stamped before `at` has been checked. */
export async function markCheckedThrough(db: Db, accountId: string, at: string): Promise<void> {
  await db.execute(sql`insert into ${complianceSettings} (account_id, checked_through, updated_at)
    values (${accountId}, ${at}::timestamptz, now())
    on conflict (account_id) do update set checked_through = excluded.checked_through`);
}

/**
 * Every listing of the account is to be checked again (a pricing rule changed: the bounds of any listing
 * may have). Takes the checker's lock, so a check under way, which read the former rules, ends first.
 */
export async function requireFullCheck(db: Db, accountId: string): Promise<void> {
  await lockAccountChecks(db, accountId);
  await db.execute(sql`update ${complianceSettings} set checked_through = null where account_id = ${accountId}`);
}

/** The transaction's own clock: what it reads was stamped before it (or commits within LATE_COMMIT_MS after). */
export async function transactionNow(db: Db): Promise<string> {
  return rowsOf<{ now: string }>(await db.execute(sql`select now()::text as now`))[0]!.now;
}

/**
 * One checker of an account at a time (a second waits for the first's transaction): the issues of
 * a product are replaced whole, by one checker.
 */
export async function lockAccountChecks(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'compliance:' + accountId}))`);
}

/**
 * How far before its last mark the checker looks again. A change is stamped when its transaction starts and seen
 * once it commits: on a busy machine a long one (a bulk edit, a catalogue read) commits well after LATE_COMMIT_MS, and
 * a check that ran in between would otherwise pass over it for good. Checking a product again gives the same
 * issues and costs little: two minutes of changes are looked at again.
 */
export const CHECK_LOOK_BACK_MS = Math.max(LATE_COMMIT_MS, 120_000);

/** Accounts with a product or listing stamped since their last compliance check (or never checked, with listings). */
export async function accountsWithUncheckedChanges(db: Db): Promise<string[]> {
  const window = sql.raw(`interval '${CHECK_LOOK_BACK_MS} milliseconds'`);
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select a.id from accounts a left join ${complianceSettings} s on s.account_id = a.id
      where case when s.checked_through is null then exists (select 1 from listings l where l.account_id = a.id)
        else exists (select 1 from products p where p.account_id = a.id and p.updated_at >= s.checked_through - ${window})
          or exists (select 1 from listings l where l.account_id = a.id and l.updated_at >= s.checked_through - ${window}) end`),
  );
  return rows.map((r) => r.id);
}

/**
 * The products of the account changed (themselves or one of their listings) since `since`, less
 * CHECK_LOOK_BACK_MS: a change stamped before `since` that committed after it is found again.
 */
export async function productsChangedSince(db: Db, accountId: string, since: string): Promise<string[]> {
  const from = sql`${since}::timestamptz - ${sql.raw(`interval '${CHECK_LOOK_BACK_MS} milliseconds'`)}`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select p.id from products p where p.account_id = ${accountId} and p.updated_at >= ${from}
      union
      select l.product_id from listings l
      where l.account_id = ${accountId} and l.updated_at >= ${from} and l.product_id is not null`),
  );
  return rows.map((r) => r.id);
}

/**
 * The listings to check, of these products (all the account's when `productIds` is 'all'): those on
 * a connected channel and on sale or meant to be there (a SKU not listed on a channel has nothing to
 * check there); the price is the one the channel is to hold, else the one it holds. A product's data
 * is read once for all its listings, and of its attributes only those the checks read.
 */
export async function listingsToCheck(
  db: Db,
  accountId: string,
  productIds: readonly string[] | 'all',
): Promise<ListingToCheck[]> {
  if (productIds !== 'all' && productIds.length === 0) return [];
  const scope = (column: SQL) => (productIds === 'all' ? sql`true` : sql`${column} = any(${uuidArray(productIds)})`);
  const listingRows = rowsOf<
    Omit<
      ListingToCheck,
      'title' | 'description' | 'brand' | 'tags' | 'gtin' | 'images' | 'attributes' | 'mainPrice' | 'cost'
    >
  >(
    await db.execute(sql`select l.id as "listingId", l.channel_id as "channelId", c.kind as "channelKind",
        c.display_name as "channelName", l.product_id as "productId", l.sku, l.status, l.last_error as "lastError",
        coalesce(l.price_override, l.desired_price, l.confirmed_price)::text as price, l.category,
        l.confirmed_price::text as "heldPrice", l.price_override::text as override,
        coalesce(m.issues, '[]'::jsonb) as "marketplaceIssues"
      from listings l
      join channels c on c.id = l.channel_id and c.status <> 'disconnected'
      left join marketplace_listing_issues m on m.listing_id = l.id
      where l.account_id = ${accountId} and l.status <> 'not listed' and l.product_id is not null
        and ${scope(sql`l.product_id`)}`),
  );
  if (listingRows.length === 0) return [];
  // Every attribute (the seller's over the main channel's) only for products with a listing held to its category
  // (checks.ts checkRequiredAttributes: to be created or refused); the rest, only those the other checks read.
  const heldToCategory = [
    ...new Set(
      listingRows
        .filter((l) => l.category !== null && (l.status === 'pending' || l.status === 'error'))
        .map((l) => l.productId),
    ),
  ];
  const productRows = rowsOf<{
    id: string;
    title: string;
    description: string | null;
    brand: string | null;
    tags: string[];
    gtin: string | null;
    images: string[];
    attributes: Record<string, unknown>;
    price: string | null;
    cost: string | null;
  }>(
    await db.execute(sql`select p.id, p.title, p.description, p.brand, to_jsonb(p.tags) as tags, p.gtin, p.images, p.price::text as price,
        p.cost::text as cost,
        case when p.id = any(${uuidArray(heldToCategory)}) then p.attributes || p.seller_attributes
          else jsonb_strip_nulls(jsonb_build_object('manufacturer', p.attributes->'manufacturer',
            'responsiblePersons', p.attributes->'responsiblePersons', 'regulatory', p.attributes->'regulatory'))
          end as attributes
      from products p
      where p.account_id = ${accountId} and ${scope(sql`p.id`)}
        and exists (select 1 from listings l where l.product_id = p.id and l.status <> 'not listed')`),
  );
  const products = new Map(productRows.map((p) => [p.id, p]));
  const found: ListingToCheck[] = [];
  for (const listing of listingRows) {
    const product = products.get(listing.productId);
    if (!product) continue;
    found.push({
      ...listing,
      price: listing.price ?? product.price,
      title: product.title,
      description: product.description,
      brand: product.brand,
      tags: product.tags,
      gtin: product.gtin,
      images: product.images,
      attributes: product.attributes,
      mainPrice: product.price,
      cost: product.cost,
    });
  }
  return found;
}

/** Issues written per statement: one JSON parameter each, so the statement stays small to plan and send. */
const INSERT_CHUNK = 10_000;

/**
 * The issues of these products (all the account's with 'all') are those found now: the former ones
 * are removed, so an issue fixed is gone.
 */
export async function replaceIssues(
  db: Db,
  accountId: string,
  productIds: readonly string[] | 'all',
  issues: readonly IssueRow[],
): Promise<void> {
  if (productIds === 'all') await db.delete(complianceIssues).where(eq(complianceIssues.accountId, accountId));
  else if (productIds.length > 0)
    await db.execute(sql`delete from ${complianceIssues} where account_id = ${accountId}
      and product_id = any(${uuidArray(productIds)})`);
  for (let i = 0; i < issues.length; i += INSERT_CHUNK) {
    const rows = issues
      .slice(i, i + INSERT_CHUNK)
      .map((r) => [r.listingId, r.channelId, r.productId, r.sku, r.code, r.severity, r.field, r.message, r.fix]);
    await db.execute(sql`insert into ${complianceIssues}
        (account_id, listing_id, channel_id, product_id, sku, code, severity, field, message, fix)
      select ${accountId}, (r->>0)::uuid, (r->>1)::uuid, (r->>2)::uuid, r->>3, r->>4, r->>5, r->>6, r->>7, r->>8
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) r
      on conflict do nothing`);
  }
}

export interface IssueFilter {
  severity?: 'error' | 'warning';
  channelId?: string;
  code?: string;
}

/** The filters on the issues, aliased `i` in every read. */
function filterSql(accountId: string, filter: IssueFilter): SQL {
  const parts = [sql`i.account_id = ${accountId}`];
  if (filter.severity) parts.push(sql`i.severity = ${filter.severity}`);
  if (filter.channelId) parts.push(sql`i.channel_id = ${filter.channelId}`);
  if (filter.code) parts.push(sql`i.code = ${filter.code}`);
  return sql.join(parts, sql` and `);
}

export interface IssueRecord extends IssueRow {
  channelKind: ChannelKind;
  channelName: string;
  title: string | null;
  foundAt: string;
}

/** A page of the account's issues, by SKU then channel, errors first within a listing. */
export async function issuePage(
  db: Db,
  accountId: string,
  filter: IssueFilter,
  page: { offset: number; limit: number },
): Promise<{ items: IssueRecord[]; total: number }> {
  const where = filterSql(accountId, filter);
  const [items, total] = await Promise.all([
    db.execute(sql`select i.listing_id as "listingId", i.channel_id as "channelId", i.product_id as "productId", i.sku,
        i.code, i.severity, i.field, i.message, i.fix, c.kind as "channelKind", c.display_name as "channelName",
        p.title, to_char(i.found_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "foundAt"
      from ${complianceIssues} i
      join channels c on c.id = i.channel_id
      left join products p on p.id = i.product_id
      where ${where}
      order by i.sku, c.display_name, i.channel_id, i.severity, i.code, i.field
      limit ${page.limit} offset ${page.offset}`),
    db.execute(sql`select count(*)::int as n from ${complianceIssues} i where ${where}`),
  ]);
  return { items: rowsOf<IssueRecord>(items), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
}

/** Every issue of the account matching the filter, for the CSV (the same order as the page). */
export async function allIssues(db: Db, accountId: string, filter: IssueFilter): Promise<IssueRecord[]> {
  return (await issuePage(db, accountId, filter, { offset: 0, limit: 1_000_000 })).items;
}

export interface IssueCounts {
  bySeverity: Array<{ severity: 'error' | 'warning'; count: number }>;
  byChannel: Array<{
    channelId: string;
    channelKind: ChannelKind;
    channelName: string;
    errors: number;
    warnings: number;
  }>;
  byCode: Array<{ code: string; count: number }>;
}

/** The account's issues counted by severity, by channel and by check (all of them: the filters' choices). */
export async function issueCounts(db: Db, accountId: string): Promise<IssueCounts> {
  const byChannel = rowsOf<IssueCounts['byChannel'][number]>(
    await db.execute(sql`select i.channel_id as "channelId", c.kind as "channelKind", c.display_name as "channelName",
        count(*) filter (where i.severity = 'error')::int as errors,
        count(*) filter (where i.severity = 'warning')::int as warnings
      from ${complianceIssues} i join channels c on c.id = i.channel_id
      where i.account_id = ${accountId}
      group by i.channel_id, c.kind, c.display_name order by c.display_name, i.channel_id`),
  );
  const byCode = rowsOf<{ code: string; count: number }>(
    await db.execute(sql`select code, count(*)::int as count from ${complianceIssues}
      where account_id = ${accountId} group by code order by count(*) desc, code`),
  );
  const errors = byChannel.reduce((n, c) => n + c.errors, 0);
  const warnings = byChannel.reduce((n, c) => n + c.warnings, 0);
  return {
    bySeverity: [
      { severity: 'error', count: errors },
      { severity: 'warning', count: warnings },
    ],
    byChannel,
    byCode,
  };
}

/** How many error-level issues the account has: the dashboard's alert. */
export async function complianceErrorCount(db: Db, accountId: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${complianceIssues}
      where account_id = ${accountId} and severity = 'error'`),
  );
  return rows[0]?.n ?? 0;
}
