/**
 * Walmart Connect Sponsored Search as the Walmart sandbox serves it, below the production host's base
 * path (/api-proxy/service/WPA/Api/v1): campaigns (list, update), ad groups (list), ad items (list per
 * campaign, update), the last hour's usage, and the adItem report snapshot (made in connect-reports.ts). Every call is signed as
 * Walmart's gateway wants it and counted against an hourly budget of operations; refusals come in the
 * spec's response shape, `{ code: "failure", details }`. Each seller has one advertiser, seeded with it
 * (connect-state.ts). It imports nothing of the engine.
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import type { RateLimitProfile } from '../shared/sandbox-limits.ts';
import { createSnapshot, reportRequestProblem, snapshotAnswer, snapshotFile } from './connect-reports.ts';
import {
  advertiserWithId,
  connectOf,
  isoDay,
  type ConnectAdItemRecord,
  type ConnectAdvertiserRecord,
  type ConnectCampaignRecord,
} from './connect-state.ts';
import type { WalmartContext, WalmartSandboxSeller, WalmartSandboxState } from './state.ts';

export const CONNECT_BASE_PATH = '/api-proxy/service/WPA/Api/v1';

/**
 * The one partner the sandbox knows: its consumer id, key version and public key. The private half is
 * SANDBOX_CONNECT_PRIVATE_KEY in api/src/marketplaces/walmart/connect-endpoints.ts; a key pair made for
 * the sandbox and published on purpose (not a secret).
 */
