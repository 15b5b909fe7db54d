import type { CategoryRequirements, RequiredAttribute } from '../types.ts';

/** Get Spec's answer (POST /v3/items/spec): the MP_ITEM feed's JSON Schema, the parts read here. */
export interface WalmartItemSpec {
  schema?: {
    properties?: {
      MPItem?: {
        items?: {
          properties?: {
            Orderable?: SpecObject;
            Visible?: { properties?: Record<string, SpecObject> };
          };
        };
      };
    };
  };
}
interface SpecObject {
  required?: string[];
  properties?: Record<string, { title?: string; enum?: unknown[]; items?: { enum?: unknown[] } }>;
}

/** Orderable and Visible attributes the item feed always makes from the product's own fields (item-feed-transform.ts). */
const MADE_FROM_PRODUCT = new Set([
  'sku',
  'brand',
  'productIdentifiers',
  'productName',
  'price',
  'shortDescription',
  'mainImageUrl',
  'productSecondaryImageURL',
]);

/**
 * The item spec of a product type as what a new item of it must carry: Orderable's and the type's Visible
 * `required`, less what the item feed makes from the product (its name, identifiers, price, description and
 * images; the brand, which a new Walmart item needs anyway: publish-requirements.ts names it on its own), each
 * with its title and values.
 */
export function walmartSpecRequirements(productType: string, spec: WalmartItemSpec): CategoryRequirements {
  const item = spec.schema?.properties?.MPItem?.items?.properties;
  const visible = item?.Visible?.properties?.[productType];
  const attributes: RequiredAttribute[] = [];
  for (const [part, names] of [
    [item?.Orderable, item?.Orderable?.required ?? []],
    [visible, visible?.required ?? []],
  ] as const) {
    for (const name of names) {
      if (MADE_FROM_PRODUCT.has(name) || attributes.some((a) => a.name === name)) continue;
      const property = part?.properties?.[name];
      const values = (property?.enum ?? property?.items?.enum ?? []).filter((v): v is string => typeof v === 'string');
      attributes.push({
        name,
        label: property?.title?.trim() || name,
        ...(values.length ? { values, valuesOnly: true } : {}),
      });
    }
  }
  // The product type's name is its id: no other name to show.
  return { category: productType, categoryName: null, attributes };
}
