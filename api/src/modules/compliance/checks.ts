import type {
  ChannelKind,
  ListingStatus,
  MarketplaceIssueValue,
  RequiredAttributeValue,
} from '../../db/schema/index.ts';
import type { ImageFormat } from './image-header.ts';
import { marketplaceLimits } from './marketplace-limits.ts';

// The compliance checks: pure functions of one listing on one channel (and the prices its SKU has on
// the account's other channels), run for every listing a change touches and on demand. Each issue says
// what is wrong in the seller's words and what to do about it.

export const complianceCodes = [
  'title_missing',
  'title_too_long',
  'title_forbidden_characters',
  'title_repeated_word',
  'gtin_missing',
  'gtin_invalid',
  'images_missing',
  'images_too_many',
  'images_not_https',
  'image_unreadable',
  'image_format',
  'image_too_small',
  'image_too_large',
  'image_no_zoom',
  'restricted_word',
  'price_above_other_channel',
  'price_below_floor',
  'price_above_ceiling',
  'price_floor_unknown',
  'price_floor_above_ceiling',
  'listing_suppressed',
  'listing_refused',
  'marketplace_issue',
  'eu_safety_data_missing',
  'attributes_missing',
] as const;
export type ComplianceCode = (typeof complianceCodes)[number];
export const complianceSeverities = ['error', 'warning'] as const;
export type ComplianceSeverity = (typeof complianceSeverities)[number];
export const complianceFields = [
  'title',
  'gtin',
  'images',
  'description',
  'price',
  'status',
  'safety',
  'attributes',
] as const;
export type ComplianceField = (typeof complianceFields)[number];

export interface ComplianceIssue {
  code: ComplianceCode;
  severity: ComplianceSeverity;
  channel: ChannelKind;
  field: ComplianceField;
  message: string;
  fix: string;
}

/** What the checks read of a listing: the product's data as this channel gets it, and the listing's state there. */
export interface ListingFacts {
  channel: ChannelKind;
  title: string | null;
  description: string | null;
  gtin: string | null;
  images: readonly string[];
  attributes: Readonly<Record<string, unknown>>;
  status: ListingStatus;
  lastError: string | null;
  /** The price this channel holds or is to hold, as a decimal string; null when none is known. */
  price: string | null;
  /** The pricing rule that prices this listing, with its bounds; absent or null: no rule matches it. */
  pricing?: PriceBounds | null;
  /** The problems the marketplace itself last reported on the listing (Amazon's listing issues, eBay's violations). */
  marketplaceIssues?: readonly MarketplaceIssueValue[];
  /** What each image (by its place in `images`) was found to be when read; undefined: not read yet. */
  pictures?: readonly (PictureFacts | undefined)[];
  /** The brand the listing is made with (a required Brand is given by it). */
  brand?: string | null;
  /**
   * What the marketplace's category of the listing asks it to carry (category_requirements); undefined or null:
   * no category known, or its definition not read (yet).
   */
  requirements?: CategoryRequirementFacts | null;
}

/** A category's requirements as the checks read them. */
export interface CategoryRequirementFacts {
  category: string;
  categoryName: string | null;
  attributes: readonly RequiredAttributeValue[];
}

/** An image as the prober read it (image-probe.ts): its format and size, or why it could not be read. */
export interface PictureFacts {
  format: ImageFormat | null;
  width: number | null;
  height: number | null;
  /** The file's size; null when the server did not say. */
  bytes: number | null;
  /** Why the image could not be read, in the seller's words; null when it was. */
  failure: string | null;
}

/**
 * The bounds the matching pricing rule holds this listing's price within (pricing/evaluate.ts: the higher
 * of its minimum price and its margin floor; its maximum price, MAP), as decimal strings, with the prices
 * the listing has: the one the channel holds (confirmed) and the seller's own for it (override).
 */
export interface PriceBounds {
  ruleName: string;
  floor: string | null;
  ceiling: string | null;
  /** Set when the rule has a minimum margin and the product has no cost: no margin floor is applied. */
  marginWithoutCost: boolean;
  /** The margin floor (cost, margin and the marketplace's fee) is above the maximum price: no price can be sent. */
  floorAboveCeiling: boolean;
  held: string | null;
  override: string | null;
}

