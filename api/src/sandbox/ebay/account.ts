/**
 * The seller's account set-up that publishOffer requires: inventory locations (sell_inventory_v1
 * getInventoryLocations) and business policies (sell_account_v1 fulfillment, payment and return
 * policies), and those a generated sandbox seller starts with, as Seller Hub sets them up.
 */
import type { Request, Response, Router } from 'express';
import { authorize, ebayScopes } from './auth.ts';
import { DOMAIN_ACCOUNT, DOMAIN_INVENTORY, error, fail, type EbayErrorDetail } from './errors.ts';
import { INVENTORY, withSeller } from './listings.ts';
import type { EbayContext, SandboxItem, SandboxLocation, SandboxPolicy, SandboxSeller } from './state.ts';

const ACCOUNT = '/sell/account/v1';
const categoryTypes = [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES', default: true }];

export function accountRoutes(router: Router, context: EbayContext) {
  router.get(`${INVENTORY}/location`, (req, res) => getInventoryLocations(context, req, res));
  router.get(`${ACCOUNT}/fulfillment_policy`, (req, res) => getFulfillmentPolicies(context, req, res));
  router.get(`${ACCOUNT}/payment_policy`, (req, res) => getPaymentPolicies(context, req, res));
  router.get(`${ACCOUNT}/return_policy`, (req, res) => getReturnPolicies(context, req, res));
}

/** getInventoryLocations: the seller's locations, `offset` of them skipped, `limit` per page (100 by default). */
function getInventoryLocations(context: EbayContext, req: Request, res: Response) {
  const seller = withSeller(context, req, res);
  if (!seller) return;
  const limit = req.query.limit === undefined ? 100 : Number(req.query.limit);
  const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isInteger(offset) || offset < 0) {
    fail(
      res,
      400,
      error(
        25706,
        DOMAIN_INVENTORY,
        'You have provided invalid pagination values. limit must be 1 to 100 and offset 0 or more.',
      ),
    );
    return;
  }
  const all = seller.locations ?? [];
  const page = all.slice(offset, offset + limit);
  const link = (o: number) => `${context.baseUrl}${INVENTORY}/location?limit=${limit}&offset=${o}`;
  res.json({
    href: link(offset),
    limit,
    offset,
    total: all.length,
    ...(offset + limit < all.length ? { next: link(offset + limit) } : {}),
    ...(offset > 0 ? { prev: link(Math.max(0, offset - limit)) } : {}),
    locations: page.map(locationBody),
  });
}

/** The seller's policies of this kind on the marketplace asked for, or an answered error. */
function policiesOf(context: EbayContext, req: Request, res: Response, kind: 'fulfillment' | 'payment' | 'return') {
  const grant = authorize(req, res, context, 'account', [ebayScopes.account, ebayScopes.accountReadonly], 'user');
  if (!grant) return undefined;
  const marketplace = req.query.marketplace_id;
  if (marketplace === undefined || marketplace === '')
    return void fail(
      res,
      400,
      error(20401, DOMAIN_ACCOUNT, 'Missing field marketplaceId.', {
        parameters: [{ name: 'fieldName', value: 'marketplaceId' }],
      }),
    );
  if (typeof marketplace !== 'string' || !/^EBAY_[A-Z_]+$/.test(marketplace))
    return void fail(
      res,
      400,
      error(20403, DOMAIN_ACCOUNT, 'Invalid marketplaceId.', {
        parameters: [{ name: 'fieldName', value: 'marketplaceId' }],
      }),
    );
  const seller = context.state().sellers[grant.sellerId!]!;
  // The sandbox's sellers have policies on eBay US only.
  return marketplace === 'EBAY_US' ? (seller.policies?.[kind] ?? []) : [];
}

