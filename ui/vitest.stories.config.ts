import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { chromiumExecutable, chromiumFlags } from '../e2e/support/chromium.ts';

const uiRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(uiRoot, '..');

// Every story runs as a test (testing/storyTests.ts) in a real browser, as Storybook shows it: Debian's Chromium
// through Playwright, MSW's service worker answering the story's requests. In jsdom the 467 stories took ~390 s of
// a worker's time, axe half of it; a real browser lays the page out, so a phone story is 390 px wide.
export default defineProject({
  root: repoRoot,
  // MSW's service worker script, as Storybook serves it.
  publicDir: path.join(repoRoot, '.storybook/public'),
  plugins: [vanillaExtractPlugin(), react()],
  // Every dependency bundled before the first test: one found late reloads the page under a running test. The
  // runtime helpers of vanilla-extract are imported by compiled styles, which the scan does not see.
  optimizeDeps: {
    entries: ['ui/src/**/*.stories.tsx', 'ui/vitest.stories.setup.ts', 'ui/src/testing/*.ts'],
    include: ['@vanilla-extract/recipes/createRuntimeFn', '@vanilla-extract/sprinkles/createRuntimeSprinkles'],
  },
  resolve: {
    alias: { '@contract': path.resolve(repoRoot, 'openapi.gen.ts') },
  },
  test: {
    name: 'stories',
    root: repoRoot,
    include: ['ui/src/stories.shard-*.test.tsx'],
    setupFiles: ['ui/vitest.stories.setup.ts'],
    testTimeout: 30_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: chromiumExecutable, args: chromiumFlags },
        // A toast sliding in while axe reads the page: people may ask for less motion, and the stories do.
        contextOptions: { reducedMotion: 'reduce' },
      }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1440, height: 900 },
      screenshotFailures: false,
    },
  },
});
