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
 *
 * The browser journeys (e2e: each a Chromium, a server and the sandboxes) run at most two at a time: in plain
 * longest-first order they came together, four at once on two cores, and each took three times as long as beside API
 * files (CI, 2026-11-30). The order is that of a simulated run on the recorded timings: each file goes to the worker
 * free first, a journey only while fewer than two are under way there, else the longest other file.
 */
/** Browser journeys under way at once (of the four workers). */
const JOURNEYS_AT_ONCE = 2;

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
    const longestFirst = [...files].sort((a, b) => {
      const [ea, eb] = [expected(a), expected(b)];
      return ea === eb ? 0 : ea > eb ? -1 : 1;
    });
    const journeys = longestFirst.filter((spec) => spec.project.name === 'e2e');
    const others = longestFirst.filter((spec) => spec.project.name !== 'e2e');
    // Unknown files count as long as the longest known one: they run early, as before.
    const longest = Math.max(0, ...Object.values(durations));
    const timeOf = (spec: TestSpecification) => Math.min(expected(spec), longest);
    const workerFreeAt = Array.from({ length: Math.max(1, Number(this.ctx.config.maxWorkers) || 1) }, () => 0);
    const journeyEnds: number[] = [];
    const placed: TestSpecification[] = [];
    while (journeys.length > 0 || others.length > 0) {
      const start = Math.min(...workerFreeAt);
      const underWay = journeyEnds.filter((end) => end > start).length;
      const journeyNext = journeys.length > 0 && (others.length === 0 || underWay < JOURNEYS_AT_ONCE);
      const spec = (journeyNext ? journeys : others).shift()!;
      const end = start + timeOf(spec);
      workerFreeAt[workerFreeAt.indexOf(start)] = end;
      if (journeyNext) journeyEnds.push(end);
      placed.push(spec);
    }
    return placed;
  }
}