/** The same SKU's price on another of the account's channels. */
export interface OtherChannelPrice {
  channel: ChannelKind;
  channelName: string;
  price: string;
}

export interface CheckContext {
  restrictedWords: RestrictedWords;
  otherChannelPrices: readonly OtherChannelPrice[];
}

/** Every issue of one listing, errors first. */
export function checkListing(listing: ListingFacts, context: CheckContext): ComplianceIssue[] {
  const issues: ComplianceIssue[] = [
    ...checkTitle(listing),
    ...checkGtin(listing),
    ...checkImages(listing),
    ...checkPictures(listing),
    ...checkRestrictedWords(listing, context.restrictedWords),
    ...checkPriceParity(listing, context.otherChannelPrices),
    ...checkPriceBounds(listing),
    ...checkMarketplaceStatus(listing),
    ...checkMarketplaceIssues(listing),
    ...checkEuProductSafety(listing),
    ...checkRequiredAttributes(listing),
  ];
  return issues.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
}

const issue = (
  listing: ListingFacts,
  code: ComplianceCode,
  severity: ComplianceSeverity,
  field: ComplianceField,
  message: string,
  fix: string,
): ComplianceIssue => ({ code, severity, channel: listing.channel, field, message, fix });

export function checkTitle(listing: ListingFacts): ComplianceIssue[] {
  const limits = marketplaceLimits[listing.channel];
  const title = listing.title?.trim() ?? '';
  if (title === '')
    return [issue(listing, 'title_missing', 'error', 'title', `${limits.name} needs a title.`, 'Add a title.')];
  const issues: ComplianceIssue[] = [];
  // Characters as the seller counts them (an emoji is one), as the marketplaces count them.
  const length = [...title].length;
  if (length > limits.titleMaxLength)
    issues.push(
      issue(
        listing,
        'title_too_long',
        'error',
        'title',
        `The title has ${length} characters; ${limits.name} allows ${limits.titleMaxLength}.`,
        `Shorten the title by ${length - limits.titleMaxLength} characters.`,
      ),
    );
  const found = limits.titleForbiddenCharacters.filter((c) => title.includes(c));
  if (found.length > 0)
    issues.push(
      issue(
        listing,
        'title_forbidden_characters',
        'error',
        'title',
        `The title has characters ${limits.name} does not allow: ${found.join(' ')}`,
        `Remove ${found.join(' ')} from the title.`,
      ),
    );
  if (limits.titleMaxRepeatsOfAWord !== null) {
    const repeated = wordsRepeatedMoreThan(title, limits.titleMaxRepeatsOfAWord);
    if (repeated.length > 0)
      issues.push(
        issue(
          listing,
          'title_repeated_word',
          'warning',
          'title',
          `${limits.name} allows a word at most ${limits.titleMaxRepeatsOfAWord} times in a title: ${repeated.join(', ')}`,
          `Use ${repeated.join(', ')} fewer times in the title.`,
        ),
      );
  }
  return issues;
}

/** Words (of three letters or more: "a", "of", "in" are not counted) used more than `max` times, in any case. */
function wordsRepeatedMoreThan(title: string, max: number): string[] {
  const counts = new Map<string, number>();
  for (const word of title.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 3) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n > max).map(([w]) => w);
}

/**
 * Whether a GTIN-8, -12 (UPC), -13 (EAN) or -14 has the check digit GS1 computes for it: from the
 * right, the digits before the check digit weigh 3, 1, 3, 1 …; the check digit brings the sum to a
 * multiple of ten.
 */
