import { defineConfig } from 'vitest/config';
import api, { freshProcessFiles } from './vitest.config.ts';

// The API files that need a process of their own (a module mocked, a process's loads counted): each in a fresh one.
export default defineConfig({
  ...api,
  test: {
    ...api.test,
    name: 'api-isolated',
    include: freshProcessFiles,
    exclude: (api.test?.exclude ?? []).filter((pattern) => !freshProcessFiles.includes(pattern)),
    isolate: true,
  },
});
