import { Router, type Response } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { auditContext, requireUser } from '../request-context.ts';
import { accountRateLimit } from '../middleware/rate-limit.ts';
import { listOpenDrift, type OpenDrift } from '../../db/queries/listing-drift.ts';
import { recentRuns, runsChangedSince, unfinishedRuns, type SyncRunRecord } from '../../db/queries/sync-runs.ts';
import { acceptDrift, overwriteDrift, syncNow } from '../../modules/reconciliation/sync-requests.ts';
import { orderChangeFeed } from '../../modules/orders/order-feed.ts';
import { listingChangeFeed } from '../../modules/listings/listing-feed.ts';
import { pushActivity, retryFailedPushes } from '../../modules/dashboard/push-activity.ts';
import { requireWritableAccount } from '../middleware/writable-account.ts';

type SyncRun = components['schemas']['SyncRun'];
type Drift = components['schemas']['Drift'];

export function toApiRun(run: SyncRunRecord): SyncRun {
  return {
    id: run.id,
    channelId: run.channelId,
    kind: run.kind,
    trigger: run.trigger,
    status: run.status,
    total: run.total,
    done: run.done,
    repaired: run.repaired,
    failed: run.failed,
    message: run.message,
    createdAt: run.createdAt.toISOString(),
    updatedAt: run.updatedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

const toApiDrift = (drift: OpenDrift): Drift => ({
  id: drift.id,
  channelId: drift.channelId,
  channelKind: drift.channelKind,
  sku: drift.sku,
  field: drift.field,
  expected: drift.expected,
  found: drift.found,
  detectedAt: drift.detectedAt.toISOString(),
});

/** How often the progress stream looks for changed runs, and how often it says it is still there. */
export const STREAM_POLL_MS = 400;
export const STREAM_KEEPALIVE_MS = 15_000;

/**
 * Progress as server-sent events. Runs are read from the database, so a run a worker on another
 * machine updates reaches every web process the same way.
 */
function streamRuns(ctx: AppContext, accountId: string, res: Response, close: (stop: () => void) => void) {
  res.status(200).set({
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  const send = (run: SyncRunRecord) =>
    res.write(`event: run\nid: ${run.id}:${run.updatedAt.getTime()}\ndata: ${JSON.stringify(toApiRun(run))}\n\n`);
  let since = new Date(0);
  let reading = false;
  // The catalogue's live chips: the SKUs whose listings changed, as event `listings`.
  const listingChanges = listingChangeFeed(ctx, accountId);
  // The live Orders page: a cue that the account's orders changed, as event `orders`.
  const orderChanges = orderChangeFeed(ctx, accountId);
  const look = async (first: boolean) => {
    if (reading) return;
    reading = true;
    try {
      const runs = first ? await unfinishedRuns(ctx.db, accountId) : await runsChangedSince(ctx.db, accountId, since);
      for (const run of runs) {
        send(run);
        if (run.updatedAt > since) since = run.updatedAt;
      }
      if (first) since = new Date(Math.max(since.getTime(), Date.now() - 1000, ctx.clock().getTime() - 1000));
      const skus = await listingChanges.next();
      if (skus.length) res.write(`event: listings\ndata: ${JSON.stringify({ skus })}\n\n`);
      const ordersAt = await orderChanges.next();
      if (ordersAt) res.write(`event: orders\ndata: ${JSON.stringify({ at: ordersAt })}\n\n`);
    } catch (error) {
      // A read cut by the stream's own end (the browser left, the server stopping and its database
      // closed under it) is no error: nobody is reading.
      if (!res.destroyed) console.error(`[sync] progress stream: ${error instanceof Error ? error.message : error}`);
    } finally {
      reading = false;
    }
  };
  res.write(': progress of sync runs\n\n');
  void look(true);
  const poll = setInterval(() => void look(false), STREAM_POLL_MS);
  const keepAlive = setInterval(() => res.write(': still here\n\n'), STREAM_KEEPALIVE_MS);
  close(() => {
    clearInterval(poll);
    clearInterval(keepAlive);
  });
}

/** Sync runs, their progress, and drift: every call acts on the signed-in (or impersonated) user's account. */
export function syncRoutes(ctx: AppContext): Router {
  const router = Router();
  const writable = requireWritableAccount(ctx);

  router.post(
    '/api/channels/:channelId/sync',
    requireUser,
    writable,
    accountRateLimit(ctx, 'syncNow'),
    async (req, res) => {
      res
        .status(202)
        .json(toApiRun(await syncNow(ctx, auditContext(req), req.user!.accountId, String(req.params.channelId))));
    },
  );

  router.get('/api/sync/runs', requireUser, async (req, res) => {
    res.json({ items: (await recentRuns(ctx.db, req.user!.accountId, 20)).map(toApiRun) });
  });

  router.get('/api/sync/events', requireUser, (req, res) => {
    streamRuns(ctx, req.user!.accountId, res, (stop) => req.on('close', stop));
  });

  router.get('/api/sync/pushes', requireUser, async (req, res) => {
    res.json(await pushActivity(ctx, req.user!.accountId));
  });

  router.post('/api/sync/pushes/retry', requireUser, writable, async (req, res) => {
    res.json(await retryFailedPushes(ctx, auditContext(req), req.user!.accountId, req.body));
  });

  router.get('/api/sync/drift', requireUser, async (req, res) => {
    res.json({ items: (await listOpenDrift(ctx.db, req.user!.accountId)).map(toApiDrift) });
  });

  router.post('/api/sync/drift/:driftId/accept', requireUser, async (req, res) => {
    res.json(await acceptDrift(ctx, auditContext(req), req.user!.accountId, String(req.params.driftId)));
  });

  router.post('/api/sync/drift/:driftId/overwrite', requireUser, writable, async (req, res) => {
    res.json(await overwriteDrift(ctx, auditContext(req), req.user!.accountId, String(req.params.driftId)));
  });

  return router;
}
