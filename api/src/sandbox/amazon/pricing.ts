/**
 * The Product Pricing API v2022-05-01's competitive summary (productPricing_2022-05-01.json
 * getCompetitiveSummary) and the ANY_OFFER_CHANGED notification (AnyOfferChangedNotification.json),
 * over competing offers the control API sets: other sellers' offers on one of the seller's ASINs.
 *
 * The featured offer (the Buy Box) goes to the lowest landed price (listing price plus shipping) of
 * every new offer, the seller's own included; on a tie the seller's own keeps it. Amazon weighs more
 * than price (fulfilment, seller rating); the sandbox needs only what makes a repricer move.
 *
 * Competing offers may move by themselves: an offer given a repricer answers every change of the other
 * offers on the item (the seller's own price included) after its delay, beating the lowest of them down to
 * its floor, and Amazon tells the seller with ANY_OFFER_CHANGED: a price war the seller's rules must survive.
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { answerControl } from '../shared/control-answer.ts';
import { SandboxControlError } from '../shared/sandbox-kit.ts';
import { authenticate } from './auth.ts';
import { errorList, invalidInput, send } from './errors.ts';
import { rateOf, throttled } from './limits.ts';
import { notify } from './notifications.ts';
import {
  AMAZON_SANDBOX_MARKETPLACE_ID,
  isObject,
  priceOf,
  type AmazonContext,
  type AmazonSandboxState,
  type CompetingOffer,
  type CompetitorRepricer,
  type ItemRecord,
  type SellerRecord,
} from './state.ts';

/** CompetitiveSummaryRequestList: "maxItems": 20. */
export const COMPETITIVE_SUMMARY_BATCH_SIZE = 20;
const SUMMARY_URI = '/products/pricing/2022-05-01/items/competitiveSummary';
const includedDataValues = ['featuredBuyingOptions', 'referencePrices', 'lowestPricedOffers', 'similarItems'];

/** The seller's own offer on the item, when it has a price: free shipping, shipped by the seller. */
function ownOffer(seller: SellerRecord, item: ItemRecord): CompetingOffer[] {
  const own = priceOf(item);
  return own
    ? [{ sellerId: seller.sellerId, listingPrice: Number(own.amount), shipping: 0, fulfillmentType: 'MFN' }]
    : [];
}

/** Every new offer on the item: the seller's own and the others'. */
function offersOn(seller: SellerRecord, item: ItemRecord): Array<CompetingOffer & { own: boolean }> {
  return [
    ...ownOffer(seller, item).map((o) => ({ ...o, own: true })),
    ...(seller.competingOffers?.[item.sku] ?? []).map((o) => ({ ...o, own: false })),
  ];
}

const landed = (offer: CompetingOffer) => Math.round((offer.listingPrice + offer.shipping) * 100);

/** The offers by landed price, lowest first; on a tie the seller's own first. */
function byLandedPrice(offers: Array<CompetingOffer & { own: boolean }>) {
  return [...offers].sort((a, b) => landed(a) - landed(b) || Number(b.own) - Number(a.own));
}

const money = (amount: number, currencyCode: string) => ({ amount: Math.round(amount * 100) / 100, currencyCode });

function offerJson(offer: CompetingOffer, currency: string) {
  return {
    sellerId: offer.sellerId,
    condition: 'New',
    subCondition: 'New',
    fulfillmentType: offer.fulfillmentType,
    listingPrice: money(offer.listingPrice, currency),
    shippingOptions: [{ shippingOptionType: 'DEFAULT', price: money(offer.shipping, currency) }],
  };
}

