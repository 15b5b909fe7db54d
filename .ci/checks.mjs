// npm test's checks before its tests, side by side (each is single-threaded; the machine has two cores):
// the contract's generated types are current, then formatting, types and lint at once. Each one's output is
// printed whole when it ends, and the exit code is the first failure's.
import { spawn } from 'node:child_process';

const run = (script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(output);
      if (code !== 0) console.error(`npm run ${script} failed (exit code ${code})`);
      resolve(code ?? 1);
    });
  });

const contract = await run('check:contract');
const codes = contract === 0 ? await Promise.all(['check:format', 'typecheck', 'lint'].map(run)) : [contract];
process.exit(codes.find((code) => code !== 0) ?? 0);
