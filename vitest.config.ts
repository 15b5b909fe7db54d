import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './.ci/longest-first-sequencer.ts';

// One test command for the whole product; each workspace owns its project file.
export default defineConfig({
  test: {
    // Three test files at a time on two cores (each API file has its own database): a file waits on HTTP, timers
    // and its browser about half of its time (api/test/push/faults.test.ts: 24 s of CPU in 50 s), so a third
    // keeps both cores busy.
    maxWorkers: 3,
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
