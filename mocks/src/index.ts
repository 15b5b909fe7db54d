import type { HttpHandler } from 'msw';
import { adminHandlers } from './admin';
import { authHandlers } from './auth';
import { healthHandlers } from './health';
import { channelHandlers } from './channels';
import { syncHandlers } from './sync';
import { settingsHandlers } from './settings';

export { http } from './http';
export { authHandlers, type AuthScenario } from './auth';
export { adminHandlers, type AdminScenario } from './admin';
export { healthHandlers } from './health';
export { channelHandlers, channelFixtures, type ChannelScenario } from './channels';
export { syncHandlers, syncRunFixtures, PLAN_LIMIT_MESSAGE, MARKETPLACE_DOWN_MESSAGE, type SyncScenario } from './sync';
export { settingsHandlers, type SettingsScenario } from './settings';
export * as fixtures from './fixtures';
export type { AuthUser, AdminUser } from './fixtures';

/** One scenario per resource; a story or test replaces a key to change one resource's behaviour. */
export type HandlerRecord = Record<string, HttpHandler[]>;

/** A signed-in client on a healthy server. */
export const defaultHandlers = {
  auth: authHandlers.signedInClient,
  admin: adminHandlers.default,
  health: healthHandlers.healthy,
  channels: channelHandlers.mainAndTargets,
  sync: syncHandlers.idle,
  settings: settingsHandlers.defaults,
} satisfies HandlerRecord;
