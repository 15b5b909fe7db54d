// Writes .ci/test-durations.json from the JSON reports of a run on each database (see longest-first-sequencer.ts).
import fs from 'node:fs';
import path from 'node:path';

const [pglite, postgres] = process.argv.slice(2);
if (!pglite || !postgres) {
  console.error('usage: node .ci/test-durations.mjs <pglite.json> <postgres.json>');
  process.exit(1);
}
// A file's name relative to its checkout (the reports may come from a clone elsewhere): the nearest folder up with openapi.yaml.
const checkoutOf = (file) => {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir))
    if (fs.existsSync(path.join(dir, 'openapi.yaml'))) return dir;
  return path.resolve(import.meta.dirname, '..');
};
const durations = (report) =>
  Object.fromEntries(
    JSON.parse(fs.readFileSync(report, 'utf8'))
      .testResults.map((t) => [
        path.relative(checkoutOf(t.name), t.name).split(path.sep).join('/'),
        Math.round((t.endTime - t.startTime) / 100) / 10,
      ])
      .sort((a, b) => b[1] - a[1]),
  );
fs.writeFileSync(
  path.join(import.meta.dirname, 'test-durations.json'),
  `${JSON.stringify({ pglite: durations(pglite), postgres: durations(postgres) }, null, 1)}\n`,
);