export function isValidGtin(gtin: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin)) return false;
  let sum = 0;
  for (let i = gtin.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(gtin[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(gtin[gtin.length - 1]);
}

export function checkGtin(listing: ListingFacts): ComplianceIssue[] {
  const limits = marketplaceLimits[listing.channel];
  const gtin = listing.gtin?.trim() ?? '';
  if (gtin === '') {
    if (limits.gtinMissing === null) return [];
    return [
      issue(
        listing,
        'gtin_missing',
        limits.gtinMissing,
        'gtin',
        `${limits.name} asks for a barcode (UPC, EAN or GTIN) and this product has none.`,
        limits.gtinMissing === 'error'
          ? `Add the product's barcode, or get a barcode exemption from ${limits.name} for this brand.`
          : `Add the product's barcode if it has one.`,
      ),
    ];
  }
  if (isValidGtin(gtin)) return [];
  const shape = /^\d+$/.test(gtin)
    ? [8, 12, 13, 14].includes(gtin.length)
      ? 'its last digit (the check digit) does not match the others'
      : `it has ${gtin.length} digits, not 8, 12, 13 or 14`
    : 'it has characters other than digits';
  return [
    issue(
      listing,
      'gtin_invalid',
      limits.gtinMissing === null ? 'warning' : 'error',
      'gtin',
      `The barcode ${gtin} is not a valid UPC, EAN or GTIN: ${shape}.`,
      'Copy the barcode again from the product or its packaging.',
    ),
  ];
}

export function checkImages(listing: ListingFacts): ComplianceIssue[] {
  const limits = marketplaceLimits[listing.channel];
  const count = listing.images.length;
  const issues: ComplianceIssue[] = [];
  if (count < limits.minImages)
    issues.push(
      issue(
        listing,
        'images_missing',
        'error',
        'images',
        `${limits.name} needs at least ${limits.minImages} image${limits.minImages === 1 ? '' : 's'}; this product has ${count}.`,
        'Add a main image of the product.',
      ),
    );
  if (limits.maxImages !== null && count > limits.maxImages)
    issues.push(
      issue(
        listing,
        'images_too_many',
        'warning',
        'images',
        `${limits.name} shows at most ${limits.maxImages} images; this product has ${count}.`,
        `Keep your best ${limits.maxImages} images; the others will not be shown.`,
      ),
    );
  if (limits.httpsImages) {
    const plain = listing.images.filter((url) => !url.toLowerCase().startsWith('https://')).length;
    if (plain > 0)
      issues.push(
        issue(
          listing,
          'images_not_https',
          'error',
          'images',
          `${limits.name} takes only secure image links (https://); ${plain} of this product's images ${plain === 1 ? 'is' : 'are'} not.`,
          'Host the images at an https:// address and update their links.',
        ),
      );
  }
  return issues;
}

const formatNames: Record<ImageFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  bmp: 'BMP',
  tiff: 'TIFF',
  avif: 'AVIF',
  heic: 'HEIC',
  svg: 'SVG',
};

/** "image 2", "images 2 and 3", "images 1, 2 and 4" (positions from 1, as the seller counts them). */
function imagesNamed(places: readonly number[]): string {
  const numbers = places.map((p) => String(p + 1));
  if (numbers.length === 1) return `image ${numbers[0]}`;
  return `images ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const orList = (items: readonly string[]) =>
  items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
const count = (n: number) => n.toLocaleString('en-US');
const dimensions = (p: PictureFacts) => `${count(p.width!)} × ${count(p.height!)} pixels`;
/** "400 × 300 pixels", "400 × 300 and 120 × 480 pixels". */
const sizesOf = (pictures: readonly PictureFacts[]) => {
  const sizes = pictures.map((p) => `${count(p.width!)} × ${count(p.height!)}`);
  const listed = sizes.length === 1 ? sizes[0]! : `${sizes.slice(0, -1).join(', ')} and ${sizes[sizes.length - 1]}`;
  return `${listed} pixels`;
};
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Each image as the marketplace takes it, from what the prober read of it: one that could not be read, one in a
 * format it refuses, one too small to be taken or to zoom, one too large. One issue per kind, naming the images.
 */
export function checkPictures(listing: ListingFacts): ComplianceIssue[] {
  const facts = listing.pictures;
  if (!facts || facts.length === 0) return [];
  const { name, pictures: limits } = marketplaceLimits[listing.channel];
  const read: Array<{ place: number; picture: PictureFacts }> = [];
  const unreadable: number[] = [];
  const failures: string[] = [];
  listing.images.forEach((_, place) => {
    const picture = facts[place];
    if (!picture) return;
    if (picture.failure !== null || picture.format === null) {
      unreadable.push(place);
      failures.push(picture.failure ?? 'it is not a picture');
    } else read.push({ place, picture });
  });
  const issues: ComplianceIssue[] = [];
  if (unreadable.length > 0)
    issues.push(
      issue(
        listing,
        'image_unreadable',
        'warning',
        'images',
        `${capital(imagesNamed(unreadable))} could not be read: ${failures[0]}${unreadable.length > 1 ? ' (and others)' : ''}.`,
        'Open the image link in a browser: it must show the picture. Replace the link if it does not.',
      ),
    );
  const refusedFormat = read.filter(({ picture }) => !limits.formats.includes(picture.format!));
  if (refusedFormat.length > 0) {
    const first = refusedFormat[0]!.picture.format!;
    issues.push(
      issue(
        listing,
        'image_format',
        'error',
        'images',
        `${capital(imagesNamed(refusedFormat.map((r) => r.place)))} ${refusedFormat.length === 1 ? 'is' : 'are'} ${formatNames[first]}${
          refusedFormat.length > 1 ? ' or another format' : ''
        }; ${name} takes ${orList(limits.formats.map((f) => formatNames[f]))}.`,
        `Save the picture as JPEG or PNG and update its link.`,
      ),
    );
  }
  const taken = read.filter((r) => !refusedFormat.includes(r));
  const longest = (p: PictureFacts) => (p.width === null || p.height === null ? null : Math.max(p.width, p.height));
  const sized = taken.filter(({ picture }) => longest(picture) !== null);
  const recommended = limits.zoomLongestSide ?? limits.minLongestSide;
  if (limits.minLongestSide !== null) {
    const small = sized.filter(({ picture }) => longest(picture)! < limits.minLongestSide!);
    if (small.length > 0)
      issues.push(
        issue(
          listing,
          'image_too_small',
          'error',
          'images',
          `${capital(imagesNamed(small.map((s) => s.place)))} ${small.length === 1 ? 'is' : 'are'} ${sizesOf(small.map((s) => s.picture))}; ${name} takes pictures at least ${count(limits.minLongestSide)} pixels on the longest side.`,
          `Use a picture at least ${count(recommended!)} pixels on its longest side.`,
        ),
      );
  }
  if (limits.zoomLongestSide !== null) {
    const noZoom = sized.filter(
      ({ picture }) =>
        longest(picture)! < limits.zoomLongestSide! &&
        (limits.minLongestSide === null || longest(picture)! >= limits.minLongestSide),
    );
    if (noZoom.length > 0)
      issues.push(
        issue(
          listing,
          'image_no_zoom',
          'warning',
          'images',
          `${capital(imagesNamed(noZoom.map((s) => s.place)))} ${noZoom.length === 1 ? 'is' : 'are'} ${sizesOf(noZoom.map((s) => s.picture))}; ${name} lets buyers zoom from ${count(limits.zoomLongestSide)} pixels on the longest side.`,
          `Use a picture at least ${count(limits.zoomLongestSide)} pixels on its longest side so buyers can zoom.`,
        ),
      );
  }
  const tooLarge = taken.filter(
    ({ picture }) =>
      (picture.bytes !== null && picture.bytes > limits.maxBytes) ||
      (limits.maxLongestSide !== null && (longest(picture) ?? 0) > limits.maxLongestSide) ||
      (limits.maxPixels !== null &&
        picture.width !== null &&
        picture.height !== null &&
        picture.width * picture.height > limits.maxPixels),
  );
  if (tooLarge.length > 0) {
    const what = (p: PictureFacts) =>
      p.bytes !== null && p.bytes > limits.maxBytes ? megabytes(p.bytes) : dimensions(p);
    const bounds = [
      `files up to ${count(limits.maxBytes / (1024 * 1024))} MB`,
      ...(limits.maxLongestSide !== null ? [`at most ${count(limits.maxLongestSide)} pixels on the longest side`] : []),
      ...(limits.maxPixels !== null ? [`at most ${count(limits.maxPixels / 1_000_000)} megapixels`] : []),
    ];
    issues.push(
      issue(
        listing,
        'image_too_large',
        'error',
        'images',
        `${capital(imagesNamed(tooLarge.map((s) => s.place)))} ${tooLarge.length === 1 ? 'is' : 'are'} ${tooLarge
          .map((s) => what(s.picture))
          .join(', ')}; ${name} takes ${bounds.join(', ')}.`,
        'Save a smaller copy of the picture and update its link.',
      ),
    );
  }
  return issues;
}

/** An account's restricted words, compiled once for all its listings. */
export interface RestrictedWords {
  words: readonly string[];
  /** One pattern for all of them, whole words, any case; null when the list is empty. */
  pattern: RegExp | null;
}

export function compileRestrictedWords(words: readonly string[]): RestrictedWords {
  const cleaned = [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))];
  if (cleaned.length === 0) return { words: cleaned, pattern: null };
  // Longest first, so "free shipping" is found whole before a shorter entry inside it.
  const alternatives = [...cleaned]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
  return {
    words: cleaned,
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu'),
  };
}

function restrictedWordsIn(text: string, words: RestrictedWords): string[] {
  if (words.pattern === null || text === '') return [];
  const found = new Set<string>();
  for (const match of text.matchAll(words.pattern)) found.add(match[0].toLowerCase().replace(/\s+/g, ' '));
  return [...found];
}

export function checkRestrictedWords(listing: ListingFacts, words: RestrictedWords): ComplianceIssue[] {
  const name = marketplaceLimits[listing.channel].name;
  const issues: ComplianceIssue[] = [];
  for (const field of ['title', 'description'] as const) {
    const found = restrictedWordsIn(listing[field] ?? '', words);
    if (found.length === 0) continue;
    const quoted = found.map((w) => `"${w}"`).join(', ');
    issues.push(
      issue(
        listing,
        'restricted_word',
        'error',
        field,
        `The ${field} uses ${found.length === 1 ? 'a word' : 'words'} on your restricted list: ${quoted}. ${name} may remove the listing.`,
        `Remove ${quoted} from the ${field}.`,
      ),
    );
  }
  return issues;
}

const cents = (price: string) => Math.round(Number(price) * 100);

/**
 * Walmart unpublishes an item it finds priced above the same item elsewhere ("price parity"): a
 * Walmart listing priced above the SKU's lowest price on another of the account's channels is warned of.
 */
export function checkPriceParity(listing: ListingFacts, others: readonly OtherChannelPrice[]): ComplianceIssue[] {
  if (listing.channel !== 'walmart' || listing.price === null) return [];
  const own = cents(listing.price);
  if (!Number.isFinite(own)) return [];
  let lowest: OtherChannelPrice | null = null;
  for (const other of others) {
    if (other.channel === 'walmart') continue;
    const price = cents(other.price);
    if (Number.isFinite(price) && price < own && (lowest === null || price < cents(lowest.price))) lowest = other;
  }
  if (lowest === null) return [];
  return [
    issue(
      listing,
      'price_above_other_channel',
      'warning',
      'price',
      `The Walmart price ${listing.price} is above ${lowest.channelName}'s ${lowest.price}; Walmart may unpublish items priced higher than elsewhere.`,
      `Lower the Walmart price to ${lowest.price} or less, or raise the other price.`,
    ),
  ];
}

