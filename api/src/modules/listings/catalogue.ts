import { requiredAttributesOfProduct } from './required-attributes.ts';
import { AppError, type AppContext } from '../../context.ts';
import {
  catalogueCount,
  catalogueListings,
  cataloguePageRows,
  type CatalogueListingRecord,
} from '../../db/queries/catalogue-page.ts';
import { planCatalogueFilter, type CatalogueFilter, type CataloguePlan } from '../../db/queries/catalogue-filter.ts';
import {
  catalogueRows,
  type CatalogueRowRecord,
  type CatalogueSort,
  type SortOrder,
} from '../../db/queries/catalogue-rows.ts';
import { catalogueState, type CatalogueState } from '../../db/queries/catalogue-version.ts';
import {
  catalogueRowBySku,
  skuChanges,
  writesOfChanges,
  type ChangeRecord,
  type ChangeWriteRecord,
  type ProductDetail,
} from '../../db/queries/catalogue-sku.ts';
import { listChannels } from '../../db/queries/channels.ts';
import { channelKindValues, type ChannelKind } from '../../db/schema/index.ts';
import { catalogueCsvHeader, csvLine, exportedListingOf, exportedProductValues } from './catalogue-csv.ts';
import { componentsOfProducts } from '../../db/queries/bundles.ts';
import { formatComponents } from '../stock/bundle-arithmetic.ts';
import { batchesOfChanges, resultsByChange, undoableAdRuleMoves, type BatchOfChange } from './change-history.ts';

export interface CatalogueQuery {
  filter: CatalogueFilter;
  sort: CatalogueSort;
  order: SortOrder;
}

export interface CatalogueRowWithListings extends CatalogueRowRecord {
  listings: CatalogueListingRecord[];
}

/** Each row with its listings, in the rows' order. */
async function withListings(
  ctx: AppContext,
  accountId: string,
  rows: CatalogueRowRecord[],
): Promise<CatalogueRowWithListings[]> {
  const found = await catalogueListings(ctx.db, accountId, rows);
  const byRow = new Map<string, CatalogueListingRecord[]>();
  for (const listing of found) {
    const key = listing.productId ?? `sku:${listing.sku}`;
    byRow.set(key, [...(byRow.get(key) ?? []), listing]);
  }
  return rows.map((row) => ({ ...row, listings: byRow.get(row.productId ?? `sku:${row.sku}`) ?? [] }));
}

/** A filter's plan and count are kept while the catalogue stays at the same version, and this long at most. */
const KEEP_MS = 30_000;
const FILTERS_KEPT = 1000;
/**
 * While the catalogue keeps changing (a stream of orders stamps listings many times a second), a
 * count is kept across versions for this long: otherwise every change would count every matching
 * row again. The rows of a page are always read afresh; only its total may lag, by this much.
 */
const BUSY_RECOUNT_MS = 2000;
interface Kept {
  version: string;
  at: number;
  /** Counted while the catalogue was changing (at a version not yet settled). */
  busy: boolean;
  plan: Promise<CataloguePlan>;
  total: Promise<number>;
}
const kept = new Map<string, Kept>();

const keyOf = (accountId: string, filter: CatalogueFilter) =>
  [
    accountId,
    filter.q ?? '',
    filter.channelId ?? '',
    filter.status ?? '',
    filter.outOfStock ?? '',
    filter.withErrors ?? '',
    filter.tag?.toLowerCase() ?? '',
  ].join('\u0000');

/**
 * How to read a filter (which listing conditions are narrow) and its total. Counting reads every
 * matching row (tens of milliseconds at 100,000 SKUs) while a page reads 50: both are kept until
 * the account's catalogue changes (its version is read from indexes, newest first), and clients
 * asking for the same filter at once share one plan and one count.
 */
function keepPlanAndTotal(ctx: AppContext, accountId: string, filter: CatalogueFilter, state: CatalogueState): Kept {
  const key = keyOf(accountId, filter);
  const plan = planCatalogueFilter(ctx.db, accountId, filter);
  const entry: Kept = {
    version: state.version,
    at: Date.now(),
    busy: !state.settled,
    plan,
    total: plan.then((p) => catalogueCount(ctx.db, accountId, filter, p)),
  };
  // A failed plan or count is not kept: the next page asks again.
  entry.total.catch(() => kept.get(key) === entry && kept.delete(key));
  kept.delete(key);
  kept.set(key, entry);
  if (kept.size > FILTERS_KEPT) kept.delete(kept.keys().next().value!);
  return entry;
}

