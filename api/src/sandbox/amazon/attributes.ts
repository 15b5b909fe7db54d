/**
 * A listing's attributes as the Listings Items API takes them: the values the sandbox checks (quantity,
 * price, currency), JSON-patch operations, what a new listing must carry, and the attributes of a
 * generated product. Amazon's real rules come from the product type definitions.
 */
import { REFUSED_SKU_CODE, refusedSkuMessage } from '../shared/sandbox-kit.ts';
import type { GeneratedProduct } from '../shared/catalogue-generator.ts';
import { requiredAttributesOf } from './product-type-schemas.ts';
import { isKnownProductType } from './product-types.ts';
import { AMAZON_SANDBOX_MARKETPLACE_ID, isObject, type Attributes, type Issue, type PatchOp } from './state.ts';

/**
 * Validation of the attribute values the sandbox understands; Amazon's real rules come from product type
 * definitions.
 */
export function attributeIssues(attributes: Attributes): Issue[] {
  const issues: Issue[] = [];
  for (const entry of attributes.fulfillment_availability ?? []) {
    if (!isObject(entry)) continue;
    if (entry.quantity !== undefined && (!Number.isInteger(entry.quantity) || (entry.quantity as number) < 0)) {
      issues.push({
        code: '4000001',
        message: `The provided value '${String(entry.quantity)}' for 'fulfillment_availability.quantity' is invalid. Enter a whole number of 0 or more.`,
        severity: 'ERROR',
        attributeNames: ['fulfillment_availability'],
        categories: ['INVALID_ATTRIBUTE'],
      });
    }
  }
  for (const offer of attributes.purchasable_offer ?? []) {
    if (!isObject(offer)) continue;
    const schedule = (offer.our_price as Array<{ schedule?: Array<{ value_with_tax?: unknown }> }> | undefined)?.[0]
      ?.schedule?.[0];
    const value = schedule?.value_with_tax;
    if (!schedule || typeof value !== 'number' || !(value > 0)) {
      issues.push({
        code: '4000001',
        message: `The provided value '${String(value)}' for 'purchasable_offer.our_price' is invalid. The price must be greater than 0.`,
        severity: 'ERROR',
        attributeNames: ['purchasable_offer'],
        categories: ['INVALID_PRICE'],
      });
    }
    if (typeof offer.currency !== 'string' || !/^[A-Z]{3}$/.test(offer.currency)) {
      issues.push({
        code: '90220',
        message: "'purchasable_offer.currency' is required but not supplied.",
        severity: 'ERROR',
        attributeNames: ['purchasable_offer'],
        categories: ['MISSING_ATTRIBUTE'],
      });
    }
  }
  return issues;
}

/** Applies top-level JSON-patch operations to a copy of the attributes. */
export function applyPatches(attributes: Attributes, patches: PatchOp[]): { attributes: Attributes; issues: Issue[] } {
  const next: Attributes = structuredClone(attributes);
  const issues: Issue[] = [];
  for (const patch of patches) {
    const match = /^\/attributes\/([A-Za-z0-9_]+)$/.exec(patch.path);
    if (!match) {
      issues.push({
        code: '4000001',
        message: `The path '${patch.path}' is invalid. Only top-level attributes (/attributes/{name}) can be patched.`,
        severity: 'ERROR',
        categories: ['INVALID_ATTRIBUTE'],
      });
      continue;
    }
    const name = match[1]!;
    if (patch.op === 'delete') {
      delete next[name];
      continue;
    }
    if (!Array.isArray(patch.value)) {
      issues.push({
        code: '90220',
        message: `'${name}' is required but not supplied.`,
        severity: 'ERROR',
        attributeNames: [name],
        categories: ['MISSING_ATTRIBUTE'],
      });
      continue;
    }
    next[name] = structuredClone(patch.value);
  }
  return { attributes: next, issues: [...issues, ...attributeIssues(next)] };
}