export const SANDBOX_CONNECT_CONSUMER_ID = 'sandbox-walmart-connect-partner';
export const SANDBOX_CONNECT_KEY_VERSION = '1';
export const SANDBOX_CONNECT_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAweFBnnLa/biETNrwXUzT
WroLkMW1TCmUld2WdrpZZZfM+7/bsfndftWvC9wMlGMoBeSYgec4hDlTwv6qsipI
ljOlWF820yKDYM960PI/tKVsRBcRoMDpBmp2QDIdQhVQQXWiW4lBVMIeUdGYv++l
M9uTGW6vyYKwBoq2rAfSxT4IDkBANhMUuPQNNrmC6fKwUf4SN1+F/Mx9rEFp4s2C
Zi5E58f0zmN9jtXwnyrsqaju7oilTDWykQT5b9wyARLKLpv17WAAbHxx0aBx8ECB
EjPY/pcJWt4zJakRjJm0Saq3SJGrnhLEwePf+4aCr9JZLhSDz4XZmMOEVZ1q71+3
swIDAQAB
-----END PUBLIC KEY-----
`;

/** How old a signature may be: Walmart's gateway refuses stale timestamps; it publishes no window, we take 5 minutes. */
const SIGNATURE_WINDOW_MS = 5 * 60_000;
/** "Operations per hour": the number is each partner's own (FACTS.md 7.3); assumed 1,000 in `realistic`. */
export const connectOperationsPerHour: Record<RateLimitProfile, number> = { realistic: 1000, fast: 100_000 };
const HOUR_MS = 3_600_000;
/** "Retry after 10 minutes" (Walmart's status codes for Sponsored Search). */
const RETRY_AFTER_S = 600;
/** The batch APIs take "a max batch size of 10". */
export const MAX_BATCH = 10;

/** The spec's response shape for a refusal. */
const failure = (details: string, extra: Record<string, unknown> = {}) => ({
  code: 'failure',
  details,
  ...extra,
});
const refuse = (res: Response, status: number, details: string) => void res.status(status).json(failure(details));

const bearerOf = (req: Request) => /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];

/** The sandbox seller an auth token names (sandboxConnectAuthToken: `wcs.<clientId>.<HMAC keyed by the client secret>`). */
function sellerOfToken(state: WalmartSandboxState, token: string | undefined): WalmartSandboxSeller | undefined {
  const [prefix, encodedClientId, proof] = token?.split('.') ?? [];
  if (prefix !== 'wcs' || !encodedClientId || !proof) return undefined;
  const clientId = Buffer.from(encodedClientId, 'base64url').toString('utf8');
  const seller = Object.values(state.sellers).find((s) => s.clientId === clientId);
  if (!seller) return undefined;
  const expected = Buffer.from(
    crypto.createHmac('sha256', seller.clientSecret).update(`walmart-connect:${clientId}`).digest('base64url'),
  );
  const given = Buffer.from(proof);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? seller : undefined;
}

/** The seller of a Walmart Connect call (its auth token's), for the kit's per-seller faults and request log. */
export function connectSellerOfRequest(state: WalmartSandboxState, req: Request): string | undefined {
  return req.path.startsWith(CONNECT_BASE_PATH) ? sellerOfToken(state, bearerOf(req))?.sellerId : undefined;
}

/** Whether the signature headers hold: the sandbox partner, its key version, a fresh timestamp, a valid signature. */
function signatureProblem(req: Request, now = Date.now()): string | undefined {
  const consumerId = req.get('WM_CONSUMER.ID')?.trim();
  const keyVersion = req.get('WM_SEC.KEY_VERSION')?.trim();
  const timestamp = req.get('WM_CONSUMER.intimestamp')?.trim();
  const signature = req.get('WM_SEC.AUTH_SIGNATURE')?.trim();
  for (const [name, value] of Object.entries({
    'WM_CONSUMER.ID': consumerId,
    'WM_SEC.KEY_VERSION': keyVersion,
    'WM_CONSUMER.intimestamp': timestamp,
    'WM_SEC.AUTH_SIGNATURE': signature,
  }))
    if (!value) return `Missing header ${name}`;
  if (consumerId !== SANDBOX_CONNECT_CONSUMER_ID) return `Unknown consumer id ${consumerId}`;
  if (keyVersion !== SANDBOX_CONNECT_KEY_VERSION) return `Unknown key version ${keyVersion} for consumer ${consumerId}`;
  if (!/^\d{10,13}$/.test(timestamp!)) return 'WM_CONSUMER.intimestamp must be a Unix epoch time';
  // Seconds or milliseconds: the spec says "Unix epoch format"; Walmart's generator stamps milliseconds.
  const stampedAt = timestamp!.length <= 10 ? Number(timestamp) * 1000 : Number(timestamp);
  if (Math.abs(now - stampedAt) > SIGNATURE_WINDOW_MS)
    return 'The auth signature has expired: sign each request afresh';
  const payload = Buffer.from(`${consumerId}\n${timestamp}\n${keyVersion}\n`, 'utf8');
  let valid = false;
  try {
    valid = crypto.verify('RSA-SHA256', payload, SANDBOX_CONNECT_PUBLIC_KEY, Buffer.from(signature!, 'base64'));
  } catch {
    valid = false;
  }
  return valid ? undefined : 'Could not authenticate in-request: auth signature verification failed';
}

/** A caller: its seller and that seller's advertiser. */
interface ConnectCaller {
  seller: WalmartSandboxSeller;
  advertiser: ConnectAdvertiserRecord;
}

/** Operations spent per advertiser over the last hour (in memory: a restart forgives them, as an hour would). */
type Spending = Map<number, Array<{ at: number; operations: number }>>;

/**
 * The caller of a Walmart Connect call, or the refusal sent: a missing or invalid signature or token
 * is 401 (the gateway's); then the call's operations are counted, and past the hour's budget it is 429.
 */
function authenticate(
  context: WalmartContext,
  spending: Spending,
  req: Request,
  res: Response,
  operations: number,
): ConnectCaller | undefined {
  const problem = signatureProblem(req);
  if (problem) return void refuse(res, 401, problem);
  const token = bearerOf(req);
  if (!token) return void refuse(res, 401, 'The Authorization header must carry "Bearer" and the auth token');
  const seller = sellerOfToken(context.state(), token);
  const advertiser = seller && connectOf(seller);
  if (!seller || !advertiser) return void refuse(res, 401, 'The auth token is invalid');
  const limit = connectOperationsPerHour[context.faults(seller.sellerId).rateLimitProfile];
  const now = Date.now();
  const spent = (spending.get(advertiser.advertiserId) ?? []).filter((entry) => entry.at > now - HOUR_MS);
  const total = spent.reduce((sum, entry) => sum + entry.operations, 0);
  if (total + operations > limit) {
    spending.set(advertiser.advertiserId, spent);
    res
      .status(429)
      .set('Retry-After', String(RETRY_AFTER_S))
      .json(
        failure(`Too many operations this hour (${total} of ${limit}) for this integrator: retry after 10 minutes`),
      );
    return undefined;
  }
  spent.push({ at: now, operations });
  spending.set(advertiser.advertiserId, spent);
  return { seller, advertiser };
}

/** An int32 query parameter or body field, or undefined when absent or not one. */
function int32(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= 2_147_483_647
    ? number
    : undefined;
}

/** The advertiserId a call names must be the caller's; else 400 (missing) or 403 (another's: "Invalid credentials"). */
function refusesAdvertiser(res: Response, caller: ConnectCaller, value: unknown, state: WalmartSandboxState) {
  const advertiserId = int32(value);
  if (advertiserId === undefined) return (refuse(res, 400, 'advertiserId is required: a valid advertiser id'), true);
  if (advertiserId === caller.advertiser.advertiserId) return false;
  refuse(
    res,
    advertiserWithId(state, advertiserId) ? 403 : 404,
    `Advertiser ${advertiserId} is not accessible with these credentials`,
  );
  return true;
}

function campaignJson(advertiser: ConnectAdvertiserRecord, campaign: ConnectCampaignRecord) {
  return {
    name: campaign.name,
    campaignType: 'sponsoredProducts',
    targetingType: 'auto',
    status: campaign.status,
    budgetType: 'daily',
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    totalBudget: campaign.totalBudget,
    dailyBudget: campaign.dailyBudget,
    rollover: false,
    advertiserId: advertiser.advertiserId,
    campaignId: campaign.campaignId,
    biddingStrategy: { strategy: 'FIXED' },
    channel: 'Walmart.com',
  };
}

const adItemJson = (item: ConnectAdItemRecord) => ({
  campaignId: item.campaignId,
  adGroupId: item.adGroupId,
  itemId: item.itemId,
  adItemId: item.adItemId,
  bid: item.bid,
  status: item.status,
  name: item.name,
  reviewStatus: 'approved',
  itemPageUrl: `https://www.walmart.com/ip/${item.itemId}`,
});

