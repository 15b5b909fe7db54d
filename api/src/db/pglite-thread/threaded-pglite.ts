import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EventLoopUtilization } from 'node:perf_hooks';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * PGlite on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly and runs each statement
 * synchronously on the thread that calls it; in the product's one process that thread also serves
 * HTTP, runs the workers and talks to the marketplaces, and under a stream of orders it was saturated
 * with the database taking about 60% of it. Here the database runs beside the rest instead: each
 * statement is a message to the thread that holds PGlite, which runs them one at a time as PGlite
 * always did (its own locks keep a transaction's statements together), and the answer comes back as
 * a message.
 *
 * It offers the part of PGlite's interface the product uses (drizzle, pg-boss's adapter, tests):
 * query, exec, transaction, listen, dumpDataDir, close.
 */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Array<Results>>;
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: DescribedError };
type Notification = { notification: number; payload: string };
type Started = { ready: true } | { ready: false; error: DescribedError };
type DescribedError = { name: string; message: string; stack?: string } & Record<string, unknown>;

/** An error raised on PGlite's thread, with PostgreSQL's fields (code, constraint, detail...) as they were. */
export class PgliteThreadError extends Error {
  code?: string;
  constructor(described: DescribedError, callerStack: string | undefined) {
    super(described.message);
    const { name, message: _message, stack, ...fields } = described;
    Object.assign(this, fields);
    this.name = name;
    // The caller's stack says which statement of ours failed; the thread's says where in PGlite.
    this.stack = `${name}: ${described.message}\n${callerStack ?? ''}\n    -- on PGlite's thread --\n${(stack ?? '').split('\n').slice(1).join('\n')}`;
  }
}

const hostUrl = new URL('./host.mjs', import.meta.url);

/** PGlite's WebAssembly modules, compiled, and its file-system bundle, as PGlite.create takes them. */
interface PgliteArtifacts {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: ArrayBuffer;
}
let artifacts: Promise<PgliteArtifacts> | undefined;

/**
 * Read and compiled once per process: each PGlite opened here (a test file's database, the embedded
 * product's) is handed them instead of compiling PostgreSQL's 10 MB of WebAssembly again, which cost about
 * two seconds of CPU per database opened (V8 compiles it on background threads).
 */
function pgliteArtifacts(): Promise<PgliteArtifacts> {
  artifacts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const read = async (name: string) => new Uint8Array(await fs.promises.readFile(path.join(dist, name)));
    const [pglite, initdb, data] = await Promise.all([read('pglite.wasm'), read('initdb.wasm'), read('pglite.data')]);
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      WebAssembly.compile(pglite),
      WebAssembly.compile(initdb),
    ]);
    const fsBundle = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
    return { pgliteWasmModule, initdbWasmModule, fsBundle };
  })();
  return artifacts;
}

/** The frames of the statement's caller, below `call` and the promise it made. */
const callerStack = (origin: Error) => origin.stack?.split('\n').slice(2).join('\n');

/** A statement starting with this comment is planned for its values every time, never kept prepared (see host.mjs). */
export const PLAN_EACH_TIME = '/* plan each time */ ';