/** One ASIN's CompetitiveSummaryResponseBody with the data asked for. */
function summaryBody(seller: SellerRecord, item: ItemRecord, includedData: string[]) {
  const currency = priceOf(item)?.currency ?? 'USD';
  const offers = byLandedPrice(offersOn(seller, item));
  const featured = offers[0];
  return {
    asin: item.asin,
    marketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID,
    ...(includedData.includes('featuredBuyingOptions')
      ? {
          featuredBuyingOptions: featured
            ? [
                {
                  buyingOptionType: 'New',
                  segmentedFeaturedOffers: [
                    {
                      ...offerJson(featured, currency),
                      featuredOfferSegments: [
                        {
                          customerMembership: 'PRIME',
                          segmentDetails: { glanceViewWeightPercentage: 100 },
                        },
                      ],
                    },
                  ],
                },
              ]
            : [],
        }
      : {}),
    ...(includedData.includes('lowestPricedOffers')
      ? {
          lowestPricedOffers:
            offers.length > 0
              ? [
                  {
                    lowestPricedOffersInput: { itemCondition: 'New', offerType: 'Consumer' },
                    offers: offers.slice(0, 20).map((o) => offerJson(o, currency)),
                  },
                ]
              : [],
        }
      : {}),
    ...(includedData.includes('referencePrices') ? { referencePrices: [] } : {}),
    ...(includedData.includes('similarItems') ? { similarItems: [] } : {}),
  };
}

const statusLine = (statusCode: number, reasonPhrase: string) => ({ statusCode, reasonPhrase });

function getCompetitiveSummary(context: AmazonContext, req: Request, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'getCompetitiveSummary')) return;
  const seller = caller.seller!;
  const body = req.body as unknown;
  const requests = isObject(body) ? body.requests : undefined;
  if (!Array.isArray(requests) || requests.length === 0 || requests.length > COMPETITIVE_SUMMARY_BATCH_SIZE)
    return invalidInput(res, `'requests' must hold 1 to ${COMPETITIVE_SUMMARY_BATCH_SIZE} requests.`);
  const byAsin = new Map(Object.values(seller.items).map((item) => [item.asin, item]));
  const responses = requests.map((request: unknown) => {
    if (
      !isObject(request) ||
      typeof request.asin !== 'string' ||
      typeof request.marketplaceId !== 'string' ||
      request.method !== 'GET' ||
      request.uri !== SUMMARY_URI ||
      !Array.isArray(request.includedData) ||
      request.includedData.length === 0 ||
      !request.includedData.every((d) => includedDataValues.includes(String(d)))
    )
      return {
        status: statusLine(400, 'Bad Request'),
        body: {
          asin: isObject(request) && typeof request.asin === 'string' ? request.asin : '',
          marketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID,
          errors: errorList(
            'InvalidInput',
            `Each request needs asin, marketplaceId, includedData (${includedDataValues.join(', ')}), method GET and uri ${SUMMARY_URI}.`,
          ).errors,
        },
      };
    const item = request.marketplaceId === AMAZON_SANDBOX_MARKETPLACE_ID ? byAsin.get(request.asin) : undefined;
    if (!item)
      return {
        status: statusLine(404, 'Not Found'),
        body: {
          asin: request.asin,
          marketplaceId: request.marketplaceId,
          errors: errorList(
            'NOT_FOUND',
            `No offers found for ASIN ${request.asin} in marketplace ${request.marketplaceId}.`,
          ).errors,
        },
      };
    return {
      status: statusLine(200, 'Success'),
      body: summaryBody(seller, item, request.includedData.map(String)),
    };
  });
  send(res, 200, { responses }, rateOf(context, 'getCompetitiveSummary', res));
}

