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
}

export interface LoggedRequest {
  at: string;
  method: string;
  path: string;
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
  /** 0 when the call is allowed; otherwise the milliseconds to wait (answer 429). */
  rateLimit(sellerId: string, operation: string, cost?: number): number;
  buckets: SandboxBuckets;
  /** The limit of an operation in the current profile. */
  limitOf(operation: string): SandboxRate;
  /** POSTs a notification to an HTTPS (here HTTP) endpoint, retrying a few times as the marketplaces do. */
  deliver(url: string, body: string, headers: Record<string, string>): Promise<void>;
  newId(prefix?: string): string;
}

const defaultFaults: Faults = { latencyMs: 0, errorRate: 0, rateLimitProfile: 'realistic' };

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
  const buckets = new SandboxBuckets();
  let saveTimer: NodeJS.Timeout | undefined;

  const save = () => {
    if (!file) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(state));
    fs.renameSync(`${file}.tmp`, file);
  };

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
    limitOf: (operation) => definition.limits[faults.rateLimitProfile][operation] ?? { rate: 1000, burst: 1000 },
    rateLimit: (sellerId, operation, cost = 1) => buckets.take(`${sellerId}:${operation}`, context.limitOf(operation), cost),
    buckets,
    async deliver(url, body, headers) {
      for (let attempt = 0; attempt < 4; attempt++) {
        try {
          const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(5000) });
          if (response.ok) return;
        } catch {
          // The receiver is down: try again, as marketplaces retry deliveries.
        }
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      }
    },
    newId: (prefix = '') => `${prefix}${crypto.randomBytes(8).toString('hex')}`,
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
    res.on('finish', () => {
      log.push({ at: new Date().toISOString(), method: req.method, path: req.path, status: res.statusCode, body: redact(req.body), query: req.query as Record<string, unknown>, response: redact(answered) });
      if (log.length > 5000) log.splice(0, log.length - 5000);
    });
    next();
  };

  const control = Router();
  control.post('/reset', (_req, res) => {
    state = definition.emptyState();
    buckets.clear();
    log.length = 0;
    faults = { ...defaultFaults, rateLimitProfile: options.profile ?? 'realistic' };
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
  control.post('/sellers/:sellerId/orders', (req, res) => {
    const lines = req.body?.lines;
    if (!Array.isArray(lines) || lines.length === 0 || !lines.every((l) => typeof l?.sku === 'string' && Number.isInteger(l?.quantity) && l.quantity > 0)) {
      res.status(400).json({ message: 'lines must be a non-empty list of { sku, quantity } with whole positive quantities' });
      return;
    }
    try {
      const order = definition.placeOrder(state, req.params.sellerId!, lines, context);
      context.changed();
      res.status(201).json(order);
    } catch (error) {
      if (error instanceof SandboxControlError) res.status(error.status).json({ message: error.message });
      else throw error;
    }
  });
  control.put('/faults', (req, res) => {
    const next = { ...faults, ...req.body };
    if (
      typeof next.latencyMs !== 'number' ||
      next.latencyMs < 0 ||
      typeof next.errorRate !== 'number' ||
      next.errorRate < 0 ||
      next.errorRate > 1 ||
      !(rateLimitProfiles as readonly string[]).includes(next.rateLimitProfile)
    ) {
      res.status(400).json({ message: 'faults: latencyMs ≥ 0, errorRate from 0 to 1, rateLimitProfile realistic or fast' });
      return;
    }
    faults = { latencyMs: next.latencyMs, errorRate: next.errorRate, rateLimitProfile: next.rateLimitProfile };
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
