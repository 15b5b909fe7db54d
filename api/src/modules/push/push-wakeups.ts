import type { AppContext } from '../../context.ts';

/**
 * The channel pushes running in this process. A plan that queued values for a channel wakes that
 * channel's push here once its transaction has committed: the push claims them at once, with no job
 * between, and, woken by this process's own plans, stays a moment after its last round for the next
 * values instead of ending and being started again as a job for each (a stream of orders). The job
 * queue stays the durable way: every plan still asks for a push in its transaction, and one a push here
 * did not take (it was ending) is asked for again after the commit.
 */
/** Wakes within STREAM_WITHIN_MS that make a stream. */
const STREAM_WAKES = 3;
const STREAM_WITHIN_MS = 1000;

/**
 * The listings whose new values woke a push since its last claim; `any-listing` when a waker did not say which
 * (the push then assumes its rounds under way hold some of them).
 */
export type WokenFor = ReadonlySet<string> | 'any-listing';

export class RunningPush {
  private wokenFor: Set<string> | 'any-listing' | undefined;
  /** When the last few wakes came (the newest last). */
  private readonly recentWakes: number[] = [];
  private waiter: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly onClose: () => void,
    private readonly wakeable = true,
  ) {}

  /**
   * Values were committed for this channel: claim them. False once the push has closed (it will not claim
   * again), or if it does not take wakes (it sends only what was due when it started).
   */
  wake(listingIds?: Iterable<string>): boolean {
    if (this.closed || !this.wakeable) return false;
    if (listingIds === undefined || this.wokenFor === 'any-listing') this.wokenFor = 'any-listing';
    else {
      this.wokenFor ??= new Set();
      for (const id of listingIds) this.wokenFor.add(id);
    }
    this.recentWakes.push(Date.now());
    if (this.recentWakes.length > STREAM_WAKES) this.recentWakes.shift();
    this.waiter?.();
    return true;
  }

  private get woken(): boolean {
    return this.wokenFor !== undefined;
  }

  /** For which listings it was woken since the last call, if it was (the claim about to be made sees them). */
  take(): WokenFor | undefined {
    const wokenFor = this.wokenFor;
    this.wokenFor = undefined;
    return wokenFor;
  }

  /**
   * Whether this process's plans wake it as a stream does (a few wakes within a second): only then is it
   * worth staying for the next values. A lone order's push ends with its round.
   */
  get servesStream(): boolean {
    return this.recentWakes.length >= STREAM_WAKES && Date.now() - this.recentWakes[0]! <= STREAM_WITHIN_MS;
  }

  /** Resolves when woken (at once if woken already), or when `also` settles; true if woken. */
  async next(also: Promise<unknown> | undefined, waitMs: number | undefined, signal?: AbortSignal): Promise<boolean> {
    if (this.woken) return true;
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const woken = new Promise<boolean>((resolve) => {
      this.waiter = () => resolve(true);
      if (waitMs !== undefined) timer = setTimeout(() => resolve(false), waitMs);
      onAbort = () => resolve(false);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await (also ? Promise.race([woken, also.then(() => this.woken)]) : woken);
    } finally {
      this.waiter = undefined;
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Ends the push's claims: false, and it stays open, if it was woken meanwhile (values it must claim).
   * From then on a wake is refused, and the plan asks for a job instead.
   */
  close(force = false): boolean {
    if (this.closed) return true;
    if (this.woken && !force) return false;
    this.closed = true;
    this.onClose();
    return true;
  }
}

export class PushWakeups {
  private readonly running = new Map<string, RunningPush>();

  /** Registers a channel's push (one runs per channel at a time: the queue's policy). */
  open(channelId: string, options: { wakeable?: boolean } = {}): RunningPush {
    this.running.get(channelId)?.close(true);
    const push = new RunningPush(() => {
      if (this.running.get(channelId) === push) this.running.delete(channelId);
    }, options.wakeable);
    this.running.set(channelId, push);
    return push;
  }

  /** Wakes the channel's push if one runs here and will claim again; false otherwise. */
  wake(channelId: string, listingIds?: Iterable<string>): boolean {
    return this.running.get(channelId)?.wake(listingIds) ?? false;
  }

  get size(): number {
    return this.running.size;
  }
}

const registries = new WeakMap<AppContext, PushWakeups>();

/** The running pushes of this product (one registry per context: tests run several products in one process). */
export function pushWakeups(ctx: AppContext): PushWakeups {
  let registry = registries.get(ctx);
  if (!registry) {
    registry = new PushWakeups();
    registries.set(ctx, registry);
  }
  return registry;
}
