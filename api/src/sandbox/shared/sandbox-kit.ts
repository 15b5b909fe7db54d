import path from 'node:path';
import crypto from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { productImagePng, productImageSvg } from './product-picture.ts';
import { SandboxBuckets, type RateLimitProfile } from './sandbox-limits.ts';
import { FaultBoard } from './sandbox-faults.ts';
import { RequestLog } from './request-log.ts';
import { SandboxStore, type SandboxState } from './sandbox-store.ts';
import type { SandboxAccess } from './sandbox-access.ts';
import { controlRoutes } from './control-routes.ts';
import { Deliveries } from './deliveries.ts';
import { marketplaceApi, marketplaceErrors } from './marketplace-api.ts';
import type { SandboxApplication, SandboxContext, SandboxDefinition } from './sandbox-definition.ts';

export * from './sandbox-definition.ts';
export type { Faults } from './sandbox-faults.ts';
export type { LoggedRequest } from './request-log.ts';

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
  const faults = new FaultBoard(options.profile ?? 'realistic');
  const log = new RequestLog();
  /** Requests held open by the timeoutRate fault. */
  const heldRequests = new Set<Response>();
  const buckets = new SandboxBuckets();
  const ticks = new Ticks(definition.tick && (() => definition.tick!(current.state, context)));
  const context = sandboxContext(definition, options, { current, store, faults, buckets, ticks });

  /** Forgets these sellers: their data (their entries of per-seller collections too), owner, faults and requests. */
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
  const { access } = options;
  const owners = current.owners;
  router.use(
    '/_control',
    controlRoutes({ definition, context, access, faults, log, owners, removeSellers, resetEverything }),
  );
  // Product pictures: PNG (what the catalogue generator links to), SVG for links made before.
  router.get('/_images/:file', (req: Request, res: Response) => {
    const file = String(req.params.file);
    res.set('Cache-Control', 'public, max-age=86400');
    if (file.endsWith('.svg')) res.type('image/svg+xml').send(productImageSvg(file.slice(0, -'.svg'.length)));
    else res.type('image/png').send(productImagePng(file.replace(/\.png$/, '')));
  });
  router.use(marketplaceApi(definition, context, { faults, log, heldRequests }));
  router.use(marketplaceErrors(definition));

  return {
    router,
    context,
    requests: () => log.all(),
    /** Waits until the state changed so far is on disk. */
    flush: () => store.flush(),
    close() {
      ticks.stop();
      for (const held of heldRequests) held.destroy();
      store.close();
    },
  };
}

/** What a sandbox's context is made of. */
interface ContextParts<State extends SandboxState> {
  current: Stored<State>;
  store: SandboxStore<State>;
  faults: FaultBoard;
  buckets: SandboxBuckets;
  ticks: Ticks;
}

/** The context a definition's routes and hooks work with. */
function sandboxContext<State extends SandboxState>(
  definition: SandboxDefinition<State>,
  options: SandboxOptions,
  { current, store, faults, buckets, ticks }: ContextParts<State>,
): SandboxContext<State> {
  const { access } = options;
  const deliveries = new Deliveries();
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
    deliver: (url, body, headers) => deliveries.deliver(url, body, headers),
    newId: (prefix = '') => `${prefix}${crypto.randomBytes(8).toString('hex')}`,
    tickAfter: (delayMs) => ticks.after(delayMs),
  };
  return context;
}

/**
 * The sandbox's background work (feed processing): every 100 ms, and once more when work falls due
 * (tickAfter), so a change applied after its processing time happens when due, not up to a tick later.
 */
class Ticks {
  private readonly due = new Set<NodeJS.Timeout>();
  private readonly regular: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly tick: (() => void) | undefined) {
    this.regular = tick ? setInterval(tick, 100) : undefined;
    this.regular?.unref();
  }

  after(delayMs: number): void {
    if (!this.tick || this.stopped) return;
    const timer = setTimeout(
      () => {
        this.due.delete(timer);
        this.tick!();
      },
      Math.max(0, delayMs) + 1,
    );
    timer.unref();
    this.due.add(timer);
  }

  stop(): void {
    this.stopped = true;
    if (this.regular) clearInterval(this.regular);
    for (const timer of this.due) clearTimeout(timer);
  }
}

export type { Request, Response, Router };