/** A PUT's body as the list of its items (the spec draws one object, Walmart's guide batches: both taken), or the refusal sent. */
function batchOf(req: Request, res: Response): Array<Record<string, unknown>> | undefined {
  const body: unknown = req.body;
  const items = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : undefined;
  if (!items || items.length === 0) return void refuse(res, 400, 'The request body must be a JSON array of updates');
  if (items.length > MAX_BATCH)
    return void refuse(res, 400, `At most ${MAX_BATCH} updates a request, not ${items.length}`);
  if (items.some((item) => !item || typeof item !== 'object' || Array.isArray(item)))
    return void refuse(res, 400, 'Each update must be a JSON object');
  return items as Array<Record<string, unknown>>;
}

/** The operations a PUT costs: one per item asked ("the number of changes requested"). */
const operationsOf = (body: unknown) => (Array.isArray(body) ? Math.max(1, body.length) : 1);

const CAMPAIGN_UPDATE_STATUSES = ['enabled', 'paused', 'completed', 'extend', 'proposal', 'scheduled'];
const AD_ITEM_STATUSES = ['enabled', 'disabled', 'deleted'];

/** What is wrong with a CampaignUpdate as sent (a 400 for the whole request), if anything. */
function campaignUpdateProblem(update: Record<string, unknown>): string | undefined {
  if (int32(update.campaignId) === undefined) return 'campaignId is required: a valid campaign id';
  if (update.status !== undefined && !CAMPAIGN_UPDATE_STATUSES.includes(update.status as string))
    return `Invalid status ${JSON.stringify(update.status)}: possible values are ${CAMPAIGN_UPDATE_STATUSES.join(', ')}`;
  if (update.status === 'proposal' || update.status === 'scheduled')
    return `Status ${update.status as string} applies to Sponsored Brands and Sponsored Videos campaigns only`;
  if (update.dailyBudget !== undefined) {
    if (typeof update.dailyBudget !== 'number' || !Number.isFinite(update.dailyBudget))
      return 'dailyBudget must be a number';
    if (update.dailyBudget <= 0) return 'Daily budget should be greater than 0';
  }
  if (update.totalBudget !== undefined && (typeof update.totalBudget !== 'number' || !(update.totalBudget > 0)))
    return 'Total budget should be greater than 0';
  return undefined;
}

/** The campaign's status once `status` is asked of it, or why it cannot be. */
function nextCampaignStatus(
  campaign: ConnectCampaignRecord,
  status: string,
  today: string,
): string | { refused: string } {
  if (status === 'extend') {
    if (campaign.status !== 'completed')
      return { refused: `Campaign ${campaign.campaignId} has not completed: only a completed campaign is extended` };
    return campaign.startDate <= today ? 'live' : 'scheduled';
  }
  if (campaign.status === 'completed')
    return { refused: `Campaign ${campaign.campaignId} has completed: extend it before changing it` };
  if (status === 'enabled') return campaign.startDate <= today ? 'live' : 'scheduled';
  return status;
}

