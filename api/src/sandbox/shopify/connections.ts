/**
 * Lists as the Admin API answers them: Relay connections with Shopify's page limits, and the search
 * syntax of their `query` argument.
 */
import { GraphQLError } from 'graphql';

// Search syntax (a subset): `sku:A OR sku:"B"`, `updated_at:>'2025-01-01T00:00:00Z'`.
// Terms on the same field are ORed, different fields ANDed.
export interface Term {
  field: string;
  op: '' | '>' | '>=' | '<' | '<=';
  value: string;
}
export function parseSearchQuery(query: string | undefined | null): Term[] {
  if (!query) return [];
  const terms: Term[] = [];
  const pattern = /([a-z_]+):(>=|<=|>|<)?("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s)]+)/gi;
  for (const match of query.matchAll(pattern)) {
    let value = match[3]!;
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'")))
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    terms.push({ field: match[1]!.toLowerCase(), op: (match[2] ?? '') as Term['op'], value });
  }
  return terms;
}
/** Whether a record matches the terms (read gives a field's value; undefined for a field it does not filter by). */
export function matches(terms: Term[], read: (field: string) => string | undefined): boolean {
  const byField = new Map<string, Term[]>();
  for (const t of terms) byField.set(t.field, [...(byField.get(t.field) ?? []), t]);
  for (const [field, group] of byField) {
    const actual = read(field);
    if (actual === undefined) continue; // unknown fields are ignored, as Shopify ignores unsupported filters
    const ok = group.some((t) => {
      if (t.op === '') return actual.toLowerCase() === t.value.toLowerCase();
      const a = Date.parse(actual);
      const b = Date.parse(t.value);
      if (Number.isNaN(b)) return false;
      return t.op === '>' ? a > b : t.op === '>=' ? a >= b : t.op === '<' ? a < b : a <= b;
    });
    if (!ok) return false;
  }
  return true;
}

// Connections (Relay), with Shopify's limits on page size.
export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
}
export const cursorOf = (id: number) => Buffer.from(JSON.stringify({ last_id: id })).toString('base64');
/** A page of `all` as a Relay connection (edges, nodes, pageInfo), by `first`/`last` and the cursors. */
export function connection<T>(all: T[], args: ConnectionArgs, idOf: (item: T) => number, node: (item: T) => unknown) {
  if (args.first == null && args.last == null)
    throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  const size = (args.first ?? args.last)!;
  if (size < 0 || size > 250)
    throw new GraphQLError(`The ${args.first != null ? 'first' : 'last'} argument must be between 0 and 250.`, {
      extensions: { code: 'BAD_REQUEST' },
    });
  let items = args.reverse ? [...all].reverse() : all;
  let start = 0;
  if (args.after) {
    let id: number | undefined;
    try {
      id = (JSON.parse(Buffer.from(args.after, 'base64').toString('utf8')) as { last_id?: number }).last_id;
    } catch {
      id = undefined;
    }
    if (typeof id !== 'number')
      throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } });
    start = items.findIndex((item) => idOf(item) === id) + 1;
  }
  items = args.first != null ? items.slice(start, start + size) : items.slice(Math.max(start, items.length - size));
  const hasNextPage = args.first != null && start + items.length < (args.reverse ? all.length : all.length);
  const nodes = items.map(node);
  return {
    edges: items.map((item, i) => ({ cursor: cursorOf(idOf(item)), node: nodes[i] })),
    nodes,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: start > 0,
      startCursor: items.length ? cursorOf(idOf(items[0]!)) : null,
      endCursor: items.length ? cursorOf(idOf(items[items.length - 1]!)) : null,
    },
  };
}
