import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './workers/job-queue.ts';

/** What every use case may depend on. The clock is injectable so tests can move time. */
export interface AppContext {
  config: Config;
  db: Database;
  jobs: JobQueue;
  clock: () => Date;
}

/** A refusal the user should read: becomes `{ message }` with this status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
