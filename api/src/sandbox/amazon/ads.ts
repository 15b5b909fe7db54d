/**
 * The Amazon Ads API as the sandbox serves it, beside the SP-API under the same address: Profiles v2
 * (GET /v2/profiles), Sponsored Products v3 campaigns, ad groups and product ads (lists here; creates
 * and updates, answered 207 item by item, in ads-writes.ts), and Reporting v3 (ads-reports.ts). Each
 * seller has one advertising profile, seeded with it (ads-state.ts). It imports nothing of the engine.
 */
import type { Request, Response, Router } from 'express';
import { adsThrottled, authenticateAdvertiser, refusesMediaType, sendAds, type AdsOperation } from './ads-access.ts';
import { adsReportRoutes } from './ads-reports.ts';
import { adGroupJson, campaignJson, productAdJson, profileJson, spMediaTypes } from './ads-json.ts';
import {
  advertisingOf,
  type AdsAdGroupRecord,
  type AdsCampaignRecord,
  type AdsProductAdRecord,
  type AdsProfileRecord,
} from './ads-state.ts';
import { adsWriteRoutes } from './ads-writes.ts';
import { decodeToken, encodeToken, isObject, type AmazonContext } from './state.ts';

/** The largest page a list answers, and its size when the request names none ("max page size for given API"). */
const MAX_PAGE_SIZE = 1000;
const ENTITY_STATES = ['ENABLED', 'PAUSED', 'ARCHIVED', 'ENABLING', 'PROPOSED', 'OTHER', 'USER_DELETED'];

/** An error of a list's request (CampaignAccessException and its kin): a 400 with the error in `errors`. */
function refuseList(res: Response, errorType: string, detail: Record<string, unknown>) {
  sendAds(res, 400, {
    code: 'INVALID_ARGUMENT',
    message: String(detail.message),
    errors: [{ errorType, errorValue: { [errorType]: detail } }],
  });
}

interface ListSpec<Entity> {
  operation: AdsOperation;
  mediaType: string;
  /** The array's name in the answer (`campaigns`, `adGroups`, `productAds`). */
  key: string;
  entities(profile: AdsProfileRecord): Entity[];
  /** The id filters this list takes, with the field of the entity each one matches. */
  idFilters: Record<string, (entity: Entity) => string>;
  json(entity: Entity, extended: boolean): unknown;
  state(entity: Entity): string;
}

/** `POST /sp/<entity>/list`: filtered by ids and state, paged by maxResults and nextToken (its offset). */
function listEntities<Entity>(context: AmazonContext, spec: ListSpec<Entity>, req: Request, res: Response) {
  const advertiser = authenticateAdvertiser(context, req, res, 'sponsoredProducts', 'required');
  if (!advertiser || adsThrottled(context, res, 'sponsoredProducts', advertiser, spec.operation)) return;
  if (refusesMediaType(req, res, 'sponsoredProducts', spec.mediaType)) return;
  const body: Record<string, unknown> = isObject(req.body) ? req.body : {};
  const maxResults = body.maxResults ?? MAX_PAGE_SIZE;
  if (!Number.isInteger(maxResults) || (maxResults as number) < 1 || (maxResults as number) > MAX_PAGE_SIZE)
    return refuseList(res, 'rangeError', {
      reason: (maxResults as number) > MAX_PAGE_SIZE ? 'TOO_HIGH' : 'TOO_LOW',
      message: `maxResults must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
      lowerLimit: '1',
      upperLimit: String(MAX_PAGE_SIZE),
      cause: { location: '$.maxResults', trigger: String(maxResults) },
    });
  let offset = 0;
  if (body.nextToken !== undefined) {
    const position = typeof body.nextToken === 'string' ? decodeToken<{ offset?: unknown }>(body.nextToken) : undefined;
    if (!position || !Number.isInteger(position.offset) || (position.offset as number) < 0)
      return refuseList(res, 'invalidInputError', {
        reason: 'INVALID_TOKEN',
        message: 'The nextToken is not one this API gave',
        cause: { location: '$.nextToken' },
      });
    offset = position.offset as number;
  }
  const filters: Array<(entity: Entity) => boolean> = [];
  for (const [name, field] of Object.entries(spec.idFilters)) {
    const include = (body[name] as { include?: unknown } | undefined)?.include;
    if (Array.isArray(include)) filters.push((entity) => include.includes(field(entity)));
  }
  const states = (body.stateFilter as { include?: unknown } | undefined)?.include;
  if (Array.isArray(states)) {
    const unknown = states.find((s) => typeof s !== 'string' || !ENTITY_STATES.includes(s));
    if (unknown !== undefined)
      return refuseList(res, 'rangeError', {
        reason: 'INVALID_ENUM_VALUE',
        message: `stateFilter holds an unknown state ${String(unknown)}`,
        allowed: ENTITY_STATES,
        cause: { location: '$.stateFilter.include', trigger: String(unknown) },
      });
    filters.push((entity) => states.includes(spec.state(entity)));
  }
  const matching = spec.entities(advertiser.profile!).filter((entity) => filters.every((keep) => keep(entity)));
  const page = matching.slice(offset, offset + (maxResults as number));
  const next = offset + page.length < matching.length ? encodeToken({ offset: offset + page.length }) : undefined;
  sendAds(
    res,
    200,
    {
      [spec.key]: page.map((entity) => spec.json(entity, body.includeExtendedDataFields === true)),
      totalResults: matching.length,
      ...(next ? { nextToken: next } : {}),
    },
    spec.mediaType,
  );
}

const campaignList: ListSpec<AdsCampaignRecord> = {
  operation: 'listCampaigns',
  mediaType: spMediaTypes.campaign,
  key: 'campaigns',
  entities: (profile) => Object.values(profile.campaigns),
  idFilters: { campaignIdFilter: (c) => c.campaignId },
  json: campaignJson,
  state: (c) => c.state,
};

const adGroupList: ListSpec<AdsAdGroupRecord> = {
  operation: 'listAdGroups',
  mediaType: spMediaTypes.adGroup,
  key: 'adGroups',
  entities: (profile) => Object.values(profile.adGroups),
  idFilters: { adGroupIdFilter: (g) => g.adGroupId, campaignIdFilter: (g) => g.campaignId },
  json: adGroupJson,
  state: (g) => g.state,
};

const productAdList: ListSpec<AdsProductAdRecord> = {
  operation: 'listProductAds',
  mediaType: spMediaTypes.productAd,
  key: 'productAds',
  entities: (profile) => Object.values(profile.productAds),
  idFilters: {
    adIdFilter: (a) => a.adId,
    adGroupIdFilter: (a) => a.adGroupId,
    campaignIdFilter: (a) => a.campaignId,
  },
  json: productAdJson,
  state: (a) => a.state,
};

export function adsRoutes(router: Router, context: AmazonContext) {
  router.get('/v2/profiles', (req, res) => {
    const advertiser = authenticateAdvertiser(context, req, res, 'profiles', 'none');
    if (!advertiser || adsThrottled(context, res, 'profiles', advertiser, 'listProfiles')) return;
    const profiles = advertisingOf(advertiser.seller)?.profiles ?? [];
    sendAds(
      res,
      200,
      profiles.map((profile) => profileJson(advertiser.seller, profile)),
    );
  });
  router.post('/sp/campaigns/list', (req, res) => listEntities(context, campaignList, req, res));
  router.post('/sp/adGroups/list', (req, res) => listEntities(context, adGroupList, req, res));
  router.post('/sp/productAds/list', (req, res) => listEntities(context, productAdList, req, res));
  adsWriteRoutes(router, context);
  adsReportRoutes(router, context);
}
