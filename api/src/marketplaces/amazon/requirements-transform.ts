import type { CategoryRequirements, RequiredAttribute } from '../types.ts';
import type { ProductTypeDefinition, ProductTypeSchema } from './types.ts';

/**
 * Attributes a new listing is always made with from the product's own fields (transform.ts newListingPutRequest):
 * the seller gives none of them as an attribute. The brand is made from the product's brand, which a new Amazon
 * listing needs anyway (publish-requirements.ts names it on its own).
 */
const MADE_FROM_PRODUCT = new Set([
  'item_name',
  'brand',
  'product_description',
  'merchant_suggested_asin',
  'externally_assigned_product_identifier',
  'main_product_image_locator',
  'condition_type',
  'purchasable_offer',
  'fulfillment_availability',
]);
const madeFromProduct = (name: string) => MADE_FROM_PRODUCT.has(name) || /^other_product_image_locator_\d+$/.test(name);

const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/**
 * A product type's definition and schema as what a listing of it must carry: the schema's top-level `required`
 * (conditional requirements, `allOf`/`if`, are not read: the marketplace's own verdict on the listing reports
 * them), each with its title and, where the schema lists them, its values (`enum`, shown by `enumNames`).
 */
export function productTypeRequirements(
  definition: Pick<ProductTypeDefinition, 'productType' | 'displayName'>,
  schema: ProductTypeSchema,
): CategoryRequirements {
  const attributes: RequiredAttribute[] = [];
  for (const name of new Set(schema.required ?? [])) {
    if (madeFromProduct(name)) continue;
    const property = schema.properties?.[name];
    const value = property?.items?.properties?.value;
    const values = Array.isArray(value?.enum) ? value.enum.map(textOf).filter((v): v is string => v !== null) : [];
    attributes.push({
      name,
      label: property?.title?.trim() || name,
      ...(values.length ? { values, valuesOnly: true } : {}),
    });
  }
  return { category: definition.productType, categoryName: definition.displayName || null, attributes };
}
