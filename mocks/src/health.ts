import type { HttpHandler } from 'msw';
import { http } from './http';

export const healthHandlers = {
  healthy: [
    http.get('/healthz', ({ response }) => response(200).json({ status: 'ok' })),
    http.get('/readyz', ({ response }) => response(200).json({ status: 'ready', database: 'ok', queue: 'ok' })),
  ],
  databaseUnavailable: [
    http.get('/healthz', ({ response }) => response(200).json({ status: 'ok' })),
    http.get('/readyz', ({ response }) =>
      response(503).json({ status: 'unavailable', database: 'unavailable', queue: 'ok' }),
    ),
  ],
} satisfies Record<string, HttpHandler[]>;
