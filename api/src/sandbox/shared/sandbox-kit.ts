import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { generateCatalogue, productImageSvg, type GeneratedProduct } from './catalogue-generator.ts';
import { SandboxBuckets, rateLimitProfiles, type RateLimitProfile, type SandboxRate } from './sandbox-limits.ts';

export interface Faults {
  /** Added before every answer of the marketplace API. */
  latencyMs: number;
  /** Share of marketplace API calls answered with a 5xx (0 to 1). */
  errorRate: number;
  rateLimitProfile: RateLimitProfile;
  /** The next N marketplace API calls are answered 429 (Retry-After: 1, the marketplace's own body); counts down to 0. */
  rateLimitBurst: number;
  /**
   * Share of marketplace API calls that never answer (0 to 1): the request is held open and not
   * applied, until the client gives up (disconnects) or HELD_REQUEST_MS passes, when the connection is dropped.
   */
  timeoutRate: number;
  /**
   * Writes touching these SKUs (single updates, bulk calls, feed items) are refused for that item
   * only, in the marketplace's own per-item error shape. Checked when the write is handled: a feed's
   * items when the feed is processed.
   */
  rejectSkus: string[];
}

/** How long a request held by the timeoutRate fault stays open before the sandbox drops the connection. */
export const HELD_REQUEST_MS = 120_000;

/** The words of a write refused by the rejectSkus fault (inside each marketplace's own error shape). */
export function refusedSkuMessage(sku: string): string {
  return `The marketplace refused the change to SKU ${sku} (sandbox fault rejectSkus).`;
}
/** The error code of such a refusal where the marketplace's code is free text (Amazon issues, Walmart errors). */
export const REFUSED_SKU_CODE = 'SANDBOX_REJECTED_SKU';

/** A change's time: now, but always after `previousMs`, so an orders-since read picks the change up. */
export function timeAfter(previousMs: number): number {
  return Math.max(Date.now(), previousMs + 1);
}

/** A seller's hand edit of a listing in the marketplace's own seller UI (control API). */
export interface ItemEdit {
  quantity?: number;
  /** A decimal string with at most two decimals, e.g. "12.50". */
  price?: string;
  title?: string;
}

export interface LoggedRequest {
  at: string;
  method: string;
  path: string;
  /** 0 when no answer was sent: the connection closed first (a request held by the timeoutRate fault). */
  status: number;
  /** The parsed body, for the contract tests and for debugging; secrets are not logged. */
  body?: unknown;
  query?: Record<string, unknown>;
  /** The JSON the sandbox answered, for the contract tests. */
  response?: unknown;
}

/** What the kit needs from one marketplace's sandbox. */
export interface SandboxDefinition<State extends { sellers: Record<string, unknown> }> {
  kind: string;
  emptyState(): State;
  /** Makes a seller holding this catalogue; answers its id and the credentials to enter in the app. */
  createSeller(state: State, catalogue: GeneratedProduct[], context: SandboxContext<State>): { sellerId: string; credentials: Record<string, string> };
  /** The marketplace's current view of one SKU, in the control API's shape. */
  itemView(state: State, sellerId: string, sku: string): { sku: string; quantity: number; price: string; status: string } | undefined;
  /** An order placed as a buyer would; throws SandboxControlError when it cannot be placed. */
  placeOrder(state: State, sellerId: string, lines: Array<{ sku: string; quantity: number }>, context: SandboxContext<State>): unknown;
  /**
   * The order cancelled as the marketplace records a buyer's cancellation: its status in the
   * marketplace's own words, its last-updated time moved forward, its open units back in stock, and
   * the marketplace's push where it sends one. Answers the order in placeOrder's shape; throws
   * SandboxControlError 404 (no such seller or order) or 409 (already cancelled).
   */
  cancelOrder(state: State, sellerId: string, orderId: string, context: SandboxContext<State>): unknown;
  /**
   * The seller edits a listing by hand in the marketplace's own seller UI (the edit is already
   * validated). Throws SandboxControlError 404 for an unknown seller or SKU, or when the marketplace
   * itself would refuse the edit (400/409).
   */
  editItem(state: State, sellerId: string, sku: string, edit: ItemEdit, context: SandboxContext<State>): void;
  /** The marketplace's own API, mounted below the prefix. */
  routes(router: Router, context: SandboxContext<State>): void;
  /** The marketplace's error body for a failure the kit injects (a 5xx or a 429). */
  errorBody(status: number, message: string): unknown;
  /** Rate limits per operation name, per profile. */
  limits: Record<RateLimitProfile, Record<string, SandboxRate>>;
  /** Work to do in the background (feed processing): called on a short timer. */
  tick?(state: State, context: SandboxContext<State>): void;
  /** Extra control routes of this marketplace (under _control: not logged, never faulted). */
  controlRoutes?(router: Router, context: SandboxContext<State>): void;
}

