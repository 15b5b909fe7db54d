import type { CatalogueQuery, CatalogueSort, ListingFilter, ListingStatus, MarketplaceKind } from '../../../api';

/** Rows per page of the grid (the server's default too). */
export const PAGE_SIZE = 50;
/** Typing in the search box reaches the address (and the server) after this pause. */
export const SEARCH_DEBOUNCE_MS = 250;

export const listingStatuses = [
  'active',
  'pending',
  'error',
  'suppressed',
  'inactive',
  'not listed',
] as const satisfies readonly ListingStatus[];
export const sortColumns = ['sku', 'title', 'available', 'updated'] as const satisfies readonly CatalogueSort[];

export const listingStatusLabels: Record<ListingStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  error: 'Error',
  suppressed: 'Suppressed',
  inactive: 'Inactive',
  'not listed': 'Not listed',
};

export const listingStatusTones = {
  active: 'positive',
  pending: 'info',
  error: 'critical',
  suppressed: 'caution',
  inactive: 'neutral',
  'not listed': 'neutral',
} as const satisfies Record<ListingStatus, string>;

/** What a chip adds when the seller took its listing off sale (Shopify, whose status is a product's: the variant is offered 0 units). */
export const offSaleChipText = (kind: MarketplaceKind) =>
  kind === 'shopify' ? 'taken off sale, 0 units offered' : 'taken off sale';

/** Why a listing the seller took off sale stays so, and how it comes back. */
export const offSaleExplanation = (kind: MarketplaceKind) =>
  kind === 'shopify'
    ? 'You took this listing off sale. Shopify has no status per variant: this SKU is offered 0 units while the other variants of its product stay on sale, and the product is set to draft once every variant you list there is off sale. Set it active to offer its stock again.'
    : 'You took this listing off sale. No price or stock is sent to it until you set it active again; it then gets the current ones.';

/** Said where a status is chosen for Shopify: its status is a product's. */
export const SHOPIFY_OFF_SALE_NOTE =
  'Shopify has no status per variant: a SKU taken off sale there is offered 0 units, and its product is set to draft once every variant you list there is off sale.';

// Shared with the Orders page, which shows the stock changes of an order.
export { changeCauseLabels, changeFieldLabels } from '../../../shared/listings/changeTexts';

/** What the grid shows: the filter, the sort and the page, as kept in the address. */
export interface CatalogueView extends CatalogueQuery {
  sort: CatalogueSort;
  order: 'asc' | 'desc';
  page: number;
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the view from the address; anything unknown or malformed falls back to the default. */
export function readView(search: string): CatalogueView {
  const params = new URLSearchParams(search);
  const q = params.get('q')?.slice(0, 200) ?? '';
  const tag = params.get('tag')?.trim().slice(0, 255) ?? '';
  const channelId = params.get('channelId') ?? '';
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  return {
    ...(q ? { q } : {}),
    ...(UUID.test(channelId) ? { channelId } : {}),
    ...(isOneOf(listingStatuses, status) ? { status } : {}),
    ...(params.get('outOfStock') === 'true' ? { outOfStock: true } : {}),
    ...(params.get('withErrors') === 'true' ? { withErrors: true } : {}),
    ...(tag ? { tag } : {}),
    sort: isOneOf(sortColumns, sort) ? sort : 'sku',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Writes the view into the address's parameters, leaving the others (tab, sku) as they are; defaults are left out. */
export function writeView(search: string, view: CatalogueView): string {
  const params = new URLSearchParams(search);
  const values: Record<string, string | undefined> = {
    q: view.q || undefined,
    channelId: view.channelId,
    status: view.status,
    outOfStock: view.outOfStock ? 'true' : undefined,
    withErrors: view.withErrors ? 'true' : undefined,
    tag: view.tag || undefined,
    sort: view.sort === 'sku' ? undefined : view.sort,
    order: view.order === 'asc' ? undefined : view.order,
    page: view.page === 1 ? undefined : String(view.page),
  };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  }
  return params.toString();
}

/** The filter part of a view: what "select all matching" applies to. */
export function filterOf(view: CatalogueQuery): ListingFilter {
  const { q, channelId, status, outOfStock, withErrors, tag } = view;
  return {
    ...(q ? { q } : {}),
    ...(channelId ? { channelId } : {}),
    ...(status ? { status } : {}),
    ...(outOfStock ? { outOfStock } : {}),
    ...(withErrors ? { withErrors } : {}),
    ...(tag ? { tag } : {}),
  };
}

export const isFiltered = (view: CatalogueQuery) => Object.keys(filterOf(view)).length > 0;

/** A count as the product writes it: "100,000". */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** "Showing 51–100 of 100,000". */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${formatCount(total)}`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}`;
}

/** "$19.99", "€17.50": a price (a decimal string) in its currency; without a known currency, the amount and "no currency". */
export function priceText(amount: string | number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined) return '—';
  if (!currency) return `${amount} (currency unknown)`;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
  } catch {
    // A code Intl does not know: the amount and the code as they came.
    return `${amount} ${currency}`;
  }
}

/**
 * The catalogue header's words when the plan's SKU limit left SKUs out: "Showing 1,000 of 1,500 SKUs:
 * your plan syncs up to 1,000" (the total shown only when no filter narrows the page).
 */
export function skuLimitTitle(limit: number, beyond: number, shownTotal: number | null): string {
  return shownTotal === null
    ? `${formatCount(beyond)} SKUs are beyond your plan's limit of ${formatCount(limit)}`
    : `Showing ${formatCount(shownTotal)} of ${formatCount(shownTotal + beyond)} SKUs: your plan syncs up to ${formatCount(limit)}`;
}

/** A value as the grid shows it; an unknown one as a dash. */
export const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '—' : String(value);

export function formatWhen(iso: string | null): string {
  if (!iso) return 'Not yet';
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
