import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { csvLine } from '../csv/csv-write.ts';
import {
  allIssues,
  complianceSettingsOf,
  issueCounts,
  issuePage,
  saveRestrictedWords,
  type IssueFilter,
} from '../../db/queries/compliance.ts';
import { recheckAll, recheckChanged, restrictedWordsOf } from './recheck.ts';
import { defaultRestrictedWords } from './marketplace-limits.ts';

// The Compliance page's use cases: its issues (current as of the request: what changed since the
// last check is checked first), their CSV, the account's restricted words and a full re-check.

export const MAX_RESTRICTED_WORDS = 500;
export const MAX_RESTRICTED_WORD_LENGTH = 100;

/** A page of issues with the account's counts; what changed since the last check is checked first. */
export async function listIssues(
  ctx: AppContext,
  accountId: string,
  filter: IssueFilter,
  page: { page: number; pageSize: number },
) {
  await recheckChanged(ctx, accountId);
  const [found, counts] = await Promise.all([
    issuePage(ctx.db, accountId, filter, { offset: (page.page - 1) * page.pageSize, limit: page.pageSize }),
    issueCounts(ctx.db, accountId),
  ]);
  return { ...found, ...page, counts };
}

const CSV_COLUMNS = ['sku', 'title', 'channel', 'marketplace', 'severity', 'field', 'issue', 'fix'];

/** Every issue under the filter as CSV lines, the header first. */
export async function issuesCsv(ctx: AppContext, accountId: string, filter: IssueFilter): Promise<string> {
  await recheckChanged(ctx, accountId);
  const issues = await allIssues(ctx.db, accountId, filter);
  return [
    csvLine(CSV_COLUMNS),
    ...issues.map((i) =>
      csvLine([i.sku, i.title, i.channelName, i.channelKind, i.severity, i.field, i.message, i.fix]),
    ),
  ].join('');
}

export async function restrictedWords(ctx: AppContext, accountId: string) {
  const settings = await complianceSettingsOf(ctx.db, accountId);
  return {
    words: [...restrictedWordsOf(settings.restrictedWords)],
    isDefault: settings.restrictedWords === null,
    defaults: [...defaultRestrictedWords],
  };
}

/** The words of a list as the seller typed it: one a line, spaces around and blank lines left out, each once. */
export function wordsOfText(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim().replace(/\s+/g, ' '))
        .filter((line) => line !== ''),
    ),
  ];
}

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((w, i) => w === b[i]);

/**
 * The account's restricted words become those of this text, one a line (null: back to the default
 * list); every listing is checked again against them. The same list again changes nothing.
 */
export async function setRestrictedWords(ctx: AppContext, audit: AuditContext, accountId: string, text: string | null) {
  const words = text === null ? null : wordsOfText(text);
  if (words !== null) {
    if (words.length > MAX_RESTRICTED_WORDS)
      throw new AppError(400, `The list can hold ${MAX_RESTRICTED_WORDS} words or phrases; it has ${words.length}.`);
    const long = words.find((w) => w.length > MAX_RESTRICTED_WORD_LENGTH);
    if (long)
      throw new AppError(
        400,
        `"${long.slice(0, 30)}…" is longer than ${MAX_RESTRICTED_WORD_LENGTH} characters: a restricted word or phrase must be shorter.`,
      );
  }
  const before = await complianceSettingsOf(ctx.db, accountId);
  if (sameList(before.restrictedWords, words)) return restrictedWords(ctx, accountId);
  await ctx.db.transaction(async (tx) => {
    await saveRestrictedWords(tx, accountId, words);
    await recordAudit(tx, audit, {
      action: 'settings.changed',
      accountId,
      targetType: 'restricted_words',
      targetId: accountId,
      before: { words: before.restrictedWords },
      after: { words },
    });
  });
  await recheckAll(ctx, accountId);
  return restrictedWords(ctx, accountId);
}

/** Check every listing of the account now. */
export async function recheckNow(ctx: AppContext, accountId: string) {
  const result = await recheckAll(ctx, accountId);
  const counts = await issueCounts(ctx.db, accountId);
  return { checkedProducts: result.products, counts };
}
