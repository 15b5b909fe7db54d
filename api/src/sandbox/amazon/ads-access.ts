/**
 * Who may call the sandbox's Amazon Ads API, and how fast. Every call carries a Login with Amazon
 * access token as `Authorization: Bearer` (the same tokens the SP-API side issues, auth.ts), the
 * client id the token was issued to (Amazon-Advertising-API-ClientId) and, for an advertiser's data,
 * the profile id (Amazon-Advertising-API-Scope). Refusals come in the error shape of the API asked:
 * Sponsored Products `{ code, message }`, Reporting `{ code, detail }`, Profiles v2 `{ code, details }`.
 */
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { refuseIfThrottled } from '../shared/sandbox-definition.ts';
import type { RateLimitProfile, SandboxRate } from '../shared/sandbox-limits.ts';
import { advertisingOf, type AdsProfileRecord } from './ads-state.ts';
import { sha256, type AmazonContext, type AmazonSandboxState, type SellerRecord } from './state.ts';

export type AdsApi = 'profiles' | 'sponsoredProducts' | 'reporting';

const spCodes: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHORIZED',
  403: 'ACCESS_DENIED',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'THROTTLED',
  500: 'INTERNAL_ERROR',
};

/** The error body of a refused call, in the asked API's shape. */
export function adsError(api: AdsApi, status: number, message: string) {
  if (api === 'reporting') return { code: String(status), detail: message };
  const code = spCodes[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_ARGUMENT');
  return api === 'profiles' ? { code, details: message } : { code, message };
}

/**
 * Every answer with Amazon's request id, in the operation's own media type (the vnd ones of SP v3 and
 * Reporting v3). Express writes it in lower case with a charset: the same type (media types are
 * case-insensitive, RFC 9110 §8.3.1), and res.json keeps the answer in the request log.
 */
export function sendAds(res: Response, status: number, body: unknown, mediaType = 'application/json') {
  res.set('x-amzn-RequestId', crypto.randomUUID());
  res.status(status).type(mediaType).json(body);
}

export const refuse = (res: Response, api: AdsApi, status: number, message: string) =>
  sendAds(res, status, adsError(api, status, message));

export interface Advertiser {
  seller: SellerRecord;
  /** Set when the call named a profile (Amazon-Advertising-API-Scope) this seller owns. */
  profile: AdsProfileRecord | undefined;
}

const bearerOf = (req: Request) => /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];

/**
 * The advertiser behind a call, or the refusal sent: no ClientId or (where a profile is needed) no
 * Scope is a bad request; a missing, unknown or expired token, a ClientId the token was not issued
 * to, or a profile the seller does not own is unauthorized ("Not authorized to access scope").
 */
export function authenticateAdvertiser(
  context: AmazonContext,
  req: Request,
  res: Response,
  api: AdsApi,
  scope: 'required' | 'none',
): Advertiser | undefined {
  const deny = (status: number, message: string) => void refuse(res, api, status, message);
  const clientId = req.get('amazon-advertising-api-clientid');
  if (!clientId) return deny(400, 'The Amazon-Advertising-API-ClientId header is missing.');
  const token = bearerOf(req);
  if (!token) return deny(401, 'The Authorization header must carry "Bearer" and a Login with Amazon access token.');
  const state = context.state();
  const record = state.accessTokens[sha256(token)];
  // Restricted Data Tokens and grantless tokens are the SP-API's; the Ads API takes a seller's own access token.
  const seller = record && !record.restricted && record.sellerId ? state.sellers[record.sellerId] : undefined;
  if (!record || !seller) return deny(401, 'The access token you provided is revoked, malformed or invalid.');
  if (record.expiresAt <= Date.now()) return deny(401, 'The access token you provided has expired.');
  if (record.clientId !== clientId)
    return deny(401, `The access token was not issued to client ${clientId} (Amazon-Advertising-API-ClientId).`);
  if (scope === 'none') return { seller, profile: undefined };
  const profileId = req.get('amazon-advertising-api-scope');
  if (!profileId)
    return deny(400, 'The Amazon-Advertising-API-Scope header is missing: send a profileId from GET /v2/profiles.');
  const profile = advertisingOf(seller)?.profiles.find((p) => String(p.profileId) === profileId.trim());
  if (!profile) return deny(401, `Not authorized to access scope ${profileId}`);
  return { seller, profile };
}

/** Whether the body came in the media type the operation declares; else 415 sent. */
export function refusesMediaType(req: Request, res: Response, api: AdsApi, mediaType: string): boolean {
  const sent = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (sent === mediaType.toLowerCase()) return false;
  refuse(res, api, 415, `Content-Type must be ${mediaType}, not ${sent || 'none'}.`);
  return true;
}

/**
 * Amazon publishes no Ads API limits: throttling is dynamic, by the service's load, and a 429
 * carries Retry-After (FACTS.md 7.2). The sandbox assumes 2 calls a second per profile and operation
 * with a burst of 10, reports asked for at most one every 2 seconds (burst 5), in `realistic`, and
 * is generous in `fast`.
 */
const assumedLimits = {
  listProfiles: { rate: 2, burst: 10 },
  listCampaigns: { rate: 2, burst: 10 },
  createCampaigns: { rate: 2, burst: 10 },
  updateCampaigns: { rate: 2, burst: 10 },
  listAdGroups: { rate: 2, burst: 10 },
  listProductAds: { rate: 2, burst: 10 },
  createProductAds: { rate: 2, burst: 10 },
  updateProductAds: { rate: 2, burst: 10 },
  createReport: { rate: 0.5, burst: 5 },
  getReport: { rate: 2, burst: 10 },
} as const satisfies Record<string, SandboxRate>;
export type AdsOperation = keyof typeof assumedLimits;

export const adsLimits: Record<RateLimitProfile, Record<AdsOperation, SandboxRate>> = {
  realistic: assumedLimits,
  fast: Object.fromEntries(Object.keys(assumedLimits).map((op) => [op, { rate: 1000, burst: 1000 }])) as Record<
    AdsOperation,
    SandboxRate
  >,
};

/** 429 with Retry-After (whole seconds, as the spec's int32 header) when the profile's bucket is empty. */
export function adsThrottled(
  context: AmazonContext,
  res: Response,
  api: AdsApi,
  advertiser: Advertiser,
  operation: AdsOperation,
): boolean {
  const { sellerId } = advertiser.seller;
  const limit = adsLimits[context.faults(sellerId).rateLimitProfile][operation];
  const wait = context.buckets.take(`${advertiser.profile?.profileId ?? sellerId}:ads:${operation}`, limit);
  if (wait > 0) res.set('x-amzn-RequestId', crypto.randomUUID());
  return refuseIfThrottled(
    res,
    wait,
    adsError(api, 429, 'Too many requests: retry after the seconds Retry-After gives.'),
  );
}

/** The seller of an Ads API call (its bearer token's), for the kit's per-seller faults, limits and request log. */
export function adsSellerOfRequest(state: AmazonSandboxState, req: Request): string | undefined {
  const token = bearerOf(req);
  return token ? state.accessTokens[sha256(token)]?.sellerId : undefined;
}