function updateCampaigns(
  context: WalmartContext,
  caller: ConnectCaller,
  items: Array<Record<string, unknown>>,
  res: Response,
) {
  const problems = items.map(campaignUpdateProblem);
  if (problems.some(Boolean)) {
    res
      .status(400)
      .json(
        items
          .map((item, index) =>
            problems[index] ? failure(problems[index]!, { campaignId: item.campaignId }) : undefined,
          )
          .filter(Boolean),
      );
    return;
  }
  const today = isoDay(Date.now());
  const answers = items.map((update) => {
    const campaignId = int32(update.campaignId)!;
    const campaign = caller.advertiser.campaigns[campaignId];
    if (!campaign) return failure(`Campaign ${campaignId} not found for this advertiser`, { campaignId });
    const status =
      update.status === undefined ? undefined : nextCampaignStatus(campaign, update.status as string, today);
    if (status && typeof status === 'object') return failure(status.refused, { campaignId });
    if (status) campaign.status = status as ConnectCampaignRecord['status'];
    if (typeof update.dailyBudget === 'number') campaign.dailyBudget = Math.round(update.dailyBudget * 100) / 100;
    if (typeof update.totalBudget === 'number') campaign.totalBudget = Math.round(update.totalBudget * 100) / 100;
    if (typeof update.name === 'string' && update.name.trim()) campaign.name = update.name.trim();
    campaign.updatedAt = Date.now();
    return { code: 'success', details: '', campaignId };
  });
  context.changed(caller.seller.sellerId);
  res.json(answers);
}

/** What is wrong with an AdGroupItemUpdate as sent, if anything. */
function adItemUpdateProblem(update: Record<string, unknown>): string | undefined {
  for (const field of ['campaignId', 'adGroupId'])
    if (int32(update[field]) === undefined) return `${field} is required: a valid id`;
  if (typeof update.itemId !== 'string' || !update.itemId.trim()) return 'itemId is required';
  if (!AD_ITEM_STATUSES.includes(update.status as string))
    return `Invalid status ${JSON.stringify(update.status)}: possible values are ${AD_ITEM_STATUSES.join(', ')}`;
  if (update.bid !== undefined && (typeof update.bid !== 'number' || !(update.bid > 0)))
    return 'bid should be greater than 0';
  return undefined;
}

function updateAdItems(
  context: WalmartContext,
  caller: ConnectCaller,
  items: Array<Record<string, unknown>>,
  res: Response,
) {
  const problems = items.map(adItemUpdateProblem);
  if (problems.some(Boolean)) {
    res.status(400).json(
      items
        .map((_, index) => problems[index])
        .filter(Boolean)
        .map((problem) => failure(problem!)),
    );
    return;
  }
  const answers = items.map((update) => {
    const key = `${int32(update.adGroupId)}:${(update.itemId as string).trim()}`;
    const item = caller.advertiser.adItems[key];
    if (!item || item.campaignId !== int32(update.campaignId) || item.status === 'deleted')
      return failure(
        `Item ${update.itemId as string} not found in ad group ${update.adGroupId as number} of campaign ${update.campaignId as number}`,
      );
    if (context.refusesSku(caller.seller.sellerId, item.sku))
      return failure(`Item ${item.itemId} cannot be changed (sandbox fault rejectSkus)`, { adItemId: item.adItemId });
    item.status = update.status as ConnectAdItemRecord['status'];
    if (typeof update.bid === 'number') item.bid = Math.round(update.bid * 100) / 100;
    return { code: 'success', details: '', adItemId: item.adItemId };
  });
  context.changed(caller.seller.sellerId);
  res.json(answers);
}

type ConnectAuthenticate = (req: Request, res: Response, operations?: number) => ConnectCaller | undefined;