/**
 * A listing's price against the floor and ceiling (MAP) of the pricing rule that matches it. The engine
 * never sends a price outside them, so a price outside is one the channel holds from before (the rule
 * changed and has not run since, or the price was changed on the marketplace): an error, as it may be
 * below cost or break the brand's MAP. The seller's own price for the channel outside them is not sent
 * (the bound is): a warning. A margin floor without a cost, or a floor above the ceiling, is never passed silently.
 */
export function checkPriceBounds(listing: ListingFacts): ComplianceIssue[] {
  const bounds = listing.pricing;
  if (!bounds) return [];
  const name = marketplaceLimits[listing.channel].name;
  const rule = `the pricing rule "${bounds.ruleName}"`;
  if (bounds.floorAboveCeiling)
    return [
      issue(
        listing,
        'price_floor_above_ceiling',
        'error',
        'price',
        `The lowest price ${rule} allows (its minimum margin over cost after ${name}'s fee) is above its maximum price ${bounds.ceiling}: no price is sent to ${name}.`,
        `Lower the rule's minimum margin or raise its maximum price, or check the product's cost.`,
      ),
    ];
  const issues: ComplianceIssue[] = [];
  if (bounds.marginWithoutCost)
    issues.push(
      issue(
        listing,
        'price_floor_unknown',
        'warning',
        'price',
        `${rule[0]!.toUpperCase()}${rule.slice(1)} keeps a minimum margin over cost, but this product has no cost: its price on ${name} has no margin floor.`,
        "Add the product's cost, so the minimum margin can hold.",
      ),
    );
  const outside = (price: string | null) => {
    const at = price === null ? null : cents(price);
    if (at === null || !Number.isFinite(at)) return null;
    if (bounds.floor !== null && at < cents(bounds.floor)) return { kind: 'below' as const, price: price! };
    if (bounds.ceiling !== null && at > cents(bounds.ceiling)) return { kind: 'above' as const, price: price! };
    return null;
  };
  const bound = (kind: 'below' | 'above') =>
    kind === 'below' ? `below its floor ${bounds.floor}` : `above its maximum price (MAP) ${bounds.ceiling}`;
  const held = outside(bounds.held);
  if (held)
    issues.push(
      issue(
        listing,
        held.kind === 'below' ? 'price_below_floor' : 'price_above_ceiling',
        'error',
        'price',
        `${name} holds the price ${held.price}, ${bound(held.kind)} in ${rule}.`,
        `Run ${rule} to send ${name} a price within its bounds, or change the rule.`,
      ),
    );
  const own = held ? null : outside(bounds.override);
  if (own)
    issues.push(
      issue(
        listing,
        own.kind === 'below' ? 'price_below_floor' : 'price_above_ceiling',
        'warning',
        'price',
        `Your price ${own.price} for ${name} is ${bound(own.kind)} in ${rule}; ${own.kind === 'below' ? bounds.floor : bounds.ceiling} is sent instead.`,
        `Change your price for ${name} to one within the rule's bounds, or change the rule.`,
      ),
    );
  return issues;
}