function getFulfillmentPolicies(context: EbayContext, req: Request, res: Response) {
  const list = policiesOf(context, req, res, 'fulfillment');
  if (!list) return;
  res.json({
    total: list.length,
    fulfillmentPolicies: list.map((p) => ({
      fulfillmentPolicyId: p.id,
      name: p.name,
      description: p.description,
      marketplaceId: p.marketplaceId,
      categoryTypes,
      handlingTime: { unit: 'DAY', value: p.handlingDays ?? 1 },
      shippingOptions: [
        {
          optionType: 'DOMESTIC',
          costType: 'FLAT_RATE',
          shippingServices: [
            {
              sortOrder: 1,
              shippingServiceCode: p.freeShipping ? 'USPSGroundAdvantage' : 'UPS2ndDay',
              freeShipping: Boolean(p.freeShipping),
              buyerResponsibleForShipping: !p.freeShipping,
            },
          ],
        },
      ],
      shipToLocations: { regionIncluded: [{ regionName: 'United States', regionType: 'COUNTRY' }] },
      globalShipping: false,
      localPickup: false,
      freightShipping: false,
      pickupDropOff: false,
    })),
  });
}

function getPaymentPolicies(context: EbayContext, req: Request, res: Response) {
  const list = policiesOf(context, req, res, 'payment');
  if (!list) return;
  res.json({
    total: list.length,
    paymentPolicies: list.map((p) => ({
      paymentPolicyId: p.id,
      name: p.name,
      description: p.description,
      marketplaceId: p.marketplaceId,
      categoryTypes,
      immediatePay: true,
    })),
  });
}

function getReturnPolicies(context: EbayContext, req: Request, res: Response) {
  const list = policiesOf(context, req, res, 'return');
  if (!list) return;
  res.json({
    total: list.length,
    returnPolicies: list.map((p) => ({
      returnPolicyId: p.id,
      name: p.name,
      description: p.description,
      marketplaceId: p.marketplaceId,
      categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES', default: true }],
      returnsAccepted: (p.returnDays ?? 0) > 0,
      ...((p.returnDays ?? 0) > 0
        ? {
            returnPeriod: { unit: 'DAY', value: p.returnDays },
            returnShippingCostPayer: 'BUYER',
            refundMethod: 'MONEY_BACK',
          }
        : {}),
    })),
  });
}

/** publishOffer's check of the inventory location: one of the seller's, enabled (error 25012 otherwise). */
export function locationProblems(seller: SandboxSeller, item: SandboxItem): EbayErrorDetail[] {
  if (!item.merchantLocationKey) {
    return [
      error(
        25002,
        DOMAIN_INVENTORY,
        'A user error has occurred. No inventory location is set: add merchantLocationKey to the offer.',
        { parameters: [{ name: 'fieldName', value: 'merchantLocationKey' }] },
      ),
    ];
  }
  const location = (seller.locations ?? []).find((l) => l.merchantLocationKey === item.merchantLocationKey);
  if (!location)
    return [
      error(
        25012,
        DOMAIN_INVENTORY,
        `Invalid inventory location. ${item.merchantLocationKey} is not one of your inventory locations.`,
      ),
    ];
  if (location.merchantLocationStatus !== 'ENABLED')
    return [error(25012, DOMAIN_INVENTORY, `Invalid inventory location. ${item.merchantLocationKey} is disabled.`)];
  return [];
}

/**
 * publishOffer's check of the business policies: one of each kind, the seller's own for EBAY_US (errors
 * 25007-25009, 25035).
 */
export function policyProblems(seller: SandboxSeller, item: SandboxItem): EbayErrorDetail[] {
  const problems: EbayErrorDetail[] = [];
  const kinds = [
    { field: 'fulfillmentPolicyId', list: seller.policies?.fulfillment, code: 25007, name: 'Fulfillment' },
    { field: 'paymentPolicyId', list: seller.policies?.payment, code: 25008, name: 'Payment' },
    { field: 'returnPolicyId', list: seller.policies?.return, code: 25009, name: 'Return' },
  ] as const;
  for (const kind of kinds) {
    const id = item.listingPolicies?.[kind.field];
    const text = `The eBay listing associated with the inventory item, or the unpublished offer has invalid data in the associated ${kind.name} policy.`;
    if (!id)
      problems.push(
        error(
          kind.code,
          DOMAIN_INVENTORY,
          `${text} A ${kind.name.toLowerCase()} policy is required: add listingPolicies.${kind.field} to the offer.`,
        ),
      );
    else if (!(kind.list ?? []).some((p) => p.id === id))
      problems.push(
        error(
          25035,
          DOMAIN_INVENTORY,
          `The specified policy is not found for the market place. ${kind.name} policy ${id} is not one of yours on EBAY_US.`,
        ),
      );
  }
  return problems;
}

