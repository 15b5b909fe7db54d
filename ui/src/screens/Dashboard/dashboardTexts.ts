import { attributeValuesText } from '../../shared/listings/changeTexts';
import type { DashboardAlert, DashboardChange, SalesAmount } from '../../api';

/** "$1,284.50", "€96.00": an amount in its currency (amounts come as decimal strings). */
export function formatMoney({ amount, currency }: SalesAmount): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
  } catch {
    // A code Intl does not know: the amount and the code as they came.
    return `${amount} ${currency}`;
  }
}

/** Revenue in every currency sold in; nothing sold is zero in the account's currency ("$0.00"), "No sales" while none is known. */
export const revenueText = (revenue: SalesAmount[], currency: string | null = null) =>
  revenue.length > 0
    ? revenue.map(formatMoney).join(' + ')
    : currency
      ? formatMoney({ amount: '0', currency })
      : 'No sales';

/** How long the oldest value has waited on its way to the channel. */
export function lagText(seconds: number | null): string {
  if (seconds === null) return 'Up to date';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** From this share of its busiest limit a channel's rate-limit use shows in the caution tone. */
export const RATE_LIMIT_CAUTION_PERCENT = 80;

/** Calls the marketplace refused with 429 in the last minute (each is sent again after its wait). */
export const rateLimitedText = (n: number) => `${plural(n, 'call', 'calls')} slowed down by the marketplace`;

/** Each alert: what it says, where to act on it, and the link's words. */
export const alertTexts: Record<
  DashboardAlert['kind'],
  { title: (n: number) => string; href: string; action: string; tone: 'critical' | 'caution' }
> = {
  failed_pushes: {
    title: (n) => `${plural(n, 'value was', 'values were')} refused by a marketplace`,
    href: '/listings?tab=activity',
    action: 'See sync activity',
    tone: 'critical',
  },
  channels_in_error: {
    title: (n) => `${plural(n, 'channel has', 'channels have')} stopped syncing`,
    href: '/channels',
    action: 'See channels',
    tone: 'critical',
  },
  suppressed_listings: {
    title: (n) => `${plural(n, 'listing is', 'listings are')} suppressed by the marketplace`,
    href: '/listings?status=suppressed',
    action: 'See listings',
    tone: 'caution',
  },
  low_stock: {
    title: (n) => `${plural(n, 'product has', 'products have')} 5 units or fewer available`,
    href: '/listings?sort=available',
    action: 'See lowest stock first',
    tone: 'caution',
  },
  open_drift: {
    title: (n) => `${plural(n, 'value was', 'values were')} edited directly on a channel`,
    href: '/listings?tab=drift',
    action: 'Accept or overwrite',
    tone: 'caution',
  },
  sku_limit: {
    title: (n) =>
      `${plural(n, 'SKU', 'SKUs')} on your main channel ${n === 1 ? 'is' : 'are'} beyond your plan's limit: not imported or synced`,
    href: '/billing',
    action: 'Upgrade your plan',
    tone: 'caution',
  },
  oversold: {
    title: (n) => `${plural(n, 'SKU was', 'SKUs were')} sold beyond your stock: cancel an order before you ship`,
    href: '/orders?status=unshipped',
    action: 'See unshipped orders',
    tone: 'critical',
  },
  compliance_errors: {
    title: (n) => `${plural(n, 'listing problem', 'listing problems')} can get listings refused or removed`,
    href: '/compliance?severity=error',
    action: 'See compliance issues',
    tone: 'critical',
  },
};

export const causeLabels: Record<DashboardChange['cause'], string> = {
  order: 'Order',
  cancellation: 'Cancellation',
  main_change: 'Main channel change',
  pricing_rule: 'Pricing rule',
  bulk_edit: 'Edit',
  import: 'Import',
  reconciliation: 'Reconciliation',
  rule_change: 'Channel rules',
  return: 'Returns',
  ad_rule: 'Ad rule',
  ad_undo: 'Ad rule undone',
};

export const fieldLabels: Record<DashboardChange['field'], string> = {
  available: 'Available',
  on_hand: 'On hand',
  price: 'Price',
  quantity: 'Quantity',
  title: 'Title',
  quantity_cap: 'Offer at most',
  cost: 'Cost',
  tags: 'Tags',
  attributes: 'Attributes',
  ad_state: 'Ad',
};

/** The SKU a recent change touched, or how many when a rule or bulk change is one row: "240 SKUs". */
export const skuCellText = (change: Pick<DashboardChange, 'sku' | 'skuCount'>) =>
  (change.skuCount ?? 1) > 1 ? `${(change.skuCount ?? 1).toLocaleString('en-US')} SKUs` : change.sku;

/** "14 → 12"; a change over many SKUs has no single before and after: "Various". */
export const beforeAfterText = (change: Pick<DashboardChange, 'before' | 'after' | 'skuCount'> & { field?: string }) =>
  (change.skuCount ?? 1) > 1 && change.before === null && change.after === null
    ? 'Various values'
    : change.field === 'attributes'
      ? `${attributeValuesText(change.before)} → ${attributeValuesText(change.after)}`
      : `${change.before ?? '—'} → ${change.after ?? '—'}`;
