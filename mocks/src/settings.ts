import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { http } from './http';

type PlatformSettings = components['schemas']['PlatformSettings'];
type CredentialName = keyof PlatformSettings['marketplaceCredentials'];

const STAFF_ONLY = 'Admin or Super user access required';

export const defaultPlatformSettings: PlatformSettings = {
  syncIntervalMinutes: 3,
  trialDays: 7,
  trialSkuLimit: 1000,
  signupsOpen: true,
  senderAddress: 'Marketplace Hub <no-reply@marketplace-hub.local>',
  maintenanceNotice: null,
  marketplaceCredentials: {
    ebayClientId: false,
    ebayClientSecret: false,
    ebayRuName: false,
    shopifyClientId: false,
    shopifyClientSecret: false,
  },
};

/** The server's checks that the page explains when they refuse (settings-values.ts). */
function refusal(body: components['schemas']['PlatformSettingsUpdate']): string | null {
  const minutes = body.syncIntervalMinutes;
  if (minutes !== undefined && (!Number.isInteger(minutes) || minutes < 1 || minutes > 60))
    return 'The sync interval is a whole number of minutes from 1 to 60.';
  if (body.trialDays !== undefined && (!Number.isInteger(body.trialDays) || body.trialDays < 1 || body.trialDays > 90))
    return 'The trial lasts a whole number of days from 1 to 90.';
  if (body.senderAddress !== undefined && !/@[^\s@<>]+\.[^\s@<>]+>?$/.test(body.senderAddress))
    return 'The sender address is an email address, optionally with a name: Marketplace Hub <no-reply@example.com>.';
  return null;
}

/** Settings read as `initial`; a valid change is answered as saved (stateless, so stories never leak into each other). */
function kept(initial: PlatformSettings): HttpHandler[] {
  return [
    http.get('/api/admin/settings', ({ response }) => response(200).json(initial)),
    http.patch('/api/admin/settings', async ({ request, response }) => {
      const body = await request.json();
      const problem = refusal(body);
      if (problem) return response(400).json({ message: problem });
      const { marketplaceCredentials: credentials, ...plain } = body;
      const marketplaceCredentials = { ...initial.marketplaceCredentials };
      for (const [name, value] of Object.entries(credentials ?? {}))
        marketplaceCredentials[name as CredentialName] = value !== null;
      return response(200).json({ ...initial, ...plain, marketplaceCredentials });
    }),
  ];
}

export const settingsHandlers = {
  /** The defaults: 3 minutes, a 7-day trial of 1,000 SKUs, sign-ups open, no notice, no credentials; a change is saved. */
  defaults: kept(defaultPlatformSettings),
  /** Staff set a longer interval earlier. */
  customInterval: kept({ ...defaultPlatformSettings, syncIntervalMinutes: 15 }),
  /** Staff closed sign-ups, set the eBay application's credentials and posted a notice. */
  signupsClosedWithNotice: kept({
    ...defaultPlatformSettings,
    signupsOpen: false,
    maintenanceNotice: 'Scheduled maintenance on Sunday 02:00–03:00 UTC: syncing pauses for up to an hour.',
    marketplaceCredentials: {
      ...defaultPlatformSettings.marketplaceCredentials,
      ebayClientId: true,
      ebayClientSecret: true,
      ebayRuName: true,
    },
  }),
  /** The settings never arrive (the page shows it is loading). */
  loading: [
    http.get('/api/admin/settings', async ({ response }) => {
      await delay('infinite');
      return response(200).json(defaultPlatformSettings);
    }),
  ],
  /** The settings cannot be read (a server error). */
  failing: [
    http.get('/api/admin/settings', ({ response }) =>
      response(503).json({ message: 'The service is briefly unavailable. Try again.' }),
    ),
  ],
  /** The server refuses the change (its message is shown). */
  saveRefused: [
    http.get('/api/admin/settings', ({ response }) => response(200).json(defaultPlatformSettings)),
    http.patch('/api/admin/settings', ({ response }) =>
      response(400).json({ message: 'The sync interval is a whole number of minutes from 1 to 60.' }),
    ),
  ],
  /** Signed in as a client: settings are for platform staff. */
  forbidden: [
    http.get('/api/admin/settings', ({ response }) => response(403).json({ message: STAFF_ONLY })),
    http.patch('/api/admin/settings', ({ response }) => response(403).json({ message: STAFF_ONLY })),
  ],
} satisfies Record<string, HttpHandler[]>;

export type SettingsScenario = keyof typeof settingsHandlers;

export const maintenanceNoticeHandlers = {
  /** No notice: the shell shows nothing. */
  none: [http.get('/api/maintenance-notice', ({ response }) => response(200).json({ notice: null }))],
  /** Staff posted a notice: every signed-in page shows it. */
  posted: [
    http.get('/api/maintenance-notice', ({ response }) =>
      response(200).json({
        notice: 'Scheduled maintenance on Sunday 02:00–03:00 UTC: syncing pauses for up to an hour.',
      }),
    ),
  ],
} satisfies Record<string, HttpHandler[]>;
