import path from 'node:path';
import crypto from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { productImageSvg } from './catalogue-generator.ts';
import { SandboxBuckets, type RateLimitProfile } from './sandbox-limits.ts';
import { FaultBoard } from './sandbox-faults.ts';
import { RequestLog } from './request-log.ts';
import { SandboxStore, type SandboxState } from './sandbox-store.ts';
import type { SandboxAccess } from './sandbox-access.ts';
import { controlRoutes } from './control-routes.ts';
import {
  HELD_REQUEST_MS,
  SELLER_LOCAL,
  type SandboxApplication,
  type SandboxContext,
  type SandboxDefinition,
} from './sandbox-definition.ts';

export * from './sandbox-definition.ts';
export type { Faults } from './sandbox-faults.ts';
export type { LoggedRequest } from './request-log.ts';

/** Notifications a sandbox has under way at once (see deliver). */
const DELIVERIES_IN_FLIGHT = 16;
/**
 * The largest body of a marketplace API call: Walmart's largest feed file (25 MB:
 * https://developer.walmart.com/us-marketplace/docs/throttling).
 */
const API_BODY_LIMIT = '25mb';

/** One notification, tried again a few times when the receiver does not answer 2xx, as marketplaces retry deliveries. */
async function deliverOnce(url: string, body: string, headers: Record<string, string>): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(5000),
      });
      if (response.ok) return;
    } catch {
      // The receiver is down or slow: try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
  }
}

/** The state and the account that made each seller (scoped access). */
type Stored<State> = { state: State; owners: Map<string, string> };

export interface SandboxOptions {
  baseUrl: string;
  /** Where the state is kept (DATA_DIR/sandbox/{kind}/); memory only when undefined. */
  dataDir: string | undefined;
  profile?: RateLimitProfile;
  access: SandboxAccess;
  /** Our application on this marketplace; a random secret for this process when not given. */
  application?: SandboxApplication;
}

/**
 * A stateful stand-in for one marketplace: its own API below the prefix, and a control API under
 * `_control` for tests and for "Use a sandbox seller". State survives restarts in DATA_DIR/sandbox.
 */
