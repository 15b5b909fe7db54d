import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['msw-storybook-addon'],
  // The MSW service worker (npx msw init .storybook/public) is served from here.
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      resolve: { alias: { '@contract': path.resolve(repoRoot, 'openapi.gen.ts') } },
      build: {
        // The preview bundles React, Radix and every story; its size is no concern.
        chunkSizeWarningLimit: 2000,
        rolldownOptions: {
          onwarn(warning: { code?: string }, warn: (warning: { code?: string }) => void) {
            // Radix marks modules "use client"; that only matters to server components.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            warn(warning);
          },
        },
      },
    });
  },
};

export default config;