/** The attributes of a generated product, as the seller listed it in Seller Central. */
export function attributesFor(product: GeneratedProduct): Attributes {
  const m = AMAZON_SANDBOX_MARKETPLACE_ID;
  return {
    item_name: [{ value: product.title, language_tag: 'en_US', marketplace_id: m }],
    brand: [{ value: product.brand, language_tag: 'en_US', marketplace_id: m }],
    product_description: [{ value: product.description, language_tag: 'en_US', marketplace_id: m }],
    externally_assigned_product_identifier: [{ type: 'ean', value: product.gtin, marketplace_id: m }],
    ...(product.imageUrls[0]
      ? { main_product_image_locator: [{ media_location: product.imageUrls[0], marketplace_id: m }] }
      : {}),
    ...Object.fromEntries(
      product.imageUrls
        .slice(1, 9)
        .map((url, i) => [`other_product_image_locator_${i + 1}`, [{ media_location: url, marketplace_id: m }]]),
    ),
    ...Object.fromEntries(
      Object.entries(product.attributes).map(([name, value]) => [
        name,
        [{ value, language_tag: 'en_US', marketplace_id: m }],
      ]),
    ),
    condition_type: [{ value: 'new_new', marketplace_id: m }],
    fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: product.quantity }],
    purchasable_offer: [
      {
        marketplace_id: m,
        currency: product.currency,
        our_price: [{ schedule: [{ value_with_tax: Number(product.price) }] }],
      },
    ],
  };
}

/**
 * What a new listing lacks, as Amazon reports a missing required attribute (code 90220). The
 * product type definitions hold the real lists; the sandbox asks what every type asks: a title
 * (LISTING, LISTING_PRODUCT_ONLY), a brand and a way to match the catalogue (a suggested ASIN or
 * an external identifier such as the GTIN) for a product; an offer only needs the match.
 */
export function newListingIssues(attributes: Attributes, requirements: unknown, productType?: unknown): Issue[] {
  const missing = (name: string): Issue => ({
    code: '90220',
    message: `'${name}' is required but not supplied.`,
    severity: 'ERROR',
    attributeNames: [name],
    categories: ['MISSING_ATTRIBUTE'],
  });
  const has = (name: string) => Array.isArray(attributes[name]) && attributes[name]!.length > 0;
  const issues: Issue[] = [];
  if (requirements !== 'LISTING_OFFER_ONLY') {
    if (!has('item_name')) issues.push(missing('item_name'));
    if (requirements !== undefined && !has('brand')) issues.push(missing('brand'));
  }
  if (requirements !== undefined && !has('merchant_suggested_asin') && !has('externally_assigned_product_identifier'))
    issues.push(missing('externally_assigned_product_identifier'));
  // What the product type's definition asks beside (product-type-schemas.ts), for product facts only.
  if (typeof productType === 'string' && (requirements === 'LISTING' || requirements === 'LISTING_PRODUCT_ONLY'))
    for (const name of requiredAttributesOf(productType, requirements))
      if (name !== 'item_name' && name !== 'brand' && !has(name)) issues.push(missing(name));
  return issues;
}

/** A new listing's product type must be one Amazon has a definition of; PRODUCT is for offer-only data. */
export function productTypeIssues(productType: string, requirements: unknown): Issue[] {
  const invalid = (message: string): Issue => ({
    code: '90000900',
    message,
    severity: 'ERROR',
    attributeNames: [],
    categories: ['INVALID_ATTRIBUTE'],
  });
  if (!isKnownProductType(productType))
    return [
      invalid(
        `The product type '${productType}' is not valid for marketplace ${AMAZON_SANDBOX_MARKETPLACE_ID}. Search the product types with searchDefinitionsProductTypes.`,
      ),
    ];
  if (productType === 'PRODUCT' && requirements !== 'LISTING_OFFER_ONLY')
    return [
      invalid(
        "The product type 'PRODUCT' takes offer-only data (requirements LISTING_OFFER_ONLY): a new listing with product facts needs its own product type.",
      ),
    ];
  return [];
}

/** The issue of a write refused by the rejectSkus fault, as patchListingsItem reports an INVALID submission. */
export function refusedIssue(sku: string, attributeNames: string[]): Issue {
  return {
    code: REFUSED_SKU_CODE,
    message: refusedSkuMessage(sku),
    severity: 'ERROR',
    ...(attributeNames.length ? { attributeNames } : {}),
    categories: [],
  };
}
