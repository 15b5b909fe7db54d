/**
 * The Product Type Definitions API's getDefinitionsProductType (definitionsProductTypes_2020-09-01), as the
 * sandbox serves it: a ProductTypeDefinition whose `schema` is a link to a JSON Schema document (Amazon's
 * link is a pre-signed S3 address; the sandbox serves the document under `/_s3/`, read without a token as
 * S3 serves a pre-signed one), whose top-level `required` lists the attributes a listing must carry and whose
 * `properties` describe each (title, description, allowed values). The attribute names and their shape
 * (an array of `{ value, language_tag?, marketplace_id }`) are Amazon's; each type's list is a slice of
 * the real one: what every product type asks (item_name, brand) and, for some types, what they ask beside.
 * Types a generated catalogue uses (HOME) ask nothing beside, as the sandbox's own listings carry no more.
 */
import type { Request, Response, Router } from 'express';
import { authenticate } from './auth.ts';
import { errorList, invalidInput, send } from './errors.ts';
import { rateOf, throttled } from './limits.ts';
import { isKnownProductType, sandboxProductTypes, SANDBOX_PRODUCT_TYPE_VERSION } from './product-types.ts';
import { AMAZON_SANDBOX_MARKETPLACE_ID, listParam, type AmazonContext } from './state.ts';

interface AttributeDefinition {
  title: string;
  description: string;
  /** The values Amazon takes (an enum in the schema); absent: free text. */
  values?: readonly string[];
}

const attributeDefinitions = {
  item_name: { title: 'Item Name', description: 'Provide a title for the item that may be customer facing' },
  brand: { title: 'Brand Name', description: 'Max. 50 characters' },
  color: { title: 'Colour', description: "Provide the colour of the product, e.g. 'navy blue'" },
  size: { title: 'Size', description: "Provide the size of the item, e.g. 'Large' or '10'" },
  material: { title: 'Material', description: 'Specify the primary materials used for manufacturing the item' },
  department: {
    title: 'Department',
    description: 'Provide the department the product is sold in',
    values: ['mens', 'womens', 'unisex-adult', 'boys', 'girls', 'unisex-child', 'baby'],
  },
  metal_type: {
    title: 'Metal Type',
    description: 'Specify the metal the item is made of',
    values: ['gold', 'silver', 'platinum', 'stainless-steel', 'brass', 'copper', 'titanium', 'no-metal-type'],
  },
  connectivity_technology: {
    title: 'Connectivity Technology',
    description: 'Specify how the item connects',
    values: ['Bluetooth', 'Wired', 'Wireless', 'USB'],
  },
} as const satisfies Record<string, AttributeDefinition>;
type AttributeName = keyof typeof attributeDefinitions;

/** What a product type asks beside what every one asks (item_name, brand). */
const requiredBeside: Partial<Record<string, readonly AttributeName[]>> = {
  SHIRT: ['color', 'size', 'material', 'department'],
  SHOES: ['color', 'size', 'department'],
  HAT: ['color', 'size'],
  BLANKET: ['color', 'size', 'material'],
  RUG: ['color', 'size', 'material'],
  BACKPACK: ['color', 'material'],
  WATCH: ['color'],
  JEWELRY: ['metal_type'],
  HEADPHONES: ['color', 'connectivity_technology'],
};

export const REQUIREMENT_SETS = ['LISTING', 'LISTING_PRODUCT_ONLY', 'LISTING_OFFER_ONLY'] as const;
type RequirementSet = (typeof REQUIREMENT_SETS)[number];

/** The attributes a listing of this type must carry under this requirements set (offer-only data asks for none of the product's). */
export function requiredAttributesOf(productType: string, requirements: RequirementSet = 'LISTING'): AttributeName[] {
  if (requirements === 'LISTING_OFFER_ONLY' || productType === 'PRODUCT') return [];
  return ['item_name', 'brand', ...(requiredBeside[productType] ?? [])];
}