function keptFor(accountId: string, filter: CatalogueFilter): Kept | undefined {
  const found = kept.get(keyOf(accountId, filter));
  return found && Date.now() - found.at < KEEP_MS ? found : undefined;
}

export interface CataloguePage {
  items: CatalogueRowWithListings[];
  total: number;
}

/**
 * Pages as presented, kept while the catalogue's version holds: a page read again (the same filter,
 * sort and page by several people, or on every live update of one) then costs one read of the
 * version from indexes instead of the page. A change committed after its page was read is a new
 * version even when its stamp is older than the latest (see CatalogueState), so a busy catalogue's
 * pages are kept too, for as long as nothing changes.
 */
const PAGES_KEPT = 500;
interface KeptPage {
  version: string;
  /** Answered again until then (Date.now()). */
  until: number;
  presented: unknown;
}
const keptPages = new Map<string, KeptPage>();

const pageKeyOf = (accountId: string, query: CatalogueQuery, page: number, pageSize: number) =>
  [keyOf(accountId, query.filter), query.sort, query.order, page, pageSize].join('\u0000');

/**
 * One page of the catalogue, presented by `present`: the page's rows (the filter's EXISTS probes
 * stop once the page is full, or a narrow filter picks its few products from the listings), their
 * listings and the catalogue's version in one statement, and the total of the same filter, counted
 * again when that version is not the one it was counted at (at most every BUSY_RECOUNT_MS while the
 * catalogue keeps changing). A kept page of the same version is answered as it was.
 */
export async function cataloguePage<Presented>(
  ctx: AppContext,
  accountId: string,
  query: CatalogueQuery,
  page: number,
  pageSize: number,
  present: (page: CataloguePage) => Presented,
): Promise<Presented> {
  const pageKey = pageKeyOf(accountId, query, page, pageSize);
  const keptPage = keptPages.get(pageKey);
  const latest = keptPage && Date.now() < keptPage.until ? await catalogueState(ctx.db, accountId) : undefined;
  if (keptPage && latest?.version === keptPage.version) {
    keptPages.delete(pageKey);
    keptPages.set(pageKey, keptPage);
    return keptPage.presented as Presented;
  }
  let entry =
    keptFor(accountId, query.filter) ??
    keepPlanAndTotal(ctx, accountId, query.filter, latest ?? (await catalogueState(ctx.db, accountId)));
  const state = await cataloguePageRows(
    ctx.db,
    accountId,
    query.filter,
    query.sort,
    query.order,
    { limit: pageSize, offset: (page - 1) * pageSize },
    await entry.plan,
  );
  // Counted at another version: count again (from now, so at the rows' version or a later one), unless the catalogue keeps changing and the count is recent.
  if (state.version !== entry.version) {
    const current = keptFor(accountId, query.filter) ?? entry;
    const recentWhileBusy = current.busy && !state.settled && Date.now() - current.at < BUSY_RECOUNT_MS;
    entry =
      current.version === state.version || recentWhileBusy
        ? current
        : keepPlanAndTotal(ctx, accountId, query.filter, state);
  }
  const presented = present({ items: state.rows, total: await entry.total });
  keptPages.delete(pageKey);
  // A total counted at another version (the catalogue keeps changing) lags no longer than it would unkept.
  const until = entry.version === state.version ? Date.now() + KEEP_MS : entry.at + BUSY_RECOUNT_MS;
  if (until > Date.now()) {
    keptPages.set(pageKey, { version: state.version, until, presented });
    if (keptPages.size > PAGES_KEPT) keptPages.delete(keptPages.keys().next().value!);
  }
  return presented;
}

export interface ChangeWithResults extends ChangeRecord {
  batch?: BatchOfChange | null;
  /** An ad rule's move the seller may undo now (ad rule moves only). */
  undoable?: boolean;
  results: Array<{
    channelId: string;
    channelKind: ChannelKind;
    status: 'pending' | 'retrying' | 'confirmed' | 'failed';
    message: string | null;
  }>;
}

export const HISTORY_LIMIT = 100;
const SKU_NOT_FOUND = 'No such SKU in your catalogue.';

