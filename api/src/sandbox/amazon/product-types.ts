/**
 * The Product Type Definitions API's product types, as the sandbox knows them: a slice of Amazon.com's
 * real product types (names as Amazon spells them), each with the words a search finds it by. Search
 * follows searchDefinitionsProductTypes (definitionsProductTypes_2020-09-01): `keywords` is a
 * comma-delimited list, matched against the type's name, display name and terms; no keywords lists
 * every type. The answer is a ProductTypeList.
 */
import type { Request, Response, Router } from 'express';
import { authenticate } from './auth.ts';
import { invalidInput, send } from './errors.ts';
import { rateOf, throttled } from './limits.ts';
import { AMAZON_SANDBOX_MARKETPLACE_ID, listParam, type AmazonContext } from './state.ts';

interface KnownProductType {
  name: string;
  displayName: string;
  /** More words a seller may search by. */
  terms: string[];
}

export const sandboxProductTypes: readonly KnownProductType[] = [
  { name: 'DRINKING_CUP', displayName: 'Drinking Cup', terms: ['mug', 'mugs', 'cup', 'coffee', 'tea', 'tumbler'] },
  { name: 'COFFEE_MAKER', displayName: 'Coffee Maker', terms: ['coffee', 'espresso', 'brewer'] },
  { name: 'TEAPOT', displayName: 'Teapot', terms: ['tea', 'kettle', 'pot'] },
  { name: 'KITCHEN', displayName: 'Kitchen', terms: ['kitchen', 'cooking', 'utensil'] },
  { name: 'CUTTING_BOARD', displayName: 'Cutting Board', terms: ['cutting', 'board', 'chopping', 'kitchen'] },
  { name: 'KITCHEN_TOWEL', displayName: 'Kitchen Towel', terms: ['towel', 'tea towel', 'dish', 'kitchen'] },
  { name: 'BOTTLE', displayName: 'Bottle', terms: ['bottle', 'water', 'flask'] },
  { name: 'HOME', displayName: 'Home', terms: ['home', 'decor', 'household'] },
  { name: 'HOME_BED_AND_BATH', displayName: 'Home Bed and Bath', terms: ['bed', 'bath', 'towel', 'sheet'] },
  { name: 'BLANKET', displayName: 'Blanket', terms: ['blanket', 'throw', 'fleece'] },
  { name: 'PILLOW', displayName: 'Pillow', terms: ['pillow', 'cushion'] },
  { name: 'CANDLE', displayName: 'Candle', terms: ['candle', 'wax', 'scented'] },
  { name: 'LAMP', displayName: 'Lamp', terms: ['lamp', 'light', 'desk', 'lighting'] },
  { name: 'PLANTER', displayName: 'Planter', terms: ['planter', 'plant', 'pot', 'flower', 'garden'] },
  { name: 'VASE', displayName: 'Vase', terms: ['vase', 'flower'] },
  { name: 'WALL_ART', displayName: 'Wall Art', terms: ['wall', 'art', 'poster', 'print'] },
  { name: 'RUG', displayName: 'Rug', terms: ['rug', 'carpet', 'mat'] },
  { name: 'TABLE', displayName: 'Table', terms: ['table', 'desk', 'furniture'] },
  { name: 'CHAIR', displayName: 'Chair', terms: ['chair', 'seat', 'furniture'] },
  { name: 'EXERCISE_MAT', displayName: 'Exercise Mat', terms: ['yoga', 'mat', 'exercise', 'fitness', 'pilates'] },
  { name: 'SPORTING_GOODS', displayName: 'Sporting Goods', terms: ['sport', 'sports', 'outdoor', 'fitness'] },
  { name: 'BACKPACK', displayName: 'Backpack', terms: ['backpack', 'rucksack', 'bag', 'daypack'] },
  { name: 'LUGGAGE', displayName: 'Luggage', terms: ['luggage', 'suitcase', 'travel', 'bag'] },
  { name: 'HANDBAG', displayName: 'Handbag', terms: ['handbag', 'purse', 'bag', 'tote'] },
  { name: 'SHIRT', displayName: 'Shirt', terms: ['shirt', 't-shirt', 'tee', 'apparel'] },
  { name: 'SHOES', displayName: 'Shoes', terms: ['shoes', 'sneakers', 'boots', 'footwear'] },
  { name: 'HAT', displayName: 'Hat', terms: ['hat', 'cap', 'beanie'] },
  { name: 'WATCH', displayName: 'Watch', terms: ['watch', 'wristwatch'] },
  { name: 'JEWELRY', displayName: 'Jewelry', terms: ['jewelry', 'jewellery', 'necklace', 'ring', 'bracelet'] },
  { name: 'HEADPHONES', displayName: 'Headphones', terms: ['headphones', 'earbuds', 'audio'] },
  { name: 'CELLULAR_PHONE_CASE', displayName: 'Cellular Phone Case', terms: ['phone', 'case', 'cover'] },
  { name: 'BOOK', displayName: 'Book', terms: ['book', 'novel', 'paperback'] },
  { name: 'TOY_FIGURE', displayName: 'Toy Figure', terms: ['toy', 'figure', 'action figure'] },
  { name: 'PET_SUPPLIES', displayName: 'Pet Supplies', terms: ['pet', 'dog', 'cat'] },
  { name: 'BEAUTY', displayName: 'Beauty', terms: ['beauty', 'cosmetics', 'makeup'] },
  { name: 'HEALTH_PERSONAL_CARE', displayName: 'Health Personal Care', terms: ['health', 'personal care', 'hygiene'] },
  { name: 'OFFICE_PRODUCTS', displayName: 'Office Products', terms: ['office', 'stationery', 'desk'] },
  { name: 'TOOLS', displayName: 'Tools', terms: ['tool', 'tools', 'hardware'] },
  { name: 'AUTO_ACCESSORY', displayName: 'Auto Accessory', terms: ['car', 'auto', 'vehicle'] },
  { name: 'BABY_PRODUCT', displayName: 'Baby Product', terms: ['baby', 'infant', 'nursery'] },
  { name: 'PRODUCT', displayName: 'Product', terms: ['product', 'offer'] },
];

