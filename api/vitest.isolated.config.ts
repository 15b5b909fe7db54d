import { defineConfig } from 'vitest/config';
import api, { moduleMockingFiles } from './vitest.config.ts';

// The API files that replace a module with `vi.mock`, each in a fresh process so the mock reaches no other file.
export default defineConfig({
  ...api,
  test: { ...api.test, name: 'api-isolated', include: moduleMockingFiles, exclude: [], isolate: true },
});
