import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { readAuditEntries, type AuditFilter, type AuditKey, type AuditRow } from '../../db/queries/audit-log.ts';
import { csvLine } from '../csv/csv-write.ts';
import { auditActions } from './audit-log.ts';

type AuditEntry = components['schemas']['AuditEntry'];
type AuditLogPage = components['schemas']['AuditLogPage'];

export type { AuditFilter };

export const BAD_CURSOR = 'This page of the audit log is no longer valid: start again from the first page.';
/** An export stops here: a spreadsheet opens no more, and a longer history is narrowed by the filters. */
export const EXPORT_ROW_LIMIT = 100_000;
const EXPORT_BATCH = 1_000;

const encodeCursor = (key: AuditKey) => Buffer.from(`${key.occurredAt}|${key.id}`, 'utf8').toString('base64url');

/** The cursor as `encodeCursor` wrote it; anything else is refused (400). */
export function decodeCursor(cursor: string): AuditKey {
  const [occurredAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const ok =
    rest.length === 0 &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(occurredAt ?? '') &&
    !Number.isNaN(Date.parse(occurredAt!)) &&
    /^\d{1,18}$/.test(id ?? '');
  if (!ok) throw new AppError(400, BAD_CURSOR);
  return { occurredAt: occurredAt!, id: Number(id) };
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    occurredAt: row.occurredAt.toISOString(),
    action: row.action as AuditEntry['action'],
    accountId: row.accountId,
    actor: row.actor,
    impersonator: row.impersonator,
    targetType: row.targetType,
    targetId: row.targetId,
    ip: row.ip,
    userAgent: row.userAgent,
    before: row.before ?? null,
    after: row.after ?? null,
    details: row.metadata ?? null,
  };
}

/** A page of the log under the filter (the caller has scoped it to an account, or is staff). */
export async function auditLogPage(
  ctx: AppContext,
  filter: AuditFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<AuditLogPage> {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  if (filter.from && filter.to && filter.from.getTime() >= filter.to.getTime())
    throw new AppError(400, 'The start of the date range must be before its end.');
  // One more than asked tells whether a next page exists.
  const rows = await readAuditEntries(ctx.db, filter, after, page.limit + 1);
  const items = rows.slice(0, page.limit);
  return {
    items: items.map(toEntry),
    nextCursor: rows.length > page.limit ? encodeCursor(items[items.length - 1]!.key) : null,
  };
}

export const AUDIT_CSV_HEADER = [
  'time',
  'action',
  'actor name',
  'actor email',
  'impersonated by',
  'ip',
  'user agent',
  'target type',
  'target id',
  'before',
  'after',
  'details',
];

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

function csvRow(row: AuditRow): string {
  return csvLine([
    row.occurredAt.toISOString(),
    row.action,
    row.actor?.name ?? '',
    row.actor?.email ?? '',
    row.impersonator?.email ?? '',
    row.ip,
    row.userAgent,
    row.targetType,
    row.targetId,
    json(row.before),
    json(row.after),
    json(row.metadata),
  ]);
}

/** The entries under the filter as CSV, newest first, read a batch at a time by keyset. */
export async function auditLogCsv(ctx: AppContext, filter: AuditFilter): Promise<string> {
  if (filter.from && filter.to && filter.from.getTime() >= filter.to.getTime())
    throw new AppError(400, 'The start of the date range must be before its end.');
  const parts = [csvLine(AUDIT_CSV_HEADER)];
  let after: AuditKey | undefined;
  let written = 0;
  while (written < EXPORT_ROW_LIMIT) {
    const rows = await readAuditEntries(ctx.db, filter, after, Math.min(EXPORT_BATCH, EXPORT_ROW_LIMIT - written));
    for (const row of rows) parts.push(csvRow(row));
    written += rows.length;
    if (rows.length < EXPORT_BATCH) break;
    after = rows[rows.length - 1]!.key;
  }
  return parts.join('');
}

// Every action the product records is one the contract names (a new action fails the type check until it is added).
auditActions satisfies readonly AuditEntry['action'][];
