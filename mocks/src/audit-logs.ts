import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { http } from './http';

type AuditEntry = components['schemas']['AuditEntry'];

const ACCOUNT = '6f1c2a9e-1b3d-4c5e-8f70-112233445566';
const OTHER_ACCOUNT = '0a9b8c7d-6e5f-4a3b-9c2d-665544332211';
const owner = { id: '11111111-1111-4111-8111-111111111111', name: 'Olga Owner', email: 'olga@example.com' };
const admin = { id: '22222222-2222-4222-8222-222222222222', name: 'Ada Admin', email: 'ada@marketplace-hub.local' };
const superUser = { id: '33333333-3333-4333-8333-333333333333', name: 'Sam Super', email: 'sam@marketplace-hub.local' };
const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const entry = (
  id: number,
  minutesAgo: number,
  fields: Partial<AuditEntry> & Pick<AuditEntry, 'action'>,
): AuditEntry => ({
  id: String(id),
  occurredAt: new Date(Date.UTC(2026, 10, 28, 16, 0) - minutesAgo * 60_000).toISOString(),
  accountId: ACCOUNT,
  actor: owner,
  impersonator: null,
  targetType: null,
  targetId: null,
  ip: '203.0.113.24',
  userAgent: UA,
  before: null,
  after: null,
  details: null,
  ...fields,
});

/** An account's recent history, newest first: a bulk edit, a rule run, a shipment, a sign-in failure. */
export const auditEntryFixtures: AuditEntry[] = [
  entry(108, 5, {
    action: 'listings.bulk_edited',
    targetType: 'change_batch',
    targetId: '9c1d7e52-0b7a-4bb1-a3f1-5d0e3c2b1a90',
    before: [
      { sku: 'MUG-BLUE-12', price: '14.99', onHand: 40 },
      { sku: 'MUG-RED-12', price: '14.99', onHand: 12 },
    ],
    after: [
      { sku: 'MUG-BLUE-12', price: '16.49', onHand: 40 },
      { sku: 'MUG-RED-12', price: '16.49', onHand: 12 },
    ],
    details: { skus: 2, values: ['price'] },
  }),
  entry(107, 30, {
    action: 'pricing.rule_run',
    targetType: 'pricing_rule',
    targetId: 'b2f0c1de-7a5b-4e21-9f11-0c3d5e7f9a12',
    before: [{ sku: 'MUG-BLUE-12', channel: 'Walmart US', price: '15.99' }],
    after: [{ sku: 'MUG-BLUE-12', channel: 'Walmart US', price: '15.49' }],
  }),
  entry(106, 55, {
    action: 'orders.shipped',
    targetType: 'order',
    targetId: 'a71e0f3c-3c44-4d0e-8a5e-77b2c6a1d004',
    after: { shipments: 1, orders: [{ carrier: 'UPS', trackingNumber: '1Z999AA10123456784', units: 2 }] },
  }),
  entry(105, 70, {
    action: 'channel.rules_changed',
    targetType: 'channel',
    targetId: 'c0ffee00-1234-4abc-8def-00000000ebay',
    before: { syncPrice: true, priceAdjustmentPercent: 0 },
    after: { syncPrice: true, priceAdjustmentPercent: 5 },
  }),
  entry(104, 120, {
    action: 'auth.sign_in_failed',
    actor: null,
    targetType: 'user',
    targetId: owner.id,
    ip: '198.51.100.7',
    details: { email: owner.email, reason: 'wrong_password' },
  }),
  entry(103, 125, { action: 'auth.sign_in', targetType: 'user', targetId: owner.id, details: { method: 'password' } }),
];

/** Staff acting as the owner: the entries name the administrator. */
export const impersonatedEntryFixtures: AuditEntry[] = [
  entry(110, 2, {
    action: 'channel.paused',
    targetType: 'channel',
    targetId: 'c0ffee00-1234-4abc-8def-00000000ebay',
    impersonator: admin,
    ip: '192.0.2.10',
    before: { status: 'active' },
    after: { status: 'paused' },
  }),
  entry(109, 3, {
    action: 'impersonation.started',
    actor: admin,
    impersonator: admin,
    targetType: 'user',
    targetId: owner.id,
    ip: '192.0.2.10',
    details: { targetEmail: owner.email, targetRole: 'client' },
  }),
  ...auditEntryFixtures,
];