export class SandboxControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface SandboxContext<State> {
  /** The public address of this sandbox (e.g. http://localhost:3000/sandbox/shopify). */
  baseUrl: string;
  state(): State;
  /** Persists the state (debounced); call after every change. */
  changed(): void;
  faults(): Faults;
  /** Whether the rejectSkus fault refuses writes to this SKU (answer with refusedSkuMessage in the marketplace's shape). */
  refusesSku(sku: string): boolean;
  /** 0 when the call is allowed; otherwise the milliseconds to wait (answer 429). */
  rateLimit(sellerId: string, operation: string, cost?: number): number;
  buckets: SandboxBuckets;
  /** The limit of an operation in the current profile. */
  limitOf(operation: string): SandboxRate;
  /** POSTs a notification to an HTTPS (here HTTP) endpoint, retrying a few times as the marketplaces do. */
  deliver(url: string, body: string, headers: Record<string, string>): Promise<void>;
  /**
   * Runs the sandbox's tick once this much later, besides the regular one every 100 ms: work due then
   * (a change applied after its processing time) happens when due, not up to a tick later.
   */
  tickAfter(delayMs: number): void;
  newId(prefix?: string): string;
}

/** Notifications a sandbox has under way at once (see deliver). */
const DELIVERIES_IN_FLIGHT = 16;

/** One notification, tried again a few times when the receiver does not answer 2xx, as marketplaces retry deliveries. */
async function deliverOnce(url: string, body: string, headers: Record<string, string>): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(5000) });
      if (response.ok) return;
    } catch {
      // The receiver is down or slow: try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
  }
}

const defaultFaults: Faults = { latencyMs: 0, errorRate: 0, rateLimitProfile: 'realistic', rateLimitBurst: 0, timeoutRate: 0, rejectSkus: [] };
const faultFields = Object.keys(defaultFaults);

/** The faults after a PUT of `body` over `current`, or the reason it is refused. */
function nextFaults(current: Faults, body: unknown): Faults | string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'faults: send a JSON object';
  const unknown = Object.keys(body).filter((k) => !faultFields.includes(k));
  if (unknown.length) return `faults: unknown field ${unknown.join(', ')}; the fields are ${faultFields.join(', ')}`;
  const next = { ...current, ...(body as Partial<Faults>) };
  const problems: string[] = [];
  if (typeof next.latencyMs !== 'number' || !Number.isFinite(next.latencyMs) || next.latencyMs < 0) problems.push('latencyMs ≥ 0');
  if (typeof next.errorRate !== 'number' || !(next.errorRate >= 0 && next.errorRate <= 1)) problems.push('errorRate from 0 to 1');
  if (!(rateLimitProfiles as readonly string[]).includes(next.rateLimitProfile)) problems.push('rateLimitProfile realistic or fast');
  if (!Number.isInteger(next.rateLimitBurst) || next.rateLimitBurst < 0) problems.push('rateLimitBurst a whole number ≥ 0');
  if (typeof next.timeoutRate !== 'number' || !(next.timeoutRate >= 0 && next.timeoutRate <= 1)) problems.push('timeoutRate from 0 to 1');
  if (!Array.isArray(next.rejectSkus) || !next.rejectSkus.every((sku) => typeof sku === 'string' && sku.length > 0) || next.rejectSkus.length > 10_000) {
    problems.push('rejectSkus a list of SKUs (non-empty strings, at most 10000)');
  }
  if (problems.length) return `faults: ${problems.join(', ')}`;
  return {
    latencyMs: next.latencyMs,
    errorRate: next.errorRate,
    rateLimitProfile: next.rateLimitProfile,
    rateLimitBurst: next.rateLimitBurst,
    timeoutRate: next.timeoutRate,
    rejectSkus: [...new Set(next.rejectSkus)],
  };
}

