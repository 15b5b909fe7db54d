import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { repoRoot } from '../../src/config.ts';

/** The lint rules that keep the layers apart must fail a build that crosses them. */
const eslint = new ESLint({ cwd: repoRoot });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the direction of imports', () => {
  it('ui never imports app or api', async () => {
    expect(
      await problems('ui/src/components/Probe.ts', "import { App } from '@hub/app';\nexport const x = App;\n"),
    ).toEqual([expect.stringContaining('Only app may import app.')]);
    expect(
      await problems(
        'ui/src/components/Probe.ts',
        "import { x } from '../../../api/src/config.ts';\nexport const y = x;\n",
      ),
    ).toEqual([expect.stringContaining('The browser side never imports the server.')]);
  });

  it('api never imports ui or app', async () => {
    expect(
      await problems('api/src/modules/probe.ts', "import { Button } from '@hub/ui';\nexport const x = Button;\n"),
    ).toEqual([expect.stringContaining('The server never imports the design system.')]);
  });

  it('app may use ui and the contract, but not the server', async () => {
    expect(
      await problems(
        'app/src/probe.ts',
        "import { Button } from '@hub/ui';\nimport type { paths } from '@contract';\nexport type P = paths;\nexport const x = Button;\n",
      ),
    ).toEqual([]);
    expect(
      await problems('app/src/probe.ts', "import { x } from '../../api/src/config.ts';\nexport const y = x;\n"),
    ).toEqual([expect.stringContaining('The browser side never imports the server.')]);
  });

  it('a sandbox imports nothing of the engine', async () => {
    expect(
      await problems(
        'api/src/sandbox/amazon/probe.ts',
        "import { x } from '../../modules/auth/passwords.ts';\nexport const y = x;\n",
      ),
    ).toEqual([expect.stringContaining('A sandbox stands apart from the engine: it imports nothing of it.')]);
  });
});
