/**
 * Sponsored Products v3 creates and updates of campaigns and product ads. A request holds up to 1,000
 * items (`maxItems: 1000`; more is a 400) and is answered 207: each item taken is in `success`, each
 * refused one in `error` with Amazon's typed errors (entityNotFoundError, rangeError, budgetError, …),
 * both by the item's index. `Prefer: return=representation` adds the whole entity to each success.
 */
import type { Request, Response, Router } from 'express';
import {
  adsThrottled,
  authenticateAdvertiser,
  refuse,
  refusesMediaType,
  sendAds,
  type AdsOperation,
} from './ads-access.ts';
import { campaignJson, productAdJson, spMediaTypes } from './ads-json.ts';
import {
  adsEntityId,
  isoDay,
  type AdsCampaignRecord,
  type AdsEntityState,
  type AdsProductAdRecord,
  type AdsProfileRecord,
} from './ads-state.ts';
import { isObject, type AmazonContext, type SellerRecord } from './state.ts';

const MAX_ITEMS = 1000;
/** CreateOrUpdateEntityState, less PROPOSED ("Upcoming Feature" in the spec's own words). */
const WRITABLE_STATES = ['ENABLED', 'PAUSED'];
const BIDDING_STRATEGIES = ['LEGACY_FOR_SALES', 'AUTO_FOR_SALES', 'MANUAL', 'RULE_BASED'] as const;
/**
 * Amazon.com's daily budget range for Sponsored Products, 1 to 1,000,000 USD (Amazon's budget
 * guidance; the spec's BudgetError names BUDGET_TOO_LOW and BUDGET_TOO_HIGH without the numbers).
 */
const BUDGET_LIMITS = { lower: 1, upper: 1_000_000 };

interface MutationError {
  errorType: string;
  errorValue: Record<string, Record<string, unknown>>;
}
type ItemResult = { id: string; entity: unknown } | { errors: MutationError[] };

const error = (errorType: string, detail: Record<string, unknown>): MutationError => ({
  errorType,
  errorValue: { [errorType]: detail },
});
const missing = (location: string, field: string) =>
  error('missingValueError', { reason: 'MISSING_VALUE', message: `${field} is required`, cause: { location } });
const notFound = (entityType: string, id: string, location: string) =>
  error('entityNotFoundError', {
    reason: 'ENTITY_NOT_FOUND',
    entityType,
    entityId: id,
    message: `No ${entityType.toLowerCase().replace('_', ' ')} ${id} in this profile`,
    cause: { location, trigger: id },
  });
const notAllowed = (location: string, value: unknown, allowed: readonly string[]) =>
  error('rangeError', {
    reason: 'INVALID_ENUM_VALUE',
    allowed: [...allowed],
    message: `${String(value)} is not one of ${allowed.join(', ')}`,
    cause: { location, trigger: String(value) },
  });
const archived = (entityType: string, location: string) =>
  error('entityStateError', {
    reason: 'ARCHIVED_ENTITY_CANNOT_BE_MODIFIED',
    entityType,
    message: `An archived ${entityType.toLowerCase().replace('_', ' ')} cannot be changed`,
    cause: { location },
  });
const malformed = (location: string, message: string, reason = 'PATTERN_NOT_MATCHED') =>
  error('malformedValueError', { reason, message, cause: { location } });

/** A Budget's amount, or why it is refused. */
function readBudget(value: unknown, location: string): number | MutationError {
  if (!isObject(value)) return missing(location, 'budget');
  if (value.budgetType !== 'DAILY') return notAllowed(`${location}.budgetType`, value.budgetType, ['DAILY']);
  const amount = value.budget;
  if (typeof amount !== 'number' || !Number.isFinite(amount))
    return malformed(`${location}.budget`, 'The budget must be a number');
  if (amount < BUDGET_LIMITS.lower || amount > BUDGET_LIMITS.upper)
    return error('budgetError', {
      reason: amount < BUDGET_LIMITS.lower ? 'BUDGET_TOO_LOW' : 'BUDGET_TOO_HIGH',
      message: `The daily budget must be from ${BUDGET_LIMITS.lower} to ${BUDGET_LIMITS.upper}`,
      lowerLimit: String(BUDGET_LIMITS.lower),
      upperLimit: String(BUDGET_LIMITS.upper),
      cause: { location: `${location}.budget`, trigger: String(amount) },
    });
  return amount;
}

const readState = (value: unknown, location: string): AdsEntityState | MutationError =>
  typeof value === 'string' && WRITABLE_STATES.includes(value)
    ? (value as AdsEntityState)
    : notAllowed(location, value, WRITABLE_STATES);

interface WriteSpec {
  operation: AdsOperation;
  mediaType: string;
  /** The array's name in the request and the answer (`campaigns`, `productAds`). */
  key: string;
  /** The success item's id field and entity field (`campaignId`/`campaign`, `adId`/`productAd`). */
  idField: string;
  entityField: string;
  apply(profile: AdsProfileRecord, seller: SellerRecord, item: unknown, location: string, at: string): ItemResult;
}

