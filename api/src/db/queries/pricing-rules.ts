import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  changes,
  channels,
  listingCompetition,
  listingDrift,
  listings,
  pricingRuleRuns,
  pricingRules,
  products,
  type ChannelKind,
  type PricingRuleDefinition,
} from '../schema/index.ts';
import { competitionOfListing, type ListingCompetitionFigures } from './listing-competition.ts';

// Pricing rules and their runs, always scoped by account; the target listings a rule may price.

export interface PricingRuleRecord {
  id: string;
  name: string;
  priority: number;
  enabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  definition: PricingRuleDefinition;
  createdAt: Date;
  updatedAt: Date;
}

const ruleColumns = {
  id: pricingRules.id,
  name: pricingRules.name,
  priority: pricingRules.priority,
  enabled: pricingRules.enabled,
  startsAt: pricingRules.startsAt,
  endsAt: pricingRules.endsAt,
  definition: pricingRules.definition,
  createdAt: pricingRules.createdAt,
  updatedAt: pricingRules.updatedAt,
};

export type PricingRuleValues = Pick<
  PricingRuleRecord,
  'name' | 'priority' | 'enabled' | 'startsAt' | 'endsAt' | 'definition'
>;

/** The account's rules, in evaluation order (priority, then id). */
export async function listPricingRules(db: Db, accountId: string): Promise<PricingRuleRecord[]> {
  return db
    .select(ruleColumns)
    .from(pricingRules)
    .where(eq(pricingRules.accountId, accountId))
    .orderBy(asc(pricingRules.priority), asc(pricingRules.id));
}

