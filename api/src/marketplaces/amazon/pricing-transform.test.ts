import { describe, expect, test } from 'vitest';
import { readOfficial } from '../../../test/support/marketplace-contract.ts';
import { competitionFromAnyOfferChanged, competitionFromSummary } from './pricing-transform.ts';
import type { AnyOfferChangedPayload, CompetitiveSummaryResponse } from './types.ts';

const pricing = readOfficial('amazon/productPricing_2022-05-01.json') as any;
const summaryExample = pricing.paths['/batches/products/pricing/2022-05-01/items/competitiveSummary'].post.responses[
  '200'
].examples['application/json'].responses[0] as CompetitiveSummaryResponse;
const anyOfferExample = (readOfficial('amazon/AnyOfferChangedNotification.json') as any).examples[0]
  .Payload as AnyOfferChangedPayload;

const at = new Date('2026-11-29T06:00:00Z');

describe("Amazon's competitive summary (productPricing_2022-05-01's own example)", () => {
  test('the featured offer at its landed price (listing price plus shipping), not ours', () => {
    const featured = summaryExample.body.featuredBuyingOptions![0]!.segmentedFeaturedOffers![0]!;
    expect(featured.listingPrice).toEqual({ amount: 18.11, currencyCode: 'USD' });
    const competition = competitionFromSummary(summaryExample, 'OUR-SELLER', at)!;
    expect(competition).toMatchObject({
      productId: 'B00ZIAODGE',
      featured: { amount: '20.61', currency: 'USD' },
      featuredIsOurs: false,
      at: at.toISOString(),
    });
  });

  test('ours when the featured offer is our seller id; the lowest other offer leaves ours out', () => {
    const ours = summaryExample.body.featuredBuyingOptions![0]!.segmentedFeaturedOffers![0]!.sellerId;
    const competition = competitionFromSummary(summaryExample, ours, at)!;
    expect(competition.featuredIsOurs).toBe(true);
    const others = (summaryExample.body.lowestPricedOffers ?? [])
      .flatMap((l) => l.offers)
      .filter((o) => o.sellerId !== ours && o.condition === 'New');
    if (others.length === 0) expect(competition.lowestOther).toBeNull();
    else expect(Number(competition.lowestOther!.amount)).toBeGreaterThan(0);
  });

  test('a lowest-priced list: the cheapest landed price of the other sellers, shipping included', () => {
    const offer = (sellerId: string, price: number, shipping: number) => ({
      sellerId,
      condition: 'New',
      fulfillmentType: 'MFN' as const,
      listingPrice: { amount: price, currencyCode: 'USD' },
      shippingOptions: [{ shippingOptionType: 'DEFAULT', price: { amount: shipping, currencyCode: 'USD' } }],
    });
    const response: CompetitiveSummaryResponse = {
      status: { statusCode: 200, reasonPhrase: 'Success' },
      body: {
        asin: 'B0TEST0001',
        marketplaceId: 'ATVPDKIKX0DER',
        lowestPricedOffers: [
          {
            lowestPricedOffersInput: { itemCondition: 'New', offerType: 'Consumer' },
            offers: [offer('US', 9.0, 0), offer('A1', 8.5, 1.0), offer('A2', 9.2, 0.0)],
          },
        ],
      },
    };
    expect(competitionFromSummary(response, 'US', at)).toMatchObject({
      lowestOther: { amount: '9.20', currency: 'USD' },
      featured: null,
      featuredIsOurs: false,
    });
  });

  test('an ASIN Amazon answers with an error status is left out', () => {
    const missing: CompetitiveSummaryResponse = {
      status: { statusCode: 404, reasonPhrase: 'Not Found' },
      body: { asin: 'B0NOPE', marketplaceId: 'ATVPDKIKX0DER' },
    };
    expect(competitionFromSummary(missing, 'US', at)).toBeUndefined();
  });
});

describe("ANY_OFFER_CHANGED (AnyOfferChangedNotification.json's own example)", () => {
  test("the lowest other seller's landed price and the Buy Box winner from the offers", () => {
    const competition = competitionFromAnyOfferChanged(anyOfferExample)!;
    // The example lists one offer (seller 111: 23.00 + 110.00 shipping) and, over every offer, a lowest
    // new landed price of 10.00: not ours (ours is not among the offers), so the lowest other; no
    // winner marked, so the summary's Buy Box price.
    expect(competition).toEqual({
      productId: '123',
      lowestOther: { amount: '10.00', currency: 'USD' },
      featured: { amount: '10.00', currency: 'USD' },
      featuredIsOurs: false,
      at: '2020-07-13T19:42:04.284Z',
    });
  });

  test('ours when we win the Buy Box; the summary lowest being our own offer is nobody else’s', () => {
    const payload: AnyOfferChangedPayload = {
      AnyOfferChangedNotification: {
        SellerId: 'US',
        OfferChangeTrigger: { ASIN: 'B0TEST0002', ItemCondition: 'new', TimeOfOfferChange: at.toISOString() },
        Offers: [
          {
            SellerId: 'US',
            SubCondition: 'new',
            ListingPrice: { Amount: 12.5, CurrencyCode: 'USD' },
            Shipping: { Amount: 0, CurrencyCode: 'USD' },
            IsBuyBoxWinner: true,
          },
        ],
        Summary: {
          LowestPrices: [
            { Condition: 'new', FulfillmentChannel: 'Merchant', LandedPrice: { Amount: 12.5, CurrencyCode: 'USD' } },
          ],
        },
      },
    };
    expect(competitionFromAnyOfferChanged(payload)).toEqual({
      productId: 'B0TEST0002',
      lowestOther: null,
      featured: { amount: '12.50', currency: 'USD' },
      featuredIsOurs: true,
      at: at.toISOString(),
    });
  });

  test('a used-condition change tells nothing of our new offers', () => {
    const used = structuredClone(anyOfferExample);
    used.AnyOfferChangedNotification!.OfferChangeTrigger!.ItemCondition = 'used';
    expect(competitionFromAnyOfferChanged(used)).toBeUndefined();
  });
});
