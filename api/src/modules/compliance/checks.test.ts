import { describe, expect, it } from 'vitest';
import {
  checkListing,
  compileRestrictedWords,
  isValidGtin,
  type CheckContext,
  type ListingFacts,
  type PictureFacts,
  type PriceBounds,
} from './checks.ts';
import { defaultRestrictedWords } from './marketplace-limits.ts';

// Listings as the catalogue holds them after reading real marketplace items (the Walmart items
// API's examples in walmart/items.json, an Amazon-style title, an eBay title past its 80 characters).
const walmartVest: ListingFacts = {
  channel: 'walmart',
  title: "Carhartt Men's Rugged Vest",
  description: 'Quilted-flannel lined duck vest.',
  gtin: '00886859944807',
  images: ['https://i5.walmartimages.com/asr/carhartt-vest.jpeg'],
  attributes: { brand: 'Carhartt' },
  status: 'active',
  lastError: null,
  price: '59.99',
};
const context: CheckContext = {
  restrictedWords: compileRestrictedWords(defaultRestrictedWords),
  otherChannelPrices: [],
};
const codes = (facts: ListingFacts, ctx: CheckContext = context) => checkListing(facts, ctx).map((i) => i.code);

describe('GTIN check digits', () => {
  it('accepts real barcodes of every length', () => {
    expect(isValidGtin('73513537')).toBe(true); // EAN-8
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('886859944807')).toBe(true); // UPC-A of the Carhartt vest (walmart/items.json)
    expect(isValidGtin('4006381333931')).toBe(true); // EAN-13
    expect(isValidGtin('9780306406157')).toBe(true); // ISBN-13 as an EAN
    expect(isValidGtin('00080529910042')).toBe(true); // GTIN-14 of E-A-R earplugs (walmart/items.json)
  });

  it('refuses a wrong check digit, a wrong length or letters', () => {
    expect(isValidGtin('036000291453')).toBe(false);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('0360002914')).toBe(false);
    expect(isValidGtin('03600029145X')).toBe(false);
    expect(isValidGtin('testGtin')).toBe(false);
  });
});

describe('a listing that follows every rule', () => {
  it('has no issue on any channel', () => {
    expect(codes(walmartVest)).toEqual([]);
    expect(codes({ ...walmartVest, channel: 'amazon' })).toEqual([]);
    expect(codes({ ...walmartVest, channel: 'shopify' })).toEqual([]);
    const ebay = { ...walmartVest, channel: 'ebay' as const };
    expect(
      codes({ ...ebay, attributes: { manufacturer: { companyName: 'Carhartt' }, responsiblePersons: [{}] } }),
    ).toEqual([]);
  });
});

describe('titles', () => {
  const long =
    'Tom Ford Optical FT5427-055-52 Eyeglasses Tom Ford Optical FT5427-055-52 Eyeglasses Tom Ford Optical FT5427-055-52';

  it('holds each marketplace to its length: 80 on eBay, more elsewhere', () => {
    const ebay = checkListing({ ...walmartVest, channel: 'ebay', title: long }, context);
    const tooLong = ebay.find((i) => i.code === 'title_too_long');
    expect(tooLong).toMatchObject({ severity: 'error', field: 'title', channel: 'ebay' });
    expect(tooLong?.message).toBe(`The title has ${long.length} characters; eBay allows 80.`);
    expect(tooLong?.fix).toBe(`Shorten the title by ${long.length - 80} characters.`);
    expect(codes({ ...walmartVest, title: long })).not.toContain('title_too_long');
    expect(codes({ ...walmartVest, title: 'x'.repeat(200) })).toContain('title_too_long');
    expect(codes({ ...walmartVest, channel: 'amazon', title: 'x'.repeat(200) })).not.toContain('title_too_long');
    expect(codes({ ...walmartVest, channel: 'amazon', title: 'x'.repeat(201) })).toContain('title_too_long');
    expect(codes({ ...walmartVest, channel: 'shopify', title: 'x'.repeat(255) })).not.toContain('title_too_long');
  });

  it('counts an emoji as one character, as the seller does', () => {
    expect(codes({ ...walmartVest, channel: 'ebay', title: '🎁'.repeat(80) })).not.toContain('title_too_long');
  });

  it("refuses Amazon's special characters and a word used three times", () => {
    const issues = checkListing({ ...walmartVest, channel: 'amazon', title: 'Best Vest!!! $20 Vest Vest' }, context);
    expect(issues.find((i) => i.code === 'title_forbidden_characters')?.message).toBe(
      'The title has characters Amazon does not allow: ! $',
    );
    expect(issues.find((i) => i.code === 'title_repeated_word')?.message).toContain(': vest');
    expect(codes({ ...walmartVest, title: 'Best Vest!!! $20' })).not.toContain('title_forbidden_characters');
  });

  it('needs a title', () => {
    expect(codes({ ...walmartVest, title: '   ' })).toEqual(['title_missing']);
  });
});