/** A hand edit's body `{ quantity?, price?, title? }`, or the reason it is refused. */
function readItemEdit(body: unknown): ItemEdit | string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'Send a JSON object { quantity?, price?, title? }';
  const { quantity, price, title, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length) return `Unknown field ${Object.keys(rest).join(', ')}: an edit takes quantity, price and title`;
  if (quantity === undefined && price === undefined && title === undefined) return 'Give at least one of quantity, price and title';
  const edit: ItemEdit = {};
  if (quantity !== undefined) {
    if (!Number.isInteger(quantity) || (quantity as number) < 0 || (quantity as number) > 1_000_000_000) return 'quantity must be a whole number from 0 to 1000000000';
    edit.quantity = quantity as number;
  }
  if (price !== undefined) {
    const text = typeof price === 'number' && Number.isFinite(price) ? String(price) : typeof price === 'string' ? price.trim() : '';
    if (!/^\d+(\.\d{1,2})?$/.test(text) || !(Number(text) > 0)) return 'price must be a decimal above 0 with at most two decimals, as a string ("12.50") or a number';
    edit.price = Number(text).toFixed(2);
  }
  if (title !== undefined) {
    if (typeof title !== 'string' || !title.trim() || title.length > 500) return 'title must be a non-empty string of at most 500 characters';
    edit.title = title;
  }
  return edit;
}

/**
 * A stateful stand-in for one marketplace: its own API below the prefix, and a control API under
 * `_control` for tests and for "Use a sandbox seller". State survives restarts in DATA_DIR/sandbox.
 */
