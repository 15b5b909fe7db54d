import { marketplaceNames } from '../../marketplaces/names.ts';
import type { ChannelKind, ChannelPublishSettings } from '../../db/schema/index.ts';
import type { ListingChoices } from '../../marketplaces/types.ts';
import { marketplaceLimits } from '../compliance/marketplace-limits.ts';
import { isValidGtin } from '../compliance/checks.ts';
import { walmartCategoryOf } from '../../marketplaces/walmart/item-feed-transform.ts';

/** What a product must have before a marketplace takes a new listing of it. */
export interface ListingRequirements {
  /** The longest title the marketplace takes. */
  titleMax: number;
  gtin: boolean;
  brand: boolean;
  image: boolean;
}

/** Marketplaces that match a new offer to a catalogue item by its brand as well as its GTIN. */
const brandNeeded: Record<ChannelKind, boolean> = { amazon: true, walmart: true, ebay: false, shopify: false };

/**
 * Per marketplace, from the figures the compliance checks hold a listing to (compliance/marketplace-limits.ts,
 * sourced there): the title's length; a GTIN (UPC, EAN or GTIN-14) where a listing without one is refused
 * (Amazon and Walmart match a new offer to a catalogue item by it, and by its brand); a main image where one
 * is required (not on Shopify). Every one needs a price.
 */
export const listingRequirements: Record<ChannelKind, ListingRequirements> = Object.fromEntries(
  (Object.keys(marketplaceLimits) as ChannelKind[]).map((kind) => {
    const limits = marketplaceLimits[kind];
    return [
      kind,
      {
        titleMax: limits.titleMaxLength,
        gtin: limits.gtinMissing === 'error',
        brand: brandNeeded[kind],
        image: limits.minImages > 0,
      },
    ];
  }),
) as Record<ChannelKind, ListingRequirements>;

/** A GTIN-8, UPC-A (12), EAN-13 or GTIN-14 whose check digit holds (the compliance check's own test). */
export { isValidGtin };

/** Product attributes that make the seller's choice for that product, over the channel's publish settings. */
export const choiceAttributes = {
  productType: ['productType', 'product_type', 'amazon_product_type'],
  categoryId: ['ebayCategoryId', 'categoryId'],
  merchantLocationKey: ['ebayMerchantLocationKey'],
} as const;

/** An Amazon product type name (Product Type Definitions API names are upper case, e.g. HOME, LUGGAGE). */
export const isProductTypeName = (value: string) => /^[A-Z0-9_]{1,100}$/.test(value);
/** An eBay category id: a number (the leaf category's, e.g. 20625). */
export const isCategoryId = (value: string) => /^\d{1,10}$/.test(value);
/** An eBay merchantLocationKey: at most 36 characters (sell_inventory_v1). */
export const isMerchantLocationKey = (value: string) => value.length > 0 && value.length <= 36 && !/\s/.test(value);

function attributeText(attributes: Record<string, unknown>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = attributes[name];
    if ((typeof value === 'string' && value.trim()) || typeof value === 'number') return String(value).trim();
  }
  return undefined;
}

/**
 * The choices a new listing on this marketplace is sent with: the product's own attribute where it
 * has one, else what the seller chose for the channel. Only the marketplace's own choices; nothing
 * is assumed where neither says (the check names what is missing).
 */
export function listingChoices(
  kind: ChannelKind,
  settings: ChannelPublishSettings,
  attributes: Record<string, unknown>,
): ListingChoices {
  if (kind === 'amazon') {
    const productType =
      attributeText(attributes, choiceAttributes.productType)?.toUpperCase() ?? settings.productType?.id;
    return productType ? { productType } : {};
  }
  if (kind === 'ebay') {
    const categoryId = attributeText(attributes, choiceAttributes.categoryId) ?? settings.categoryId;
    const merchantLocationKey =
      attributeText(attributes, choiceAttributes.merchantLocationKey) ?? settings.merchantLocation?.id;
    return {
      ...(categoryId ? { categoryId } : {}),
      ...(merchantLocationKey ? { merchantLocationKey } : {}),
      ...(settings.fulfillmentPolicy ? { fulfillmentPolicyId: settings.fulfillmentPolicy.id } : {}),
      ...(settings.paymentPolicy ? { paymentPolicyId: settings.paymentPolicy.id } : {}),
      ...(settings.returnPolicy ? { returnPolicyId: settings.returnPolicy.id } : {}),
    };
  }
  return {};
}