function locationBody(location: SandboxLocation) {
  return {
    merchantLocationKey: location.merchantLocationKey,
    name: location.name,
    merchantLocationStatus: location.merchantLocationStatus,
    locationTypes: location.locationTypes,
    location: { address: location.address },
    timeZoneId: location.timeZoneId,
  };
}

const usCities = [
  {
    city: 'Columbus',
    stateOrProvince: 'OH',
    postalCode: '43228',
    street: '4400 Lockbourne Rd',
    timeZoneId: 'America/New_York',
  },
  {
    city: 'Reno',
    stateOrProvince: 'NV',
    postalCode: '89502',
    street: '1350 Greg St',
    timeZoneId: 'America/Los_Angeles',
  },
  {
    city: 'Memphis',
    stateOrProvince: 'TN',
    postalCode: '38118',
    street: '3820 Tchulahoma Rd',
    timeZoneId: 'America/Chicago',
  },
  {
    city: 'Allentown',
    stateOrProvince: 'PA',
    postalCode: '18106',
    street: '705 Boulder Dr',
    timeZoneId: 'America/New_York',
  },
  {
    city: 'Denver',
    stateOrProvince: 'CO',
    postalCode: '80216',
    street: '5200 Havana St',
    timeZoneId: 'America/Denver',
  },
];

/** A seller's inventory locations as Seller Hub sets them up: a warehouse or two, and a closed store (disabled). */
export function generatedLocations(sequence: number): SandboxLocation[] {
  const pick = (i: number) => usCities[(sequence + i) % usCities.length]!;
  const location = (i: number, type: 'WAREHOUSE' | 'STORE', status: 'ENABLED' | 'DISABLED'): SandboxLocation => {
    const place = pick(i);
    return {
      merchantLocationKey: `${type === 'WAREHOUSE' ? 'wh' : 'store'}-${place.city.toLowerCase()}-${i + 1}`,
      name: `${place.city} ${type === 'WAREHOUSE' ? 'warehouse' : 'store'}`,
      merchantLocationStatus: status,
      locationTypes: [type],
      address: {
        addressLine1: place.street,
        city: place.city,
        stateOrProvince: place.stateOrProvince,
        postalCode: place.postalCode,
        country: 'US',
      },
      timeZoneId: place.timeZoneId,
    };
  };
  return [location(0, 'WAREHOUSE', 'ENABLED'), location(1, 'WAREHOUSE', 'ENABLED'), location(2, 'STORE', 'DISABLED')];
}

/** A seller's business policies for EBAY_US, as eBay numbers them (long ids) and sellers name them. */
export function generatedPolicies(): NonNullable<SandboxSeller['policies']> {
  const id = () => String(6_000_000_000 + Math.floor(Math.random() * 3_000_000_000));
  const policy = (name: string, description: string, extra: Partial<SandboxPolicy> = {}): SandboxPolicy => ({
    id: id(),
    name,
    description,
    marketplaceId: 'EBAY_US',
    ...extra,
  });
  return {
    fulfillment: [
      policy('Free standard shipping', 'USPS Ground Advantage, free to the buyer', {
        handlingDays: 1,
        freeShipping: true,
      }),
      policy('Expedited shipping', 'UPS 2nd Day Air, buyer pays', { handlingDays: 2, freeShipping: false }),
    ],
    payment: [policy('eBay managed payments', 'Immediate payment required')],
    return: [
      policy('30-day returns', 'Buyer pays return shipping', { returnDays: 30 }),
      policy('No returns', 'Returns not accepted', { returnDays: 0 }),
    ],
  };
}
