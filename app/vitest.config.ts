import path from 'node:path';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineProject({
  root: repoRoot,
  plugins: [react(), vanillaExtractPlugin()],
  resolve: { alias: { '@contract': path.join(repoRoot, 'openapi.gen.ts') } },
  test: {
    name: 'app',
    root: repoRoot,
    environment: 'jsdom',
    include: ['app/src/**/*.test.{ts,tsx}'],
    setupFiles: ['ui/vitest.setup.ts'],
    testTimeout: 15_000,
  },
});
