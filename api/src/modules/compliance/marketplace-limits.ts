import type { ChannelKind } from '../../db/schema/index.ts';
import type { ImageFormat } from './image-header.ts';

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
  /** What the marketplace takes of each picture, read from the picture itself (image-probe.ts). */
  pictures: PictureLimits;
}

export interface PictureLimits {
  /** The file formats it takes. */
  formats: readonly ImageFormat[];
  /** A picture smaller on its longest side is refused; null: no such rule. */
  minLongestSide: number | null;
  /** Below this on the longest side the marketplace shows no zoom (or warns); null: no such rule. */
  zoomLongestSide: number | null;
  /** A picture larger on its longest side is refused; null: no such rule. */
  maxLongestSide: number | null;
  /** A picture of more pixels (width × height) is refused; null: no such rule. */
  maxPixels: number | null;
  maxBytes: number;
}

const MB = 1024 * 1024;

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
    // Amazon's product image requirements (Seller Central): JPEG, TIFF, PNG or non-animated GIF, at least 500
    // pixels on the longest side and at most 10,000; zoom from 1,000; files up to 10 MB.
    pictures: {
      formats: ['jpeg', 'png', 'gif', 'tiff'],
      minLongestSide: 500,
      zoomLongestSide: 1000,
      maxLongestSide: 10_000,
      maxPixels: null,
      maxBytes: 10 * MB,
    },
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
    // eBay's picture policy (eBay help, "Picture policy"): at least 500 pixels on the longest side; its picture
    // upload warns below 1,000 (developer knowledge base 1489); files up to 12 MB (sell_marketing_v1_oas3.json
    // states it for promotion images) in JPEG, PNG, TIFF, BMP, GIF, WebP, AVIF or HEIC.
    pictures: {
      formats: ['jpeg', 'png', 'tiff', 'bmp', 'gif', 'webp', 'avif', 'heic'],
      minLongestSide: 500,
      zoomLongestSide: 1000,
      maxLongestSide: null,
      maxPixels: null,
      maxBytes: 12 * MB,
    },
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
    // Walmart Marketplace's product image guidelines (Seller Help): JPEG, PNG or BMP up to 5 MB; zoom from
    // 1,500 pixels (2,200 × 2,200 recommended). No smaller size is refused outright.
    pictures: {
      formats: ['jpeg', 'png', 'bmp'],
      minLongestSide: null,
      zoomLongestSide: 1500,
      maxLongestSide: null,
      maxPixels: null,
      maxBytes: 5 * MB,
    },
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
    // Shopify help, "Product media types": JPEG, PNG, GIF, WebP, HEIC or AVIF, up to 20 MB and 25 megapixels
    // (5,000 × 5,000); themes scale smaller pictures, so none is too small.
    pictures: {
      formats: ['jpeg', 'png', 'gif', 'webp', 'heic', 'avif'],
      minLongestSide: null,
      zoomLongestSide: null,
      maxLongestSide: null,
      maxPixels: 25_000_000,
      maxBytes: 20 * MB,
    },
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