/** A change's result on a channel, from the write that carried it there (a value replaced before it was sent shows nothing). */
function resultOf(write: ChangeWriteRecord): ChangeWithResults['results'][number] | undefined {
  switch (write.status) {
    case 'confirmed':
      return { channelId: write.channelId, channelKind: write.channelKind, status: 'confirmed', message: null };
    case 'failed':
      return { channelId: write.channelId, channelKind: write.channelKind, status: 'failed', message: write.message };
    case 'superseded':
      return undefined;
    default:
      return {
        channelId: write.channelId,
        channelKind: write.channelKind,
        status: write.attempts > 0 ? 'retrying' : 'pending',
        message: write.attempts > 0 ? write.message : null,
      };
  }
}

/** One SKU: its row, its product's data, its listings, and its history with each change's result per channel. */
export async function listingDetail(
  ctx: AppContext,
  accountId: string,
  sku: string,
): Promise<{ row: CatalogueRowWithListings; product: ProductDetail | null; history: ChangeWithResults[] }> {
  const found = await catalogueRowBySku(ctx.db, accountId, sku);
  if (!found) throw new AppError(404, SKU_NOT_FOUND);
  const { product, ...row } = found;
  const [[withChips], history] = await Promise.all([
    withListings(ctx, accountId, [row]),
    skuChanges(ctx.db, accountId, sku, HISTORY_LIMIT),
  ]);
  const writes = await writesOfChanges(
    ctx.db,
    accountId,
    history.map((c) => c.id),
  );
  const results = resultsByChange(history, writes, resultOf);
  const batches = await batchesOfChanges(ctx.db, accountId, history);
  const undoableAdMoves = undoableAdRuleMoves(history);
  if (product && row.productId)
    product.requiredAttributes = await requiredAttributesOfProduct(ctx, accountId, {
      id: row.productId,
      brand: row.brand,
      attributes: product.attributes,
    });
  return {
    row: withChips!,
    product,
    history: history.map((change) => ({
      ...change,
      results: [...(results.get(change.id)?.values() ?? [])],
      batch: batches.get(change.id) ?? null,
      ...(change.cause === 'ad_rule' ? { undoable: undoableAdMoves.has(change.id) } : {}),
    })),
  };
}

/** Rows per query of the export: each batch starts after the last row of the one before (no offset to skip). */
export const EXPORT_BATCH = 1000;

/**
 * The catalogue under a filter and sort as CSV, a batch of rows at a time: never more than one
 * batch in memory. Columns per marketplace the account has connected (the main channel's first).
 */
export async function* catalogueCsv(
  ctx: AppContext,
  accountId: string,
  query: CatalogueQuery,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<string> {
  const connected = await listChannels(ctx.db, accountId);
  const kinds = [...new Set(connected.map((c) => c.kind))].sort((a, b) => {
    const main = (k: ChannelKind) => (connected.find((c) => c.kind === k)?.role === 'main' ? 0 : 1);
    return main(a) - main(b) || channelKindValues.indexOf(a) - channelKindValues.indexOf(b);
  });
  yield csvLine(catalogueCsvHeader(kinds));
  const plan = await planCatalogueFilter(ctx.db, accountId, query.filter);
  let after: CatalogueRowRecord['cursor'] | undefined;
  for (;;) {
    const rows = await catalogueRows(
      ctx.db,
      accountId,
      query.filter,
      query.sort,
      query.order,
      { limit: batchSize, ...(after ? { after } : {}) },
      plan,
    );
    if (rows.length === 0) return;
    const batch = await withListings(ctx, accountId, rows);
    const productIds = rows.flatMap((r) => (r.productId ? [r.productId] : []));
    const values = await exportedProductValues(ctx.db, accountId, productIds);
    const components = await componentsOfProducts(ctx.db, accountId, productIds);
    yield batch
      .map((row) => {
        const perKind = kinds.flatMap((kind) => {
          const listing = exportedListingOf(row.listings, kind);
          return listing ? [listing.status, listing.price, listing.quantity] : [null, null, null];
        });
        const product = row.productId ? values.get(row.productId) : undefined;
        return csvLine([
          row.sku,
          row.title,
          product?.price ?? null,
          row.brand,
          row.gtin,
          row.onHand,
          row.committed,
          row.available,
          product?.cost ?? null,
          product?.tags ?? null,
          row.productId ? formatComponents(components.get(row.productId) ?? []) : null,
          ...perKind,
        ]);
      })
      .join('');
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.cursor;
  }
}
