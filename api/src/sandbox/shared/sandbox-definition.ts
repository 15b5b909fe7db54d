import type { Request, Response, Router } from 'express';
import type { GeneratedProduct } from './catalogue-generator.ts';
import type { Faults } from './sandbox-faults.ts';
import type { RateLimitProfile, SandboxBuckets, SandboxRate } from './sandbox-limits.ts';

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

/** Sends the marketplace's 429 with Retry-After when the bucket is empty; answers true when it did. */
export function refuseIfThrottled(res: Response, waitMs: number, body: unknown): boolean {
  if (waitMs <= 0) return false;
  res
    .status(429)
    .set('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))))
    .json(body);
  return true;
}

/** `res.locals` key where the kit notes the seller of a marketplace API call (sellerOfRequest): its log, faults and limits. */
export const SELLER_LOCAL = 'sandboxSellerId';

/** A seller's hand edit of a listing in the marketplace's own seller UI (control API). */
export interface ItemEdit {
  quantity?: number;
  /** A decimal string with at most two decimals, e.g. "12.50". */
  price?: string;
  title?: string;
}

/** Our application as registered with a marketplace that has them (eBay, Shopify): sellers consent to it. */
export interface SandboxApplication {
  clientId: string;
  clientSecret: string;
}

/** What the kit needs from one marketplace's sandbox. */
export interface SandboxDefinition<State extends { sellers: Record<string, unknown> }> {
  kind: string;
  emptyState(): State;
  /** Makes a seller holding this catalogue; answers its id and the credentials to enter in the app. */
  createSeller(
    state: State,
    catalogue: GeneratedProduct[],
    context: SandboxContext<State>,
  ): { sellerId: string; credentials: Record<string, string> };
  /**
   * The seller a marketplace API call acts for, from its credentials (a token, a client id, the
   * shop in the path), without answering anything: the call's faults are that seller's, and the
   * request log shows it to that seller's account only.
   */
  sellerOfRequest(state: State, req: Request): string | undefined;
  /**
   * Top-level collections of the state whose entries belong to one seller (each carries its
   * `sellerId`): stored with that seller and removed with it.
   */
  perSellerCollections?: readonly string[];
  /** The marketplace's current view of one SKU, in the control API's shape. */
  itemView(
    state: State,
    sellerId: string,
    sku: string,
  ):
    | {
        sku: string;
        quantity: number;
        price: string;
        status: string;
        /** The listing's attributes (item specifics), each with its first value, where the marketplace keeps them. */
        attributes?: Record<string, unknown>;
      }
    | undefined;
  /** An order placed as a buyer would; throws SandboxControlError when it cannot be placed. */
  placeOrder(
    state: State,
    sellerId: string,
    lines: Array<{ sku: string; quantity: number }>,
    context: SandboxContext<State>,
  ): unknown;
  /**
   * The order cancelled as the marketplace records a buyer's cancellation: its status in the
   * marketplace's own words, its last-updated time moved forward, its open units back in stock, and
   * the marketplace's push where it sends one. Answers the order in placeOrder's shape; throws
   * SandboxControlError 404 (no such seller or order) or 409 (already cancelled).
   */
  cancelOrder(state: State, sellerId: string, orderId: string, context: SandboxContext<State>): unknown;
  /**
   * One order as the marketplace holds it now, with its shipments (fulfilments, tracking), in the
   * marketplace's own shape; undefined when the seller has no such order.
   */
  orderView(state: State, sellerId: string, orderId: string): unknown;
  /**
   * The seller edits a listing by hand in the marketplace's own seller UI (the edit is already
   * validated). Throws SandboxControlError 404 for an unknown seller or SKU, or when the marketplace
   * itself would refuse the edit (400/409).
   */
  editItem(state: State, sellerId: string, sku: string, edit: ItemEdit, context: SandboxContext<State>): void;
  /** The marketplace's own API, mounted below the prefix. */
  routes(router: Router, context: SandboxContext<State>): void;
  /** The marketplace's error body for a failure the kit answers: a 5xx or a 429 it injects, a 404 for a path it does not know, a body it cannot read. */
  errorBody(status: number, message: string): unknown;
  /** Rate limits per operation name, per profile. */
  limits: Record<RateLimitProfile, Record<string, SandboxRate>>;
  /** Work to do in the background (feed processing): called on a short timer. */
  tick?(state: State, context: SandboxContext<State>): void;
  /** Extra control routes of this marketplace (under _control: not logged, never faulted; scoped like the kit's). */
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
  /** Our application as this marketplace knows it (its secret generated per installation). */
  application: SandboxApplication;
  /** Whether the control API is open to anyone (tests, benchmarks) rather than scoped to each account's sellers. */
  openControl: boolean;
  state(): State;
  /**
   * Persists the state a moment later; call after every change, naming the seller whose data
   * changed (without one, only what sellers share is written).
   */
  changed(sellerId?: string): void;
  /** The faults a seller's calls meet (every seller's when it has none of its own). */
  faults(sellerId: string | undefined): Faults;
  /** Whether the rejectSkus fault refuses this seller's writes to this SKU (answer with refusedSkuMessage in the marketplace's shape). */
  refusesSku(sellerId: string, sku: string): boolean;
  /** 0 when the call is allowed; otherwise the milliseconds to wait (answer 429). */
  rateLimit(sellerId: string, operation: string, cost?: number): number;
  buckets: SandboxBuckets;
  /** The limit of an operation in the profile in force for this seller. */
  limitOf(operation: string, sellerId: string | undefined): SandboxRate;
  /**
   * Whether a browser request (a consent page) may act for this seller: any seller with open access,
   * else only those its signed-in account made.
   */
  mayActFor(req: Request, sellerId: string): boolean;
  /** POSTs a notification to an HTTPS (here HTTP) endpoint, retrying a few times as the marketplaces do. */
  deliver(url: string, body: string, headers: Record<string, string>): Promise<void>;
  /**
   * Runs the sandbox's tick once this much later, besides the regular one every 100 ms: work due then
   * (a change applied after its processing time) happens when due, not up to a tick later.
   */
  tickAfter(delayMs: number): void;
  newId(prefix?: string): string;
}