/** ANY_OFFER_CHANGED for the item's offers now, as Amazon sends it when one of the top 20 offers changes. */
export function notifyOffersChanged(
  state: AmazonSandboxState,
  context: AmazonContext,
  seller: SellerRecord,
  item: ItemRecord,
  changeType: 'External' | 'Internal',
) {
  const currency = priceOf(item)?.currency ?? 'USD';
  const offers = byLandedPrice(offersOn(seller, item));
  const price = (amount: number) => ({ Amount: Math.round(amount * 100) / 100, CurrencyCode: currency });
  const priceOfOffer = (o: CompetingOffer) => ({
    LandedPrice: price(o.listingPrice + o.shipping),
    ListingPrice: price(o.listingPrice),
    Shipping: price(o.shipping),
  });
  const channel = (o: CompetingOffer) => (o.fulfillmentType === 'AFN' ? 'Amazon' : 'Merchant');
  const lowestByChannel = ['Merchant', 'Amazon'].flatMap((fulfillment) => {
    const lowest = offers.find((o) => channel(o) === fulfillment);
    return lowest ? [{ Condition: 'new', FulfillmentChannel: fulfillment, ...priceOfOffer(lowest) }] : [];
  });
  const counts = ['Merchant', 'Amazon'].flatMap((fulfillment) => {
    const count = offers.filter((o) => channel(o) === fulfillment).length;
    return count > 0 ? [{ Condition: 'new', FulfillmentChannel: fulfillment, OfferCount: count }] : [];
  });
  const landedAmounts = offers.map((o) => o.listingPrice + o.shipping);
  const now = new Date().toISOString();
  // Fields Amazon sends that the sandbox has no model of (list price, MAP, sales rank, seller
  // ratings) carry plausible values: the notification's schema requires every one of them.
  const lowestLanded = landedAmounts.length ? Math.min(...landedAmounts) : 0;
  notify(state, context, seller, 'ANY_OFFER_CHANGED', {
    AnyOfferChangedNotification: {
      SellerId: seller.sellerId,
      OfferChangeTrigger: {
        MarketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID,
        ASIN: item.asin,
        ItemCondition: 'new',
        TimeOfOfferChange: now,
        OfferChangeType: changeType,
      },
      Summary: {
        NumberOfOffers: counts,
        LowestPrices: lowestByChannel,
        BuyBoxPrices: offers[0] ? [{ Condition: 'new', ...priceOfOffer(offers[0]) }] : [],
        ListPrice: price(landedAmounts.length ? Math.max(...landedAmounts) : 0),
        MinimumAdvertisedPrice: price(lowestLanded),
        SuggestedLowerPricePlusShipping: price(Math.max(0, lowestLanded - 0.01)),
        TotalBuyBoxEligibleOffers: offers.length,
        SalesRankings: [{ ProductCategoryId: item.productType.toLowerCase(), Rank: 1000 }],
        NumberOfBuyBoxEligibleOffers: counts,
        CompetitivePriceThreshold: price(lowestLanded),
      },
      Offers: offers.slice(0, 20).map((o) => ({
        SellerId: o.sellerId,
        SubCondition: 'new',
        SellerFeedbackRating: { FeedbackCount: 120, SellerPositiveFeedbackRating: 98 },
        ShippingTime: { MinimumHours: 24, MaximumHours: 48, AvailabilityType: 'NOW', AvailableDate: now },
        ListingPrice: price(o.listingPrice),
        Points: { PointsNumber: 0 },
        Shipping: price(o.shipping),
        ShipsFrom: { Country: 'US', State: 'WA' },
        IsFulfilledByAmazon: o.fulfillmentType === 'AFN',
        PrimeInformation: {
          IsOfferPrime: o.fulfillmentType === 'AFN',
          IsOfferNationalPrime: o.fulfillmentType === 'AFN',
        },
        IsExpeditedShippingAvailable: o.fulfillmentType === 'AFN',
        IsFeaturedMerchant: true,
        IsBuyBoxWinner: o === offers[0],
        ShipsDomestically: true,
        ShipsInternationally: false,
      })),
    },
  });
}

const cents = (amount: number) => Math.round(amount * 100);

/** The repricers of the other offers on the SKU answer a change, each after its delay (on the kit's tick). */
export function wakeRepricers(context: AmazonContext, seller: SellerRecord, sku: string, now = Date.now()) {
  for (const offer of seller.competingOffers?.[sku] ?? []) {
    const repricer = offer.repricer;
    if (!repricer || repricer.reactsAt !== undefined) continue;
    repricer.reactsAt = now + repricer.reactAfterMs;
    context.tickAfter(repricer.reactAfterMs);
  }
}

