import path from 'node:path';
import { defineProject } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '..');

// The product in a real browser: the built app served by the real server on a real database.
export default defineProject({
  resolve: { alias: { '@contract': path.join(root, 'openapi.gen.ts') } },
  test: {
    name: 'e2e',
    root,
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    // A page, its server and the sandboxes on a loaded two-core machine: what a journey polls for (a redirect after
    // sign-in, a value on a sandbox) can take seconds, not the 1 s Vitest waits by default (a sign-in timed out at it).
    expect: { poll: { timeout: 15_000, interval: 100 } },
    hookTimeout: 120_000,
    pool: 'forks',
    // The files of a worker share its loaded modules (the server's among them: 6–7 s of import each), as the
    // API project's do: each file starts its own product on its own database.
    isolate: false,
    // With the other projects' files, two at a time (the root's maxWorkers): run apart, at the end, one
    // at a time, the browser journeys added three minutes to each database's run with a core left idle.
  },
});