export function checkMarketplaceStatus(listing: ListingFacts): ComplianceIssue[] {
  const name = marketplaceLimits[listing.channel].name;
  const reason = listing.lastError?.trim() || null;
  if (listing.status === 'suppressed')
    return [
      issue(
        listing,
        'listing_suppressed',
        'error',
        'status',
        reason ? `${name} stopped showing this listing: ${reason}` : `${name} stopped showing this listing.`,
        reason
          ? `Fix what ${name} names, then save the listing again.`
          : `Open the listing on ${name} to see its reason.`,
      ),
    ];
  if (listing.status === 'error' && reason)
    return [
      issue(
        listing,
        'listing_refused',
        'error',
        'status',
        `${name} refused this listing: ${reason}`,
        `Fix what ${name} names, then save the listing again.`,
      ),
    ];
  return [];
}

/**
 * What the marketplace itself reports on the listing, in its words with its codes: one issue for the
 * listing, an error when any of them is (or the marketplace suppressed the listing), gone once the
 * marketplace no longer reports them.
 */
export function checkMarketplaceIssues(listing: ListingFacts): ComplianceIssue[] {
  const reported = listing.marketplaceIssues ?? [];
  if (reported.length === 0) return [];
  const name = marketplaceLimits[listing.channel].name;
  const suppressed = reported.some((i) => i.suppressing);
  const reasons = [...reported]
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
    .map((i) => `${i.message.trim()} (${i.code})`)
    .join('; ');
  return [
    issue(
      listing,
      'marketplace_issue',
      suppressed || reported.some((i) => i.severity === 'error') ? 'error' : 'warning',
      'status',
      suppressed ? `${name} suppressed this listing: ${reasons}` : `${name} reports: ${reasons}`,
      `Fix what ${name} names; this clears once ${name} no longer reports it.`,
    ),
  ];
}