export function createSandbox<State extends SandboxState>(
  definition: SandboxDefinition<State>,
  options: SandboxOptions,
) {
  const profile = options.profile ?? 'realistic';
  const folder = options.dataDir && path.join(options.dataDir, 'sandbox');
  const store = new SandboxStore<State>(
    folder && path.join(folder, definition.kind),
    definition.perSellerCollections ?? [],
    (): Stored<State> => current,
  );
  const current: Stored<State> = store.load(
    definition.emptyState,
    folder && path.join(folder, `${definition.kind}.json`),
  );
  const faults = new FaultBoard(profile);
  const log = new RequestLog();
  /** Requests held open by the timeoutRate fault. */
  const heldRequests = new Set<Response>();
  const buckets = new SandboxBuckets();
  const access = options.access;

  /** Deliveries under way and those waiting for a place (deliver). */
  let deliveriesUnderWay = 0;
  const deliveryQueue: Array<() => void> = [];

  /** Ticks asked for when work falls due (tickAfter), cleared on close. */
  const dueTicks = new Set<NodeJS.Timeout>();
  let closed = false;
  const context: SandboxContext<State> = {
    baseUrl: options.baseUrl,
    application: options.application ?? {
      clientId: `sandbox-${definition.kind}-app`,
      clientSecret: crypto.randomBytes(24).toString('hex'),
    },
    openControl: access.mode === 'open',
    state: () => current.state,
    changed: (sellerId) => store.changed(sellerId),
    faults: (sellerId) => faults.of(sellerId),
    refusesSku: (sellerId, sku) => faults.of(sellerId).rejectSkus.includes(sku),
    limitOf: (operation, sellerId) =>
      definition.limits[faults.of(sellerId).rateLimitProfile][operation] ?? { rate: 1000, burst: 1000 },
    rateLimit: (sellerId, operation, cost = 1) =>
      buckets.take(`${sellerId}:${operation}`, context.limitOf(operation, sellerId), cost),
    buckets,
    mayActFor: (req, sellerId) =>
      access.mode === 'open' ||
      (current.owners.get(sellerId) !== undefined && current.owners.get(sellerId) === access.ownerOf(req)),
    async deliver(url, body, headers) {
      // A few deliveries under way at once, the rest queued, as a marketplace's delivery service
      // sends them (EventBridge API destinations have an invocation rate, Shopify a delivery queue):
      // 10,000 notifications of one feed are not 10,000 connections at once.
      if (deliveriesUnderWay >= DELIVERIES_IN_FLIGHT) await new Promise<void>((resolve) => deliveryQueue.push(resolve));
      deliveriesUnderWay++;
      try {
        await deliverOnce(url, body, headers);
      } finally {
        deliveriesUnderWay--;
        deliveryQueue.shift()?.();
      }
    },
    newId: (prefix = '') => `${prefix}${crypto.randomBytes(8).toString('hex')}`,
    tickAfter(delayMs) {
      if (!definition.tick || closed) return;
      const timer = setTimeout(
        () => {
          dueTicks.delete(timer);
          definition.tick!(current.state, context);
        },
        Math.max(0, delayMs) + 1,
      );
      timer.unref();
      dueTicks.add(timer);
    },
  };

  const removeSellers = (sellerIds: string[]) => {
    const gone = new Set(sellerIds);
    const state = current.state as SandboxState & Record<string, Record<string, { sellerId?: unknown }>>;
    for (const sellerId of gone) {
      delete state.sellers[sellerId];
      current.owners.delete(sellerId);
      faults.forget(sellerId);
      store.changed(sellerId);
    }
    for (const collection of definition.perSellerCollections ?? []) {
      for (const [key, entry] of Object.entries(state[collection] ?? {}))
        if (gone.has(entry?.sellerId as string)) delete state[collection]![key];
    }
    log.forget((sellerId) => gone.has(sellerId));
  };
  const resetEverything = () => {
    removeSellers(Object.keys(current.state.sellers));
    current.state = definition.emptyState();
    buckets.clear();
    log.clear();
    faults.clear();
    for (const held of heldRequests) held.destroy();
    store.changed();
  };

  const router = Router();
  router.use(
    '/_control',
    controlRoutes({ definition, context, access, faults, log, owners: current.owners, removeSellers, resetEverything }),
  );
  router.get('/_images/:file', (req, res) => {
    res
      .type('image/svg+xml')
      .set('Cache-Control', 'public, max-age=86400')
      .send(productImageSvg(String(req.params.file).replace(/\.svg$/, '')));
  });

  // The marketplace's own API: logged, slowed and broken on demand, each seller as its faults say.
  const api = Router();
  // Marketplaces take form bodies (token endpoints) and large JSON and text (feeds).
  api.use(express.json({ limit: API_BODY_LIMIT, type: ['application/json', 'application/*+json'] }));
  api.use(express.urlencoded({ extended: false, limit: '1mb' }));
  api.use(express.text({ limit: API_BODY_LIMIT, type: ['text/*', 'application/xml', 'application/octet-stream'] }));
  api.use((req, res, next) => {
    res.locals[SELLER_LOCAL] = definition.sellerOfRequest(current.state, req);
    next();
  });
  api.use(log.record);
  api.use(injectFaults(definition, faults, heldRequests));
  definition.routes(api, context);
  router.use(api);

  // A path the marketplace does not know, and a body it cannot read: the marketplace's own JSON error.
  router.use((req: Request, res: Response) => {
    res.status(404).json(definition.errorBody(404, `No resource at ${req.method} ${req.path}.`));
  });
  router.use((error: { type?: string; status?: number }, _req: Request, res: Response, next: (e?: unknown) => void) => {
    if (res.headersSent || !error?.type?.startsWith('entity.')) return next(error);
    res
      .status(error.status ?? 400)
      .json(
        definition.errorBody(
          error.status ?? 400,
          error.type === 'entity.too.large' ? 'The request body is too large.' : 'The request body could not be read.',
        ),
      );
  });

  const ticker = definition.tick ? setInterval(() => definition.tick!(current.state, context), 100) : undefined;
  ticker?.unref();

  return {
    router,
    context,
    requests: () => log.all(),
    /** Waits until the state changed so far is on disk. */
    flush: () => store.flush(),
    close() {
      if (ticker) clearInterval(ticker);
      closed = true;
      for (const timer of dueTicks) clearTimeout(timer);
      for (const held of heldRequests) held.destroy();
      store.close();
    },
  };
}

/** Latency, 429 bursts, held requests and 5xx, as the faults in force for the call's seller say. */
function injectFaults<State extends SandboxState>(
  definition: SandboxDefinition<State>,
  faults: FaultBoard,
  heldRequests: Set<Response>,
): RequestHandler {
  return async (_req, res, next) => {
    const sellerId = res.locals[SELLER_LOCAL] as string | undefined;
    const inForce = faults.of(sellerId);
    if (inForce.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, inForce.latencyMs));
    if (faults.takeBurst(sellerId)) {
      res
        .status(429)
        .set('Retry-After', '1')
        .json(definition.errorBody(429, 'Too many requests (injected fault: rateLimitBurst)'));
      return;
    }
    if (inForce.timeoutRate > 0 && Math.random() < inForce.timeoutRate) {
      // Never answered and never applied: the client times out. Dropped when it gives up, or after HELD_REQUEST_MS.
      heldRequests.add(res);
      const timer = setTimeout(() => res.destroy(), HELD_REQUEST_MS);
      timer.unref();
      res.on('close', () => {
        clearTimeout(timer);
        heldRequests.delete(res);
      });
      return;
    }
    if (inForce.errorRate > 0 && Math.random() < inForce.errorRate) {
      res.status(503).json(definition.errorBody(503, 'Service temporarily unavailable (injected fault)'));
      return;
    }
    next();
  };
}

export type { Request, Response, Router };
