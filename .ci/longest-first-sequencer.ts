import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the longest test files first, whatever their project, so that the workers end together.
 * Vitest's own order runs the projects one after another (api, app, e2e, ui), and on a fresh clone,
 * with no timings cached, it orders files by size: the browser journeys started when the API files
 * were done and ran with little beside them. The timings are those of a CI run on each database,
 * kept in `test-durations.json` (to refresh them: `node .ci/test-durations.mjs <pglite.json> <postgres.json>`,
 * the reports `.ci/run` writes). A file not listed yet runs first, as Vitest runs files it does not know.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const all = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'test-durations.json'), 'utf8')) as Record<
      'pglite' | 'postgres',
      Record<string, number>
    >;
    const durations = all[process.env.DATABASE_URL ? 'postgres' : 'pglite'];
    const root = this.ctx.config.root;
    const expected = (spec: TestSpecification) =>
      durations[path.relative(root, spec.moduleId).split(path.sep).join('/')] ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => {
      const [ea, eb] = [expected(a), expected(b)];
      return ea === eb ? 0 : ea > eb ? -1 : 1;
    });
  }
}
