import { describe, expect, it } from 'vitest';
import { defaultAdRules, type AdUnderRules } from '../../db/queries/advertising.ts';
import { decideAd, pauseReason, SALES_WINDOW_DAYS } from './stock-rules.ts';

const ad = (values: Partial<AdUnderRules> = {}): AdUnderRules => ({
  id: 'ad-1',
  adAccountId: 'acc-1',
  channelId: 'ch-1',
  productId: 'p-1',
  sku: 'MUG-1',
  state: 'enabled',
  desiredState: null,
  pausedBy: null,
  rulesOverridden: null,
  available: 10,
  unitsSold: 0,
  listingStatus: 'active',
  ...values,
});

describe('why the ad rules hold an ad paused', () => {
  it('a SKU sold out, first of all reasons', () => {
    expect(pauseReason(ad({ available: 0, listingStatus: 'error' }), defaultAdRules)).toBe('out_of_stock');
    expect(pauseReason(ad({ available: 0 }), { ...defaultAdRules, pauseOutOfStock: false })).toBeNull();
  });

  it('a SKU whose stock covers fewer days than asked at its rate of sale', () => {
    // 28 sold in 14 days: 2 a day; 9 in stock cover 4.5 days.
    const selling = ad({ available: 9, unitsSold: 2 * SALES_WINDOW_DAYS });
    expect(pauseReason(selling, { ...defaultAdRules, pauseBelowDaysOfCover: 5 })).toBe('low_cover');
    expect(pauseReason(selling, { ...defaultAdRules, pauseBelowDaysOfCover: 4 })).toBeNull();
    // Nothing sold: any stock covers forever.
    expect(
      pauseReason(ad({ available: 1, unitsSold: 0 }), { ...defaultAdRules, pauseBelowDaysOfCover: 30 }),
    ).toBeNull();
  });

  it('a listing suppressed or in error on that marketplace', () => {
    expect(pauseReason(ad({ listingStatus: 'suppressed' }), defaultAdRules)).toBe('listing_problem');
    expect(pauseReason(ad({ listingStatus: 'error' }), defaultAdRules)).toBe('listing_problem');
    expect(pauseReason(ad({ listingStatus: 'inactive' }), defaultAdRules)).toBeNull();
    expect(pauseReason(ad({ listingStatus: 'error' }), { ...defaultAdRules, pauseListingProblems: false })).toBeNull();
  });

  it('nothing for an ad of a SKU the catalogue does not hold', () => {
    expect(pauseReason(ad({ productId: null, available: null, listingStatus: null }), defaultAdRules)).toBeNull();
  });
});

describe('what the ad rules do with an ad', () => {
  it('pause a running ad a reason holds', () => {
    expect(decideAd(ad({ available: 0 }), defaultAdRules)).toEqual({
      id: 'ad-1',
      desiredState: 'paused',
      pausedBy: 'out_of_stock',
      rulesOverridden: null,
      move: { before: 'enabled', after: 'paused' },
    });
  });

  it('resume an ad they paused once no reason holds it', () => {
    expect(decideAd(ad({ state: 'paused', pausedBy: 'out_of_stock', available: 4 }), defaultAdRules)).toEqual({
      id: 'ad-1',
      desiredState: 'enabled',
      pausedBy: null,
      rulesOverridden: null,
      move: { before: 'paused', after: 'enabled' },
    });
  });

  it('never resume an ad the seller paused, nor touch it again once decided', () => {
    expect(decideAd(ad({ state: 'paused' }), defaultAdRules)).toBeNull();
    expect(decideAd(ad({ state: 'paused', pausedBy: 'out_of_stock', available: 0 }), defaultAdRules)).toBeNull();
    // Paused on its way (not yet sent): the same decision again is nothing new.
    expect(decideAd(ad({ desiredState: 'paused', pausedBy: 'out_of_stock', available: 0 }), defaultAdRules)).toBeNull();
  });

  it('note a new reason for an ad they hold, without moving it', () => {
    expect(
      decideAd(ad({ state: 'paused', pausedBy: 'out_of_stock', available: 3, listingStatus: 'error' }), defaultAdRules),
    ).toEqual({ id: 'ad-1', desiredState: 'paused', pausedBy: 'listing_problem', rulesOverridden: null, move: null });
  });

  it('let go of an ad the seller enabled again meanwhile once its reason passed', () => {
    expect(decideAd(ad({ state: 'enabled', pausedBy: 'out_of_stock', available: 3 }), defaultAdRules)).toEqual({
      id: 'ad-1',
      desiredState: 'enabled',
      pausedBy: null,
      rulesOverridden: null,
      move: null,
    });
  });

  it('leave running an ad whose pause the seller undid, while that reason holds', () => {
    expect(decideAd(ad({ available: 0, rulesOverridden: 'out_of_stock' }), defaultAdRules)).toBeNull();
  });

  it('look after it again once the overridden reason clears, without moving it', () => {
    expect(decideAd(ad({ available: 5, rulesOverridden: 'out_of_stock' }), defaultAdRules)).toEqual({
      id: 'ad-1',
      desiredState: 'enabled',
      pausedBy: null,
      rulesOverridden: null,
      move: null,
    });
    // Sold out again afterwards: paused as any other (the override ended with its reason).
    expect(decideAd(ad({ available: 0 }), defaultAdRules)?.move).toEqual({ before: 'enabled', after: 'paused' });
  });

  it('pause for another reason an ad whose pause for one reason the seller undid', () => {
    expect(
      decideAd(ad({ available: 5, listingStatus: 'suppressed', rulesOverridden: 'out_of_stock' }), defaultAdRules),
    ).toEqual({
      id: 'ad-1',
      desiredState: 'paused',
      pausedBy: 'listing_problem',
      rulesOverridden: null,
      move: { before: 'enabled', after: 'paused' },
    });
  });
});