export function connectRoutes(router: Router, context: WalmartContext) {
  const spending: Spending = new Map();
  const caller: ConnectAuthenticate = (req, res, operations = 1) =>
    authenticate(context, spending, req, res, operations);
  const at = (path: string) => `${CONNECT_BASE_PATH}${path}`;

  router.get(at('/api/v1/campaigns'), (req, res) => {
    const who = caller(req, res);
    if (!who || refusesAdvertiser(res, who, req.query.advertiserId, context.state())) return;
    const campaignId = req.query.campaignId === undefined ? undefined : int32(req.query.campaignId);
    if (req.query.campaignId !== undefined && campaignId === undefined)
      return refuse(res, 400, 'campaignId must be a valid campaign id');
    const name = typeof req.query['filter[name]'] === 'string' ? req.query['filter[name]'] : undefined;
    res.json(
      Object.values(who.advertiser.campaigns)
        .filter(
          (c) => (campaignId === undefined || c.campaignId === campaignId) && (name === undefined || c.name === name),
        )
        .map((c) => campaignJson(who.advertiser, c)),
    );
  });
  router.put(at('/api/v1/campaigns'), (req, res) => {
    const who = caller(req, res, operationsOf(req.body));
    const items = who && batchOf(req, res);
    if (who && items) updateCampaigns(context, who, items, res);
  });

  router.get(at('/api/v1/adGroups'), (req, res) => {
    const who = caller(req, res);
    if (!who || refusesAdvertiser(res, who, req.query.advertiserId, context.state())) return;
    const campaignId = req.query.campaignId === undefined ? undefined : int32(req.query.campaignId);
    res.json(
      Object.values(who.advertiser.adGroups)
        .filter((g) => g.status !== 'deleted' && (campaignId === undefined || g.campaignId === campaignId))
        .map(({ adGroupId, name, status, campaignId: ofCampaign }) => ({
          adGroupId,
          name,
          status,
          campaignId: ofCampaign,
        })),
    );
  });

  router.get(at('/api/v1/adItems'), (req, res) => {
    const who = caller(req, res);
    if (!who) return;
    const campaignId = int32(req.query.campaignId);
    if (campaignId === undefined) return refuse(res, 400, 'campaignId is required: a valid campaign id');
    if (!who.advertiser.campaigns[campaignId]) return refuse(res, 404, `Campaign ${campaignId} not found`);
    res.json(
      Object.values(who.advertiser.adItems)
        .filter((item) => item.campaignId === campaignId && item.status !== 'deleted')
        .map(adItemJson),
    );
  });
  router.put(at('/api/v1/adItems'), (req, res) => {
    const who = caller(req, res, operationsOf(req.body));
    const items = who && batchOf(req, res);
    if (who && items) updateAdItems(context, who, items, res);
  });

  router.get(at('/api/v1/api_usage_analyze'), (req, res) => {
    const who = caller(req, res);
    if (!who) return;
    const now = Date.now();
    const spent = (spending.get(who.advertiser.advertiserId) ?? []).filter((entry) => entry.at > now - HOUR_MS);
    res.json({ count: spent.reduce((sum, entry) => sum + entry.operations, 0) });
  });

  // The adItem report snapshot (connect-reports.ts): asked for, polled, and its file downloaded signed.
  const fileUrl = (snapshotId: string, advertiserId: number) =>
    `${context.baseUrl}${at(`/api/v2/snapshot/file/${encodeURIComponent(snapshotId)}`)}?advertiserId=${advertiserId}`;
  router.post(at('/api/v2/snapshot/report'), (req, res) => {
    const who = caller(req, res);
    if (!who) return;
    const body: Record<string, unknown> = req.body && typeof req.body === 'object' ? req.body : {};
    if (refusesAdvertiser(res, who, body.advertiserId, context.state())) return;
    const problem = reportRequestProblem(body, Date.now());
    if (problem) return refuse(res, 400, problem);
    const snapshot = createSnapshot(who.advertiser, body, context.faults(who.seller.sellerId).rateLimitProfile);
    context.changed(who.seller.sellerId);
    res.json({ code: 'success', details: '', snapshotId: snapshot.snapshotId, jobStatus: 'pending' });
  });
  router.get(at('/api/v2/snapshot'), (req, res) => {
    const who = caller(req, res);
    if (!who || refusesAdvertiser(res, who, req.query.advertiserId, context.state())) return;
    const snapshotId = String(req.query.snapshotId ?? '');
    const snapshot = who.advertiser.snapshots[snapshotId];
    if (!snapshot) return refuse(res, 404, `Snapshot ${snapshotId} not found`);
    res.json(snapshotAnswer(snapshot, fileUrl(snapshotId, who.advertiser.advertiserId)));
  });
  router.get(at('/api/v2/snapshot/file/:snapshotId'), (req, res) => {
    const who = caller(req, res);
    if (!who) return;
    if (int32(req.query.advertiserId) !== who.advertiser.advertiserId)
      return refuse(res, 403, 'The snapshot belongs to another advertiser');
    const snapshot = who.advertiser.snapshots[String(req.params.snapshotId)];
    const file = snapshot && snapshotFile(who.advertiser, snapshot);
    if (!file) return refuse(res, 404, `Snapshot ${String(req.params.snapshotId)} has no file (yet)`);
    res
      .status(200)
      .type('application/gzip')
      .set('Content-Disposition', `attachment; filename="${snapshot.snapshotId}.csv.gz"`)
      .send(file);
  });

  // Anything else below the base path: the spec's shape rather than the Marketplace's 404.
  router.use(CONNECT_BASE_PATH, (req, res) => refuse(res, 404, `No resource at ${req.method} ${req.path}`));
}
