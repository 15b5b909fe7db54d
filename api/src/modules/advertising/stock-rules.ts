import type { AdRules, AdUnderRules } from '../../db/queries/advertising.ts';
import type { AdPauseReason, AdState } from '../../db/schema/index.ts';

/** The days of sales the rate of sale (for days of cover) is taken over. */
export const SALES_WINDOW_DAYS = 14;

/** Listing statuses in which a SKU cannot sell on that marketplace: its ads there spend for nothing. */
const LISTING_PROBLEMS = new Set(['error', 'suppressed']);

/**
 * Why the rules would hold this ad paused now, the first that applies: sold out, under the days of cover asked
 * for at its recent rate of sale, or its listing on that marketplace unable to sell. Null: nothing holds it.
 */
export function pauseReason(ad: AdUnderRules, rules: AdRules): AdPauseReason | null {
  if (ad.available !== null && rules.pauseOutOfStock && ad.available <= 0) return 'out_of_stock';
  if (ad.available !== null && rules.pauseBelowDaysOfCover !== null && ad.unitsSold > 0) {
    const daysOfCover = ad.available / (ad.unitsSold / SALES_WINDOW_DAYS);
    if (daysOfCover < rules.pauseBelowDaysOfCover) return 'low_cover';
  }
  if (rules.pauseListingProblems && ad.listingStatus !== null && LISTING_PROBLEMS.has(ad.listingStatus))
    return 'listing_problem';
  return null;
}

export interface AdDecision {
  id: string;
  /** The state to send (or already sent) for the ad. */
  desiredState: AdState;
  pausedBy: AdPauseReason | null;
  /** The reason the seller overrode that still stands (null: the rules look after the ad again). */
  rulesOverridden: AdPauseReason | null;
  /** The state the ad moves from and to, where it moves (null: only the reason it is held changed). */
  move: { before: AdState; after: AdState } | null;
}

/**
 * What the rules do with one ad: pause a running ad that a reason holds, resume an ad they paused once no
 * reason does, note a new reason for an ad they hold. An ad the seller paused is never resumed by them, and an
 * ad whose pause the seller undid runs despite that reason until it clears (another reason still pauses it).
 * Null: nothing to do.
 */
export function decideAd(ad: AdUnderRules, rules: AdRules): AdDecision | null {
  const reason = pauseReason(ad, rules);
  const now = ad.desiredState ?? ad.state;
  const overridden = ad.rulesOverridden;
  if (reason !== null && reason === overridden) return null;
  // From here the overridden reason has cleared, or another took its place: the override is over.
  if (reason !== null) {
    if (now === 'enabled')
      return {
        id: ad.id,
        desiredState: 'paused',
        pausedBy: reason,
        rulesOverridden: null,
        move: { before: 'enabled', after: 'paused' },
      };
    if (ad.pausedBy !== null && ad.pausedBy !== reason)
      return { id: ad.id, desiredState: now, pausedBy: reason, rulesOverridden: null, move: null };
    return null;
  }
  if (ad.pausedBy === null)
    return overridden === null
      ? null
      : { id: ad.id, desiredState: now, pausedBy: null, rulesOverridden: null, move: null };
  if (now === 'paused')
    return {
      id: ad.id,
      desiredState: 'enabled',
      pausedBy: null,
      rulesOverridden: null,
      move: { before: 'paused', after: 'enabled' },
    };
  // Enabled again meanwhile (by the seller, on the marketplace): the rules hold it no longer.
  return { id: ad.id, desiredState: now, pausedBy: null, rulesOverridden: null, move: null };
}

/** The words of a rule's reason in the SKU's history ("Paused by the ad rules: out of stock"). */
export const pauseReasonTexts: Record<AdPauseReason, string> = {
  out_of_stock: 'out of stock',
  low_cover: 'low stock for its rate of sale',
  listing_problem: 'listing suppressed or in error',
};
