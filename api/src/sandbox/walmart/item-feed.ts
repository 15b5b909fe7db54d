/**
 * MP_ITEM feeds (item setup): each MPItem row checked as Walmart's item setup does when the feed is
 * received, and the item set up from a valid row when the feed is processed.
 */
import { requiredVisibleOf } from './item-spec.ts';
import { alnum, decimal, isMoneyAmount, type WalmartSandboxFeedItem, type WalmartSandboxSeller } from './state.ts';

/** A GTIN-8/12/13/14 (padded to 14 as Walmart keeps it) whose check digit holds. */
function validGtin(value: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * One MPItem row checked as Walmart's item setup does: each missing required attribute is a
 * DATA_ERROR of the item in the feed status, in Walmart's words; a valid row sets the item up when
 * the feed is processed.
 */
export function itemSetupEntry(row: unknown, index: number): WalmartSandboxFeedItem {
  const r = (row && typeof row === 'object' ? row : {}) as {
    Orderable?: Record<string, unknown>;
    Visible?: Record<string, Record<string, unknown>>;
  };
  const orderable = r.Orderable ?? {};
  const sku = typeof orderable.sku === 'string' ? orderable.sku : '';
  const entry: WalmartSandboxFeedItem = { index, sku, status: 'INPROGRESS' };
  const identifiers = orderable.productIdentifiers as { productIdType?: unknown; productId?: unknown } | undefined;
  const productId = typeof identifiers?.productId === 'string' ? identifiers.productId.trim() : '';
  const [category, visible] = Object.entries(r.Visible ?? {})[0] ?? ['', {}];
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const missing: string[] = [];
  if (!sku) missing.push('sku');
  if (!productId) missing.push('productIdentifiers');
  if (!text(orderable.productName)) missing.push('productName');
  if (!text(orderable.brand)) missing.push('brand');
  if (!isMoneyAmount(orderable.price)) missing.push('price');
  if (!category || !text(visible?.mainImageUrl)) missing.push('mainImageUrl');
  // What the product type's spec requires beside (item-spec.ts), any value but an empty text.
  if (category)
    for (const name of requiredVisibleOf(category))
      if (name !== 'mainImageUrl' && !text(visible?.[name]) && typeof visible?.[name] !== 'number') missing.push(name);
  if (missing.length > 0) {
    return {
      ...entry,
      status: 'DATA_ERROR',
      error: {
        code: 'ERR_EXT_DATA_0801001',
        description: `Missing required attribute(s): ${missing.join(', ')}. Provide a value for each and submit the item again.`,
      },
    };
  }
  if (!validGtin(productId))
    return {
      ...entry,
      status: 'DATA_ERROR',
      error: {
        code: 'ERR_EXT_DATA_0801002',
        description: `Invalid productId '${productId}': a GTIN must have 8, 12, 13 or 14 digits and a valid check digit.`,
      },
    };
  return {
    ...entry,
    setup: {
      gtin: productId.padStart(14, '0'),
      productName: text(orderable.productName),
      brand: text(orderable.brand),
      price: orderable.price as number,
      productType: category,
      description: text(visible?.shortDescription),
      mainImageUrl: text(visible?.mainImageUrl),
    },
  };
}

/**
 * Sets an item up from its feed row (processMode REPLACE): a new item starts with no stock; a retired one
 * is active again.
 */
export function setUpItem(
  seller: WalmartSandboxSeller,
  sku: string,
  setup: NonNullable<WalmartSandboxFeedItem['setup']>,
) {
  const existing = seller.items[sku];
  const gtin = setup.gtin;
  seller.items[sku] = {
    sku,
    wpid: existing?.wpid ?? alnum(12),
    gtin,
    upc: gtin.startsWith('00') ? gtin.slice(2) : '',
    productName: setup.productName,
    brand: setup.brand,
    productType: setup.productType,
    price: decimal(setup.price),
    currency: existing?.currency ?? 'USD',
    quantity: existing?.quantity ?? 0,
    publishedStatus: 'PUBLISHED',
    lifecycleStatus: 'ACTIVE',
    attributes: existing?.attributes ?? {},
  };
  if (!seller.skus.includes(sku)) seller.skus.push(sku);
}
