import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './.ci/longest-first-sequencer.ts';

// One test command for the whole product; each workspace owns its project file.
export default defineConfig({
  test: {
    // Four test files at a time on two cores (each API file has its own database): a file waits on HTTP, timers
    // and its browser about half of its time (api/test/push/faults.test.ts: 24 s of CPU in 50 s). With three the
    // cores were still idle a third of the time: CI's PGlite pass took 910 s with three, 661 s with four; the
    // PostgreSQL pass 366 s and 252 s (2026-11-30, the same machine, nothing else running).
    maxWorkers: 4,
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
