import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  accountsWithUncheckedChanges,
  complianceSettingsOf,
  listingsToCheck,
  lockAccountChecks,
  markCheckedThrough,
  productsChangedSince,
  replaceIssues,
  transactionNow,
  type IssueRow,
  type ListingToCheck,
} from '../../db/queries/compliance.ts';
import { probesOf, type ImageProbeRow } from '../../db/queries/image-probes.ts';
import { categoryKeyOf, requirementsOf, type CategoryRequirementsRow } from '../../db/queries/category-requirements.ts';
import { requestCategoryReads, requirementFactsOf } from './category-requirement-requests.ts';
import {
  checkListing,
  compileRestrictedWords,
  type OtherChannelPrice,
  type PictureFacts,
  type RestrictedWords,
} from './checks.ts';
import type { ImageFormat } from './image-header.ts';
import { requestImageProbes } from './image-probe-requests.ts';
import { defaultRestrictedWords } from './marketplace-limits.ts';
import { priceBoundsOf, ruleBookOf, type RuleBook } from './price-bounds.ts';

// Keeping the stored issues current. Every write to a product or a listing stamps its updated_at
// (the live catalogue reads the same stamps), so the checker needs no hook in each write path: it
// re-checks the products stamped since it last ran (`checkedThrough`): before the issues are read (the
// Compliance page, its CSV, the dashboard's alert) and every minute on the schedule
// (`recheckChangedAccounts`). A product is checked with all its listings (price parity compares them).

/** The account's restricted words: its own list, or the default one until it saves one. */
export const restrictedWordsOf = (saved: string[] | null): readonly string[] => saved ?? defaultRestrictedWords;

const NO_RULES: RuleBook = { rules: [], names: new Map() };

/**
 * The issues of these listings, each checked against its SKU's prices on the other channels and the
 * bounds of the pricing rule that prices it.
 */
export function issuesOfListings(
  listings: readonly ListingToCheck[],
  words: RestrictedWords,
  rules: RuleBook = NO_RULES,
  probes: ReadonlyMap<string, ImageProbeRow> = new Map(),
  requirements: ReadonlyMap<string, CategoryRequirementsRow> = new Map(),
): IssueRow[] {
  const byProduct = new Map<string, ListingToCheck[]>();
  for (const listing of listings) {
    const siblings = byProduct.get(listing.productId);
    if (siblings) siblings.push(listing);
    else byProduct.set(listing.productId, [listing]);
  }
  const rows: IssueRow[] = [];
  for (const siblings of byProduct.values()) {
    for (const listing of siblings) {
      const otherChannelPrices: OtherChannelPrice[] = [];
      for (const other of siblings)
        if (other !== listing && other.price !== null)
          otherChannelPrices.push({ channel: other.channelKind, channelName: other.channelName, price: other.price });
      const facts = {
        ...listing,
        channel: listing.channelKind,
        images: listing.images ?? [],
        pictures: probes.size === 0 ? undefined : (listing.images ?? []).map((url) => pictureOf(probes.get(url))),
        pricing: priceBoundsOf(rules, listing),
        requirements:
          listing.category === null
            ? null
            : requirementFactsOf(
                requirements.get(categoryKeyOf({ channelId: listing.channelId, category: listing.category })),
                listing.category,
              ),
      };
      for (const issue of checkListing(facts, { restrictedWords: words, otherChannelPrices })) {
        rows.push({
          listingId: listing.listingId,
          channelId: listing.channelId,
          productId: listing.productId,
          sku: listing.sku,
          code: issue.code,
          severity: issue.severity,
          field: issue.field,
          message: issue.message,
          fix: issue.fix,
        });
      }
    }
  }
  return rows;
}

/** An image as the checks read it, from what its probe found (none: not read yet). */
export const pictureOf = (probe: ImageProbeRow | undefined): PictureFacts | undefined =>
  probe && {
    format: probe.format as ImageFormat | null,
    width: probe.width,
    height: probe.height,
    bytes: probe.bytes,
    failure: probe.failure,
  };

/** What a check needs of the app: its database, the pricing rules kept in memory and the job queue (images to read). */
export type CheckContext = Pick<AppContext, 'db' | 'caches' | 'jobs'>;

async function check(
  ctx: CheckContext,
  tx: Db,
  accountId: string,
  scope: 'all' | 'changed' | { products: readonly string[] },
): Promise<{ products: number; issues: number }> {
  await lockAccountChecks(tx, accountId);
  const now = await transactionNow(tx);
  const settings = await complianceSettingsOf(tx, accountId);
  const productIds =
    typeof scope === 'object'
      ? scope.products
      : scope === 'all' || settings.checkedThrough === null
        ? ('all' as const)
        : await productsChangedSince(tx, accountId, settings.checkedThrough);
  const listings = await listingsToCheck(tx, accountId, productIds);
  const rules = await ruleBookOf(ctx, tx, accountId, Date.parse(now));
  const urls = new Set(listings.flatMap((listing) => listing.images ?? []));
  const probes = await probesOf(tx, accountId, [...urls]);
  // Images not read yet (or long ago) are checked once read: the job checks their products again.
  if ([...urls].some((url) => probes.get(url)?.stale !== false)) await requestImageProbes(ctx, tx, accountId);
  // The categories of listings made from the product's values here (checks.ts checkRequiredAttributes).
  const categories = listings.flatMap((l) =>
    l.category === null || (l.status !== 'pending' && l.status !== 'error')
      ? []
      : [{ channelId: l.channelId, category: l.category }],
  );
  const requirements = await requirementsOf(tx, accountId, categories);
  // Categories not read yet (or long ago) are checked once read: the job checks their products again.
  if (categories.some((key) => requirements.get(categoryKeyOf(key))?.stale !== false))
    await requestCategoryReads(ctx, tx, accountId);
  const words = compileRestrictedWords(restrictedWordsOf(settings.restrictedWords));
  const issues = issuesOfListings(listings, words, rules, probes, requirements);
  await replaceIssues(tx, accountId, productIds, issues);
  // A check of named products leaves the account's mark: products changed since are still to be checked.
  if (typeof scope !== 'object') await markCheckedThrough(tx, accountId, now);
  return {
    products: productIds === 'all' ? new Set(listings.map((l) => l.productId)).size : productIds.length,
    issues: issues.length,
  };
}

/** Check again every product changed since the last check (every product, the first time). */
export function recheckChanged(ctx: CheckContext, accountId: string) {
  return ctx.db.transaction((tx) => check(ctx, tx, accountId, 'changed'));
}

/** Check these products again (their images were read). */
export function recheckProducts(ctx: CheckContext, accountId: string, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve({ products: 0, issues: 0 });
  return ctx.db.transaction((tx) => check(ctx, tx, accountId, { products: productIds }));
}

/** Check every listing of the account again (on demand, and after its restricted words change). */
export function recheckAll(ctx: CheckContext, accountId: string) {
  return ctx.db.transaction((tx) => check(ctx, tx, accountId, 'all'));
}

/** The schedule's sweep: every account with changes not yet checked is checked, one after the other. */
export async function recheckChangedAccounts(ctx: CheckContext): Promise<number> {
  const accounts = await accountsWithUncheckedChanges(ctx.db);
  for (const accountId of accounts) await recheckChanged(ctx, accountId);
  return accounts.length;
}
