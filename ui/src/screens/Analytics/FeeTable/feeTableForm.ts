import type { FeeTableBody, FeeTableEntry } from '../../../api';

type Kind = FeeTableEntry['kind'];

/** What the fee table's dialog says, once each. */
export const feeTableTexts = {
  open: 'Your fee table',
  title: 'Fee table',
  description:
    'What each marketplace takes per order where its fees are estimated: a percent of the order plus a fixed amount.',
  reported: (name: string) =>
    `${name} reports its own fees: these stand in only for an order whose fees cannot be read.`,
  estimated: (name: string) => `${name} reports no fees per order: its orders are always estimated with these.`,
  save: 'Save fee table',
  saved: 'Fee table saved',
  savedDetail: 'Orders from now on are estimated with these fees; those estimated before keep theirs.',
  notSaved: 'The fee table was not saved',
  percentError: 'Enter a percent from 0 to 100, such as 2.9.',
  fixedError: 'Enter an amount such as 0.30 (up to 9999.99).',
} as const;

/** The dialog's fields as typed, per kind. */
export type FeeTableDraft = Record<Kind, { percent: string; fixed: string }>;

/** The fields as saved, without the zeros the server pads with ("2.900" shows as "2.9"). */
export function feeTableDraft(saved: readonly FeeTableEntry[]): FeeTableDraft {
  const draft = {} as FeeTableDraft;
  for (const entry of saved) draft[entry.kind] = { percent: String(Number(entry.percent)), fixed: entry.fixed };
  return draft;
}

const percentPattern = /^\d{1,3}(\.\d{1,3})?$/;
// As the contract's FeeTableBody: up to four digits, up to two decimals.
const fixedPattern = /^\d{1,4}(\.\d{1,2})?$/;

/**
 * The kinds whose values differ from the saved ones, as the request sends them, and what is wrong with the
 * fields typed (a kind without an entry has none). Values equal as numbers ("2.90" and "2.9") are not changes.
 */
export function changedKinds(
  saved: readonly FeeTableEntry[],
  draft: FeeTableDraft,
): { kinds: FeeTableBody['kinds']; errors: Partial<Record<Kind, { percent?: string; fixed?: string }>> } {
  const kinds: FeeTableBody['kinds'] = [];
  const errors: Partial<Record<Kind, { percent?: string; fixed?: string }>> = {};
  for (const entry of saved) {
    const percent = draft[entry.kind].percent.trim();
    const fixed = draft[entry.kind].fixed.trim();
    const percentOk = percentPattern.test(percent) && Number(percent) <= 100;
    const fixedOk = fixedPattern.test(fixed);
    if (!percentOk || !fixedOk)
      errors[entry.kind] = {
        ...(percentOk ? {} : { percent: feeTableTexts.percentError }),
        ...(fixedOk ? {} : { fixed: feeTableTexts.fixedError }),
      };
    if (!percentOk || !fixedOk) continue;
    if (Number(percent) !== Number(entry.percent) || Number(fixed) !== Number(entry.fixed))
      kinds.push({ kind: entry.kind, percent: Number(percent), fixed });
  }
  return { kinds, errors };
}
