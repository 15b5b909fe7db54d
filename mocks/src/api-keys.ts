import type { HttpHandler } from 'msw';
import type { components } from '@contract';
import { users } from './fixtures';
import { http } from './http';

type ApiKey = components['schemas']['ApiKey'];
type ApiKeyList = components['schemas']['ApiKeyList'];

export const API_ACCESS_PLAN_REQUIRED =
  'API access is included from the Business plan. Upgrade your plan to use API keys.';
/** The whole key a story's new key is answered with (told once). */
export const NEW_API_KEY_SECRET = 'mhk_Zq3vR8tLw0PnXc5Yd2Hs9Kb4Jm7Ge1Uf6Ta0Qo3Vi8';

const warehouseKey: ApiKey = {
  id: '0b5c1f3e-6a0e-4c53-9a49-6f0f1f1d0301',
  name: 'Warehouse script',
  prefix: 'mhk_Pq7Lm2Xa',
  access: 'full',
  createdAt: '2025-02-20T09:30:00.000Z',
  lastUsedAt: '2025-03-02T08:15:00.000Z',
  createdBy: users.client.email,
};

export const apiKeyFixtures = { warehouseKey };

/** Keys the handlers make and revoke as the server would; each scenario starts from its own copy. */
function apiKeyHandlers(start: () => ApiKeyList): HttpHandler[] {
  let list = start();
  return [
    http.get('/api/api-keys', ({ response }) => response(200).json(list)),
    http.post('/api/api-keys', async ({ request, response }) => {
      if (!list.canManage) return response(403).json({ message: API_ACCESS_PLAN_REQUIRED });
      const { name, access = 'full' } = await request.json();
      const key: ApiKey = {
        id: crypto.randomUUID(),
        name,
        prefix: NEW_API_KEY_SECRET.slice(0, 12),
        access,
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
        createdBy: users.client.email,
      };
      list = { ...list, keys: [...list.keys, key] };
      return response(201).json({ key, secret: NEW_API_KEY_SECRET });
    }),
    http.delete('/api/api-keys/{keyId}', ({ params, response }) => {
      if (!list.keys.some((k) => k.id === params.keyId)) return response(404).json({ message: 'API key not found' });
      list = { ...list, keys: list.keys.filter((k) => k.id !== params.keyId) };
      return response(200).json({ message: 'The API key is revoked: requests sent with it are refused from now on.' });
    }),
  ];
}

export const apiKeyScenarios = {
  /** An owner on the Business plan with one key in use. */
  oneKey: () => apiKeyHandlers(() => ({ apiAccess: true, canManage: true, keys: [warehouseKey] })),
  /** An owner on the Business plan with none yet. */
  none: () => apiKeyHandlers(() => ({ apiAccess: true, canManage: true, keys: [] })),
  /** The Growth plan: no API access until an upgrade. */
  lowerPlan: () => apiKeyHandlers(() => ({ apiAccess: false, canManage: false, keys: [] })),
  /** Staff viewing as the owner: the keys are shown, none can be made. */
  viewedByStaff: () => apiKeyHandlers(() => ({ apiAccess: true, canManage: false, keys: [warehouseKey] })),
};
