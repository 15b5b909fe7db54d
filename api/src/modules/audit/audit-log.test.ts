import { describe, expect, it } from 'vitest';
import { AUDIT_SAMPLE, sampleBeforeAndAfter } from './audit-log.ts';

describe('sampleBeforeAndAfter', () => {
  it('splits each item’s { before, after } fields into what it was and what it became, labelled', () => {
    const edits = [
      { productId: 'p1', sku: 'MUG-1', price: { before: '9.99', after: '10.99' }, onHand: { before: 3, after: 5 } },
      { productId: 'p2', sku: 'MUG-2', title: { before: null, after: 'Blue mug' } },
    ];
    expect(sampleBeforeAndAfter(edits, (e) => ({ sku: e.sku }))).toEqual({
      before: [
        { sku: 'MUG-1', price: '9.99', onHand: 3 },
        { sku: 'MUG-2', title: null },
      ],
      after: [
        { sku: 'MUG-1', price: '10.99', onHand: 5 },
        { sku: 'MUG-2', title: 'Blue mug' },
      ],
    });
  });

  it(`keeps the first ${AUDIT_SAMPLE} items only`, () => {
    const many = Array.from({ length: AUDIT_SAMPLE + 5 }, (_, i) => ({
      sku: `S${i}`,
      price: { before: i, after: i + 1 },
    }));
    const { before, after } = sampleBeforeAndAfter(many, (e) => ({ sku: e.sku }));
    expect(before).toHaveLength(AUDIT_SAMPLE);
    expect(after.at(-1)).toEqual({ sku: `S${AUDIT_SAMPLE - 1}`, price: AUDIT_SAMPLE });
  });
});