export class ThreadedPglite implements PgliteClient {
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; origin: Error }
  >();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private lastId = 0;
  private lastTransaction = 0;
  private outbox: Array<Record<string, unknown>> = [];
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    const receive = (message: Reply | Notification) => {
      if ('notification' in message) return void this.listeners.get(message.notification)?.(message.payload);
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (message.ok) call.resolve(message.value);
      else call.reject(new PgliteThreadError(message.error, callerStack(call.origin)));
    };
    // The thread answers statements finished in the same turn together, as a list.
    worker.on('message', (message: Reply | Notification | Array<Reply | Notification>) =>
      Array.isArray(message) ? message.forEach(receive) : receive(message),
    );
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    worker.on('error', (error) => fail(new Error(`PGlite's thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => fail(new Error(`PGlite's thread has ended (exit code ${code})`)));
    // Nothing waiting on the database must not keep the process alive (a CLI ends when its work does).
    worker.unref();
  }

  /** Opens PGlite on its thread: in `dataDir`, in memory from a dump (`loadDataDir`), or empty in memory. */
  static async open(
    options: { dataDir?: string; loadDataDir?: ArrayBuffer | Uint8Array } = {},
  ): Promise<ThreadedPglite> {
    const worker = new Worker(hostUrl, {
      workerData: { dataDir: options.dataDir, loadDataDir: options.loadDataDir, ...(await pgliteArtifacts()) },
    });
    let onMessage!: (started: Started) => void, onError!: (error: Error) => void, onExit!: (code: number) => void;
    const started = await new Promise<Started>((resolve, reject) => {
      onMessage = resolve;
      onError = reject;
      onExit = (code) => reject(new Error(`PGlite's thread ended while opening (exit code ${code})`));
      worker.once('message', onMessage).once('error', onError).once('exit', onExit);
    }).finally(() => worker.off('message', onMessage).off('error', onError).off('exit', onExit));
    if (!started.ready) {
      await worker.terminate();
      throw new PgliteThreadError(started.error, new Error().stack);
    }
    return new ThreadedPglite(worker);
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.lastId;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      // The caller's stack is captured, and written out only if the statement fails: formatting it
      // (through source maps under tsx) on every statement took a twentieth of the main thread.
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, origin: new Error() });
      this.send({ ...message, id });
    });
  }

  /**
   * Messages asked for in the same turn go to the thread together: waking the other thread costs
   * more than the message (on a 2-core virtual machine postMessage was a fifth of the main thread
   * under a stream of orders). Sent at the end of the current promise step, not later: a statement
   * of an open transaction held back holds the whole database (PGlite has one connection), and a
   * flush at setImmediate measured the propagation p50 several times slower.
   */
  private send(message: Record<string, unknown>): void {
    this.outbox.push(message);
    if (this.outbox.length === 1) queueMicrotask(this.flush);
  }

  private readonly flush = () => {
    const messages = this.outbox;
    this.outbox = [];
    this.worker.postMessage(messages.length === 1 ? messages[0] : messages);
  };

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    if (options?.serializers || options?.blob || options?.onNotice) {
      return Promise.reject(new Error('Serializers, blobs and notice callbacks do not cross to PGlite’s thread'));
    }
    const parsers = options?.parsers;
    // Parsers are functions, which cannot cross: the thread keeps those types' text and they run here.
    const rawTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
    const answer = this.call<Results<T>>({
      op: 'query',
      tx,
      text,
      params: params ?? [],
      rowMode: options?.rowMode,
      rawTypes,
    });
    return parsers ? answer.then((result) => applyParsers(result, parsers, options?.rowMode)) : answer;
  }

  exec(text: string, options?: QueryOptions, tx?: number): Promise<Array<Results>> {
    if (options?.parsers || options?.serializers || options?.blob || options?.onNotice) {
      return Promise.reject(new Error('Only rowMode crosses to PGlite’s thread with exec'));
    }
    return this.call<Array<Results>>({ op: 'exec', tx, text, rowMode: options?.rowMode });
  }

  /** Like PGlite's: committed when the work resolves, rolled back when it throws or calls rollback. */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    // Begun without waiting for the thread's answer: the work's first statement follows it at once
    // (the thread holds it until the transaction is open), a round trip less per transaction.
    const id = ++this.lastTransaction;
    const begun = this.call<void>({ op: 'begin', tx: id });
    begun.catch(() => undefined);
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const end = async (commit: boolean) => {
      closed = true;
      await begun;
      await this.call({ op: 'end', tx: id, commit });
    };
    const tx = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => (
        open(),
        this.query<R>(text, params, options, id)
      ),
      exec: async (text: string, options?: QueryOptions) => (open(), this.exec(text, options, id)),
      rollback: async () => (open(), end(false)),
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (!closed) await end(false);
      throw error;
    }
    if (!closed) await end(true);
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = await this.call<number>({ op: 'listen', channel });
    this.listeners.set(listener, callback);
    return async () => {
      this.listeners.delete(listener);
      await this.call({ op: 'unlisten', listener });
    };
  }

  /** How busy PGlite's thread has been (as performance.eventLoopUtilization, since `since`). */
  utilization(since?: EventLoopUtilization): EventLoopUtilization {
    return this.worker.performance.eventLoopUtilization(since);
  }

  /** The database's files as a tarball, as PGlite's dumpDataDir('none') gives them. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump' })]);
  }

  async close(): Promise<void> {
    if (this.failure) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.failure = new Error('PGlite is closed');
      await this.worker.terminate();
    }
  }
}

function applyParsers<T>(
  result: Results<T>,
  parsers: NonNullable<QueryOptions['parsers']>,
  rowMode: QueryOptions['rowMode'],
): Results<T> {
  const columns = result.fields
    .map((field, index) => ({ index, name: field.name, parse: parsers[field.dataTypeID] }))
    .filter((c) => c.parse);
  if (!columns.length) return result;
  for (const row of result.rows as Array<Record<string | number, unknown>>) {
    for (const column of columns) {
      const key = rowMode === 'array' ? column.index : column.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = column.parse!(value as string);
    }
  }
  return result;
}
