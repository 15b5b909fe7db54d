import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { RequiredAttributeView } from './category-requirements.ts';
import type { Db } from '../client.ts';
import {
  changes,
  channels,
  listings,
  listingWrites,
  products,
  type ChangeCause,
  type ChangeField,
  type ChannelKind,
  type ListingWriteStatus,
} from '../schema/index.ts';
import type { CatalogueRowRecord } from './catalogue-rows.ts';

// One SKU as its detail shows it: its row and product, its changes, and what each change led to on
// each channel.

/** One SKU's row: its product, or the SKU as only targets have it. */
export async function catalogueRowBySku(
  db: Db,
  accountId: string,
  sku: string,
): Promise<(CatalogueRowRecord & { product: ProductDetail | null }) | undefined> {
  const [product] = await db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      brand: products.brand,
      gtin: products.gtin,
      description: products.description,
      price: products.price,
      currency: products.currency,
      cost: products.cost,
      tags: products.tags,
      images: products.images,
      attributes: sql<Record<string, unknown>>`${products.attributes} || ${products.sellerAttributes}`,
      sellerAttributes: products.sellerAttributes,
      onHand: products.onHand,
      committed: products.committed,
    })
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.sku, sku)));
  if (product) {
    const available = Math.max(0, product.onHand - product.committed);
    return {
      productId: product.id,
      sku: product.sku,
      title: product.title,
      imageUrl: product.images[0] ?? null,
      brand: product.brand,
      gtin: product.gtin,
      onHand: product.onHand,
      committed: product.committed,
      available,
      cursor: { key: product.sku, sku: product.sku },
      product: {
        description: product.description,
        price: product.price,
        currency: product.currency,
        cost: product.cost,
        tags: product.tags,
        images: product.images,
        attributes: product.attributes,
        sellerAttributes: product.sellerAttributes,
        // Filled in by the listing's detail (modules/listings/required-attributes.ts).
        requiredAttributes: [],
      },
    };
  }
  const [listing] = await db
    .select({ sku: listings.sku })
    .from(listings)
    .innerJoin(channels, eq(channels.id, listings.channelId))
    .where(
      and(
        eq(listings.accountId, accountId),
        isNull(listings.productId),
        eq(listings.sku, sku),
        ne(channels.status, 'disconnected'),
      ),
    )
    .limit(1);
  if (!listing) return undefined;
  return {
    productId: null,
    sku,
    title: null,
    imageUrl: null,
    brand: null,
    gtin: null,
    onHand: null,
    committed: null,
    available: null,
    cursor: { key: sku, sku },
    product: null,
  };
}

export interface ProductDetail {
  description: string | null;
  price: string | null;
  currency: string | null;
  cost: string | null;
  tags: string[];
  images: string[];
  attributes: Record<string, unknown>;
  sellerAttributes: Record<string, string>;
  requiredAttributes: RequiredAttributeView[];
}

export interface ChangeRecord {
  id: string;
  at: Date;
  cause: ChangeCause;
  field: ChangeField;
  sku: string;
  channelId: string | null;
  channelKind: ChannelKind | null;
  before: string | null;
  after: string | null;
  causeRef: string | null;
}

/** A SKU's changes, newest first. */
export async function skuChanges(db: Db, accountId: string, sku: string, limit: number): Promise<ChangeRecord[]> {
  return db
    .select({
      id: changes.id,
      at: changes.createdAt,
      cause: changes.cause,
      field: changes.field,
      sku: changes.sku,
      channelId: changes.channelId,
      channelKind: channels.kind,
      before: changes.before,
      after: changes.after,
      causeRef: changes.causeRef,
    })
    .from(changes)
    .leftJoin(channels, eq(channels.id, changes.channelId))
    .where(and(eq(changes.accountId, accountId), eq(changes.sku, sku)))
    .orderBy(desc(changes.createdAt), desc(changes.id))
    .limit(limit);
}

export interface ChangeWriteRecord {
  changeId: string;
  channelId: string;
  channelKind: ChannelKind;
  /** What it writes: the quantity, the price or the title. */
  field?: 'quantity' | 'price' | 'title';
  status: ListingWriteStatus;
  attempts: number;
  message: string | null;
}

/** The writes these changes led to: each change's result per channel. */
export async function writesOfChanges(db: Db, accountId: string, changeIds: string[]): Promise<ChangeWriteRecord[]> {
  if (changeIds.length === 0) return [];
  const rows = await db
    .select({
      changeId: listingWrites.changeId,
      channelId: listingWrites.channelId,
      channelKind: channels.kind,
      field: listingWrites.field,
      status: listingWrites.status,
      attempts: listingWrites.attempts,
      message: listingWrites.message,
    })
    .from(listingWrites)
    .innerJoin(channels, eq(channels.id, listingWrites.channelId))
    .where(and(eq(listingWrites.accountId, accountId), inArray(listingWrites.changeId, changeIds)))
    .orderBy(listingWrites.createdAt);
  return rows.flatMap((r) => (r.changeId ? [{ ...r, changeId: r.changeId }] : []));
}
