import { once } from 'node:events';
import { Router, type Request } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { requireUser } from '../request-context.ts';
import { accountRateLimit } from '../middleware/rate-limit.ts';
import type { CatalogueFilter } from '../../db/queries/catalogue-filter.ts';
import type { CatalogueListingRecord } from '../../db/queries/catalogue-page.ts';
import { catalogueSortValues, type CatalogueSort } from '../../db/queries/catalogue-rows.ts';
import { listingStatusValues, type ListingStatus } from '../../db/schema/index.ts';
import {
  catalogueCsv,
  cataloguePage,
  listingDetail,
  type CatalogueQuery,
  type CatalogueRowWithListings,
  type ChangeWithResults,
} from '../../modules/listings/catalogue.ts';
import { skuLimitOf } from '../../modules/dashboard/sku-limit.ts';

type CatalogueRow = components['schemas']['CatalogueRow'];
type ListingChip = components['schemas']['ListingChip'];
type ListingOnChannel = components['schemas']['ListingOnChannel'];
type ChangeEntry = components['schemas']['ChangeEntry'];

const toApiChip = (listing: CatalogueListingRecord): ListingChip => ({
  channelId: listing.channelId,
  channelKind: listing.channelKind,
  channelRole: listing.channelRole,
  listingId: listing.listingId,
  status: listing.status,
  price: listing.price,
  quantity: listing.quantity,
  desiredPrice: listing.desiredPrice,
  desiredQuantity: listing.desiredQuantity,
  pushPending: listing.pushPending,
  lastError: listing.lastError,
  takenOffSale: listing.takenOffSale,
  channelPaused: listing.channelPaused,
  currency: listing.currency,
  ...(listing.marketplaceQuantity != null ? { marketplaceQuantity: listing.marketplaceQuantity } : {}),
});

export const toApiCatalogueRow = (row: CatalogueRowWithListings): CatalogueRow => ({
  key: row.productId ?? `sku:${row.sku}`,
  productId: row.productId,
  sku: row.sku,
  title: row.title,
  imageUrl: row.imageUrl,
  brand: row.brand,
  gtin: row.gtin,
  onHand: row.onHand,
  committed: row.committed,
  available: row.available,
  chips: row.listings.map(toApiChip),
});

const toApiListing = (listing: CatalogueListingRecord): ListingOnChannel => ({
  ...toApiChip(listing),
  marketplaceId: listing.marketplaceId,
  priceOverride: listing.priceOverride,
  quantityCap: listing.quantityCap,
  confirmedAt: listing.confirmedAt?.toISOString() ?? null,
});

const toApiChange = (change: ChangeWithResults): ChangeEntry => ({
  id: change.id,
  at: change.at.toISOString(),
  cause: change.cause,
  field: change.field,
  sku: change.sku,
  channelId: change.channelId,
  channelKind: change.channelKind,
  before: change.before,
  after: change.after,
  causeRef: change.causeRef,
  results: change.results,
  ...(change.undoable !== undefined ? { undoable: change.undoable } : {}),
  ...(change.batch !== undefined
    ? {
        batch: change.batch && {
          batchId: change.batch.id,
          kind: change.batch.kind,
          at: change.batch.at.toISOString(),
          by: change.batch.by,
          isUndo: change.batch.isUndo,
          undoable: change.batch.undoable,
          undoneAt: change.batch.undoneAt?.toISOString() ?? null,
          undoneBy: change.batch.undoneBy,
        },
      }
    : {}),
});

/** The contract validated the query already; this reads it into a filter (booleans and numbers arrive as text). */
function readQuery(req: Request): CatalogueQuery {
  const text = (name: string) =>
    typeof req.query[name] === 'string' && req.query[name] !== '' ? String(req.query[name]) : undefined;
  const flag = (name: string) => {
    const value = req.query[name] as unknown;
    if (value === undefined || value === '') return undefined;
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    throw new AppError(400, `${name}: must be true or false`);
  };
  const filter: CatalogueFilter = {};
  const q = text('q')?.trim();
  if (q) filter.q = q;
  const channelId = text('channelId');
  if (channelId) filter.channelId = channelId;
  const status = text('status');
  if (status) {
    if (!(listingStatusValues as readonly string[]).includes(status))
      throw new AppError(400, `status: must be one of ${listingStatusValues.join(', ')}`);
    filter.status = status as ListingStatus;
  }
  const outOfStock = flag('outOfStock');
  if (outOfStock !== undefined) filter.outOfStock = outOfStock;
  const withErrors = flag('withErrors');
  if (withErrors !== undefined) filter.withErrors = withErrors;
  const tag = text('tag')?.trim();
  if (tag) filter.tag = tag;
  const sort = text('sort') ?? 'sku';
  if (!(catalogueSortValues as readonly string[]).includes(sort))
    throw new AppError(400, `sort: must be one of ${catalogueSortValues.join(', ')}`);
  const order = text('order') ?? 'asc';
  if (order !== 'asc' && order !== 'desc') throw new AppError(400, 'order: must be asc or desc');
  return { filter, sort: sort as CatalogueSort, order };
}

function readInteger(req: Request, name: string, fallback: number, min: number, max: number): number {
  const value = req.query[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new AppError(400, `${name}: must be a whole number from ${min} to ${max}`);
  return n;
}

/** The catalogue of the signed-in (or impersonated) user's account: its rows, one SKU, and the CSV export. */
export function listingRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/listings', requireUser, async (req, res) => {
    const query = readQuery(req);
    const page = readInteger(req, 'page', 1, 1, 100_000);
    const pageSize = readInteger(req, 'pageSize', 50, 1, 200);
    const [found, limit] = await Promise.all([
      cataloguePage(ctx, req.user!.accountId, query, page, pageSize, ({ items, total }) => ({
        items: items.map(toApiCatalogueRow),
        total,
        page,
        pageSize,
      })),
      skuLimitOf(ctx, req.user!.accountId),
    ]);
    res.json({ ...found, ...limit });
  });

  router.get('/api/listings/items/:sku', requireUser, async (req, res) => {
    const detail = await listingDetail(ctx, req.user!.accountId, String(req.params.sku));
    res.json({
      row: toApiCatalogueRow(detail.row),
      product: detail.product,
      listings: detail.row.listings.map(toApiListing),
      history: detail.history.map(toApiChange),
    });
  });

  router.get('/api/listings/export', requireUser, accountRateLimit(ctx, 'export'), async (req, res) => {
    const query = readQuery(req);
    const rows = catalogueCsv(ctx, req.user!.accountId, query);
    // The first chunk (the header) is read before answering, so a failure there is still a 4xx/5xx.
    const first = await rows.next();
    res.status(200).set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="catalogue.csv"',
      'Cache-Control': 'no-store',
    });
    let closed = false;
    const gone = once(res, 'close').then(() => {
      closed = true;
    });
    try {
      if (!first.done) res.write(first.value);
      for await (const chunk of rows) {
        if (closed) break;
        // Backpressure: a slow client holds the next batch's query until it has read this one.
        if (!res.write(chunk)) await Promise.race([once(res, 'drain'), gone]);
      }
    } catch (error) {
      // Headers are gone: all that can be said is that the file stops short.
      console.error(`[listings] export failed: ${error instanceof Error ? error.message : error}`);
      res.destroy(error instanceof Error ? error : undefined);
      return;
    } finally {
      await rows.return(undefined);
    }
    res.end();
  });

  return router;
}