function bulkWrite(context: AmazonContext, spec: WriteSpec, req: Request, res: Response) {
  const advertiser = authenticateAdvertiser(context, req, res, 'sponsoredProducts', 'required');
  if (!advertiser || adsThrottled(context, res, 'sponsoredProducts', advertiser, spec.operation)) return;
  if (refusesMediaType(req, res, 'sponsoredProducts', spec.mediaType)) return;
  const items = isObject(req.body) ? req.body[spec.key] : undefined;
  if (!Array.isArray(items)) return refuse(res, 'sponsoredProducts', 400, `The body needs an array '${spec.key}'.`);
  if (items.length > MAX_ITEMS)
    return refuse(res, 'sponsoredProducts', 400, `'${spec.key}' holds ${items.length} items; at most ${MAX_ITEMS}.`);
  const representation = /return=representation/i.test(req.get('prefer') ?? '');
  const at = new Date().toISOString();
  const success: Array<Record<string, unknown>> = [];
  const failures: Array<{ index: number; errors: MutationError[] }> = [];
  items.forEach((item, index) => {
    const result = spec.apply(advertiser.profile!, advertiser.seller, item, `$.${spec.key}[${index}]`, at);
    if ('errors' in result) failures.push({ index, errors: result.errors });
    else
      success.push({
        index,
        [spec.idField]: result.id,
        ...(representation ? { [spec.entityField]: result.entity } : {}),
      });
  });
  if (success.length) context.changed(advertiser.seller.sellerId);
  if (representation) res.set('Preference-Applied', 'return=representation');
  sendAds(res, 207, { [spec.key]: { success, error: failures } }, spec.mediaType);
}

/** UpdateCampaign: state, daily budget and name; the rest is not the sandbox's to change. */
function updateCampaign(profile: AdsProfileRecord, _seller: SellerRecord, item: unknown, location: string, at: string) {
  if (!isObject(item)) return { errors: [malformed(location, 'Each campaign must be an object')] };
  const id = item.campaignId;
  if (typeof id !== 'string' || !id) return { errors: [missing(`${location}.campaignId`, 'campaignId')] };
  const campaign = profile.campaigns[id];
  if (!campaign) return { errors: [notFound('CAMPAIGN', id, `${location}.campaignId`)] };
  const errors: MutationError[] = [];
  const state = item.state === undefined ? undefined : readState(item.state, `${location}.state`);
  const budget = item.budget === undefined ? undefined : readBudget(item.budget, `${location}.budget`);
  for (const value of [state, budget]) if (typeof value === 'object') errors.push(value);
  if (item.name !== undefined && (typeof item.name !== 'string' || !item.name.trim()))
    errors.push(malformed(`${location}.name`, 'The name must not be blank', 'BLANK'));
  if (!errors.length && campaign.state === 'ARCHIVED') errors.push(archived('CAMPAIGN', location));
  if (errors.length) return { errors };
  if (typeof state === 'string') campaign.state = state;
  if (typeof budget === 'number') campaign.budget = budget;
  if (typeof item.name === 'string') campaign.name = item.name.trim();
  campaign.updatedAt = at;
  return { id, entity: campaignJson(campaign) };
}

/** CreateCampaign: name (unique in the profile), state, targetingType, a daily budget; startDate today unless given. */
function createCampaign(profile: AdsProfileRecord, _seller: SellerRecord, item: unknown, location: string, at: string) {
  if (!isObject(item)) return { errors: [malformed(location, 'Each campaign must be an object')] };
  const errors: MutationError[] = [];
  const name = typeof item.name === 'string' ? item.name.trim() : '';
  if (!name) errors.push(missing(`${location}.name`, 'name'));
  else if (Object.values(profile.campaigns).some((c) => c.name === name && c.state !== 'ARCHIVED'))
    errors.push(
      error('duplicateValueError', {
        reason: 'NAME_NOT_UNIQUE',
        message: `A campaign named ${name} exists`,
        cause: { location: `${location}.name`, trigger: name },
      }),
    );
  const state = readState(item.state, `${location}.state`);
  const targetingType =
    item.targetingType === 'AUTO' || item.targetingType === 'MANUAL'
      ? item.targetingType
      : notAllowed(`${location}.targetingType`, item.targetingType, ['AUTO', 'MANUAL']);
  const budget = readBudget(item.budget, `${location}.budget`);
  const strategy = isObject(item.dynamicBidding) ? item.dynamicBidding.strategy : 'LEGACY_FOR_SALES';
  const biddingStrategy = BIDDING_STRATEGIES.find((s) => s === strategy);
  if (!biddingStrategy) errors.push(notAllowed(`${location}.dynamicBidding.strategy`, strategy, BIDDING_STRATEGIES));
  const startDate = item.startDate ?? isoDay(Date.now());
  if (typeof startDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(startDate))
    errors.push(
      error('dateError', {
        reason: 'INVALID_DATE',
        message: 'startDate must be YYYY-MM-DD',
        cause: { location: `${location}.startDate` },
      }),
    );
  for (const value of [state, targetingType, budget]) if (typeof value === 'object') errors.push(value);
  if (errors.length) return { errors };
  const campaign: AdsCampaignRecord = {
    campaignId: adsEntityId(),
    name,
    state: state as AdsEntityState,
    targetingType: targetingType as 'AUTO' | 'MANUAL',
    budget: budget as number,
    startDate: startDate as string,
    ...(item.endDate === undefined ? {} : { endDate: typeof item.endDate === 'string' ? item.endDate : null }),
    biddingStrategy: biddingStrategy!,
    createdAt: at,
    updatedAt: at,
  };
  profile.campaigns[campaign.campaignId] = campaign;
  return { id: campaign.campaignId, entity: campaignJson(campaign) };
}