/** The product type's JSON Schema document (the meta-schema's vocabulary: arrays of value objects per attribute). */
export function productTypeSchema(productType: string, requirements: RequirementSet) {
  const required = requiredAttributesOf(productType, requirements);
  const names = new Set<AttributeName>([...required, ...(Object.keys(attributeDefinitions) as AttributeName[])]);
  return {
    $schema: 'https://schemas.amazon.com/selling-partners/definitions/product-types/meta-schema/v1',
    $id: `https://schemas.amazon.com/selling-partners/definitions/product-types/schema/v1/${productType}`,
    $comment: `Amazon product type definition for ${productType} product type`,
    type: 'object',
    required,
    properties: Object.fromEntries(
      [...names].map((name) => {
        const definition: AttributeDefinition = attributeDefinitions[name];
        return [
          name,
          {
            title: definition.title,
            description: definition.description,
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              required: ['value'],
              properties: {
                value: {
                  title: definition.title,
                  type: 'string',
                  ...(definition.values ? { enum: [...definition.values] } : {}),
                },
                language_tag: { type: 'string' },
                marketplace_id: { type: 'string' },
              },
            },
          },
        ];
      }),
    ),
  };
}

const schemaPath = (productType: string, requirements: RequirementSet) =>
  `/_s3/product-type-schemas/${productType}/${requirements}.json`;

/** getDefinitionsProductType and the schema documents its answers link to. */
export function productTypeDefinitionRoutes(router: Router, context: AmazonContext) {
  router.get('/definitions/2020-09-01/productTypes/:productType', (req, res) =>
    getDefinitionsProductType(context, req, res),
  );
  router.get('/_s3/product-type-schemas/:productType/:requirements.json', (req, res) => {
    const productType = String(req.params.productType);
    const requirements = String(req.params.requirements) as RequirementSet;
    if (!isKnownProductType(productType) || !REQUIREMENT_SETS.includes(requirements))
      return void res.status(404).type('application/xml').send('<Error><Code>NoSuchKey</Code></Error>');
    res.status(200).json(productTypeSchema(productType, requirements));
  });
}

function getDefinitionsProductType(context: AmazonContext, req: Request, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'getDefinitionsProductType')) return;
  const marketplaceIds = listParam(req.query.marketplaceIds);
  if (marketplaceIds.length === 0) return invalidInput(res, "Missing required parameter 'marketplaceIds'.");
  if (marketplaceIds.length > 1) return invalidInput(res, "'marketplaceIds' is limited to one marketplace.");
  if (marketplaceIds[0] !== AMAZON_SANDBOX_MARKETPLACE_ID)
    return invalidInput(
      res,
      `The sandbox has product type definitions for marketplace ${AMAZON_SANDBOX_MARKETPLACE_ID} only.`,
    );
  const requirements = String(req.query.requirements ?? 'LISTING') as RequirementSet;
  if (!REQUIREMENT_SETS.includes(requirements))
    return invalidInput(res, `'requirements' must be one of ${REQUIREMENT_SETS.join(', ')}.`);
  const productType = String(req.params.productType);
  const known = sandboxProductTypes.find((type) => type.name === productType);
  if (!known) return send(res, 404, errorList('NotFound', `The product type ${productType} was not found.`));
  const required = requiredAttributesOf(productType, requirements);
  send(
    res,
    200,
    {
      schema: {
        link: { resource: `${context.baseUrl}${schemaPath(productType, requirements)}`, verb: 'GET' },
        checksum: Buffer.from(`${productType}:${requirements}:${required.join(',')}`).toString('base64'),
      },
      requirements,
      requirementsEnforced: String(req.query.requirementsEnforced ?? 'ENFORCED'),
      propertyGroups: {
        product_identity: {
          title: 'Product Identity',
          description: 'Information to uniquely identify your product',
          propertyNames: ['item_name', 'brand'],
        },
        product_details: {
          title: 'Product Details',
          description: 'Information that customers see on the detail page',
          propertyNames: required.filter((name) => name !== 'item_name' && name !== 'brand'),
        },
      },
      locale: String(req.query.locale ?? 'en_US'),
      marketplaceIds,
      productType,
      displayName: known.displayName,
      productTypeVersion: { version: SANDBOX_PRODUCT_TYPE_VERSION, latest: true },
    },
    rateOf(context, 'getDefinitionsProductType', res),
  );
}
