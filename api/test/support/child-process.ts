import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../src/config.ts';

export interface Child {
  process: ChildProcess;
  output: () => string;
  /** Resolves when the output matches, rejects if the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
}

const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');

/** Runs one of our entry points as a real separate process. */
export function runEntry(entry: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(tsx, [path.join(repoRoot, entry), ...args], { cwd: repoRoot, env: { ...process.env, NODE_ENV: 'test', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    process: child,
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(match[0]);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`Timed out waiting for ${pattern}; output:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        exited.then((code) => {
          if (listeners.has(check)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`Exited (${code}) before ${pattern}; output:\n${output}`));
          }
        });
        check();
      });
    },
  };
}