/** The marketplace category a new listing is created in, by these choices: Amazon's product type, eBay's leaf category. */
export function categoryOfChoices(kind: ChannelKind, choices: ListingChoices): string | null {
  if (kind === 'amazon')
    return choices.productType && isProductTypeName(choices.productType) ? choices.productType : null;
  if (kind === 'ebay') return choices.categoryId && isCategoryId(choices.categoryId) ? choices.categoryId : null;
  return null;
}

/**
 * The marketplace category a new listing of the product is created in on a channel: Amazon's product type and
 * eBay's leaf category as chosen (the product's own, else the channel's), Walmart's MP_ITEM product type (the
 * product's `walmartCategory`, else the item feed's default); null on Shopify, which has none that asks anything.
 */
export function newListingCategory(
  kind: ChannelKind,
  settings: ChannelPublishSettings,
  attributes: Record<string, unknown>,
): string | null {
  if (kind === 'walmart') return walmartCategoryOf(attributes);
  return categoryOfChoices(kind, listingChoices(kind, settings, attributes));
}

/** Where the seller makes the channel's choices (the publish dialog's settings). */
const IN_SETTINGS = 'choose it in the publish settings';

/** The seller's choices a listing on this marketplace lacks, in words naming each setting (empty when none is missing). */
export function missingChoices(kind: ChannelKind, choices: ListingChoices): string[] {
  const missing: string[] = [];
  if (kind === 'amazon') {
    if (!choices.productType) missing.push(`An Amazon product type: ${IN_SETTINGS}`);
    else if (!isProductTypeName(choices.productType))
      missing.push(`A valid Amazon product type: ${choices.productType} is not one`);
  }
  if (kind === 'ebay') {
    if (!choices.categoryId) missing.push(`An eBay category (a leaf category number): ${IN_SETTINGS}`);
    else if (!isCategoryId(choices.categoryId))
      missing.push(`A valid eBay category: ${choices.categoryId} is not a category number`);
    if (!choices.merchantLocationKey) missing.push(`An eBay inventory location to ship from: ${IN_SETTINGS}`);
    else if (!isMerchantLocationKey(choices.merchantLocationKey))
      missing.push(`A valid eBay inventory location: ${choices.merchantLocationKey} is not a location key`);
    if (!choices.fulfillmentPolicyId) missing.push(`An eBay shipping policy: ${IN_SETTINGS}`);
    if (!choices.paymentPolicyId) missing.push(`An eBay payment policy: ${IN_SETTINGS}`);
    if (!choices.returnPolicyId) missing.push(`An eBay return policy: ${IN_SETTINGS}`);
  }
  return missing;
}

/** What the product lacks for a listing on this marketplace, in words (empty when it is ready); with the channel's settings, the choices too. */
export function missingForListing(
  kind: ChannelKind,
  product: {
    title: string;
    brand: string | null;
    gtin: string | null;
    images: string[];
    price: string | null;
    attributes?: Record<string, unknown>;
  },
  settings?: ChannelPublishSettings,
): string[] {
  const needs = listingRequirements[kind];
  const name = marketplaceNames[kind];
  const missing: string[] = [];
  if (!product.title.trim()) missing.push('A title');
  else if (product.title.length > needs.titleMax)
    missing.push(`A title of at most ${needs.titleMax} characters (this one has ${product.title.length})`);
  if (needs.gtin) {
    if (!product.gtin?.trim()) missing.push(`A GTIN (UPC or EAN): ${name} matches new listings by it`);
    else if (!isValidGtin(product.gtin.trim())) missing.push(`A valid GTIN (UPC or EAN): ${product.gtin} is not one`);
  }
  if (needs.brand && !product.brand?.trim()) missing.push('A brand');
  if (needs.image && product.images.length === 0) missing.push('At least one image');
  if (product.price === null || Number(product.price) <= 0) missing.push('A price');
  if (settings) missing.push(...missingChoices(kind, listingChoices(kind, settings, product.attributes ?? {})));
  return missing;
}

/**
 * Whether a compliance check (compliance/checks.ts) finds what `missingForListing` names already on this
 * marketplace (a title, its length, a GTIN, an image): a publish lists each lack once.
 */
export function namedByRequirements(kind: ChannelKind, code: string): boolean {
  const needs = listingRequirements[kind];
  if (code === 'title_missing' || code === 'title_too_long') return true;
  if (code === 'gtin_missing' || code === 'gtin_invalid') return needs.gtin;
  if (code === 'images_missing') return needs.image;
  return false;
}