describe('barcodes', () => {
  it('needs one on Walmart and Amazon (errors), asks for one on eBay, not on Shopify', () => {
    const none = { ...walmartVest, gtin: null };
    expect(checkListing(none, context)[0]).toMatchObject({ code: 'gtin_missing', severity: 'error' });
    expect(checkListing({ ...none, channel: 'amazon' }, context)[0]).toMatchObject({ severity: 'error' });
    expect(checkListing({ ...none, channel: 'ebay' }, context).find((i) => i.code === 'gtin_missing')).toMatchObject({
      severity: 'warning',
    });
    expect(codes({ ...none, channel: 'shopify' })).toEqual([]);
  });

  it('says why a barcode is not valid', () => {
    const [bad] = checkListing({ ...walmartVest, gtin: '036000291453' }, context);
    expect(bad).toMatchObject({ code: 'gtin_invalid', severity: 'error', field: 'gtin' });
    expect(bad?.message).toBe(
      'The barcode 036000291453 is not a valid UPC, EAN or GTIN: its last digit (the check digit) does not match the others.',
    );
    expect(checkListing({ ...walmartVest, gtin: '12345' }, context)[0]?.message).toContain('it has 5 digits');
    expect(checkListing({ ...walmartVest, channel: 'shopify', gtin: 'testGtin' }, context)[0]).toMatchObject({
      severity: 'warning',
    });
  });
});

describe('images', () => {
  it('needs a main image, and on eBay secure links and at most 24', () => {
    expect(codes({ ...walmartVest, images: [] })).toEqual(['images_missing']);
    expect(codes({ ...walmartVest, channel: 'shopify', images: [] })).toEqual([]);
    const ebay = {
      ...walmartVest,
      channel: 'ebay' as const,
      attributes: { regulatory: { manufacturer: 'Carhartt', responsiblePersons: ['EU Rep'] } },
    };
    const plain = checkListing({ ...ebay, images: ['http://example.com/a.jpg', 'https://example.com/b.jpg'] }, context);
    expect(plain.map((i) => i.code)).toEqual(['images_not_https']);
    expect(plain[0]?.message).toContain("1 of this product's images is not");
    const many = Array.from({ length: 25 }, (_, i) => `https://example.com/${i}.jpg`);
    expect(codes({ ...ebay, images: many })).toEqual(['images_too_many']);
  });
});