const known = new Set(sandboxProductTypes.map((t) => t.name));

/** Whether Amazon has a definition of this product type (PRODUCT, the offer-only type, included). */
export function isKnownProductType(name: string): boolean {
  return known.has(name);
}

/** Changes when the sandbox's list changes, as Amazon's productTypeVersion does. */
export const SANDBOX_PRODUCT_TYPE_VERSION = 'U8tHmVyDbfP0=';

/** The product types a search finds: each keyword matches a word of the name, display name or terms (all keywords count, any may match). */
export function searchProductTypes(keywords: string[]): {
  productTypes: Array<{ name: string; displayName: string; marketplaceIds: string[] }>;
  productTypeVersion: string;
} {
  const wanted = keywords.map((k) => k.trim().toLowerCase()).filter(Boolean);
  const score = (type: KnownProductType) => {
    const words = [type.name.toLowerCase().replace(/_/g, ' '), type.displayName.toLowerCase(), ...type.terms];
    return wanted.filter((k) =>
      words.some((w) => w === k || w.split(' ').includes(k) || (k.length >= 4 && w.startsWith(k))),
    ).length;
  };
  const found =
    wanted.length === 0
      ? [...sandboxProductTypes]
      : sandboxProductTypes
          .map((t) => ({ t, n: score(t) }))
          .filter((x) => x.n > 0)
          .sort((a, b) => b.n - a.n || a.t.name.localeCompare(b.t.name))
          .map((x) => x.t);
  return {
    // PRODUCT is the offer-only type: a search for a product's kind does not offer it.
    productTypes: found
      .filter((t) => wanted.length === 0 || t.name !== 'PRODUCT')
      .map((t) => ({ name: t.name, displayName: t.displayName, marketplaceIds: [AMAZON_SANDBOX_MARKETPLACE_ID] })),
    productTypeVersion: SANDBOX_PRODUCT_TYPE_VERSION,
  };
}

/** The Product Type Definitions API 2020-09-01's searchDefinitionsProductTypes. */
export function productTypeRoutes(router: Router, context: AmazonContext) {
  router.get('/definitions/2020-09-01/productTypes', (req, res) => searchDefinitionsProductTypes(context, req, res));
}

function searchDefinitionsProductTypes(context: AmazonContext, req: Request, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'searchDefinitionsProductTypes')) return;
  const marketplaceIds = listParam(req.query.marketplaceIds);
  if (marketplaceIds.length === 0) return invalidInput(res, "Missing required parameter 'marketplaceIds'.");
  if (!marketplaceIds.includes(AMAZON_SANDBOX_MARKETPLACE_ID))
    return invalidInput(
      res,
      `The sandbox has product type definitions for marketplace ${AMAZON_SANDBOX_MARKETPLACE_ID} only.`,
    );
  if (req.query.keywords !== undefined && req.query.itemName !== undefined)
    return invalidInput(res, "'keywords' cannot be used with 'itemName'.");
  // itemName asks for a recommendation from a title: its words are searched as keywords.
  const words =
    req.query.itemName !== undefined ? String(req.query.itemName).split(/\s+/) : listParam(req.query.keywords);
  send(res, 200, searchProductTypes(words), rateOf(context, 'searchDefinitionsProductTypes', res));
}