export async function findPricingRule(
  db: Db,
  accountId: string,
  ruleId: string,
  options: { lock?: boolean } = {},
): Promise<PricingRuleRecord | undefined> {
  const query = db
    .select(ruleColumns)
    .from(pricingRules)
    .where(and(eq(pricingRules.accountId, accountId), eq(pricingRules.id, ruleId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertPricingRule(
  db: Db,
  accountId: string,
  values: PricingRuleValues,
  at: Date,
): Promise<PricingRuleRecord> {
  const [row] = await db
    .insert(pricingRules)
    .values({ accountId, ...values, createdAt: at, updatedAt: at })
    .returning(ruleColumns);
  return row!;
}

export async function updatePricingRule(
  db: Db,
  accountId: string,
  ruleId: string,
  values: Partial<PricingRuleValues>,
  at: Date,
): Promise<PricingRuleRecord | undefined> {
  const [row] = await db
    .update(pricingRules)
    .set({ ...values, updatedAt: at })
    .where(and(eq(pricingRules.accountId, accountId), eq(pricingRules.id, ruleId)))
    .returning(ruleColumns);
  return row;
}

export async function deletePricingRule(db: Db, accountId: string, ruleId: string): Promise<boolean> {
  const rows = await db
    .delete(pricingRules)
    .where(and(eq(pricingRules.accountId, accountId), eq(pricingRules.id, ruleId)))
    .returning({ id: pricingRules.id });
  return rows.length > 0;
}

/** The account's target channels among these ids, with their marketplace (the main channel and other accounts' are left out). */
export async function targetChannelKinds(db: Db, accountId: string, ids: string[]): Promise<Map<string, ChannelKind>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: channels.id, kind: channels.kind })
    .from(channels)
    .where(and(eq(channels.accountId, accountId), inArray(channels.id, ids), ne(channels.role, 'main')));
  return new Map(rows.map((r) => [r.id, r.kind]));
}

/** A target listing as a dry run prices it. */
export interface PriceableListing {
  listingId: string;
  productId: string;
  channelId: string;
  channelKind: ChannelKind;
  channelName: string;
  sku: string;
  brand: string | null;
  tags: string[];
  price: string | null;
  cost: string | null;
  priceOverride: string | null;
  desiredPrice: string | null;
  confirmedPrice: string | null;
  /** Other sellers' offers on the listing, where the marketplace told them (competitor rules price from them). */
  competition: ListingCompetitionFigures | null;
  /** Price sync on for the channel, no hand edit of the price awaiting a decision, not taken off sale. */
  priceManaged: boolean;
}

/** Every linked listing on the account's target channels that sync runs for (these channels only, if given), by SKU. */
export async function priceableListings(db: Db, accountId: string, channelIds?: string[]): Promise<PriceableListing[]> {
  if (channelIds && channelIds.length === 0) return [];
  return db
    .select({
      listingId: listings.id,
      productId: sql<string>`${listings.productId}`,
      channelId: listings.channelId,
      channelKind: channels.kind,
      channelName: channels.displayName,
      sku: listings.sku,
      brand: products.brand,
      tags: products.tags,
      price: products.price,
      cost: products.cost,
      priceOverride: listings.priceOverride,
      desiredPrice: listings.desiredPrice,
      confirmedPrice: listings.confirmedPrice,
      competition: competitionOfListing,
      priceManaged: sql<boolean>`coalesce((${channels.rules}->>'syncPrice')::boolean, true)
        and ${listings.takenOffSaleAt} is null
        and not exists (select 1 from ${listingDrift} where ${listingDrift.listingId} = ${listings.id} and ${listingDrift.field} = 'price' and ${listingDrift.resolvedAt} is null)`,
    })
    .from(listings)
    .innerJoin(products, eq(products.id, listings.productId))
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .leftJoin(listingCompetition, eq(listingCompetition.listingId, listings.id))
    .where(
      and(
        eq(listings.accountId, accountId),
        inArray(channels.status, ['active', 'error']),
        ne(channels.role, 'main'),
        ...(channelIds ? [inArray(listings.channelId, channelIds)] : []),
      ),
    )
    .orderBy(asc(listings.sku), asc(listings.channelId));
}

export interface PricingRuleRunRecord {
  id: string;
  ruleId: string | null;
  ruleName: string;
  prices: number;
  createdAt: Date;
  undoneAt: Date | null;
}

const runColumns = {
  id: pricingRuleRuns.id,
  ruleId: pricingRuleRuns.ruleId,
  ruleName: pricingRuleRuns.ruleName,
  prices: pricingRuleRuns.prices,
  createdAt: pricingRuleRuns.createdAt,
  undoneAt: pricingRuleRuns.undoneAt,
};

export async function insertPricingRuleRun(
  db: Db,
  accountId: string,
  run: { id: string; ruleId: string; ruleName: string; actorUserId: string | null },
  at: Date,
): Promise<void> {
  await db.insert(pricingRuleRuns).values({ accountId, ...run, prices: 0, createdAt: at });
}

export async function setRunPrices(db: Db, runId: string, prices: number): Promise<PricingRuleRunRecord> {
  const [row] = await db
    .update(pricingRuleRuns)
    .set({ prices })
    .where(eq(pricingRuleRuns.id, runId))
    .returning(runColumns);
  return row!;
}

export async function findPricingRuleRun(
  db: Db,
  accountId: string,
  runId: string,
  options: { lock?: boolean } = {},
): Promise<PricingRuleRunRecord | undefined> {
  const query = db
    .select(runColumns)
    .from(pricingRuleRuns)
    .where(and(eq(pricingRuleRuns.accountId, accountId), eq(pricingRuleRuns.id, runId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function markRunUndone(db: Db, runId: string, userId: string | null, at: Date): Promise<void> {
  await db
    .update(pricingRuleRuns)
    .set({ undoneAt: at, undoneBy: userId })
    .where(and(eq(pricingRuleRuns.id, runId), isNull(pricingRuleRuns.undoneAt)));
}

export interface RunPriceChange {
  productId: string;
  channelId: string;
  sku: string;
  before: string | null;
  after: string | null;
  /** The listing's price as we now ask for it (null: the listing is gone). */
  listingId: string | null;
  desiredNow: string | null;
}

/** The channel prices a run changed, each with its listing's price as it now stands. */
export async function runPriceChanges(db: Db, accountId: string, runId: string): Promise<RunPriceChange[]> {
  return (await db
    .select({
      productId: changes.productId,
      channelId: changes.channelId,
      sku: changes.sku,
      before: changes.before,
      after: changes.after,
      listingId: listings.id,
      desiredNow: sql<string | null>`coalesce(${listings.desiredPrice}, ${listings.confirmedPrice})`,
    })
    .from(changes)
    .leftJoin(
      listings,
      and(
        eq(listings.productId, changes.productId),
        eq(listings.channelId, changes.channelId),
        eq(listings.accountId, accountId),
      ),
    )
    .where(
      and(
        eq(changes.accountId, accountId),
        eq(changes.cause, 'pricing_rule'),
        eq(changes.causeRef, runId),
        eq(changes.field, 'price'),
      ),
    )
    .orderBy(asc(changes.sku))) as RunPriceChange[];
}
