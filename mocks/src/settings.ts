import { delay, type HttpHandler } from 'msw';
import { http } from './http';

const STAFF_ONLY = 'Admin or Super user access required';

/** Settings read as `initial`; a valid change is answered as saved (stateless, so stories never leak into each other). */
function kept(initial: { syncIntervalMinutes: number }): HttpHandler[] {
  return [
    http.get('/api/admin/settings', ({ response }) => response(200).json(initial)),
    http.patch('/api/admin/settings', async ({ request, response }) => {
      const body = await request.json();
      const minutes = body.syncIntervalMinutes;
      if (minutes !== undefined && (!Number.isInteger(minutes) || minutes < 1 || minutes > 60)) {
        return response(400).json({ message: 'The sync interval is a whole number of minutes from 1 to 60.' });
      }
      return response(200).json({ ...initial, ...body });
    }),
  ];
}

export const settingsHandlers = {
  /** The configured default, 3 minutes; a change is saved. */
  defaults: kept({ syncIntervalMinutes: 3 }),
  /** Staff set a longer interval earlier. */
  customInterval: kept({ syncIntervalMinutes: 15 }),
  /** The settings never arrive (the page shows it is loading). */
  loading: [
    http.get('/api/admin/settings', async ({ response }) => {
      await delay('infinite');
      return response(200).json({ syncIntervalMinutes: 3 });
    }),
  ],
  /** The server refuses the change (its message is shown). */
  saveRefused: [
    http.get('/api/admin/settings', ({ response }) => response(200).json({ syncIntervalMinutes: 3 })),
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
