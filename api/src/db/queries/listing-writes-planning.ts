import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { run, statement } from '../statements.ts';
import {
  channels,
  listings,
  type ChannelKind,
  type ChannelRules,
  type ListingWriteField,
  type Plan,
} from '../schema/index.ts';
import { competitionJson, type ListingCompetitionFigures } from './listing-competition.ts';

// Planning the values to send: what the planner reads of the target listings (their products
// locked), the values it queues to wait for a push (a newer one replacing one not yet sent), and
// when a scheduled plan's values are due.

/** What the planner needs of one target listing: the product's stock and price, the channel's rules, what we last asked for. */
export interface PlannableListing {
  listingId: string;
  channelId: string;
  sku: string;
  productId: string;
  onHand: number;
  committed: number;
  price: string | null;
  /** What pricing rules match on and price from. */
  brand: string | null;
  tags: string[];
  cost: string | null;
  rules: ChannelRules;
  confirmedQuantity: number | null;
  confirmedPrice: string | null;
  desiredQuantity: number | null;
  desiredPrice: string | null;
  priceOverride: string | null;
  /** The most units the seller lets this channel offer (null: the rules decide). */
  quantityCap: number | null;
  /** A hand edit of the price waits for the seller's decision: the price is left alone meanwhile. */
  priceDriftOpen: boolean;
  /** Other sellers' offers on the listing, where the marketplace told them (competitor rules price from them). */
  competition: ListingCompetitionFigures | null;
  channelKind: ChannelKind;
  /** The seller took the listing off sale: no value may put it back on sale. */
  takenOffSale: boolean;
  /** The marketplace fulfils the offer from its own stock (Amazon FBA, Walmart WFS): no quantity of ours goes to it. */
  fulfilledByMarketplace?: boolean;
  /** The account's plan (whether its values go at once), read with the listings to save a statement. */
  plan: Plan;
  /** Whether the account has an advertising account connected (its ad rules may care about stock). */
  advertises: boolean;
}

/**
 * Every linked listing of these products on the account's target channels that sync runs for
 * (active, or in error and being retried), with what the planner needs; the products stay locked
 * until the transaction ends.
 *
 * The products are locked first (in id order, so planners never deadlock): a planner waits for a
 * change of the same stock to commit. Then everything is read in a statement of its own, so it is
 * read as that change left it. Read in the locking statement, only the locked products would be
 * fresh. A channel's rules and its listings' desired values would still be from before the wait:
 * a "Sync now" repair that waited for a rule change then sent the old rules' quantity over it.
 */
export async function plannableListings(
  db: Db,
  accountId: string,
  productIds: string[] | 'all',
  channelId?: string,
): Promise<PlannableListing[]> {
  if (productIds.length === 0) return [];
  // Statements written once (statements.ts): one pair for a plan of some products (every order's, every edit's),
  // one for a plan of the whole catalogue.
  const [lock, read, params] =
    productIds === 'all'
      ? [lockAllPlannable, readAllPlannable, [accountId, channelId ?? null]]
      : [lockPlannableOfProducts, readPlannableOfProducts, [accountId, productIds, channelId ?? null]];
  await run(db, lock, params);
  return (await run(db, read, params)).rows;
}

/**
 * The account's target listings that sync runs for, of the products in `$products` when given, on the channel in
 * `$channel` when it is not null.
 */
const plannableWhere = (products: string | undefined, channel: string) =>
  `listings.account_id = $1${products ? ` and listings.product_id = any(${products}::uuid[])` : ''}
   and channels.status in ('active', 'error') and channels.role <> 'main'
   and (${channel}::uuid is null or listings.channel_id = ${channel}::uuid)`;

/** Locks the products of the listings `where` names, in id order (planners never deadlock). */
const lockPlannable = (name: string, where: string) =>
  statement<{ id: string }>(
    name,
    `select products.id from listings
     join products on products.id = listings.product_id
     join channels on channels.id = listings.channel_id
     where ${where}
     order by products.id
     for update of products`,
  );

/** What the planner needs of the listings `where` names. */
const readPlannable = (name: string, where: string) =>
  statement<PlannableListing>(
    name,
    `select listings.id as "listingId", listings.channel_id as "channelId", listings.sku, products.id as "productId",
       products.on_hand as "onHand", products.committed, products.price, products.brand, to_jsonb(products.tags) as tags, products.cost,
       channels.rules,
       listings.confirmed_quantity as "confirmedQuantity", listings.confirmed_price as "confirmedPrice",
       listings.desired_quantity as "desiredQuantity", listings.desired_price as "desiredPrice",
       listings.price_override as "priceOverride", listings.quantity_cap as "quantityCap",
       exists (select 1 from listing_drift d where d.listing_id = listings.id and d.field = 'price' and d.resolved_at is null)
         as "priceDriftOpen",
       channels.kind as "channelKind", listings.taken_off_sale_at is not null as "takenOffSale",
       listings.fulfilled_by_marketplace as "fulfilledByMarketplace", accounts.plan,
       exists (select 1 from ad_accounts where ad_accounts.account_id = accounts.id) as "advertises",
       ${competitionJson('competition')} as competition
     from listings
     join products on products.id = listings.product_id
     join channels on channels.id = listings.channel_id
     join accounts on accounts.id = listings.account_id
     left join listing_competition competition on competition.listing_id = listings.id
     where ${where}
     order by products.id`,
  );

