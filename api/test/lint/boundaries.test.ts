import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { repoRoot } from '../../src/config.ts';

/**
 * The modules' boundaries (eslint.config.js, docs/architecture.md): no import cycle anywhere, and the
 * API's modules importing each other in one direction only. A build that crosses them must fail.
 * `ignore: false` lets the repository's own config lint the fixtures it ignores (they break the rules
 * on purpose).
 */
const eslint = new ESLint({ cwd: repoRoot, ignore: false });

type Problem = { rule: string | null; message: string };
const errorsOf = (results: ESLint.LintResult[]): Problem[] =>
  results.flatMap((r) =>
    r.messages.filter((m) => m.severity === 2).map((m) => ({ rule: m.ruleId, message: m.message })),
  );

/** Lints code as if it were the file at `file` (which need not exist); the files it imports are read from disk. */
async function problems(file: string, code: string): Promise<Problem[]> {
  return errorsOf(await eslint.lintText(code, { filePath: path.join(repoRoot, file) }));
}

const fixture = (name: string) => path.join(repoRoot, 'api/test/fixtures/lint', name);

describe('the boundaries between modules', () => {
  it('refuses two files that import each other', async () => {
    const found = errorsOf(await eslint.lintFiles([fixture('cycle/first.ts'), fixture('cycle/second.ts')]));
    expect(found).toEqual([
      { rule: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') },
      { rule: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle') },
    ]);
  });

  it('refuses a module importing one above it', async () => {
    // push sits below reconciliation: reconciliation plans writes, never the reverse.
    expect(
      await problems(
        'api/src/modules/push/probe.ts',
        "import { requestSync } from '../reconciliation/sync-run.ts';\nexport const probe = requestSync;\n",
      ),
    ).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('Modules call each other in one direction'),
      },
    ]);
    // The platform modules stand below every engine module.
    expect(
      await problems(
        'api/src/modules/billing/probe.ts',
        "import { pollOrders } from '../orders/order-polling.ts';\nexport const probe = pollOrders;\n",
      ),
    ).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('billing may import only csv, audit') },
    ]);
  });

  it('lets a module import the ones below it', async () => {
    expect(
      await problems(
        'api/src/modules/reconciliation/probe.ts',
        "import { planListingWrites } from '../push/plan-writes.ts';\nimport { pollOrders } from '../orders/order-polling.ts';\nexport const probe = [planListingWrites, pollOrders];\n",
      ),
    ).toEqual([]);
  });

  it('refuses a module importing http/', async () => {
    expect(
      await problems(
        'api/src/modules/dashboard/probe.ts',
        "import { createHttpApp } from '../../http/app.ts';\nexport const probe = createHttpApp;\n",
      ),
    ).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('A module never imports http/: routes import modules, not the reverse.'),
      },
    ]);
  });
});
