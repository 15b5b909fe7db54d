import { describe, expect, it } from 'vitest';
import { generateCatalogue, gtin13 } from './catalogue-generator.ts';

describe('a sandbox seller’s generated catalogue', () => {
  it('is the same for the same seed, and always has its first SKU in stock (a catalogue of any size can sell)', () => {
    expect(generateCatalogue(4, 1234, '')).toEqual(generateCatalogue(4, 1234, ''));
    // A seed that once made four SKUs all out of stock.
    expect(generateCatalogue(4, 1341891696, '')[0]!.quantity).toBeGreaterThan(0);
    let outOfStock = 0;
    let products = 0;
    for (let seed = 1; seed < 2 ** 31; seed += 104_729 * 7) {
      const catalogue = generateCatalogue(4, seed, '');
      expect(catalogue[0]!.quantity, String(seed)).toBeGreaterThan(0);
      outOfStock += catalogue.slice(1).filter((p) => p.quantity === 0).length;
      products += 3;
    }
    // About one in ten of the others starts out of stock, as real catalogues do.
    expect(outOfStock / products).toBeGreaterThan(0.07);
    expect(outOfStock / products).toBeLessThan(0.13);
  });

  it('gives GTINs a valid check digit', () => {
    expect(gtin13('400638133393')).toBe('4006381333931');
  });
});
