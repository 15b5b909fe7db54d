import { describe, expect, it } from 'vitest';
import { parseForm } from './form.ts';
import { StripeApiError } from './errors.ts';

describe('the Stripe sandbox reading a form', () => {
  it('reads Stripe’s bracket notation into objects and arrays', () => {
    expect(parseForm('customer=cus_1&line_items[0][price]=price_1&line_items[0][quantity]=1&metadata[a]=b')).toEqual({
      customer: 'cus_1',
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { a: 'b' },
    });
  });

  it('refuses the names of the object machinery, and writes nothing into the process’s objects', () => {
    for (const text of [
      '__proto__[polluted]=1',
      'metadata[__proto__][polluted]=1',
      'metadata[constructor][prototype][polluted]=1',
      'prototype=1',
    ]) {
      expect(() => parseForm(text), text).toThrow(StripeApiError);
      expect(({} as Record<string, unknown>).polluted, text).toBeUndefined();
    }
  });
});
