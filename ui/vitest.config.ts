import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const uiRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(uiRoot, '..');

// The design system's unit tests in jsdom: components, query hooks and the contract-typed mocks (mocks/ has no
// project of its own). The stories run as tests in a real browser (vitest.stories.config.ts).
export default defineProject({
  root: repoRoot,
  plugins: [vanillaExtractPlugin(), react()],
  resolve: {
    alias: { '@contract': path.resolve(repoRoot, 'openapi.gen.ts') },
  },
  test: {
    name: 'ui',
    root: repoRoot,
    environment: 'jsdom',
    include: ['ui/src/**/*.test.{ts,tsx}', 'mocks/src/**/*.test.ts'],
    exclude: ['ui/src/stories.shard-*.test.tsx'],
    setupFiles: ['ui/vitest.setup.ts'],
    // Radix touches the real DOM; isolation per file keeps portals apart.
    testTimeout: 30_000,
  },
});
