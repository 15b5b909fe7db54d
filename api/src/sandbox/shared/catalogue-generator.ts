/** A generated product: realistic enough to import, list and sell (titles, brands, GTINs, prices, stock, images). */
export interface GeneratedProduct {
  sku: string;
  title: string;
  description: string;
  brand: string;
  gtin: string;
  price: string;
  currency: string;
  quantity: number;
  imageUrls: string[];
  attributes: Record<string, string>;
  /** The department the product belongs to, as a store tags it (Shopify's product tags). */
  tags: string[];
}

const brands = [
  'Northwind',
  'Cooper & Sons',
  'Alder Goods',
  'Harbor Lane',
  'Summit Gear',
  'Willow Home',
  'Brightline',
  'Copperleaf',
];
const adjectives = ['Classic', 'Organic', 'Premium', 'Compact', 'Deluxe', 'Everyday', 'Heritage', 'Lightweight'];
const nouns = [
  'Coffee Mug',
  'Throw Blanket',
  'Water Bottle',
  'Desk Lamp',
  'Yoga Mat',
  'Backpack',
  'Candle',
  'Cutting Board',
  'Tea Towel Set',
  'Plant Pot',
] as const;
/** Each noun's department (a store's tag), so a catalogue's tags follow from what it sells. */
const departments: Record<(typeof nouns)[number], string> = {
  'Coffee Mug': 'Kitchen',
  'Throw Blanket': 'Living',
  'Water Bottle': 'Outdoor',
  'Desk Lamp': 'Office',
  'Yoga Mat': 'Outdoor',
  Backpack: 'Outdoor',
  Candle: 'Living',
  'Cutting Board': 'Kitchen',
  'Tea Towel Set': 'Kitchen',
  'Plant Pot': 'Living',
};
const colours = ['Black', 'White', 'Sage', 'Navy', 'Terracotta', 'Oat', 'Charcoal', 'Mustard'];
const sizes = ['Small', 'Medium', 'Large'];

/** A small deterministic generator, so the same seed makes the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** GTIN-13 with a valid check digit. */
export function gtin13(body12: string): string {
  const digits = body12.split('').map(Number);
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return body12 + ((10 - (sum % 10)) % 10);
}

export function generateCatalogue(count: number, seed: number, imageBaseUrl: string): GeneratedProduct[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const products: GeneratedProduct[] = [];
  for (let i = 0; i < count; i++) {
    const brand = pick(brands);
    const noun = pick(nouns);
    const colour = pick(colours);
    const size = pick(sizes);
    const sku = `${brand
      .replace(/[^A-Z]/g, '')
      .slice(0, 3)
      .padEnd(3, 'X')}-${String(seed % 1000).padStart(3, '0')}-${String(i + 1).padStart(5, '0')}`;
    const cents = Math.round((5 + next() * 195) * 100);
    // One in ten starts out of stock, as real catalogues do; never the first, so that a catalogue of any size has
    // something to sell (four SKUs all out of stock came up once in a few thousand seeds).
    const outOfStock = next() < 0.1 && i > 0;
    const quantity = outOfStock ? 0 : Math.floor(1 + next() * 150);
    products.push({
      sku,
      title: `${brand} ${pick(adjectives)} ${noun} – ${colour}, ${size}`,
      description: `A ${colour.toLowerCase()} ${noun.toLowerCase()} by ${brand}. Size ${size.toLowerCase()}.`,
      brand,
      gtin: gtin13(`0${String(Math.floor(next() * 1e11)).padStart(11, '0')}`),
      price: (cents / 100).toFixed(2),
      currency: 'USD',
      quantity,
      imageUrls: [`${imageBaseUrl}/${encodeURIComponent(sku)}.png`],
      attributes: { color: colour, size },
      tags: [departments[noun]],
    });
  }
  return products;
}
