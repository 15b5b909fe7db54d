import { auditActionValues } from '@contract';
import type { AuditAction, AuditEntry } from '../../api';

export const auditActions = auditActionValues as readonly AuditAction[];

const areaNames: Record<string, string> = {
  auth: 'Sign-in',
  user: 'User',
  team: 'Team',
  api_key: 'API key',
  impersonation: 'View as',
  channel: 'Channel',
  sync: 'Sync',
  drift: 'Drift',
  listings: 'Listings',
  pricing: 'Pricing',
  orders: 'Orders',
  returns: 'Returns',
  settings: 'Settings',
  billing: 'Billing',
};

/** "auth.sign_in_failed" as a person reads it: "Sign-in: sign in failed". */
export function actionLabel(action: string): string {
  const [area = '', what = ''] = action.split('.');
  return `${areaNames[area] ?? area}: ${what.replace(/_/g, ' ')}`;
}

/** The actions grouped by area, for the filter's options. */
export function actionGroups(): Array<{ area: string; actions: AuditAction[] }> {
  const groups = new Map<string, AuditAction[]>();
  for (const action of auditActions) {
    const area = areaNames[action.split('.')[0]!] ?? action.split('.')[0]!;
    groups.set(area, [...(groups.get(area) ?? []), action]);
  }
  return [...groups].map(([area, actions]) => ({ area, actions }));
}

export const personText = (person: AuditEntry['actor']) =>
  person === null ? 'System' : (person.name ?? person.email ?? 'A deleted user');

export const targetText = (entry: AuditEntry) =>
  entry.targetType === null
    ? '—'
    : `${entry.targetType.replace(/_/g, ' ')}${entry.targetId ? ` ${entry.targetId}` : ''}`;

/** A value as one line of text: strings as they are, anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Before and after side by side, a row per field: objects field by field (a field on one side only
 * shows "—" on the other), lists item by item, anything else as one row.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const row = (field: string, was: unknown, is: unknown): DiffRow => ({
    field,
    before: valueText(was),
    after: valueText(is),
    changed: JSON.stringify(was) !== JSON.stringify(is),
  });
  if ((isRecord(before) || before === null) && (isRecord(after) || after === null)) {
    const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    return fields.flatMap((field) => {
      const was = before?.[field];
      const is = after?.[field];
      // One level down, so "marketplaceCredentials.ebayClientSecret: set → changed" reads as such.
      if (isRecord(was) || isRecord(is))
        return diffRows(was ?? null, is ?? null).map((r) => ({ ...r, field: `${field}.${r.field}` }));
      return [row(field, was, is)];
    });
  }
  if (Array.isArray(before) || Array.isArray(after)) {
    const was = Array.isArray(before) ? before : [];
    const is = Array.isArray(after) ? after : [];
    return Array.from({ length: Math.max(was.length, is.length) }, (_, i) => row(`#${i + 1}`, was[i], is[i]));
  }
  return [row('value', before ?? undefined, after ?? undefined)];
}

/** Local date-input values (yyyy-mm-dd) as the instants the API filters by: from the day's start to the next day's. */
export function dayStart(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function dayAfter(day: string): string | undefined {
  const start = dayStart(day);
  if (!start) return undefined;
  const date = new Date(start);
  date.setDate(date.getDate() + 1);
  return date.toISOString();
}

export const timeText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
