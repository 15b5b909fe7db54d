import { attributeChange } from '../../modules/listings/seller-attributes.ts';
import express, { Router, type Request } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { auditContext, requireUser } from '../request-context.ts';
import { accountRateLimit, type LimitedWork } from '../middleware/rate-limit.ts';
import { previewBulkEdit, runBulkEdit, type PlannedProductEdit } from '../../modules/listings/bulk-edit.ts';
import {
  CSV_MAX_BYTES,
  NOTHING_IMPORTED,
  previewCsvImport,
  runCsvImport,
  type CsvImportRow,
} from '../../modules/listings/csv-import.ts';
import { bulkChangeView, getBulkChange, undoBatch, type BulkChangeView } from '../../modules/listings/edit-batches.ts';
import { checkPublish, publishListings } from '../../modules/listings/publish.ts';
import { requireWritableAccount } from '../middleware/writable-account.ts';

type BulkChange = components['schemas']['BulkChange'];
type BulkEditPreviewRow = components['schemas']['BulkEditPreviewRow'];
type CsvImportRowApi = components['schemas']['CsvImportRow'];

const toApiBulkChange = ({ batch, pushes }: BulkChangeView): BulkChange => ({
  batchId: batch.id,
  kind: batch.kind,
  createdAt: batch.createdAt.toISOString(),
  skus: batch.skus,
  values: batch.values,
  undoneAt: batch.undoneAt?.toISOString() ?? null,
  pushes,
});

const toApiPreviewRow = (edit: PlannedProductEdit): BulkEditPreviewRow => ({
  productId: edit.productId,
  sku: edit.sku,
  title: edit.current.title,
  price: edit.price ?? null,
  onHand: edit.onHand ?? null,
  statuses: edit.statusChanges.map(({ channelId, channelKind, before, after }) => ({
    channelId,
    channelKind,
    before,
    after,
  })),
  error: edit.error,
  // Only a drawer edit has these: a bulk edit's rows stay as they were.
  ...(edit.title ? { titleChange: edit.title } : {}),
  ...(edit.cost ? { costChange: edit.cost } : {}),
  ...(edit.tags ? { tagsChange: edit.tags } : {}),
  ...(edit.attributes ? { attributesChange: attributeChange(edit.attributes.before, edit.attributes.after) } : {}),
  ...(edit.channelPrices?.length
    ? {
        channelPrices: edit.channelPrices.map(({ channelId, channelKind, before, after }) => ({
          channelId,
          channelKind,
          before,
          after,
        })),
      }
    : {}),
  ...(edit.channelQuantityCaps?.length
    ? {
        channelQuantityCaps: edit.channelQuantityCaps.map(({ channelId, channelKind, before, after }) => ({
          channelId,
          channelKind,
          before,
          after,
        })),
      }
    : {}),
});

const toApiImportRow = (row: CsvImportRow): CsvImportRowApi => ({
  line: row.line,
  productId: row.productId,
  sku: row.sku,
  price: row.price ?? null,
  onHand: row.onHand ?? null,
  title: row.title ?? null,
  ...(row.cost ? { cost: row.cost } : {}),
  ...(row.tags ? { tags: row.tags } : {}),
  channelPrices: row.channelPriceChanges ?? [],
  ...(row.components ? { components: { before: row.components.before, after: row.components.after } } : {}),
});

/**
 * The import routes take the file as text/csv or as JSON { csv }, up to 5 MB: parsed here, ahead of
 * the app's small JSON limit (mounted before it in app.ts).
 */
export const listingImportBodies = Router().use(
  ['/api/listings/import', '/api/listings/import/preview'],
  express.text({ type: 'text/csv', limit: CSV_MAX_BYTES }),
  express.json({ limit: CSV_MAX_BYTES + 64 * 1024 }),
);

function csvOf(req: Request): string {
  if (typeof req.body === 'string') return req.body;
  if (req.body && typeof req.body.csv === 'string') return req.body.csv;
  throw new AppError(400, 'Send the file as text/csv, or as JSON with the file in "csv".');
}

/** Bulk edits, CSV import, undo and publishing: every call acts on the signed-in (or impersonated) user's account. */
export function listingEditRoutes(ctx: AppContext): Router {
  const router = Router();
  const limit = (work: LimitedWork) => accountRateLimit(ctx, work);
  const writable = requireWritableAccount(ctx);

  router.post('/api/listings/bulk-edit/preview', requireUser, limit('bulkEditPreview'), async (req, res) => {
    const preview = await previewBulkEdit(ctx, req.user!.accountId, req.body);
    res.json({ items: preview.items.map(toApiPreviewRow), total: preview.total, errors: preview.errors });
  });

  router.post('/api/listings/bulk-edit', requireUser, writable, limit('bulkEdit'), async (req, res) => {
    const batch = await runBulkEdit(ctx, auditContext(req), req.user!.accountId, req.body);
    res.status(201).json(toApiBulkChange(await bulkChangeView(ctx.db, req.user!.accountId, batch)));
  });

  router.get('/api/listings/changes/:batchId', requireUser, async (req, res) => {
    res.json(toApiBulkChange(await getBulkChange(ctx, req.user!.accountId, String(req.params.batchId))));
  });

  router.post('/api/listings/changes/:batchId/undo', requireUser, writable, async (req, res) => {
    res.json(await undoBatch(ctx, auditContext(req), req.user!.accountId, String(req.params.batchId)));
  });

  router.post('/api/listings/import/preview', requireUser, limit('csvImportPreview'), async (req, res) => {
    const preview = await previewCsvImport(ctx, req.user!.accountId, csvOf(req));
    res.json({
      items: preview.items.map(toApiImportRow),
      total: preview.total,
      errors: preview.errors,
      notices: preview.notices,
    });
  });

  router.post('/api/listings/import', requireUser, writable, limit('csvImport'), async (req, res) => {
    const outcome = await runCsvImport(ctx, auditContext(req), req.user!.accountId, csvOf(req));
    if ('rejected' in outcome) {
      res.status(422).json({ message: NOTHING_IMPORTED, errors: outcome.rejected });
      return;
    }
    res.status(201).json(toApiBulkChange(await bulkChangeView(ctx.db, req.user!.accountId, outcome.applied)));
  });

  router.post('/api/listings/publish/check', requireUser, limit('publishCheck'), async (req, res) => {
    const { channel, items } = await checkPublish(ctx, req.user!.accountId, req.body);
    res.json({ channelId: channel.id, channelKind: channel.kind, items });
  });

  router.post('/api/listings/publish', requireUser, writable, limit('publish'), async (req, res) => {
    res.status(202).json(await publishListings(ctx, auditContext(req), req.user!.accountId, req.body));
  });

  return router;
}
