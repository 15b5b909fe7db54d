/**
 * Get Spec (POST /v3/items/spec): the MP_ITEM feed's JSON Schema for some product types, as Walmart answers it
 * (`{ schema }`: MPItemFeedHeader, then MPItem's Orderable and, under Visible, each product type asked for with
 * its `required` and its attributes, each with a title and, where Walmart takes only some, their values). Not
 * in the items.json held here; its shape is the one Walmart's developer guide and the public clients that call it
 * describe (feedType, version and productTypes in a JSON body; at most 20 product types). The product types are
 * a slice of Walmart's with a slice of their attributes; the item setup (item-feed.ts) refuses a row lacking one.
 */
import type { Request, Response, Router } from 'express';
import { authorise } from './auth.ts';
import { send } from './errors.ts';
import { throttled } from './limits.ts';
import type { WalmartContext } from './state.ts';

interface SpecAttribute {
  title: string;
  values?: readonly string[];
}

const attribute = {
  mainImageUrl: { title: 'Main Image URL' },
  shortDescription: { title: 'Site Description' },
  color: { title: 'Color' },
  clothingSize: { title: 'Clothing Size' },
  gender: { title: 'Gender', values: ['Female', 'Male', 'Unisex'] },
  metal: { title: 'Metal Type', values: ['Gold', 'Silver', 'Platinum', 'Stainless Steel', 'Brass'] },
  material: { title: 'Material' },
} as const satisfies Record<string, SpecAttribute>;
type AttributeName = keyof typeof attribute;

/** The sandbox's product types (MP_ITEM 4.x names) and what each requires under Visible. */
export const walmartProductTypes: Record<string, readonly AttributeName[]> = {
  'Home Decor, Kitchen, & Other': ['mainImageUrl'],
  Clothing: ['mainImageUrl', 'color', 'clothingSize', 'gender'],
  Jewelry: ['mainImageUrl', 'metal'],
  'Furniture & Furnishings': ['mainImageUrl', 'material', 'color'],
};

/** What a row of this product type must carry under Visible (none known: what every type asks). */
export const requiredVisibleOf = (productType: string): readonly string[] =>
  walmartProductTypes[productType] ?? ['mainImageUrl'];

const ORDERABLE_REQUIRED = ['sku', 'productIdentifiers', 'productName', 'brand', 'price'];
const MAX_PRODUCT_TYPES = 20;

const property = (name: AttributeName) => {
  const a: SpecAttribute = attribute[name];
  return { type: 'string', title: a.title, ...(a.values ? { enum: [...a.values] } : {}) };
};

/** The schema of these product types. */
export function itemSpec(productTypes: readonly string[], version: string) {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `MP_ITEM ${version}`,
    type: 'object',
    required: ['MPItemFeedHeader', 'MPItem'],
    properties: {
      MPItemFeedHeader: {
        type: 'object',
        required: ['version', 'processMode', 'subset', 'locale', 'sellingChannel'],
        properties: { version: { type: 'string', enum: [version] } },
      },
      MPItem: {
        type: 'array',
        items: {
          type: 'object',
          required: ['Orderable', 'Visible'],
          properties: {
            Orderable: {
              type: 'object',
              required: ORDERABLE_REQUIRED,
              properties: {
                sku: { type: 'string', title: 'SKU' },
                productIdentifiers: { type: 'object', title: 'Product Identifiers' },
                productName: { type: 'string', title: 'Product Name' },
                brand: { type: 'string', title: 'Brand' },
                price: { type: 'number', title: 'Selling Price' },
              },
            },
            Visible: {
              type: 'object',
              properties: Object.fromEntries(
                productTypes.map((type) => {
                  const required = walmartProductTypes[type]!;
                  const names = [...new Set<AttributeName>([...required, 'shortDescription'])];
                  return [
                    type,
                    {
                      type: 'object',
                      required: [...required],
                      properties: Object.fromEntries(names.map((name) => [name, property(name)])),
                    },
                  ];
                }),
              ),
            },
          },
        },
      },
    },
  };
}

export function itemSpecRoutes(router: Router, context: WalmartContext) {
  router.post('/v3/items/spec', (req, res) => getSpec(context, req, res));
}

function getSpec(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'items.spec')) return;
  const body = (req.body ?? {}) as { feedType?: unknown; version?: unknown; productTypes?: unknown };
  const invalid = (description: string, field: string) =>
    send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_ITEM_API', description, { field, category: 'DATA' });
  if (body.feedType !== 'MP_ITEM') return invalid("feedType must be 'MP_ITEM'", 'feedType');
  if (typeof body.version !== 'string' || body.version.trim() === '') return invalid('version is required', 'version');
  const types = body.productTypes;
  if (
    !Array.isArray(types) ||
    types.length === 0 ||
    types.length > MAX_PRODUCT_TYPES ||
    !types.every((t) => typeof t === 'string')
  )
    return invalid(`productTypes must list 1 to ${MAX_PRODUCT_TYPES} product types`, 'productTypes');
  const unknown = (types as string[]).filter((t) => !walmartProductTypes[t]);
  if (unknown.length > 0)
    return send(res, 404, 'CONTENT_NOT_FOUND.GMP_ITEM_API', 'No Items found for the input parameters', {
      field: 'productTypes',
      info: `Unknown product type(s): ${unknown.join(', ')}`,
      category: 'DATA',
    });
  res.status(200).json({ schema: itemSpec(types as string[], body.version) });
}