/** Where a repricer puts its offer: `beatBy` under the lowest other landed price, never under its floor. */
function repricedCents(offer: CompetingOffer, repricer: CompetitorRepricer, others: CompetingOffer[]): number {
  const lowestOther = Math.min(...others.map(landed));
  if (!Number.isFinite(lowestOther)) return cents(offer.listingPrice);
  return Math.max(cents(repricer.floor), lowestOther - cents(repricer.beatBy) - cents(offer.shipping));
}

/**
 * The repricers whose time has come move their offers; every SKU whose offers moved is told to the seller
 * (ANY_OFFER_CHANGED) and its other repricers answer in turn. Two repricers racing each other stop where
 * neither can move: the one whose floor is higher sits on it, the other a step under.
 */
export function applyDueRepricing(
  state: AmazonSandboxState,
  context: AmazonContext,
  now: number,
  changed: Set<string>,
) {
  for (const seller of Object.values(state.sellers)) {
    for (const [sku, offers] of Object.entries(seller.competingOffers ?? {})) {
      const item = seller.items[sku];
      let moved = false;
      for (const offer of offers) {
        const repricer = offer.repricer;
        if (!repricer || repricer.reactsAt === undefined || repricer.reactsAt > now) continue;
        repricer.reactsAt = undefined;
        if (!item) continue;
        const others = [...ownOffer(seller, item), ...offers.filter((o) => o !== offer)];
        const target = repricedCents(offer, repricer, others);
        if (target === cents(offer.listingPrice)) continue;
        offer.listingPrice = target / 100;
        moved = true;
      }
      if (!moved || !item) continue;
      notifyOffersChanged(state, context, seller, item, 'External');
      wakeRepricers(context, seller, sku, now);
      changed.add(seller.sellerId);
    }
  }
}

/** Whether an amount has at most two decimals (3.07 × 100 is 307.00000000000006 in floating point). */
const wholeCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/** An offer's repricer as the control API takes it: `{ beatBy, floor, reactAfterSeconds? }`. */
interface RepricerInput {
  beatBy: number;
  floor: number;
  reactAfterSeconds?: number;
}

/**
 * The control API's competing offers of one SKU, 0 to 20:
 * `{ offers: [{ price, shipping?, fulfilledByAmazon?, repricer?: { beatBy, floor, reactAfterSeconds? } }] }`.
 */
function competingOffersProblem(body: unknown): string | undefined {
  const offers = isObject(body) ? body.offers : undefined;
  if (!Array.isArray(offers) || offers.length > 20)
    return 'offers must be a list of 0 to 20 { price, shipping?, fulfilledByAmazon?, repricer? }';
  for (const offer of offers) {
    if (!isObject(offer)) return 'each offer must be an object';
    const { price, shipping, fulfilledByAmazon, repricer } = offer;
    if (typeof price !== 'number' || !(price > 0) || price > 1_000_000 || !wholeCents(price))
      return 'price must be an amount above 0 with at most two decimals';
    if (shipping !== undefined && (typeof shipping !== 'number' || shipping < 0 || !wholeCents(shipping)))
      return 'shipping must be an amount of 0 or more with at most two decimals';
    if (fulfilledByAmazon !== undefined && typeof fulfilledByAmazon !== 'boolean')
      return 'fulfilledByAmazon must be true or false';
    if (repricer !== undefined) {
      if (!isObject(repricer)) return 'repricer must be { beatBy, floor, reactAfterSeconds? }';
      const { beatBy, floor, reactAfterSeconds } = repricer;
      if (typeof beatBy !== 'number' || beatBy < 0 || beatBy > 1000 || !wholeCents(beatBy))
        return 'repricer.beatBy must be an amount from 0 to 1000 with at most two decimals';
      if (typeof floor !== 'number' || !(floor > 0) || floor > 1_000_000 || !wholeCents(floor))
        return 'repricer.floor must be an amount above 0 with at most two decimals';
      if (
        reactAfterSeconds !== undefined &&
        (typeof reactAfterSeconds !== 'number' || reactAfterSeconds < 0 || reactAfterSeconds > 3600)
      )
        return 'repricer.reactAfterSeconds must be from 0 to 3600';
    }
  }
  return undefined;
}

