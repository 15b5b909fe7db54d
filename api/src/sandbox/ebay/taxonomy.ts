/**
 * The Taxonomy API (commerce_taxonomy_v1_oas3.json) as far as listing needs it: getDefaultCategoryTreeId
 * (EBAY_US's tree is 0) and getItemAspectsForCategory, the aspects (item specifics) of a leaf category,
 * each saying whether a listing must have it (`aspectConstraint.aspectRequired`), whether its values are
 * free text or chosen from eBay's list (`aspectMode`), and eBay's values. publishOffer refuses an offer
 * whose inventory item lacks a required aspect (offers.ts). The categories are the sandbox's leaf categories
 * (offers.ts leafCategoryOf) with a slice of their real aspects; any other leaf number has only recommended
 * ones. Called with the seller's token (its scopes include api_scope, which the definition accepts).
 */
import type { Request, Response, Router } from 'express';
import { authorize, ebayScopes } from './auth.ts';
import { error, fail } from './errors.ts';
import type { EbayContext } from './state.ts';

/**
 * Top-level (not leaf) categories of eBay US: an offer cannot be published in one of them ("Everything
 * Else" is 99). The sandbox takes any other number for a leaf category (taxonomy.ts describes some).
 */
export const EBAY_US_TOP_LEVEL_CATEGORIES: Record<string, string> = {
  '20081': 'Antiques',
  '550': 'Art',
  '2984': 'Baby',
  '267': 'Books & Magazines',
  '12576': 'Business & Industrial',
  '625': 'Cameras & Photo',
  '15032': 'Cell Phones & Accessories',
  '11450': 'Clothing, Shoes & Accessories',
  '11116': 'Coins & Paper Money',
  '1': 'Collectibles',
  '58058': 'Computers/Tablets & Networking',
  '293': 'Consumer Electronics',
  '14339': 'Crafts',
  '237': 'Dolls & Bears',
  '11232': 'Movies & TV',
  '6000': 'eBay Motors',
  '45100': 'Entertainment Memorabilia',
  '99': 'Everything Else',
  '172008': 'Gift Cards & Coupons',
  '26395': 'Health & Beauty',
  '11700': 'Home & Garden',
  '281': 'Jewelry & Watches',
  '11233': 'Music',
  '619': 'Musical Instruments & Gear',
  '1281': 'Pet Supplies',
  '870': 'Pottery & Glass',
  '10542': 'Real Estate',
  '316': 'Specialty Services',
  '888': 'Sporting Goods',
  '64482': 'Sports Mem, Cards & Fan Shop',
  '260': 'Stamps',
  '1305': 'Tickets & Experiences',
  '220': 'Toys & Hobbies',
  '3252': 'Travel',
  '1249': 'Video Games & Consoles',
};

export const DOMAIN_TAXONOMY = 'API_TAXONOMY';
export const EBAY_US_CATEGORY_TREE_ID = '0';
const CATEGORY_TREE_VERSION = '130';

interface SandboxAspect {
  name: string;
  required: boolean;
  /** eBay's values; with `selectionOnly`, the only ones taken. */
  values?: readonly string[];
  selectionOnly?: boolean;
  multiple?: boolean;
}

const brand = (required: boolean): SandboxAspect => ({ name: 'Brand', required });
const colour = (required: boolean): SandboxAspect => ({
  name: 'Color',
  required,
  values: ['Black', 'Blue', 'Brown', 'Gray', 'Green', 'Multicolor', 'Orange', 'Pink', 'Red', 'White', 'Yellow'],
});

/** The sandbox's leaf categories: name and aspects. */
export const sandboxLeafCategories: Record<string, { name: string; aspects: readonly SandboxAspect[] }> = {
  '20625': {
    name: 'Mugs',
    aspects: [brand(false), colour(false), { name: 'Material', required: false }, { name: 'Type', required: false }],
  },
  '45476': {
    name: 'Blankets & Throws',
    aspects: [
      brand(true),
      colour(true),
      { name: 'Size', required: true, values: ['Twin', 'Full', 'Queen', 'King', 'Throw'] },
      { name: 'Material', required: false },
    ],
  },
  '177011': {
    name: 'Water Bottles',
    aspects: [brand(true), colour(true), { name: 'Capacity', required: false }],
  },
  '112581': {
    name: 'Lamps',
    aspects: [
      brand(true),
      colour(true),
      {
        name: 'Type',
        required: true,
        values: ['Desk Lamp', 'Floor Lamp', 'Table Lamp', 'Reading Lamp'],
        selectionOnly: true,
      },
    ],
  },
  '158923': { name: 'Yoga Mats', aspects: [brand(true), colour(true), { name: 'Thickness', required: false }] },
  '169291': { name: 'Backpacks', aspects: [brand(true), colour(true), { name: 'Size', required: false }] },
  '46782': { name: 'Candles', aspects: [brand(true), { name: 'Scent', required: false }] },
  '20653': { name: 'Cutting Boards', aspects: [brand(true), { name: 'Material', required: false }] },
  '20628': { name: 'Dish Towels', aspects: [brand(true), colour(false)] },
  '20498': { name: 'Cookware Pots', aspects: [brand(true), { name: 'Material', required: false }] },
};
const otherLeafAspects: readonly SandboxAspect[] = [brand(false), { name: 'Type', required: false }];