const lockPlannableOfProducts = lockPlannable('lock_plannable_products', plannableWhere('$2', '$3'));
const readPlannableOfProducts = readPlannable('plannable_listings_of_products', plannableWhere('$2', '$3'));
const lockAllPlannable = lockPlannable('lock_all_plannable_products', plannableWhere(undefined, '$2'));
const readAllPlannable = readPlannable('all_plannable_listings', plannableWhere(undefined, '$2'));

export interface WriteInput {
  channelId: string;
  listingId: string;
  changeId: string | null;
  sku: string;
  field: ListingWriteField;
  before: string | null;
  after: string;
}

/**
 * Queues values to set: a newer value for a listing replaces one not yet sent, and the listing's
 * desired value becomes the new one. Same transaction as the change that calls for them.
 */
export async function queueWrites(db: Db, accountId: string, items: WriteInput[], at: Date): Promise<void> {
  for (let i = 0; i < items.length; i += 1000) {
    const page = items.slice(i, i + 1000);
    // In one statement (a round trip less while the transaction holds its locks): the values still
    // waiting for these listings are replaced, and the listings' desired values become what we now
    // ask for. The new writes go in after, once no value of theirs is pending (one pending per field).
    const perListing = valuesPerListing(page);
    await run(db, supersedeAndDesire, [
      at,
      page.map((w) => w.listingId),
      page.map((w) => w.field),
      perListing.map((v) => v.listingId),
      perListing.map((v) => v.quantity),
      perListing.map((v) => v.price),
    ]);
    await run(db, insertPendingWrites, [
      accountId,
      at,
      page.map((w) => w.channelId),
      page.map((w) => w.listingId),
      page.map((w) => w.changeId),
      page.map((w) => w.sku),
      page.map((w) => w.field),
      page.map((w) => w.before),
      page.map((w) => w.after),
    ]);
  }
}

const supersedeAndDesire = statement(
  'supersede_and_desire',
  `with superseded as (
     update listing_writes set status = 'superseded', updated_at = $1
     where status = 'pending' and (listing_id, field) in (select * from unnest($2::uuid[], $3::text[]))
   )
   update listings set
     desired_quantity = coalesce(v.quantity, listings.desired_quantity),
     desired_price = coalesce(v.price, listings.desired_price),
     updated_at = $1
   from unnest($4::uuid[], $5::integer[], $6::numeric[]) as v(listing_id, quantity, price)
   where listings.id = v.listing_id`,
);

const insertPendingWrites = statement(
  'insert_pending_writes',
  `insert into listing_writes (account_id, channel_id, listing_id, change_id, sku, field, before, after, status, created_at, updated_at)
   select $1::uuid, w.channel_id, w.listing_id, w.change_id, w.sku, w.field, w.before, w.after, 'pending', $2, $2
   from unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[])
     with ordinality as w(channel_id, listing_id, change_id, sku, field, before, after, position)
   order by w.position`,
);

/**
 * One row per listing with its new quantity and price (null where unchanged). An UPDATE … FROM
 * applies only one joined row to each target row, so a listing's quantity and price must arrive
 * on the same row or one of them is silently lost.
 */
function valuesPerListing(
  writes: Array<{ listingId: string; field: ListingWriteField; after: string }>,
): Array<{ listingId: string; quantity: string | null; price: string | null }> {
  const perListing = new Map<string, { quantity: string | null; price: string | null }>();
  for (const w of writes) {
    // A title is no listing value kept here: it is confirmed on its write alone.
    if (w.field === 'title') continue;
    const row = perListing.get(w.listingId) ?? { quantity: null, price: null };
    row[w.field] = w.after;
    perListing.set(w.listingId, row);
  }
  return [...perListing].map(([listingId, v]) => ({ listingId, ...v }));
}

/** On a scheduled plan, the channel's sync is due: what is queued until now is to be sent. */
export async function markWritesDue(db: Db, channelId: string, until: Date): Promise<void> {
  await db.update(channels).set({ writesDueUntil: until }).where(eq(channels.id, channelId));
}

export interface MainListing {
  listingId: string;
  channelId: string;
  productId: string;
  sku: string;
  confirmedPrice: string | null;
}

/** These products' listings on the account's main channel. */
export async function mainListingsOf(db: Db, accountId: string, productIds: string[]): Promise<MainListing[]> {
  if (productIds.length === 0) return [];
  const found: MainListing[] = [];
  for (let i = 0; i < productIds.length; i += 5000) {
    const rows = await db
      .select({
        listingId: listings.id,
        channelId: listings.channelId,
        productId: sql<string>`${listings.productId}`,
        sku: listings.sku,
        confirmedPrice: listings.confirmedPrice,
      })
      .from(listings)
      .innerJoin(channels, eq(channels.id, listings.channelId))
      .where(
        and(
          eq(listings.accountId, accountId),
          eq(channels.role, 'main'),
          ne(channels.status, 'disconnected'),
          inArray(listings.productId, productIds.slice(i, i + 5000)),
        ),
      );
    found.push(...rows);
  }
  return found;
}
