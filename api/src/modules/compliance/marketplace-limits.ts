import type { ChannelKind } from '../../db/schema/index.ts';

/**
 * What each marketplace accepts of a listing's title, barcode and images: the figures the checks
 * hold a listing to. Where the marketplace's own API definition states a figure, it is cited; the
 * others are the marketplace's published seller rules (named here), as no definition we hold states them.
 */
export interface MarketplaceLimits {
  /** The marketplace's name as sellers know it. */
  name: string;
  titleMaxLength: number;
  /** Characters the marketplace refuses (or suppresses listings for) in a title. */
  titleForbiddenCharacters: readonly string[];
  /** The most times one word may appear in a title; null: no such rule. */
  titleMaxRepeatsOfAWord: number | null;
  /** Whether a listing without a barcode is refused ('error'), only weaker ('warning'), or fine (null). */
  gtinMissing: 'error' | 'warning' | null;
  minImages: number;
  maxImages: number | null;
  /** Image addresses must be HTTPS. */
  httpsImages: boolean;
  /** EU product-safety (GPSR) manufacturer and responsible person data is asked for. */
  euProductSafety: boolean;
}

export const marketplaceLimits: Record<ChannelKind, MarketplaceLimits> = {
  amazon: {
    name: 'Amazon',
    // Amazon's product title requirements (Seller Central, in force since January 2025): at most 200
    // characters with spaces, none of ! $ ? _ { } ^ ¬ ¦ unless part of the brand, no word more than twice.
    titleMaxLength: 200,
    titleForbiddenCharacters: ['!', '$', '?', '_', '{', '}', '^', '¬', '¦'],
    titleMaxRepeatsOfAWord: 2,
    // A product without a GTIN needs a GTIN exemption from Amazon (Seller Central, "GTIN exemption").
    gtinMissing: 'error',
    // Every ASIN needs a main image (Seller Central product image requirements); up to 9 are shown.
    minImages: 1,
    maxImages: 9,
    httpsImages: false,
    euProductSafety: false,
  },
  ebay: {
    name: 'eBay',
    // eBay's listing title limit (eBay seller help, "Writing a good title"): 80 characters; no HTML.
    titleMaxLength: 80,
    titleForbiddenCharacters: ['<', '>'],
    titleMaxRepeatsOfAWord: null,
    // Most categories ask for a product identifier (UPC, EAN, ISBN) or "Does not apply".
    gtinMissing: 'warning',
    // sell_inventory_v1_oas3.json, Product.imageUrls: at least one image before an offer is published,
    // up to 24 pictures in almost any category, and the URLs must use HTTPS.
    minImages: 1,
    maxImages: 24,
    httpsImages: true,
    // sell_inventory_v1_oas3.json, Regulatory.manufacturer and responsiblePersons: GPSR, in force
    // since 13 December 2024, for sellers in or shipping to the EU or Northern Ireland.
    euProductSafety: true,
  },
  walmart: {
    name: 'Walmart',
    // Walmart Marketplace item spec, productName: at most 199 characters (published item spec; the
    // items API definition we hold, walmart/items.json, shows names but states no limit).
    titleMaxLength: 199,
    titleForbiddenCharacters: ['<', '>', '^', '~', '¬', '¦'],
    titleMaxRepeatsOfAWord: null,
    // Walmart items are set up by GTIN (items.json: productIdentifiers.productIdType GTIN/UPC/EAN).
    gtinMissing: 'error',
    // The item spec asks for a main image (mainImageUrl).
    minImages: 1,
    maxImages: null,
    httpsImages: false,
    euProductSafety: false,
  },
  shopify: {
    name: 'Shopify',
    // Shopify product titles: at most 255 characters (Shopify help, "Product details").
    titleMaxLength: 255,
    titleForbiddenCharacters: [],
    titleMaxRepeatsOfAWord: null,
    gtinMissing: null,
    minImages: 0,
    maxImages: 250,
    httpsImages: false,
    euProductSafety: false,
  },
};

/**
 * Words and phrases marketplaces refuse in listings (claims of health effects, of their own
 * standing, of shipping offers, and items they prohibit): the list an account starts from, which
 * the seller can change.
 */
export const defaultRestrictedWords: readonly string[] = [
  'best seller',
  'free shipping',
  'hot item',
  'guaranteed',
  'cure',
  'cures',
  'FDA approved',
  'antibacterial',
  'antimicrobial',
  'anti-viral',
  'pesticide',
  'detox',
  'replica',
  'counterfeit',
  'knockoff',
];
