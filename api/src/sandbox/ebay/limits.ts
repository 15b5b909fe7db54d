/**
 * eBay's limits in the sandbox: daily call quotas per API (not per-second rates), counted per seller
 * (or for the application) and reset at the start of each quota day; a listing's revisions per calendar
 * day; and the settings that change them (under `_control/settings`).
 */
import type { Response, Router } from 'express';
import { refuseIfThrottled } from '../shared/sandbox-kit.ts';
import type { RateLimitProfile, SandboxRate } from '../shared/sandbox-limits.ts';
import { DOMAIN_INVENTORY, error, tooManyRequests } from './errors.ts';
import {
  ebayApis,
  type EbayApi,
  type EbayContext,
  type EbayState,
  type SandboxItem,
  type SandboxSeller,
} from './state.ts';

/**
 * Daily call quotas. realistic: Account 25,000 and Notification 10,000, as eBay's call limits page
 * publishes them (https://developer.ebay.com/develop/api/sell/api_call_limits); Inventory 2,000,000 and
 * Fulfillment 100,000 are the commonly quoted defaults (not confirmed there); Finances 15,000, Identity 5,000 and
 * Taxonomy 5,000 are guesses;
 * OAuth per grant type from https://developer.ebay.com/api-docs/static/oauth-rate-limits.html.
 * fast: effectively unlimited.
 */
export const dailyQuotas: Record<RateLimitProfile, Record<EbayApi, number>> = {
  realistic: {
    inventory: 2_000_000,
    fulfillment: 100_000,
    notification: 10_000,
    identity: 5_000,
    account: 25_000,
    finances: 15_000,
    taxonomy: 5_000,
    oauth_authorization_code: 10_000,
    oauth_refresh_token: 50_000,
    oauth_client_credentials: 1_000,
  },
  fast: {
    inventory: 1e12,
    fulfillment: 1e12,
    notification: 1e12,
    identity: 1e12,
    account: 1e12,
    finances: 1e12,
    taxonomy: 1e12,
    oauth_authorization_code: 1e12,
    oauth_refresh_token: 1e12,
    oauth_client_credentials: 1e12,
  },
};

/**
 * Revisions per listing per calendar day (sell_inventory_v1's method descriptions: 250 a day); enforced
 * in realistic only.
 */
export const REVISIONS_PER_LISTING_PER_DAY = 250;
/**
 * The quota day starts at midnight Pacific (eBay's call limits page says the quotas are daily; the hour
 * they reset is not confirmed there); standard time is used all year (no DST).
 */
export const PACIFIC_OFFSET_MS = 8 * 3600_000;

/** The calendar day (Pacific) of a time, for the revisions limit. */
export const pacificDay = (ms: number) => new Date(ms - PACIFIC_OFFSET_MS).toISOString().slice(0, 10);

/** The daily quotas as the kit's limits: a bucket holding a day's calls, refilled over the day. */
const asRates = (profile: RateLimitProfile): Record<string, SandboxRate> =>
  Object.fromEntries(
    ebayApis.map((api) => [api, { rate: dailyQuotas[profile][api] / 86_400, burst: dailyQuotas[profile][api] }]),
  );
export const limits: Record<RateLimitProfile, Record<string, SandboxRate>> = {
  realistic: asRates('realistic'),
  fast: asRates('fast'),
};

/** Counts one call against the daily quota; sends 429 (with Retry-After) when it is spent. */
export function spendQuota(res: Response, context: EbayContext, owner: string, api: EbayApi): boolean {
  const state = context.state();
  const windowMs = state.settings.quotaWindowSeconds * 1000;
  const now = Date.now();
  const window = Math.floor((now - PACIFIC_OFFSET_MS) / windowMs);
  const key = `${owner}:${api}`;
  const usage = state.usage[key]?.window === window ? state.usage[key] : { window, count: 0 };
  state.usage[key] = usage;
  const quota =
    state.settings.dailyQuotas[api] ??
    dailyQuotas[context.faults(owner === 'app' ? undefined : owner).rateLimitProfile][api];
  if (usage.count >= quota) {
    const wait = (window + 1) * windowMs + PACIFIC_OFFSET_MS - now;
    refuseIfThrottled(res, Math.max(1, wait), tooManyRequests());
    return false;
  }
  usage.count++;
  context.changed();
  return true;
}

export const revisionLimitError = () =>
  error(
    25002,
    DOMAIN_INVENTORY,
    `Any User error. This listing has been revised ${REVISIONS_PER_LISTING_PER_DAY} times today; it can be revised again from the next calendar day.`,
  );

/** Counts a revision of a published listing; false when the day's revisions are spent (realistic profile). */
export function countRevision(seller: SandboxSeller, item: SandboxItem, context: EbayContext, now: number): boolean {
  if (item.offerStatus !== 'PUBLISHED') return true;
  const day = pacificDay(now);
  if (item.revisions.day !== day) item.revisions = { day, count: 0 };
  if (
    context.faults(seller.sellerId).rateLimitProfile === 'realistic' &&
    item.revisions.count >= REVISIONS_PER_LISTING_PER_DAY
  )
    return false;
  item.revisions.count++;
  return true;
}

/** `_control/settings`: the sandbox's settings, which hold for every seller. */
export function settingsControlRoutes(router: Router, context: EbayContext) {
  router.get('/settings', (_req, res) => {
    res.json(context.state().settings);
  });
  router.put('/settings', (req, res) => {
    // The settings hold for every seller: only the open control API changes them.
    if (!context.openControl)
      return res.status(403).json({
        message: 'The eBay sandbox settings hold for every seller: they change only with SANDBOX_CONTROL=open.',
      });
    const settings = nextSettings(context.state().settings, (req.body ?? {}) as Record<string, unknown>);
    if (typeof settings === 'string') return res.status(400).json({ message: settings });
    context.state().settings = settings;
    context.state().usage = {};
    context.changed();
    res.json(settings);
  });
}

/** The settings after a PUT of `body` over `current`, or why it is refused. */
function nextSettings(current: EbayState['settings'], body: Record<string, unknown>): EbayState['settings'] | string {
  const settings = { ...current };
  if (body.maxSkusPerCall !== undefined) {
    if (
      !Number.isInteger(body.maxSkusPerCall) ||
      (body.maxSkusPerCall as number) < 1 ||
      (body.maxSkusPerCall as number) > 25
    ) {
      return 'maxSkusPerCall must be a whole number from 1 to 25';
    }
    settings.maxSkusPerCall = body.maxSkusPerCall as number;
  }
  if (body.quotaWindowSeconds !== undefined) {
    if (
      typeof body.quotaWindowSeconds !== 'number' ||
      !(body.quotaWindowSeconds >= 1 && body.quotaWindowSeconds <= 86_400)
    ) {
      return 'quotaWindowSeconds must be a number from 1 to 86400';
    }
    settings.quotaWindowSeconds = body.quotaWindowSeconds;
  }
  if (body.dailyQuotas !== undefined) {
    const quotas = body.dailyQuotas as Record<string, unknown>;
    if (
      !quotas ||
      typeof quotas !== 'object' ||
      !Object.entries(quotas).every(
        ([api, n]) => (ebayApis as readonly string[]).includes(api) && Number.isInteger(n) && (n as number) >= 0,
      )
    ) {
      return `dailyQuotas maps ${ebayApis.join(', ')} to whole numbers ≥ 0`;
    }
    settings.dailyQuotas = quotas as EbayState['settings']['dailyQuotas'];
  }
  return settings;
}
