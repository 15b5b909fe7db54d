// Repricing against competitors (issue 24): where a marketplace shows other sellers' offers (Amazon's
// ANY_OFFER_CHANGED and competitive summary), a rule may match or beat the lowest other offer or the
// featured offer (the Buy Box) by an amount, within the rule's floor and ceiling. It stops at the floor
// instead of racing below it, and keeps the Buy Box it already holds. Pure; money in integer cents.

export const competitorTargets = ['lowest_other', 'featured'] as const;
export type CompetitorTarget = (typeof competitorTargets)[number];

/** What to do against the competition: match the target's landed price, or beat it by `beatByCents`. */
export interface CompetitorStrategy {
  target: CompetitorTarget;
  /** 0 matches; more undercuts by that much. */
  beatByCents: number;
}

/** The competition as kept for a listing, in cents (landed prices: price plus shipping). */
export interface CompetitionCents {
  lowestOtherCents: number | null;
  featuredCents: number | null;
  featuredIsOurs: boolean;
}

export type CompetitorOutcome =
  /** The price to offer, and what held it, if anything. */
  | { kind: 'price'; cents: number; heldBy: 'floor' | 'ceiling' | null }
  /** Nothing to follow (nobody else offers it, or no featured offer): the rule's own price stands. */
  | { kind: 'no_competition' }
  /** We hold the Buy Box at a price no other offer undercuts: keep our price. */
  | { kind: 'keep' };

/**
 * The price a competitor rule gives. `ourCents`: what we offer now (landed, shipping free); `floorCents`
 * and `ceilingCents`: the rule's bounds (null: none). Never below the floor nor above the ceiling; a
 * target below the floor gives the floor (the race stops there), never less.
 */
export function competitorPrice(
  strategy: CompetitorStrategy,
  competition: CompetitionCents,
  ourCents: number,
  floorCents: number | null,
  ceilingCents: number | null,
): CompetitorOutcome {
  // Holding the Buy Box, the featured price is our own: keep it while nobody else is cheaper (lowering
  // it would only race ourselves), and follow the cheaper offer that threatens it otherwise.
  if (strategy.target === 'featured' && competition.featuredIsOurs) {
    const threat = competition.lowestOtherCents;
    if (threat === null || threat >= ourCents) return { kind: 'keep' };
    return bounded(threat - Math.max(0, strategy.beatByCents), floorCents, ceilingCents);
  }
  const targetCents = strategy.target === 'featured' ? competition.featuredCents : competition.lowestOtherCents;
  if (targetCents === null) return { kind: 'no_competition' };
  return bounded(targetCents - Math.max(0, strategy.beatByCents), floorCents, ceilingCents);
}

function bounded(wantedCents: number, floorCents: number | null, ceilingCents: number | null): CompetitorOutcome {
  const wanted = Math.max(1, wantedCents);
  if (floorCents !== null && wanted < floorCents) return { kind: 'price', cents: floorCents, heldBy: 'floor' };
  if (ceilingCents !== null && wanted > ceilingCents) return { kind: 'price', cents: ceilingCents, heldBy: 'ceiling' };
  return { kind: 'price', cents: wanted, heldBy: null };
}
