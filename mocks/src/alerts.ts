import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { http } from './http';

type Alert = components['schemas']['Alert'];
type AlertSettings = components['schemas']['AlertSettings'];

const alert = (
  kind: Alert['kind'],
  kindName: string,
  title: string,
  detail: string,
  fixPath: string,
  raisedAt: string,
) =>
  ({
    id: `00000000-0000-4000-8000-0000000000${String(title.length).padStart(2, '0')}`,
    kind,
    kindName,
    title,
    detail,
    fixPath,
    raisedAt,
  }) satisfies Alert;

/** Alerts a seller might have open at once. */
export const alertFixtures = {
  channelInError: alert(
    'channel_error',
    'Channel in error',
    'Walmart US is in error',
    'The seller revoked our access on the marketplace: connect it again.',
    '/channels',
    '2026-11-21T09:12:00Z',
  ),
  lateOrder: alert(
    'late_order',
    'Order past its ship-by date',
    'Order 112-4477 is past its ship-by date',
    'It was to ship by 20 Nov 2026 18:00 UTC and is not shipped.',
    '/orders?order=2f1c9a44-0000-4000-8000-000000000001',
    '2026-11-21T08:00:00Z',
  ),
  lowStock: alert(
    'low_stock',
    'Low stock',
    'MUG-BLUE-12 is low on stock',
    '2 available (alert at 5 or fewer).',
    '/listings?sku=MUG-BLUE-12',
    '2026-11-21T07:30:00Z',
  ),
};

const kinds = (off: Array<Alert['kind']> = []): AlertSettings['kinds'] =>
  (
    [
      ['channel_error', 'Channel in error'],
      ['pushes_failing', 'Changes failing to reach a channel'],
      ['listing_suppressed', 'Listing suppressed'],
      ['low_stock', 'Low stock'],
      ['late_order', 'Order past its ship-by date'],
    ] as const
  ).map(([kind, name]) => ({ kind, name, email: !off.includes(kind) }));

export const alertSettingsFixtures = {
  defaults: { webhookSet: false, lowStockUnits: 5, kinds: kinds() },
  withWebhook: { webhookSet: true, lowStockUnits: 3, kinds: kinds(['low_stock']) },
} satisfies Record<string, AlertSettings>;

/** The last settings a story saved (the body of PUT /api/alerts/settings). */
export let lastAlertSettingsBody: components['schemas']['AlertSettingsBody'] | undefined;
export const resetAlertMocks = () => {
  lastAlertSettingsBody = undefined;
};

const settingsHandlers = (settings: AlertSettings) => [
  http.get('/api/alerts/settings', ({ response }) => response(200).json(settings)),
  http.put('/api/alerts/settings', async ({ request, response }) => {
    const body = await request.json();
    lastAlertSettingsBody = body;
    if (body.webhookUrl && !/^https?:\/\//.test(body.webhookUrl))
      return response(400).json({
        message: 'The webhook must be a whole address, such as https://hooks.slack.com/services/…',
      });
    const chosen = new Map((body.kinds ?? []).map((k) => [k.kind, k.email]));
    return response(200).json({
      webhookSet: body.webhookUrl === undefined ? settings.webhookSet : body.webhookUrl !== null,
      lowStockUnits: body.lowStockUnits ?? settings.lowStockUnits,
      kinds: settings.kinds.map((k) => ({ ...k, email: chosen.get(k.kind) ?? k.email })),
    });
  }),
];

export const alertHandlers = {
  none: [
    http.get('/api/alerts', ({ response }) => response(200).json({ items: [] })),
    ...settingsHandlers(alertSettingsFixtures.defaults),
  ],
  open: [
    http.get('/api/alerts', ({ response }) =>
      response(200).json({ items: [alertFixtures.channelInError, alertFixtures.lateOrder, alertFixtures.lowStock] }),
    ),
    ...settingsHandlers(alertSettingsFixtures.withWebhook),
  ],
  loading: [
    http.get('/api/alerts', async ({ response }) => {
      await delay('infinite');
      return response(200).json({ items: [] });
    }),
    ...settingsHandlers(alertSettingsFixtures.defaults),
  ],
} satisfies Record<string, HttpHandler[]>;

export type AlertScenario = keyof typeof alertHandlers;