describe('pictures as read from their host', () => {
  const jpeg = (width: number, height: number, bytes = 250_000): PictureFacts => ({
    format: 'jpeg',
    width,
    height,
    bytes,
    failure: null,
  });
  const images = (n: number) => Array.from({ length: n }, (_, i) => `https://i5.walmartimages.com/asr/${i}.jpeg`);
  const withPictures = (channel: ListingFacts['channel'], pictures: Array<PictureFacts | undefined>): ListingFacts => ({
    ...walmartVest,
    channel,
    images: images(pictures.length),
    pictures,
  });
  const found = (facts: ListingFacts) =>
    checkListing(facts, context)
      .filter((i) => i.code.startsWith('image_'))
      .map((i) => [i.code, i.severity, i.message]);

  it('says nothing of images not read yet, nor of pictures every marketplace takes', () => {
    for (const channel of ['amazon', 'ebay', 'walmart', 'shopify'] as const) {
      expect(found(withPictures(channel, [undefined, undefined]))).toEqual([]);
      expect(found(withPictures(channel, [jpeg(2200, 2200), jpeg(1600, 1500)]))).toEqual([]);
    }
  });

  it('refuses a picture below 500 pixels on Amazon and eBay, naming each, and only warns of zoom above it', () => {
    expect(found(withPictures('amazon', [jpeg(2000, 2000), jpeg(400, 300), jpeg(120, 480), jpeg(800, 600)]))).toEqual([
      [
        'image_too_small',
        'error',
        'Images 2 and 3 are 400 × 300 and 120 × 480 pixels; Amazon takes pictures at least 500 pixels on the longest side.',
      ],
      [
        'image_no_zoom',
        'warning',
        'Image 4 is 800 × 600 pixels; Amazon lets buyers zoom from 1,000 pixels on the longest side.',
      ],
    ]);
    expect(found(withPictures('ebay', [jpeg(499, 200)]))[0]).toEqual([
      'image_too_small',
      'error',
      'Image 1 is 499 × 200 pixels; eBay takes pictures at least 500 pixels on the longest side.',
    ]);
    // Walmart refuses none for its size, Shopify warns of none.
    expect(found(withPictures('walmart', [jpeg(400, 300)])).map(([code]) => code)).toEqual(['image_no_zoom']);
    expect(found(withPictures('shopify', [jpeg(400, 300)]))).toEqual([]);
  });

  it('holds each marketplace to its formats, file size and pixel count', () => {
    const svg: PictureFacts = { format: 'svg', width: null, height: null, bytes: 4_000, failure: null };
    const webp: PictureFacts = { ...jpeg(1600, 1600), format: 'webp' };
    expect(found(withPictures('amazon', [svg, webp]))).toEqual([
      ['image_format', 'error', 'Images 1 and 2 are SVG or another format; Amazon takes JPEG, PNG, GIF or TIFF.'],
    ]);
    expect(found(withPictures('shopify', [webp]))).toEqual([]);
    expect(found(withPictures('ebay', [webp]))).toEqual([]);
    // 6 MB: over Walmart's 5 MB, within Amazon's 10.
    expect(found(withPictures('walmart', [jpeg(2200, 2200, 6 * 1024 * 1024)]))).toEqual([
      ['image_too_large', 'error', 'Image 1 is 6.0 MB; Walmart takes files up to 5 MB.'],
    ]);
    expect(found(withPictures('amazon', [jpeg(2200, 2200, 6 * 1024 * 1024)]))).toEqual([]);
    // Shopify's 25 megapixels, Amazon's 10,000 pixels a side.
    expect(found(withPictures('shopify', [jpeg(6000, 5000)]))).toEqual([
      [
        'image_too_large',
        'error',
        'Image 1 is 6,000 × 5,000 pixels; Shopify takes files up to 20 MB, at most 25 megapixels.',
      ],
    ]);
    expect(found(withPictures('amazon', [jpeg(10_001, 900)])).map(([code]) => code)).toEqual(['image_too_large']);
  });

  it('warns of images that could not be read, with the first reason', () => {
    const missing: PictureFacts = {
      format: null,
      width: null,
      height: null,
      bytes: null,
      failure: 'the server answered 404',
    };
    const page: PictureFacts = { ...missing, failure: 'it is not a picture (the server sent text/html)' };
    expect(found(withPictures('ebay', [jpeg(1600, 1600), missing, page]))).toEqual([
      ['image_unreadable', 'warning', 'Images 2 and 3 could not be read: the server answered 404 (and others).'],
    ]);
  });
});

describe('restricted words', () => {
  it('finds the default list in the title and the description, as whole words in any case', () => {
    const issues = checkListing(
      { ...walmartVest, title: 'Rugged Vest - FREE  Shipping, Best Seller', description: 'Cures back pain.' },
      context,
    );
    const title = issues.find((i) => i.code === 'restricted_word' && i.field === 'title');
    expect(title?.message).toBe(
      'The title uses words on your restricted list: "free shipping", "best seller". Walmart may remove the listing.',
    );
    expect(issues.find((i) => i.field === 'description')?.fix).toBe('Remove "cures" from the description.');
    // "Secure" holds "cure", "Wholesale" holds nothing of the list: no issue.
    expect(codes({ ...walmartVest, title: 'Secure Pocket Vest' })).toEqual([]);
  });

  it("follows the account's own list", () => {
    const own = { ...context, restrictedWords: compileRestrictedWords(['Carhartt', 'c++ (pro)']) };
    expect(codes(walmartVest, own)).toEqual(['restricted_word']);
    expect(codes({ ...walmartVest, title: 'Vest c++ (pro) edition' }, own)).toEqual(['restricted_word']);
    const none = { ...context, restrictedWords: compileRestrictedWords([]) };
    expect(codes({ ...walmartVest, title: 'Free shipping vest' }, none)).toEqual([]);
  });
});