/** Seconds a repricer takes to answer when the control API does not say (repricers poll or take notifications). */
const REPRICER_REACTS_AFTER_SECONDS = 2;

/** Other sellers' offers on the seller's SKU now (replacing the ones before), with ANY_OFFER_CHANGED sent. */
export function setCompetingOffers(
  state: AmazonSandboxState,
  context: AmazonContext,
  sellerId: string,
  sku: string,
  offers: Array<{ price: number; shipping?: number; fulfilledByAmazon?: boolean; repricer?: RepricerInput }>,
) {
  const seller = state.sellers[sellerId];
  const item = seller?.items[sku];
  if (!seller || !item) throw new SandboxControlError(404, 'No such seller or SKU');
  seller.competingOffers = {
    ...seller.competingOffers,
    [sku]: offers.map((o) => ({
      // Amazon's seller ids: A and 12 to 13 capitals and digits.
      sellerId: `A${crypto.randomBytes(6).toString('hex').toUpperCase()}`,
      listingPrice: o.price,
      shipping: o.shipping ?? 0,
      fulfillmentType: o.fulfilledByAmazon ? ('AFN' as const) : ('MFN' as const),
      ...(o.repricer
        ? {
            repricer: {
              beatBy: o.repricer.beatBy,
              floor: o.repricer.floor,
              reactAfterMs: Math.round((o.repricer.reactAfterSeconds ?? REPRICER_REACTS_AFTER_SECONDS) * 1000),
            },
          }
        : {}),
    })),
  };
  notifyOffersChanged(state, context, seller, item, 'External');
  // The repricers look at the offers they arrived among, as they do on every change.
  wakeRepricers(context, seller, sku);
  return summaryBody(seller, item, ['featuredBuyingOptions', 'lowestPricedOffers']);
}

export function pricingRoutes(router: Router, context: AmazonContext) {
  router.post('/batches/products/pricing/2022-05-01/items/competitiveSummary', (req, res) =>
    getCompetitiveSummary(context, req, res),
  );
}

/** The SKU's competing offers as they stand, each repricer with when it answers next (null: nothing waiting). */
function competingOffersNow(state: AmazonSandboxState, sellerId: string, sku: string) {
  const seller = state.sellers[sellerId];
  if (!seller?.items[sku]) throw new SandboxControlError(404, 'No such seller or SKU');
  return {
    offers: (seller.competingOffers?.[sku] ?? []).map((o) => ({
      sellerId: o.sellerId,
      price: o.listingPrice,
      shipping: o.shipping,
      fulfilledByAmazon: o.fulfillmentType === 'AFN',
      repricer: o.repricer
        ? {
            beatBy: o.repricer.beatBy,
            floor: o.repricer.floor,
            reactAfterSeconds: o.repricer.reactAfterMs / 1000,
            reactsAt: o.repricer.reactsAt === undefined ? null : new Date(o.repricer.reactsAt).toISOString(),
          }
        : null,
    })),
  };
}

export function competingOfferControlRoutes(router: Router, context: AmazonContext) {
  router.get('/sellers/:sellerId/items/:sku/competing-offers', (req, res) => {
    const { sellerId, sku } = req.params as { sellerId: string; sku: string };
    answerControl(
      res,
      200,
      () => undefined,
      () => competingOffersNow(context.state(), sellerId, sku),
    );
  });
  router.put('/sellers/:sellerId/items/:sku/competing-offers', (req, res) => {
    const problem = competingOffersProblem(req.body);
    if (problem) return void res.status(400).json({ message: problem });
    const { sellerId, sku } = req.params as { sellerId: string; sku: string };
    answerControl(
      res,
      200,
      () => context.changed(sellerId),
      () => setCompetingOffers(context.state(), context, sellerId, sku, (req.body as { offers: [] }).offers),
    );
  });
}
