import type { ChannelKind } from '../../db/schema/index.ts';

/** What a product must have before a marketplace takes a new listing of it. */
export interface ListingRequirements {
  /** The longest title the marketplace takes. */
  titleMax: number;
  gtin: boolean;
  brand: boolean;
  image: boolean;
}

/**
 * Per marketplace (FACTS.md and the marketplaces' listing rules): Amazon and Walmart match a new
 * offer to a catalogue item by its GTIN (UPC, EAN or GTIN-14) and brand and need a main image;
 * eBay needs a picture and a title of at most 80 characters; Shopify only a title. Every one needs a price.
 */
export const listingRequirements: Record<ChannelKind, ListingRequirements> = {
  amazon: { titleMax: 200, gtin: true, brand: true, image: true },
  walmart: { titleMax: 199, gtin: true, brand: true, image: true },
  ebay: { titleMax: 80, gtin: false, brand: false, image: true },
  shopify: { titleMax: 255, gtin: false, brand: false, image: false },
};

const MARKETPLACE_NAMES: Record<ChannelKind, string> = { amazon: 'Amazon', walmart: 'Walmart', ebay: 'eBay', shopify: 'Shopify' };

/** A GTIN-8, UPC-A (12), EAN-13 or GTIN-14 whose check digit holds. */
export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** What the product lacks for a listing on this marketplace, in words (empty when it is ready). */
export function missingForListing(kind: ChannelKind, product: { title: string; brand: string | null; gtin: string | null; images: string[]; price: string | null }): string[] {
  const needs = listingRequirements[kind];
  const name = MARKETPLACE_NAMES[kind];
  const missing: string[] = [];
  if (!product.title.trim()) missing.push('A title');
  else if (product.title.length > needs.titleMax) missing.push(`A title of at most ${needs.titleMax} characters (this one has ${product.title.length})`);
  if (needs.gtin) {
    if (!product.gtin?.trim()) missing.push(`A GTIN (UPC or EAN): ${name} matches new listings by it`);
    else if (!isValidGtin(product.gtin.trim())) missing.push(`A valid GTIN (UPC or EAN): ${product.gtin} is not one`);
  }
  if (needs.brand && !product.brand?.trim()) missing.push('A brand');
  if (needs.image && product.images.length === 0) missing.push('At least one image');
  if (product.price === null || Number(product.price) <= 0) missing.push('A price');
  return missing;
}
