import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { formatPrice } from './values.ts';
import { tagsText } from './tags.ts';

// The cells are written as every export writes them (csv/csv-write.ts).
export { csvCell, csvCellValue, csvLine } from '../csv/csv-write.ts';

/**
 * The catalogue's CSV format, declared once for the export and the import. Each column the import
 * reads names the product field it sets; `quantity` is the older name of `on_hand`.
 */
export const IMPORTED_COLUMNS = {
  sku: 'sku',
  title: 'title',
  price: 'price',
  on_hand: 'quantity',
  quantity: 'quantity',
  cost: 'cost',
  tags: 'tags',
} as const;
export type ImportedField = (typeof IMPORTED_COLUMNS)[keyof typeof IMPORTED_COLUMNS];
/** Columns the export writes for information only: the import passes over them. */
export const READ_ONLY_COLUMNS = ['brand', 'gtin', 'committed', 'available'] as const;
/** The price column of a marketplace: imported as that channel's own price (see csv-import.ts). */
export const channelPriceColumn = (kind: string) => `${kind}_price`;
/**
 * The columns per connected marketplace: the listing's status, price and quantity as last read. The
 * price is imported (a channel's own price); the status and quantity are read-only.
 */
export const channelColumns = (kind: string) => [`${kind}_status`, channelPriceColumn(kind), `${kind}_quantity`];
/** A bundle's components (`SKU-A:2|SKU-B:1`; empty for a SKU that is no bundle, and in an import: left as they are). */
export const COMPONENTS_COLUMN = 'components';
/** The export's header, in order. */
export const catalogueCsvHeader = (kinds: readonly string[]) => [
  'sku',
  'title',
  'price',
  'brand',
  'gtin',
  'on_hand',
  'committed',
  'available',
  'cost',
  'tags',
  COMPONENTS_COLUMN,
  ...kinds.flatMap(channelColumns),
];

/** How the import takes a header name: a product field, a marketplace's price, a read-only column of the export, or unknown. */
export function importColumn<Kind extends string>(
  name: string,
  kinds: readonly Kind[],
): { field: ImportedField } | { channelPrice: Kind } | { readOnly: true } | { unknown: true } {
  if (Object.hasOwn(IMPORTED_COLUMNS, name)) return { field: IMPORTED_COLUMNS[name as keyof typeof IMPORTED_COLUMNS] };
  const priced = kinds.find((k) => channelPriceColumn(k) === name);
  if (priced !== undefined) return { channelPrice: priced };
  if ((READ_ONLY_COLUMNS as readonly string[]).includes(name) || kinds.some((k) => channelColumns(k).includes(name)))
    return { readOnly: true };
  return { unknown: true };
}

/**
 * The listing whose price the export writes under a marketplace's columns: the first of that
 * marketplace among a row's listings, in the order the catalogue reads them (the main channel
 * first, then by when each channel was connected). The import compares with the same one.
 */
export const exportedListingOf = <L extends { channelKind: string }>(rowListings: readonly L[], kind: string) =>
  rowListings.find((l) => l.channelKind === kind);

/** The main price of each product (by id) as the export writes it: two decimals, empty when it has none. */
export async function exportedProductValues(
  db: Db,
  accountId: string,
  productIds: string[],
): Promise<Map<string, { price: string | null; cost: string | null; tags: string }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, price: products.price, cost: products.cost, tags: products.tags })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, productIds)));
  const money = (value: string | null) => (value === null ? null : formatPrice(Number(value)));
  return new Map(rows.map((r) => [r.id, { price: money(r.price), cost: money(r.cost), tags: tagsText(r.tags) }]));
}