export function createSandbox<State extends { sellers: Record<string, unknown> }>(
  definition: SandboxDefinition<State>,
  options: { baseUrl: string; dataDir: string | undefined; profile?: RateLimitProfile },
) {
  const file = options.dataDir ? path.join(options.dataDir, 'sandbox', `${definition.kind}.json`) : undefined;
  let state: State = definition.emptyState();
  if (file && fs.existsSync(file)) {
    try {
      state = JSON.parse(fs.readFileSync(file, 'utf8')) as State;
    } catch {
      state = definition.emptyState();
    }
  }
  let faults: Faults = { ...defaultFaults, rateLimitProfile: options.profile ?? 'realistic' };
  const log: LoggedRequest[] = [];
  /** Requests held open by the timeoutRate fault. */
  const heldRequests = new Set<Response>();
  const buckets = new SandboxBuckets();
  let saveTimer: NodeJS.Timeout | undefined;

  const save = () => {
    if (!file) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(state));
    fs.renameSync(`${file}.tmp`, file);
  };

  /** Deliveries under way and those waiting for a place (deliver). */
  let deliveriesUnderWay = 0;
  const deliveryQueue: Array<() => void> = [];

  /** Ticks asked for when work falls due (tickAfter), cleared on close. */
  const dueTicks = new Set<NodeJS.Timeout>();
  let closed = false;
  const context: SandboxContext<State> = {
    baseUrl: options.baseUrl,
    state: () => state,
    changed: () => {
      if (!file || saveTimer) return;
      saveTimer = setTimeout(() => {
        saveTimer = undefined;
        save();
      }, 200);
    },
    faults: () => faults,
    refusesSku: (sku) => faults.rejectSkus.includes(sku),
    limitOf: (operation) => definition.limits[faults.rateLimitProfile][operation] ?? { rate: 1000, burst: 1000 },
    rateLimit: (sellerId, operation, cost = 1) => buckets.take(`${sellerId}:${operation}`, context.limitOf(operation), cost),
    buckets,
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
      const timer = setTimeout(() => {
        dueTicks.delete(timer);
        definition.tick!(state, context);
      }, Math.max(0, delayMs) + 1);
      timer.unref();
      dueTicks.add(timer);
    },
  };

  const router = Router();
  // Marketplaces take form bodies (token endpoints) and large JSON (feeds).
  router.use(express.json({ limit: '50mb', type: ['application/json', 'application/*+json'] }));
  router.use(express.urlencoded({ extended: false, limit: '1mb' }));
  router.use(express.text({ limit: '50mb', type: ['text/*', 'application/xml', 'application/octet-stream'] }));

  const logRequests: RequestHandler = (req, res, next) => {
    let answered: unknown;
    const json = res.json.bind(res);
    res.json = (payload: unknown) => {
      answered = payload;
      return json(payload);
    };
    const record = (status: number) => {
      log.push({ at: new Date().toISOString(), method: req.method, path: req.path, status, body: redact(req.body), query: req.query as Record<string, unknown>, response: redact(answered) });
      if (log.length > 5000) log.splice(0, log.length - 5000);
    };
    res.on('finish', () => record(res.statusCode));
    // No answer at all (a held request whose client gave up): logged as status 0.
    res.on('close', () => {
      if (!res.writableFinished) record(0);
    });
    next();
  };

  const control = Router();
  /** Runs a definition hook, answering its SandboxControlError as `{ message }` with its status. */
  const answer = (res: Response, status: number, work: () => unknown) => {
    try {
      const body = work();
      context.changed();
      res.status(status).json(body);
    } catch (error) {
      if (error instanceof SandboxControlError) res.status(error.status).json({ message: error.message });
      else throw error;
    }
  };
  control.post('/reset', (_req, res) => {
    state = definition.emptyState();
    buckets.clear();
    log.length = 0;
    faults = { ...defaultFaults, rateLimitProfile: options.profile ?? 'realistic' };
    for (const held of heldRequests) held.destroy();
    context.changed();
    res.json({ ok: true });
  });
  control.post('/sellers', (req, res) => {
    const products = Number(req.body?.products ?? 25);
    if (!Number.isInteger(products) || products < 0 || products > 100_000) {
      res.status(400).json({ message: 'products must be a whole number from 0 to 100000' });
      return;
    }
    // The same seed makes the same catalogue: one seller's SKUs on every marketplace, as a real seller has.
    const requestedSeed = req.body?.seed;
    if (requestedSeed !== undefined && (!Number.isInteger(requestedSeed) || requestedSeed < 1 || requestedSeed >= 2 ** 31)) {
      res.status(400).json({ message: 'seed must be a whole number from 1 to 2147483647' });
      return;
    }
    const seed = requestedSeed ?? crypto.randomInt(1, 2 ** 31);
    const catalogue = generateCatalogue(products, seed, `${options.baseUrl}/_images`);
    const seller = definition.createSeller(state, catalogue, context);
    context.changed();
    res.status(201).json({ ...seller, products });
  });
  control.get('/sellers/:sellerId/items/:sku', (req, res) => {
    const item = definition.itemView(state, req.params.sellerId!, req.params.sku!);
    if (!item) {
      res.status(404).json({ message: 'No such seller or SKU' });
      return;
    }
    res.json(item);
  });
  // The seller edits the listing by hand in the marketplace's own seller UI (drift, main-channel edits).
  control.patch('/sellers/:sellerId/items/:sku', (req, res) => {
    const edit = readItemEdit(req.body);
    if (typeof edit === 'string') {
      res.status(400).json({ message: edit });
      return;
    }
    const { sellerId, sku } = req.params as { sellerId: string; sku: string };
    if (!definition.itemView(state, sellerId, sku)) {
      res.status(404).json({ message: 'No such seller or SKU' });
      return;
    }
    answer(res, 200, () => {
      definition.editItem(state, sellerId, sku, edit, context);
      return definition.itemView(state, sellerId, sku);
    });
  });
  control.post('/sellers/:sellerId/orders', (req, res) => {
    const lines = req.body?.lines;
    if (!Array.isArray(lines) || lines.length === 0 || !lines.every((l) => typeof l?.sku === 'string' && Number.isInteger(l?.quantity) && l.quantity > 0)) {
      res.status(400).json({ message: 'lines must be a non-empty list of { sku, quantity } with whole positive quantities' });
      return;
    }
    answer(res, 201, () => definition.placeOrder(state, req.params.sellerId!, lines, context));
  });
  // The buyer cancels (or the marketplace cancels for them): status, last-updated time, restock, push.
  control.post('/sellers/:sellerId/orders/:orderId/cancel', (req, res) => {
    answer(res, 200, () => definition.cancelOrder(state, req.params.sellerId!, req.params.orderId!, context));
  });
  control.put('/faults', (req, res) => {
    const next = nextFaults(faults, req.body);
    if (typeof next === 'string') {
      res.status(400).json({ message: next });
      return;
    }
    faults = next;
    res.json(faults);
  });
  control.get('/faults', (_req, res) => res.json(faults));
  control.get('/requests', (_req, res) => res.json(log));
  definition.controlRoutes?.(control, context);
  router.use('/_control', control);

  router.get('/_images/:file', (req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(productImageSvg(String(req.params.file).replace(/\.svg$/, '')));
  });

  // The marketplace's own API: logged, slowed and broken on demand.
  const api = Router();
  api.use(logRequests);
  api.use(async (_req, res, next) => {
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    if (faults.rateLimitBurst > 0) {
      faults = { ...faults, rateLimitBurst: faults.rateLimitBurst - 1 };
      res.status(429).set('Retry-After', '1').json(definition.errorBody(429, 'Too many requests (injected fault: rateLimitBurst)'));
      return;
    }
    if (faults.timeoutRate > 0 && Math.random() < faults.timeoutRate) {
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
    if (faults.errorRate > 0 && Math.random() < faults.errorRate) {
      res.status(503).json(definition.errorBody(503, 'Service temporarily unavailable (injected fault)'));
      return;
    }
    next();
  });
  definition.routes(api, context);
  router.use(api);

  // A body the parsers cannot read gets the marketplace's own 400, as the marketplace would answer.
  router.use((error: { type?: string; status?: number; message?: string }, _req: Request, res: Response, next: (e?: unknown) => void) => {
    if (res.headersSent || !error?.type?.startsWith('entity.')) return next(error);
    res.status(error.status ?? 400).json(definition.errorBody(error.status ?? 400, error.type === 'entity.too.large' ? 'The request body is too large.' : 'The request body could not be read.'));
  });

  const ticker = definition.tick ? setInterval(() => definition.tick!(state, context), 100) : undefined;
  ticker?.unref();

  return {
    router,
    context,
    requests: () => log,
    close() {
      if (ticker) clearInterval(ticker);
      closed = true;
      for (const timer of dueTicks) clearTimeout(timer);
      for (const held of heldRequests) held.destroy();
      if (saveTimer) {
        clearTimeout(saveTimer);
        save();
      }
    },
  };
}

const SECRET_FIELDS = /secret|password|token|refresh|code|authorization/i;
function redact(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, SECRET_FIELDS.test(k) ? '[redacted]' : v]));
}

/** Sends the marketplace's 429 with Retry-After when the bucket is empty; answers true when it did. */
export function refuseIfThrottled(res: Response, waitMs: number, body: unknown): boolean {
  if (waitMs <= 0) return false;
  res.status(429).set('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000)))).json(body);
  return true;
}

export type { Request, Response, Router };
