import type { Channel, PricingRule, PricingRuleBody, PriceMove } from '../../../api';

/** How each choice of a rule reads, in the seller's words. */
export const roundingLabels: Record<PricingRuleBody['rounding'], string> = {
  none: 'No rounding',
  whole: 'Whole amount',
  ends_99: 'Ending in .99',
  ends_95: 'Ending in .95',
};
export const scopeLabels: Record<PricingRuleBody['scope']['kind'], string> = {
  all: 'All SKUs',
  brand: 'One brand',
  tag: 'One tag',
  sku_prefix: 'SKUs starting with',
  skus: 'A list of SKUs',
};
export type ActionChoice =
  'main_percent' | 'main_amount' | 'cost_percent' | 'cost_amount' | 'fixed' | 'lowest_offer' | 'featured_offer';
export const actionLabels: Record<ActionChoice, string> = {
  main_percent: 'Main price ± %',
  main_amount: 'Main price ± amount',
  cost_percent: 'Cost + %',
  cost_amount: 'Cost + amount',
  fixed: 'Fixed price',
  lowest_offer: 'Lowest other offer ± amount (Amazon)',
  featured_offer: 'Buy Box price ± amount (Amazon)',
};
export const boundLabels: Record<NonNullable<PriceMove['boundedBy']>, string> = {
  floor_price: 'Held at the minimum price',
  floor_margin: 'Held at the minimum margin',
  ceiling: 'Held at the maximum price',
};

export function actionChoiceOf(action: PricingRuleBody['action']): ActionChoice {
  if (action.basis === 'fixed' || action.basis === 'lowest_offer' || action.basis === 'featured_offer')
    return action.basis;
  return `${action.basis === 'main_price' ? 'main' : 'cost'}_${action.change}` as ActionChoice;
}

export function actionOf(choice: ActionChoice, value: string): PricingRuleBody['action'] {
  if (choice === 'fixed') return { basis: 'fixed', change: 'amount', value };
  // Following a competitor: an amount above or below its offer ("-0.01" beats it by a cent).
  if (choice === 'lowest_offer' || choice === 'featured_offer') return { basis: choice, change: 'amount', value };
  const [basis, change] = choice.split('_') as ['main' | 'cost', 'percent' | 'amount'];
  return { basis: basis === 'main' ? 'main_price' : 'cost', change, value };
}

const signed = (value: string) => (value.startsWith('-') ? `− ${value.slice(1)}` : `+ ${value}`);

/** One line saying what a rule does, e.g. "Main price + 10 %, ending in .99, at least 9.99". */
export function describeRule(rule: PricingRule): string {
  const { action } = rule;
  const bases = {
    main_price: 'Main price',
    cost: 'Cost',
    lowest_offer: 'Lowest other offer',
    featured_offer: 'Buy Box price',
  } as const;
  const base =
    action.basis === 'fixed'
      ? `Fixed price ${action.value}`
      : `${bases[action.basis]} ${signed(action.value)}${action.change === 'percent' ? ' %' : ''}`;
  const parts = [base];
  if (rule.rounding !== 'none') parts.push(roundingLabels[rule.rounding].toLowerCase());
  if (rule.minPrice) parts.push(`at least ${rule.minPrice}`);
  if (rule.minMarginPercent) parts.push(`at least ${rule.minMarginPercent} % over cost after fees`);
  if (rule.maxPrice) parts.push(`at most ${rule.maxPrice}`);
  return parts.join(', ');
}

export function describeScope(rule: PricingRule, channels: Channel[]): string {
  const names = rule.channelIds.map((id) => channels.find((c) => c.id === id)?.displayName ?? 'a removed channel');
  const scope =
    rule.scope.kind === 'brand'
      ? `brand ${rule.scope.brand}`
      : rule.scope.kind === 'tag'
        ? `SKUs tagged ${rule.scope.tag}`
        : rule.scope.kind === 'sku_prefix'
          ? `SKUs starting with ${rule.scope.prefix}`
          : rule.scope.kind === 'skus'
            ? `${rule.scope.skus?.length ?? 0} SKUs`
            : 'all SKUs';
  return `${scope} on ${names.join(', ')}`;
}
