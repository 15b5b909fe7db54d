import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Files that need a process of their own: one replaces a module with `vi.mock`, one counts what its process
 * loaded. They run in the `api-isolated` project, each in a fresh process.
 */
export const freshProcessFiles = ['api/test/http/edge-errors.test.ts', 'api/test/marketplaces/shopify/sandbox.test.ts'];

export default defineConfig({
  resolve: { alias: { '@contract': path.join(root, 'openapi.gen.ts') } },
  test: {
    name: 'api',
    root,
    include: ['api/**/*.test.ts'],
    // The web/worker split with a killed worker is a PostgreSQL test (it makes its own database), as is a
    // request turned away while the waiting job starts (on PGlite the job cannot start meanwhile):
    // it runs in the PostgreSQL pass, once. Tests whose subject is not the database run in the
    // embedded pass only: the adapters, their transforms and the sandboxes (which keep no data in it),
    // and the embedded (PGlite) process itself. Malformed input runs on both: NUL bytes and other accounts' ids reach queries.
    exclude: [
      '**/node_modules/**',
      ...freshProcessFiles,
      ...(process.env.DATABASE_URL
        ? [
            'api/test/marketplaces/**',
            'api/src/marketplaces/**',
            'api/test/embedded-process.test.ts',
            'api/test/db/threaded-pglite.test.ts',
            // The import boundaries are read from the source: no database at all.
            'api/test/lint/**',
            // Which role may call which route is the server's own rule, asked of the same queries on both
            // databases: it runs once, on the embedded one (43 s of the PostgreSQL pass, 2026-11-30).
            'api/test/auth/role-route-matrix.test.ts',
          ]
        : [
            'api/test/push/worker-crash.test.ts',
            'api/test/workers/turned-away.test.ts',
            'api/test/workers/fetch-lock.test.ts',
          ]),
    ],
    environment: 'node',
    globalSetup: ['api/test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The test files of a worker share its loaded modules: each file starts its own product on its own
    // database, so nothing of one file's state is another's, and the server's modules (the Shopify Admin
    // schema among them) load once per worker instead of once per file (a sixth of the API files' CPU).
    isolate: false,
  },
});
