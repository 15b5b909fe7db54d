import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  resolve: { alias: { '@contract': path.join(root, 'openapi.gen.ts') } },
  test: {
    name: 'api',
    root,
    include: ['api/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['api/test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
