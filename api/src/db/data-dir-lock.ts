import fs from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}). ` +
        'The embedded database (PGlite) serves one process only: stop that process first, ' +
        'or set DATA_DIR to another folder, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite gives no error when two processes open one directory; it silently loses writes.
 * A lock file holding our pid refuses the second process. A lock left by a dead process is taken over.
 */
const heldByThisProcess = new Set<string>();

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, 'pglite.lock');
  if (heldByThisProcess.has(lockPath)) throw new DataDirInUseError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
      heldByThisProcess.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(dataDir, holder);
      }
      // Stale: its process is gone (or it was a former process of ours whose pid we were given again).
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
