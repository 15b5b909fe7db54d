import { defineConfig } from 'vitest/config';

// One test command for the whole product; each workspace owns its project file.
export default defineConfig({
  test: {
    projects: ['api/vitest.config.ts', 'ui/vitest.config.ts', 'app/vitest.config.ts'],
  },
});
