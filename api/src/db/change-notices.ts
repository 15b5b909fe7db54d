import pg from 'pg';
import { afterCommit, type DatabaseHandle, type Db } from './client.ts';

/**
 * Reads kept in this process's memory, told by the database when another transaction (of this
 * process or any other) changes them: triggers NOTIFY `hub_changed` with `kind:key` at commit
 * (migration 0031). While this process does not listen (starting, its connection lost), nothing is
 * kept and every read goes to the database.
 */
export const CHANGE_NOTICE_CHANNEL = 'hub_changed';

/** How often the listening connection is asked whether it is still there. */
const HEARTBEAT_MS = 30_000;
/** How long a lost listening connection waits before it is made again (the reads go to the database meanwhile). */
const RELISTEN_DELAY_MS = 1000;

export class NoticedCache<V> {
  private readonly entries = new Map<string, V>();
  /** Bumped by every notice of a key: a read that began before it is not kept. */
  private readonly generations = new Map<string, number>();
  /** Keys written in a transaction still open: read from it, never kept, until it ends. */
  private readonly writtenIn = new WeakMap<object, Set<string>>();
  private live = false;
  /** Bumped whenever listening starts or stops: a read begun before is not kept. */
  private epoch = 0;

  constructor(
    readonly kind: string,
    private readonly maxEntries = 10_000,
  ) {}

  /** The value for `key`: kept, or read by `load` within `db` (kept only if nothing changed it meanwhile). */
  async get(db: Db, key: string, load: (db: Db) => Promise<V>): Promise<V> {
    if (!this.live || this.writtenIn.get(db)?.has(key)) return load(db);
    if (this.entries.has(key)) return this.entries.get(key)!;
    const epoch = this.epoch;
    const generation = this.generations.get(key) ?? 0;
    const value = await load(db);
    // Kept only if nothing changed it meanwhile and this process listened all along (a notice lost while not
    // listening would never come); read in an open transaction, only once that commits (a rollback keeps nothing).
    const keep = () => {
      if (!this.live || this.epoch !== epoch || (this.generations.get(key) ?? 0) !== generation) return;
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    };
    if (!afterCommit(db, keep)) keep();
    return value;
  }

  /**
   * Says `key` is being written in `db`: that transaction reads it afresh (it sees its own writes, which
   * nobody else does yet), and this process forgets it at the commit without waiting for the notice.
   */
  written(db: Db, key: string): void {
    this.forget(key);
    let keys = this.writtenIn.get(db);
    if (!keys) {
      keys = new Set();
      this.writtenIn.set(db, keys);
      if (!afterCommit(db, () => this.forgetAll(keys!))) this.writtenIn.delete(db);
    }
    keys.add(key);
  }

  forget(key: string): void {
    // The generations of keys forgotten are kept a while; beyond, all is forgotten at once (a new epoch).
    if (this.generations.size >= 10 * this.maxEntries) this.newEpoch();
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    this.entries.delete(key);
  }

  private newEpoch(): void {
    this.epoch++;
    this.entries.clear();
    this.generations.clear();
  }

  private forgetAll(keys: Iterable<string>): void {
    for (const key of keys) this.forget(key);
  }

  /** Listening or not: while not, nothing is kept (a change may go unheard). */
  setLive(live: boolean): void {
    this.live = live;
    this.newEpoch();
  }
}

export interface ChangeListener {
  stop(): Promise<void>;
}

/** Listens for the change notices of `caches`' kinds on the database, and tells each cache. */
export async function listenForChanges(
  handle: DatabaseHandle,
  caches: ReadonlyArray<NoticedCache<unknown>>,
): Promise<ChangeListener> {
  const byKind = new Map(caches.map((cache) => [cache.kind, cache]));
  const onNotice = (payload: string | undefined) => {
    const at = payload?.indexOf(':') ?? -1;
    if (!payload || at < 0) return;
    byKind.get(payload.slice(0, at))?.forget(payload.slice(at + 1));
  };
  const setLive = (live: boolean) => caches.forEach((cache) => cache.setLive(live));

  if (handle.kind === 'pglite') {
    // One connection, in this process: notices are never lost while it is open.
    const unlisten = await handle.pglite.listen(CHANGE_NOTICE_CHANNEL, onNotice);
    setLive(true);
    return {
      async stop() {
        setLive(false);
        await unlisten().catch(() => undefined);
      },
    };
  }

  // PostgreSQL: a connection of its own (a pooled one would be handed to others). Lost, everything kept
  // is forgotten, the reads go to the database, and it is made again.
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    // A connection cut without a word (a NAT's or a balancer's idle timeout) is found by the heartbeat.
    const next = new pg.Client({ connectionString: handle.connectionString, keepAlive: true, query_timeout: 10_000 });
    next.on('notification', (message) => onNotice(message.payload));
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${CHANGE_NOTICE_CHANNEL}`);
    if (stopped) return void (await next.end().catch(() => undefined));
    client = next;
    setLive(true);
    heartbeat = setInterval(() => void next.query('select 1').catch(() => lost(next)), HEARTBEAT_MS);
    heartbeat.unref();
  };
  const lost = (which: pg.Client) => {
    if (which !== client) return;
    client = undefined;
    clearInterval(heartbeat);
    setLive(false);
    void which.end().catch(() => undefined);
    if (!stopped) schedule();
  };
  const schedule = () => {
    retry = setTimeout(() => {
      connect().catch((error: Error) => {
        console.warn(`[db] listening for changes: ${error.message}; trying again`);
        if (!stopped) schedule();
      });
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };
  // Not reachable now: the reads go to the database until it is.
  await connect().catch((error: Error) => {
    console.warn(`[db] listening for changes: ${error.message}; trying again`);
    schedule();
  });
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      setLive(false);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
