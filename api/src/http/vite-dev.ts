import path from 'node:path';
import type { RequestHandler } from 'express';
import { repoRoot } from '../config.ts';

/** Development only: Vite serves the app with hot reload from the same port as the API. */
export async function viteDevMiddleware(): Promise<RequestHandler> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: path.join(repoRoot, 'app'),
    configFile: path.join(repoRoot, 'app', 'vite.config.ts'),
    server: { middlewareMode: true },
    appType: 'spa',
  });
  return vite.middlewares as unknown as RequestHandler;
}