describe('price parity', () => {
  it('warns when Walmart is priced above another channel, naming the lowest', () => {
    const others = [
      { channel: 'amazon' as const, channelName: 'Amazon US', price: '57.00' },
      { channel: 'ebay' as const, channelName: 'eBay', price: '54.50' },
      { channel: 'shopify' as const, channelName: 'Shop', price: '64.00' },
    ];
    const [parity] = checkListing(walmartVest, { ...context, otherChannelPrices: others });
    expect(parity).toMatchObject({ code: 'price_above_other_channel', severity: 'warning', field: 'price' });
    expect(parity?.message).toBe(
      "The Walmart price 59.99 is above eBay's 54.50; Walmart may unpublish items priced higher than elsewhere.",
    );
    expect(codes({ ...walmartVest, price: '54.50' }, { ...context, otherChannelPrices: others })).toEqual([]);
    expect(codes({ ...walmartVest, channel: 'shopify' }, { ...context, otherChannelPrices: others })).toEqual([]);
  });
});

describe('price within the pricing rule', () => {
  const bounds: PriceBounds = {
    ruleName: 'Amazon +10 %',
    floor: '50.00',
    ceiling: '69.99',
    marginWithoutCost: false,
    floorAboveCeiling: false,
    held: '59.99',
    override: null,
  };
  const amazon = { ...walmartVest, channel: 'amazon' as const };
  const priced = (over: Partial<PriceBounds>) => checkListing({ ...amazon, pricing: { ...bounds, ...over } }, context);

  it('passes a price within the floor and the ceiling, and a listing no rule prices', () => {
    expect(priced({})).toEqual([]);
    expect(priced({ held: '50.00' })).toEqual([]);
    expect(priced({ held: '69.99', override: '69.99' })).toEqual([]);
    expect(checkListing({ ...amazon, pricing: null }, context)).toEqual([]);
    expect(priced({ floor: null, ceiling: null, held: '0.50' })).toEqual([]);
  });

  it('reports a price the marketplace holds below the floor or above MAP as an error, naming the rule', () => {
    const [below] = priced({ held: '49.99' });
    expect(below).toMatchObject({ code: 'price_below_floor', severity: 'error', field: 'price', channel: 'amazon' });
    expect(below?.message).toBe(
      'Amazon holds the price 49.99, below its floor 50.00 in the pricing rule "Amazon +10 %".',
    );
    expect(below?.fix).toBe(
      'Run the pricing rule "Amazon +10 %" to send Amazon a price within its bounds, or change the rule.',
    );
    const [above] = priced({ held: '70.00' });
    expect(above).toMatchObject({ code: 'price_above_ceiling', severity: 'error' });
    expect(above?.message).toContain('above its maximum price (MAP) 69.99');
  });

  it("warns of the seller's own price outside the bounds, which is not sent", () => {
    const [own] = priced({ override: '45.00' });
    expect(own).toMatchObject({ code: 'price_below_floor', severity: 'warning' });
    expect(own?.message).toBe(
      'Your price 45.00 for Amazon is below its floor 50.00 in the pricing rule "Amazon +10 %"; 50.00 is sent instead.',
    );
    // What the marketplace holds is the error to fix first: one issue per code and field.
    expect(priced({ held: '40.00', override: '45.00' }).map((i) => i.severity)).toEqual(['error']);
  });

  it('never passes a margin floor without a cost silently, nor a floor above the ceiling', () => {
    const [noCost] = priced({ marginWithoutCost: true, floor: null });
    expect(noCost).toMatchObject({ code: 'price_floor_unknown', severity: 'warning' });
    expect(noCost?.message).toContain('this product has no cost');
    const issues = priced({ floorAboveCeiling: true, floor: '80.00', held: '75.00' });
    expect(issues.map((i) => [i.code, i.severity])).toEqual([['price_floor_above_ceiling', 'error']]);
    expect(issues[0]?.message).toContain('above its maximum price 69.99: no price is sent to Amazon');
  });
});

