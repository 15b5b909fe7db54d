import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './.ci/longest-first-sequencer.ts';

// One test command for the whole product; each workspace owns its project file.
export default defineConfig({
  test: {
    // Two cores: two test files at a time (each API file has its own database).
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      'api/vitest.config.ts',
      'api/vitest.isolated.config.ts',
      'ui/vitest.config.ts',
      'app/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
