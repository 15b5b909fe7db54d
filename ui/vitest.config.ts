import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const uiRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(uiRoot, '..');

// The design system's tests: every story runs as a test (stories.test.tsx), plus
// component unit tests, plus the contract-typed mocks (mocks/ has no project of its own).
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
    setupFiles: ['ui/vitest.setup.ts'],
    // Radix and axe both touch the real DOM; isolation per file keeps portals apart.
    // A story of the Orders screens takes 5–9 s on a loaded CI machine (jsdom, axe): room for twice that.
    testTimeout: 30_000,
  },
});
