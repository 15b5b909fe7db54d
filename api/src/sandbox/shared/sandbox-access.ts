import crypto from 'node:crypto';
import type { Request } from 'express';

/**
 * Who may use a sandbox's control API (sellers, orders, hand edits, faults, the request log) and
 * its consent pages:
 * - `open`: anyone, for every seller, as the tests and benchmarks drive it (SANDBOX_CONTROL=open);
 * - `scoped`: only for the sandbox sellers of the caller's own account, within limits; anonymous
 *   calls are refused. The default, so a public deployment never lends one account's sellers to another.
 */
export type SandboxAccess = { mode: 'open' } | ScopedAccess;

export interface ScopedAccess {
  mode: 'scoped';
  /** The account a request acts for (its signed-in user's, or a signed owner token's); undefined when anonymous. */
  ownerOf(req: Request): string | undefined;
  limits: OwnerLimits;
}

/** What one account may create on one marketplace's sandbox. */
export interface OwnerLimits {
  sellersPerMarketplace: number;
  productsPerSeller: number;
}

/**
 * Enough to try every flow with a realistic small shop (the product makes 25 products unless asked),
 * small enough that a seller's state is written in milliseconds and one account cannot fill the disk.
 */
export const defaultOwnerLimits: OwnerLimits = { sellersPerMarketplace: 10, productsPerSeller: 2_000 };

export const openAccess: SandboxAccess = { mode: 'open' };

/** The header a server acting for an account sends with an owner token. */
export const OWNER_TOKEN_HEADER = 'x-sandbox-owner';
/** Long enough for one call, short enough that a token seen anywhere is soon worthless. */
const OWNER_TOKEN_SECONDS = 300;

const mac = (key: Buffer, payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');

/**
 * An owner token: a server that holds the control key (the product's web process) proves which
 * account it acts for. `owner.expires.mac`, the owner base64url-encoded.
 */
export function signOwnerToken(key: Buffer, owner: string, nowMs = Date.now()): string {
  const payload = `${Buffer.from(owner, 'utf8').toString('base64url')}.${Math.floor(nowMs / 1000) + OWNER_TOKEN_SECONDS}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The account an owner token names, when its signature holds and it has not expired. */
export function ownerOfToken(key: Buffer, token: string | undefined, nowMs = Date.now()): string | undefined {
  const parts = token?.split('.');
  if (!parts || parts.length !== 3) return undefined;
  const [owner, expires, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(key, `${owner}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 < nowMs) return undefined;
  return Buffer.from(owner, 'base64url').toString('utf8') || undefined;
}