/** The product-safety data a product holds in its attributes, under the names eBay's Regulatory object uses. */
function hasSafetyParty(attributes: Readonly<Record<string, unknown>>, key: 'manufacturer' | 'responsiblePersons') {
  const regulatory = attributes['regulatory'];
  const value =
    attributes[key] ??
    (regulatory && typeof regulatory === 'object' ? (regulatory as Record<string, unknown>)[key] : undefined);
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return typeof value === 'string' && value.trim() !== '';
}

export function checkEuProductSafety(listing: ListingFacts): ComplianceIssue[] {
  if (!marketplaceLimits[listing.channel].euProductSafety) return [];
  const missing = [
    hasSafetyParty(listing.attributes, 'manufacturer') ? null : 'the manufacturer',
    hasSafetyParty(listing.attributes, 'responsiblePersons') ? null : 'an EU responsible person',
  ].filter((m): m is string => m !== null);
  if (missing.length === 0) return [];
  return [
    issue(
      listing,
      'eu_safety_data_missing',
      'warning',
      'safety',
      `eBay asks for ${missing.join(' and ')} (EU product safety rules) when you sell to the EU or Northern Ireland.`,
      `Add ${missing.join(' and ')} with name and address in eBay's product safety details, if you sell to the EU.`,
    ),
  ];
}

