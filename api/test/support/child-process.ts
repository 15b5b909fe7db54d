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

/**
 * Runs one of our entry points as a real separate process. With `ownProcessGroup`, the process (tsx
 * and the node process it starts) leads a process group of its own, so killGroup can end both at once.
 */
export function runEntry(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { ownProcessGroup?: boolean } = {},
): Child {
  const child = spawn(tsx, [path.join(repoRoot, entry), ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownProcessGroup ?? false,
  });
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

/**
 * Sends a signal to every process of a child started with `ownProcessGroup`: tsx relays SIGTERM to
 * the node process it runs, but SIGKILL cannot be relayed, so a hard kill must reach the whole group.
 */
export function killGroup(child: Child, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.process.pid!, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