/** Every account's entries for staff: a settings change with its before and after first. */
export const staffEntryFixtures: AuditEntry[] = [
  entry(120, 1, {
    action: 'settings.changed',
    accountId: null,
    actor: superUser,
    targetType: 'platform_settings',
    targetId: 'signupsOpen,marketplaceCredentials',
    ip: '192.0.2.44',
    before: { signupsOpen: true, marketplaceCredentials: { ebayClientSecret: 'set' } },
    after: { signupsOpen: false, marketplaceCredentials: { ebayClientSecret: 'changed' } },
  }),
  entry(119, 4, {
    action: 'user.role_changed',
    accountId: OTHER_ACCOUNT,
    actor: superUser,
    targetType: 'user',
    targetId: admin.id,
    before: { role: 'client' },
    after: { role: 'admin' },
  }),
  ...impersonatedEntryFixtures,
];

/** Filtered and paged like the server (newest first; the cursor is the next entry's place). */
function answer(all: AuditEntry[], query: URLSearchParams) {
  const q = query.get('q')?.toLowerCase();
  const actor = query.get('actor')?.toLowerCase();
  const from = query.get('from');
  const to = query.get('to');
  const matching = all.filter(
    (e) =>
      (!query.get('action') || e.action === query.get('action')) &&
      (!actor || e.actor?.email === actor) &&
      (!query.get('targetType') || e.targetType === query.get('targetType')) &&
      (!query.get('targetId') || e.targetId === query.get('targetId')) &&
      (!query.get('accountId') || e.accountId === query.get('accountId')) &&
      (!from || e.occurredAt >= from) &&
      (!to || e.occurredAt < to) &&
      (!q ||
        [e.action, e.targetId, e.ip, e.actor?.email, e.actor?.name].some((field) => field?.toLowerCase().includes(q))),
  );
  const start = Number(query.get('cursor') ?? 0);
  const limit = Number(query.get('limit') ?? 50);
  const items = matching.slice(start, start + limit);
  return { items, nextCursor: start + limit < matching.length ? String(start + limit) : null };
}

const csvOf = (entries: AuditEntry[]) =>
  [
    'time,action,actor name,actor email',
    ...entries.map((e) => `${e.occurredAt},${e.action},${e.actor?.name ?? ''},${e.actor?.email ?? ''}`),
  ].join('\r\n');

function logOf(account: AuditEntry[], staff: AuditEntry[]): HttpHandler[] {
  return [
    http.get('/api/audit-logs', ({ request, response }) =>
      response(200).json(answer(account, new URL(request.url).searchParams)),
    ),
    http.get('/api/admin/audit-logs', ({ request, response }) =>
      response(200).json(answer(staff, new URL(request.url).searchParams)),
    ),
    http.get('/api/audit-logs/export', ({ response }) => response(200).text(csvOf(account))),
    http.get('/api/admin/audit-logs/export', ({ response }) => response(200).text(csvOf(staff))),
  ];
}

/** 120 bulk edits: more than a page, for paging. */
const manyEntries = Array.from({ length: 120 }, (_, i) =>
  entry(1000 - i, 10 + i, {
    action: 'listings.bulk_edited',
    targetType: 'change_batch',
    targetId: `batch-${120 - i}`,
    before: { price: '10.00' },
    after: { price: (10 + (120 - i) / 100).toFixed(2) },
  }),
);

const STAFF_ONLY = 'Admin or Super user access required';

export const auditHandlers = {
  /** An account's recent history, and every account's for staff. */
  populated: logOf(auditEntryFixtures, staffEntryFixtures),
  /** Staff viewed as the owner: the entries they made name them. */
  withImpersonation: logOf(impersonatedEntryFixtures, staffEntryFixtures),
  /** More than a page of entries. */
  manyPages: logOf(manyEntries, manyEntries),
  /** A new account: nothing recorded yet. */
  empty: logOf([], []),
  /** The log never arrives (the page shows it is loading). */
  loading: [
    http.get('/api/audit-logs', async ({ response }) => {
      await delay('infinite');
      return response(200).json({ items: [], nextCursor: null });
    }),
    http.get('/api/admin/audit-logs', async ({ response }) => {
      await delay('infinite');
      return response(200).json({ items: [], nextCursor: null });
    }),
  ],
  /** The server cannot answer. */
  failing: [
    http.get('/api/audit-logs', ({ response }) =>
      response(503).json({ message: 'The service is briefly unavailable. Try again.' }),
    ),
    http.get('/api/admin/audit-logs', ({ response }) =>
      response(503).json({ message: 'The service is briefly unavailable. Try again.' }),
    ),
  ],
  /** A seller opening the staff view. */
  forbidden: [
    http.get('/api/admin/audit-logs', ({ response }) => response(403).json({ message: STAFF_ONLY })),
    ...logOf(auditEntryFixtures, []),
  ],
} satisfies Record<string, HttpHandler[]>;

export type AuditScenario = keyof typeof auditHandlers;