/**
 * An attribute's name as the checks match it: any case, spaces and hyphens as underscores, so a product's
 * "Metal Type" gives Amazon's `metal_type` and eBay's "Color" and Amazon's `color` are one attribute.
 */
export const attributeKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Whether an attribute value says something (a non-empty text, a number, a list with one such value). */
function hasValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some(hasValue);
  return false;
}

/** The keys (attributeKey) of the attributes the product gives a value for. */
export function givenAttributeKeys(attributes: Readonly<Record<string, unknown>>): Set<string> {
  const keys = new Set<string>();
  for (const [name, value] of Object.entries(attributes)) if (hasValue(value)) keys.add(attributeKey(name));
  return keys;
}

/** How a marketplace names the category a listing is in. */
const categoryWords: Partial<Record<ChannelKind, string>> = { amazon: 'product type', ebay: 'category' };

/** Listings made with the product's attributes as they are here: to be created, or refused at creation. */
const MADE_FROM_HERE: readonly ListingStatus[] = ['pending', 'error'];

/**
 * What the marketplace's category asks every listing in it to carry (Amazon's product type definition, eBay's
 * required item aspects) that the product has no value for: one error naming them all, since the marketplace
 * refuses such a listing. Held to it: a listing to be created (a publish's check) or refused at creation. A live
 * listing carries what the marketplace holds, not the product's values here: the marketplace's own reports say
 * when it lacks one (Amazon's listing issues, eBay's ASPECTS_ADOPTION violations).
 */
export function checkRequiredAttributes(listing: ListingFacts): ComplianceIssue[] {
  const requirements = listing.requirements;
  if (!requirements || requirements.attributes.length === 0 || !MADE_FROM_HERE.includes(listing.status)) return [];
  const given = givenAttributeKeys(listing.attributes);
  const missing = requirements.attributes.filter(
    (required) =>
      !given.has(attributeKey(required.name)) &&
      !(required.fromProduct === 'brand' && (listing.brand ?? '').trim() !== ''),
  );
  if (missing.length === 0) return [];
  const name = marketplaceLimits[listing.channel].name;
  const category = `${name}'s ${categoryWords[listing.channel] ?? 'category'} ${
    requirements.categoryName ? `${requirements.categoryName} (${requirements.category})` : requirements.category
  }`;
  const labels = missing.map((m) => (m.fromProduct === 'brand' ? 'Brand' : m.label));
  return [
    issue(
      listing,
      'attributes_missing',
      'error',
      'attributes',
      `${category} asks every listing for ${listText(labels)}; this product has no ${listText(labels, 'or')}.`,
      `Give the product its ${listText(labels)} in the SKU's Attributes.`,
    ),
  ];
}

/** "a", "a and b", "a, b and c". */
function listText(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}
