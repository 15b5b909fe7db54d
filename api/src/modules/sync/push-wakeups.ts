/**
 * The push under way for a channel in this process, woken when new values are queued for it: it
 * claims them at once in a round of its own (up to its rounds in flight) instead of when a round in
 * flight ends, a marketplace call later. Only one push runs per channel (the queue's policy); values
 * queued by another process are found when a round ends, as before, or by the push job they queued.
 */
export class Wakeup {
  private rung = false;
  private waiter: (() => void) | undefined;

  /** New values: wakes the wait under way, or the next one if none is. */
  ring(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    if (waiter) waiter();
    else this.rung = true;
  }

  /** Settles at the next ring (at once if one came since the last wait). */
  next(): Promise<void> {
    if (this.rung) {
      this.rung = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => (this.waiter = resolve));
  }

  /** The wait ended otherwise: a ring from now on is kept for the next one. */
  stopWaiting(): void {
    this.waiter = undefined;
  }
}

const runningPushes = new Map<string, Wakeup>();

/** While `push` runs, `wakeup` rings whenever values are queued for the channel in this process. */
export async function whileWakeable<T>(channelId: string, wakeup: Wakeup, push: () => Promise<T>): Promise<T> {
  runningPushes.set(channelId, wakeup);
  try {
    return await push();
  } finally {
    if (runningPushes.get(channelId) === wakeup) runningPushes.delete(channelId);
  }
}

/** Values were queued (and committed) for the channel. */
export function wakeRunningPush(channelId: string): void {
  runningPushes.get(channelId)?.ring();
}