/** UpdateProductAd: its state. */
function updateProductAd(
  profile: AdsProfileRecord,
  _seller: SellerRecord,
  item: unknown,
  location: string,
  at: string,
) {
  if (!isObject(item)) return { errors: [malformed(location, 'Each product ad must be an object')] };
  const id = item.adId;
  if (typeof id !== 'string' || !id) return { errors: [missing(`${location}.adId`, 'adId')] };
  const ad = profile.productAds[id];
  if (!ad) return { errors: [notFound('PRODUCT_AD', id, `${location}.adId`)] };
  const state = item.state === undefined ? undefined : readState(item.state, `${location}.state`);
  if (typeof state === 'object') return { errors: [state] };
  if (ad.state === 'ARCHIVED') return { errors: [archived('PRODUCT_AD', location)] };
  if (state) ad.state = state;
  ad.updatedAt = at;
  return { id, entity: productAdJson(ad) };
}

/** CreateProductAd for a seller account: an ad group of the campaign, a SKU of the seller's catalogue, once per ad group. */
function createProductAd(profile: AdsProfileRecord, seller: SellerRecord, item: unknown, location: string, at: string) {
  if (!isObject(item)) return { errors: [malformed(location, 'Each product ad must be an object')] };
  const { campaignId, adGroupId, sku } = item;
  const errors: MutationError[] = [];
  for (const [field, value] of Object.entries({ campaignId, adGroupId, sku }))
    if (typeof value !== 'string' || !value) errors.push(missing(`${location}.${field}`, field));
  const state = readState(item.state, `${location}.state`);
  if (typeof state === 'object') errors.push(state);
  if (errors.length) return { errors };
  const campaign = profile.campaigns[campaignId as string];
  const group = profile.adGroups[adGroupId as string];
  const parentError = (message: string, reason = 'PARENT_ENTITY_NOT_FOUND') =>
    error('parentEntityError', { reason, message, cause: { location: `${location}.adGroupId` } });
  if (!campaign || !group || group.campaignId !== campaign.campaignId)
    return { errors: [parentError(`No ad group ${String(adGroupId)} in campaign ${String(campaignId)}`)] };
  if (campaign.state === 'ARCHIVED' || group.state === 'ARCHIVED')
    return { errors: [parentError('The campaign or ad group is archived', 'PARENT_ENTITY_ARCHIVED')] };
  if (!seller.items[sku as string])
    return {
      errors: [
        error('productIdentifierError', {
          reason: 'INVALID_SKU',
          message: `The seller has no SKU ${String(sku)}`,
          cause: { location: `${location}.sku`, trigger: String(sku) },
        }),
      ],
    };
  if (Object.values(profile.productAds).some((ad) => ad.adGroupId === group.adGroupId && ad.sku === sku))
    return {
      errors: [
        error('duplicateValueError', {
          reason: 'DUPLICATE_VALUE',
          message: `The ad group already advertises ${String(sku)}`,
          cause: { location: `${location}.sku`, trigger: String(sku) },
        }),
      ],
    };
  const ad: AdsProductAdRecord = {
    adId: adsEntityId(),
    campaignId: campaign.campaignId,
    adGroupId: group.adGroupId,
    sku: sku as string,
    state: state as AdsEntityState,
    createdAt: at,
    updatedAt: at,
  };
  profile.productAds[ad.adId] = ad;
  return { id: ad.adId, entity: productAdJson(ad) };
}

const campaignWrite = {
  mediaType: spMediaTypes.campaign,
  key: 'campaigns',
  idField: 'campaignId',
  entityField: 'campaign',
} as const;
const productAdWrite = {
  mediaType: spMediaTypes.productAd,
  key: 'productAds',
  idField: 'adId',
  entityField: 'productAd',
} as const;

export function adsWriteRoutes(router: Router, context: AmazonContext) {
  router.post('/sp/campaigns', (req, res) =>
    bulkWrite(context, { ...campaignWrite, operation: 'createCampaigns', apply: createCampaign }, req, res),
  );
  router.put('/sp/campaigns', (req, res) =>
    bulkWrite(context, { ...campaignWrite, operation: 'updateCampaigns', apply: updateCampaign }, req, res),
  );
  router.post('/sp/productAds', (req, res) =>
    bulkWrite(context, { ...productAdWrite, operation: 'createProductAds', apply: createProductAd }, req, res),
  );
  router.put('/sp/productAds', (req, res) =>
    bulkWrite(context, { ...productAdWrite, operation: 'updateProductAds', apply: updateProductAd }, req, res),
  );
}