/** The aspects a listing in this leaf category must have (none for a category the sandbox does not describe). */
export function requiredAspectsOf(categoryId: string): string[] {
  return (sandboxLeafCategories[categoryId]?.aspects ?? []).filter((a) => a.required).map((a) => a.name);
}

/** An Aspect of getItemAspectsForCategory's answer. */
const aspectBody = (aspect: SandboxAspect) => ({
  localizedAspectName: aspect.name,
  aspectConstraint: {
    aspectDataType: 'STRING',
    aspectEnabledForVariations: aspect.name === 'Color' || aspect.name === 'Size',
    aspectMode: aspect.selectionOnly ? 'SELECTION_ONLY' : 'FREE_TEXT',
    aspectRequired: aspect.required,
    aspectUsage: 'RECOMMENDED',
    itemToAspectCardinality: aspect.multiple ? 'MULTI' : 'SINGLE',
    aspectApplicableTo: ['PRODUCT'],
  },
  ...(aspect.values ? { aspectValues: aspect.values.map((value) => ({ localizedValue: value })) } : {}),
  relevanceIndicator: { searchCount: aspect.required ? 1000 : 100 },
});

export function taxonomyRoutes(router: Router, context: EbayContext) {
  router.get('/commerce/taxonomy/v1/get_default_category_tree_id', (req, res) => {
    if (!authorize(req, res, context, 'taxonomy', ebayScopes.base, 'any')) return;
    if (req.query.marketplace_id !== 'EBAY_US')
      return void fail(
        res,
        400,
        error(62001, DOMAIN_TAXONOMY, 'The sandbox has the category tree of EBAY_US only.', {
          parameters: [{ name: 'marketplace_id', value: String(req.query.marketplace_id ?? '') }],
        }),
      );
    res.json({ categoryTreeId: EBAY_US_CATEGORY_TREE_ID, categoryTreeVersion: CATEGORY_TREE_VERSION });
  });
  router.get('/commerce/taxonomy/v1/category_tree/:treeId/get_item_aspects_for_category', (req, res) =>
    getItemAspectsForCategory(context, req, res),
  );
}

function getItemAspectsForCategory(context: EbayContext, req: Request, res: Response) {
  if (!authorize(req, res, context, 'taxonomy', ebayScopes.base, 'any')) return;
  const refuse = (errorId: number, message: string, name: string, value: string) =>
    fail(res, 400, error(errorId, DOMAIN_TAXONOMY, message, { parameters: [{ name, value }] }));
  const treeId = String(req.params.treeId);
  if (treeId !== EBAY_US_CATEGORY_TREE_ID)
    return refuse(62004, 'The specified category tree ID was not found.', 'category_tree_id', treeId);
  const categoryId = typeof req.query.category_id === 'string' ? req.query.category_id.trim() : '';
  if (!categoryId) return refuse(62006, 'Missing category ID.', 'category_id', '');
  if (!/^\d{1,10}$/.test(categoryId))
    return refuse(
      62005,
      'The specified category ID does not belong to specified category tree.',
      'category_id',
      categoryId,
    );
  if (categoryId === EBAY_US_CATEGORY_TREE_ID)
    return refuse(62008, 'The specified category ID is the root for the category tree.', 'category_id', categoryId);
  if (EBAY_US_TOP_LEVEL_CATEGORIES[categoryId])
    return refuse(62009, 'The specified category ID must be a leaf category.', 'category_id', categoryId);
  const aspects = sandboxLeafCategories[categoryId]?.aspects ?? otherLeafAspects;
  res.json({ aspects: aspects.map(aspectBody) });
}
