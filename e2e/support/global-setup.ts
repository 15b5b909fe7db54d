import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import prepareDatabaseTemplate from '../../api/test/support/global-setup.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Builds the app once, as `npm start` would, and the database template the server copies. */
export default async function setup(project: TestProject) {
  execFileSync(
    path.join(root, 'node_modules', '.bin', 'vite'),
    ['build', '-c', 'app/vite.config.ts', '--logLevel', 'error'],
    { cwd: root, stdio: 'inherit' },
  );
  await prepareDatabaseTemplate(project);
}