describe("the marketplace's own verdict", () => {
  it('shows a suppressed or refused listing with its reason', () => {
    const [suppressed] = checkListing(
      { ...walmartVest, channel: 'amazon', status: 'suppressed', lastError: 'Missing main image (ISSUE 18027)' },
      context,
    );
    expect(suppressed?.message).toBe('Amazon stopped showing this listing: Missing main image (ISSUE 18027)');
    const [refused] = checkListing({ ...walmartVest, status: 'error', lastError: 'NO_MIN_MAX_PRICE' }, context);
    expect(refused).toMatchObject({
      code: 'listing_refused',
      message: 'Walmart refused this listing: NO_MIN_MAX_PRICE',
    });
    expect(codes({ ...walmartVest, status: 'error', lastError: null })).toEqual([]);
  });
});

describe('EU product safety on eBay', () => {
  it('asks for what the product lacks', () => {
    const ebay = { ...walmartVest, channel: 'ebay' as const };
    expect(checkListing(ebay, context)[0]?.message).toBe(
      'eBay asks for the manufacturer and an EU responsible person (EU product safety rules) when you sell to the EU or Northern Ireland.',
    );
    const half = checkListing({ ...ebay, attributes: { manufacturer: 'Carhartt Inc.' } }, context);
    expect(half[0]?.message).toContain('asks for an EU responsible person (');
  });
});

describe('order', () => {
  it('puts errors before warnings', () => {
    const issues = checkListing({ ...walmartVest, channel: 'ebay', gtin: null, title: 'x'.repeat(81) }, context);
    expect(issues.map((i) => i.severity)).toEqual(['error', 'warning', 'warning']);
  });
});

describe("attributes the marketplace's category asks for", () => {
  const shirt = {
    category: 'SHIRT',
    categoryName: 'Shirt',
    attributes: [
      { name: 'brand', label: 'Brand Name', fromProduct: 'brand' as const },
      { name: 'color', label: 'Colour' },
      { name: 'metal_type', label: 'Metal Type', values: ['gold', 'silver'], valuesOnly: true },
    ],
  };
  const tee: ListingFacts = {
    ...walmartVest,
    channel: 'amazon',
    title: 'Organic cotton tee',
    status: 'pending',
    brand: 'Acme',
    attributes: {},
    requirements: shirt,
  };
  const requiredIssues = (facts: ListingFacts) =>
    checkListing(facts, context).filter((i) => i.code === 'attributes_missing');

  it('names every attribute a new listing lacks, in one error', () => {
    expect(requiredIssues(tee)).toEqual([
      expect.objectContaining({
        severity: 'error',
        field: 'attributes',
        message:
          "Amazon's product type Shirt (SHIRT) asks every listing for Colour and Metal Type; this product has no Colour or Metal Type.",
        fix: "Give the product its Colour and Metal Type in the SKU's Attributes.",
      }),
    ]);
  });
  it('matches names in any case, with spaces for underscores; the brand gives the brand', () => {
    expect(requiredIssues({ ...tee, attributes: { Color: 'Navy', 'Metal Type': 'gold' } })).toEqual([]);
    expect(requiredIssues({ ...tee, brand: null, attributes: { Color: 'Navy', 'Metal Type': 'gold' } })).toEqual([
      expect.objectContaining({ message: expect.stringContaining('asks every listing for Brand;') }),
    ]);
    expect(requiredIssues({ ...tee, attributes: { color: '  ', metal_type: ['gold'] } })[0]!.message).toContain(
      'this product has no Colour.',
    );
  });
  it('holds only listings made from the values here: a live listing carries what the marketplace holds', () => {
    expect(requiredIssues({ ...tee, status: 'error' })).toHaveLength(1);
    expect(requiredIssues({ ...tee, status: 'active' })).toEqual([]);
    expect(requiredIssues({ ...tee, requirements: null })).toEqual([]);
  });
  it('says eBay category where eBay gives no name', () => {
    const ebay = { category: '45476', categoryName: null, attributes: [{ name: 'Size', label: 'Size' }] };
    expect(requiredIssues({ ...tee, channel: 'ebay', requirements: ebay })[0]!.message).toBe(
      "eBay's category 45476 asks every listing for Size; this product has no Size.",
    );
  });
});
