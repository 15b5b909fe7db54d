import { describe, expect, it } from 'vitest';
import { actionChoiceOf, actionLabels, actionOf, type ActionChoice } from './ruleTexts';

describe('a rule’s price choice', () => {
  it('makes the action the contract takes and reads back to the same choice, every choice', () => {
    for (const choice of Object.keys(actionLabels) as ActionChoice[])
      expect(actionChoiceOf(actionOf(choice, '-0.01')), choice).toBe(choice);
  });

  it('follows a competitor by an amount: "-0.01" beats the lowest other offer by a cent', () => {
    expect(actionOf('lowest_offer', '-0.01')).toEqual({ basis: 'lowest_offer', change: 'amount', value: '-0.01' });
    expect(actionOf('featured_offer', '0')).toEqual({ basis: 'featured_offer', change: 'amount', value: '0' });
    expect(actionOf('main_percent', '10')).toEqual({ basis: 'main_price', change: 'percent', value: '10' });
  });
});
