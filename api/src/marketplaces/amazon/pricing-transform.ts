/**
 * Other sellers' offers as Amazon reports them: the Product Pricing API's competitive summary
 * (productPricing_2022-05-01.json CompetitiveSummaryResponse) and the ANY_OFFER_CHANGED notification
 * (AnyOfferChangedNotification.json), both read into ListingCompetition: landed prices (price plus
 * shipping), the lowest of another seller's new offers, and the featured offer (the Buy Box).
 */
import type { ListingCompetition, Money } from '../types.ts';
import type { AnyOfferChangedPayload, CompetitiveSummaryResponse, PricingOffer } from './types.ts';

const cents = (amount: number) => Math.round(amount * 100);
const moneyOf = (amountCents: number, currency: string): Money => ({
  amount: (amountCents / 100).toFixed(2),
  currency,
});

/** An offer's landed price in cents: its listing price and its cheapest shipping option. */
function landedCents(offer: PricingOffer): number {
  const shipping = (offer.shippingOptions ?? []).map((o) => cents(o.price.amount));
  return cents(offer.listingPrice.amount) + (shipping.length ? Math.min(...shipping) : 0);
}

/**
 * One ASIN's competition from a competitive summary answer, for the seller `ownSellerId`; undefined
 * for an answer that is not a success (an ASIN Amazon does not know answers 404 in its own status).
 */
export function competitionFromSummary(
  response: CompetitiveSummaryResponse,
  ownSellerId: string,
  at: Date,
): ListingCompetition | undefined {
  const status = response.status?.statusCode ?? 0;
  if (status < 200 || status >= 300) return undefined;
  const body = response.body;
  const featuredOffer = body.featuredBuyingOptions
    ?.find((o) => o.buyingOptionType === 'New')
    ?.segmentedFeaturedOffers?.find((o) => o.condition === 'New');
  const others = (body.lowestPricedOffers ?? [])
    .filter((l) => l.lowestPricedOffersInput.itemCondition === 'New')
    .flatMap((l) => l.offers)
    .filter((o) => o.condition === 'New' && o.sellerId !== ownSellerId);
  const lowest = others.length ? others.reduce((a, b) => (landedCents(b) < landedCents(a) ? b : a)) : undefined;
  return {
    productId: body.asin,
    lowestOther: lowest ? moneyOf(landedCents(lowest), lowest.listingPrice.currencyCode) : null,
    featured: featuredOffer ? moneyOf(landedCents(featuredOffer), featuredOffer.listingPrice.currencyCode) : null,
    featuredIsOurs: featuredOffer?.sellerId === ownSellerId,
    at: at.toISOString(),
  };
}

/**
 * The competition an ANY_OFFER_CHANGED notification tells, for the seller it was sent to: the lowest
 * landed price of another seller (its offers, the top 20, and its summary's lowest prices) and the Buy
 * Box (the winning offer, or the summary's Buy Box price). New condition only.
 */
export function competitionFromAnyOfferChanged(payload: AnyOfferChangedPayload): ListingCompetition | undefined {
  const notification = payload.AnyOfferChangedNotification;
  const trigger = notification?.OfferChangeTrigger;
  if (!notification || !trigger?.ASIN) return undefined;
  if (trigger.ItemCondition && trigger.ItemCondition.toLowerCase() !== 'new') return undefined;
  const own = notification.SellerId;
  const landed = (o: { ListingPrice: { Amount: number }; Shipping?: { Amount: number } }) =>
    cents(o.ListingPrice.Amount) + cents(o.Shipping?.Amount ?? 0);
  const offers = (notification.Offers ?? []).filter((o) => !o.SubCondition || o.SubCondition.toLowerCase() === 'new');
  const others = offers.filter((o) => o.SellerId !== own);
  const currency =
    offers[0]?.ListingPrice.CurrencyCode ??
    notification.Summary?.BuyBoxPrices?.[0]?.LandedPrice.CurrencyCode ??
    notification.Summary?.LowestPrices?.[0]?.LandedPrice.CurrencyCode ??
    'USD';
  const winner = offers.find((o) => o.IsBuyBoxWinner);
  // The offers are the top 20 only; the summary's lowest price covers every offer, ours included: it is
  // another seller's unless it is exactly our own listed offer's.
  const ownOffer = offers.find((o) => o.SellerId === own);
  const summaryLowest = lowestOfSummary(notification.Summary?.LowestPrices);
  const candidates = [
    ...others.map(landed),
    ...(summaryLowest !== undefined && (!ownOffer || summaryLowest !== landed(ownOffer)) ? [summaryLowest] : []),
  ];
  const lowestOtherCents = candidates.length ? Math.min(...candidates) : undefined;
  const buyBox = notification.Summary?.BuyBoxPrices?.find((p) => p.Condition.toLowerCase() === 'new');
  const featuredCents = winner ? landed(winner) : buyBox ? cents(buyBox.LandedPrice.Amount) : undefined;
  return {
    productId: trigger.ASIN,
    lowestOther: lowestOtherCents === undefined ? null : moneyOf(lowestOtherCents, currency),
    featured: featuredCents === undefined ? null : moneyOf(featuredCents, currency),
    featuredIsOurs: winner?.SellerId === own,
    at: trigger.TimeOfOfferChange ?? new Date().toISOString(),
  };
}

function lowestOfSummary(prices: Array<{ Condition: string; LandedPrice: { Amount: number } }> | undefined) {
  const news = (prices ?? [])
    .filter((p) => p.Condition.toLowerCase() === 'new')
    .map((p) => cents(p.LandedPrice.Amount));
  return news.length ? Math.min(...news) : undefined;
}
