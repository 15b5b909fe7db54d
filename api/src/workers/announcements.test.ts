import { describe, expect, it } from 'vitest';
import { wakeForAnnouncement, type AnnouncedWorker } from './announcements.ts';

/** A stand-in for pg-boss's Worker: asleep (a delay pending) or busy, counting what it was told and what it fetched. */
function worker(name: string, state: 'asleep' | 'busy', queue: unknown[][]) {
  const w = {
    name,
    loopDelayPromise: state === 'asleep' ? {} : null,
    beenNotified: false,
    woken: 0,
    fetches: 0,
    notify() {
      w.woken++;
      w.beenNotified = true;
    },
    async fetch() {
      w.fetches++;
      return queue.shift() ?? [];
    },
  };
  return w satisfies AnnouncedWorker;
}

/** What pg-boss's loop does once woken: its delay ends, the flag is cleared, and it fetches. */
async function runWoken(workers: Array<ReturnType<typeof worker>>) {
  for (let i = 0; i < workers.length; i++) {
    const woken = workers.filter((w) => w.beenNotified && w.loopDelayPromise);
    if (woken.length === 0) return;
    for (const w of woken) {
      w.loopDelayPromise = null;
      w.beenNotified = false;
      const jobs = await w.fetch();
      // A worker that took a job is busy with it; one that found none goes back to sleep.
      w.loopDelayPromise = jobs.length > 0 ? null : {};
    }
  }
}

describe('an announced job', () => {
  it('wakes one sleeping worker, not all of them, and tells the busy ones', async () => {
    const jobs = [[{ id: 'a' }]];
    const workers = [worker('q', 'busy', jobs), ...Array.from({ length: 7 }, () => worker('q', 'asleep', jobs))];
    wakeForAnnouncement(() => workers);
    expect(workers.map((w) => w.woken)).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    await runWoken(workers);
    // The one woken took the job and woke one more, which found nothing: two fetches, where every sleeping worker fetched before.
    expect(workers.reduce((n, w) => n + w.fetches, 0)).toBe(2);
    expect(jobs).toEqual([]);
  });

  it('several jobs sent in one statement are taken by as many workers, one waking the next', async () => {
    const jobs = [[{ id: 'a' }], [{ id: 'b' }], [{ id: 'c' }]];
    const workers = Array.from({ length: 8 }, () => worker('q', 'asleep', jobs));
    wakeForAnnouncement(() => workers);
    await runWoken(workers);
    expect(jobs).toEqual([]);
    expect(workers.filter((w) => w.fetches > 0)).toHaveLength(4);
  });

  it('a worker woken a moment ago is not counted as asleep: the next announcement wakes another', () => {
    const workers = Array.from({ length: 3 }, () => worker('q', 'asleep', []));
    wakeForAnnouncement(() => workers);
    wakeForAnnouncement(() => workers);
    expect(workers.map((w) => w.woken)).toEqual([1, 1, 0]);
  });

  it('wakes every worker, as pg-boss does, when one is not of the shape this relies on', () => {
    const other = {
      name: 'q',
      woken: 0,
      notify() {
        other.woken++;
      },
    };
    const known = worker('q', 'asleep', []);
    wakeForAnnouncement(() => [other, known]);
    expect([other.woken, known.woken]).toEqual([1, 1]);
  });
});
