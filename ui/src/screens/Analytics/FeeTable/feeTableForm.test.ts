import { describe, expect, it } from 'vitest';
import { defaultFeeTable } from '@hub/mocks';
import { changedKinds, feeTableDraft, feeTableTexts } from './feeTableForm';

describe('the fee table form', () => {
  const saved = defaultFeeTable.kinds;

  it('shows the saved values without padding, and sends nothing when nothing changed', () => {
    const draft = feeTableDraft(saved);
    expect(draft.shopify).toEqual({ percent: '2.9', fixed: '0.30' });
    expect(draft.amazon).toEqual({ percent: '15', fixed: '0.00' });
    expect(changedKinds(saved, draft)).toEqual({ kinds: [], errors: {} });
    // The same numbers written otherwise are no change.
    expect(changedKinds(saved, { ...draft, shopify: { percent: '2.900', fixed: '0.3' } }).kinds).toEqual([]);
  });

  it('sends only the kinds changed, percent as a number and the fixed amount as typed', () => {
    const draft = feeTableDraft(saved);
    draft.walmart = { percent: ' 10.5 ', fixed: '0.25' };
    expect(changedKinds(saved, draft)).toEqual({
      kinds: [{ kind: 'walmart', percent: 10.5, fixed: '0.25' }],
      errors: {},
    });
  });

  it('says what is wrong with each field, and sends none of a kind with an error', () => {
    const draft = feeTableDraft(saved);
    draft.walmart = { percent: '101', fixed: '0.25' };
    draft.ebay = { percent: '12', fixed: '1.234' };
    draft.shopify = { percent: 'two', fixed: '-1' };
    expect(changedKinds(saved, draft)).toEqual({
      kinds: [],
      errors: {
        walmart: { percent: feeTableTexts.percentError },
        ebay: { fixed: feeTableTexts.fixedError },
        shopify: { percent: feeTableTexts.percentError, fixed: feeTableTexts.fixedError },
      },
    });
  });
});
