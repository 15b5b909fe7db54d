import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { HELD_REQUEST_MS, SELLER_LOCAL, type SandboxContext, type SandboxDefinition } from './sandbox-definition.ts';
import type { FaultBoard } from './sandbox-faults.ts';
import type { RequestLog } from './request-log.ts';
import type { SandboxState } from './sandbox-store.ts';

/** The largest body of a marketplace API call: Walmart's largest feed file (25 MB: https://developer.walmart.com/us-marketplace/docs/throttling). */
const API_BODY_LIMIT = '25mb';

/**
 * The marketplace's own API: each call's seller noted (from its credentials), logged, slowed and
 * broken on demand as that seller's faults say, then answered by the definition's routes.
 */
export function marketplaceApi<State extends SandboxState>(
  definition: SandboxDefinition<State>,
  context: SandboxContext<State>,
  parts: { faults: FaultBoard; log: RequestLog; heldRequests: Set<Response> },
): Router {
  const api = Router();
  // Marketplaces take form bodies (token endpoints) and large JSON and text (feeds).
  api.use(express.json({ limit: API_BODY_LIMIT, type: ['application/json', 'application/*+json'] }));
  api.use(express.urlencoded({ extended: false, limit: '1mb' }));
  api.use(express.text({ limit: API_BODY_LIMIT, type: ['text/*', 'application/xml', 'application/octet-stream'] }));
  api.use((req, res, next) => {
    res.locals[SELLER_LOCAL] = definition.sellerOfRequest(context.state(), req);
    next();
  });
  api.use(parts.log.record);
  api.use(injectFaults(definition, parts.faults, parts.heldRequests));
  definition.routes(api, context);
  return api;
}

/** A path the marketplace does not know, and a body it cannot read: the marketplace's own JSON error. */
export function marketplaceErrors<State extends SandboxState>(definition: SandboxDefinition<State>): Router {
  const router = Router();
  router.use((req: Request, res: Response) => {
    res.status(404).json(definition.errorBody(404, `No resource at ${req.method} ${req.path}.`));
  });
  router.use((error: { type?: string; status?: number }, _req: Request, res: Response, next: (e?: unknown) => void) => {
    if (res.headersSent || !error?.type?.startsWith('entity.')) return next(error);
    const status = error.status ?? 400;
    const message =
      error.type === 'entity.too.large' ? 'The request body is too large.' : 'The request body could not be read.';
    res.status(status).json(definition.errorBody(status, message));
  });
  return router;
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
    if (inForce.timeoutRate > 0 && Math.random() < inForce.timeoutRate) return holdUnanswered(res, heldRequests);
    if (inForce.errorRate > 0 && Math.random() < inForce.errorRate) {
      res.status(503).json(definition.errorBody(503, 'Service temporarily unavailable (injected fault)'));
      return;
    }
    next();
  };
}

/** Never answered and never applied: the client times out. Dropped when it gives up, or after HELD_REQUEST_MS. */
function holdUnanswered(res: Response, heldRequests: Set<Response>): void {
  heldRequests.add(res);
  const timer = setTimeout(() => res.destroy(), HELD_REQUEST_MS);
  timer.unref();
  res.on('close', () => {
    clearTimeout(timer);
    heldRequests.delete(res);
  });
}
