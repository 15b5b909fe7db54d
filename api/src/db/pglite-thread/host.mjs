// The thread that holds PGlite (see ./threaded-pglite.ts for why). Plain JavaScript so that it starts
// the same under tsx, vitest and bare node: a worker thread does not inherit a TypeScript loader
// everywhere the product's code runs.
//
// Messages in:  { id, op: 'query', tx?, text, params, rowMode?, rawTypes? } · { id, op: 'exec', tx?, text, rowMode? }
//               { id, op: 'begin', tx } · { id, op: 'end', tx, commit } · { id, op: 'listen', channel }
//               { id, op: 'unlisten', listener } · { id, op: 'dump' } · { id, op: 'close' }, or a list of these
// Messages out: { id, ok: true, value } · { id, ok: false, error } · { notification: listener, payload }, or a list of answers
//               and once at start { ready: true } or { ready: false, error }.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Inbox, readExchange } from './wire.mjs';

const port = parentPort;
const { serialize } = protocol;
const keepAsText = (value) => value;

/**
 * PGlite's parsers with these types' text kept (the caller's own parsers for them run on its side),
 * by the list of types. Merged once: PGlite merges a query's parsers into its own on every query.
 */
const mergedParsers = new Map();
function parsersKeepingText(pglite, types) {
  const key = types.join(',');
  let parsers = mergedParsers.get(key);
  if (!parsers) {
    parsers = { ...pglite.parsers, ...Object.fromEntries(types.map((type) => [type, keepAsText])) };
    mergedParsers.set(key, parsers);
  }
  return parsers;
}

/**
 * Statements this thread has seen, and the ones it keeps prepared. PGlite's own query() parses and
 * plans every statement anew over six calls into PostgreSQL (parse, describe, bind, describe,
 * execute, sync); a statement seen before runs here as one call on a prepared statement, about four
 * times less work (measured: 57 µs against 248 µs for a lookup by key). A statement seen once runs
 * unprepared, still in one call, so one-off texts (searches, lists of ids) do not fill the cache.
 */
const PREPARED_KEPT = 500;
/** PLAN_EACH_TIME in threaded-pglite.ts: statements whose best plan hangs on their values (searches). */
const PLAN_EACH_TIME = '/* plan each time */';
const SEEN_KEPT = 5_000;
const prepared = new Map();
const seen = new Set();
let lastStatement = 0;

function concat(parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

const inbox = new Inbox();

/**
 * Sends `message` (frontend messages ending in Sync) and reads what PostgreSQL answered from its bytes
 * (./wire.mjs): results, a described statement's parameter types, notifications (handed on), and the
 * first error, thrown once the whole answer is read. Callers hold PGlite's query lock.
 */
async function exchange(pglite, message, { parsers = pglite.parsers, rowMode } = {}) {
  inbox.clear();
  try {
    await pglite.execProtocolRawStream(message, { syncToFs: false, onRawData: inbox.receive });
    const answer = readExchange(inbox.bytes, inbox.length, { parsers, rowMode, onNotification: notify });
    if (answer.error) throw answer.error;
    return answer;
  } finally {
    inbox.clear();
  }
}

/** Lets a named prepared statement go. */
function closeStatement(pglite, name) {
  return exchange(pglite, concat([serialize.close({ type: 'S', name }), serialize.sync()]));
}

function serializeParams(pglite, params, types) {
  return params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = pglite.serializers[types[index]];
    return serializer ? serializer(value) : value.toString();
  });
}

/** Values that every type's serializer writes as their text, so they need no parameter types. */
const plain = (value) =>
  value === null ||
  value === undefined ||
  typeof value === 'string' ||
  typeof value === 'bigint' ||
  (typeof value === 'number' && Number.isFinite(value));

/**
 * The statement to bind: a kept one by name, newly kept when seen before, or the unnamed one. The
 * unnamed one is described first only when a parameter needs its type to be written (a date, an
 * object for json, an array, bytes).
 */
async function prepare(pglite, text, params) {
  const known = prepared.get(text);
  if (known) {
    // Most recently used last: the first is the one to let go.
    prepared.delete(text);
    prepared.set(text, known);
    return known;
  }
  const keep = seen.has(text) && !text.startsWith(PLAN_EACH_TIME);
  if (!keep) {
    seen.add(text);
    if (seen.size > SEEN_KEPT) seen.delete(seen.values().next().value);
    if (params.every(plain)) return { name: '', types: [] };
  }
  const name = keep ? `hub_${++lastStatement}` : '';
  const { parameterTypes } = await exchange(
    pglite,
    concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
  );
  const statement = { name, types: parameterTypes };
  if (keep) {
    prepared.set(text, statement);
    if (prepared.size > PREPARED_KEPT) {
      const [oldestText, oldest] = prepared.entries().next().value;
      prepared.delete(oldestText);
      await closeStatement(pglite, oldest.name);
    }
  }
  return statement;
}

async function runQuery(pglite, text, params, options) {
  const statement = await prepare(pglite, text, params);
  const values = serializeParams(pglite, params, statement.types);
  // The unnamed statement is parsed in the same call as its bind.
  const parts = statement.name ? [] : [serialize.parse({ text })];
  parts.push(
    serialize.bind({ statement: statement.name, values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  );
  const parsers = options.rawTypes?.length ? parsersKeepingText(pglite, options.rawTypes) : pglite.parsers;
  try {
    const { results } = await exchange(pglite, concat(parts), { parsers, rowMode: options.rowMode });
    return results[0];
  } catch (error) {
    // A prepared statement whose tables changed shape must be parsed again (PostgreSQL refuses it once).
    if (statement.name && error?.code === '0A000') {
      prepared.delete(text);
      await closeStatement(pglite, statement.name).catch(() => undefined);
    }
    if (error && typeof error === 'object') Object.assign(error, { query: text, params });
    throw error;
  }
}

/** A statement in the open transaction `tx`, or on its own (after any open transaction), as PGlite's query() orders them. */
async function query(pglite, tx, text, params, options) {
  if (tx !== undefined) {
    await target(pglite, tx);
    return pglite._runExclusiveQuery(() => runQuery(pglite, text, params, options));
  }
  return pglite._runExclusiveTransaction(async () => {
    const result = await pglite._runExclusiveQuery(async () => {
      try {
        return await runQuery(pglite, text, params, options);
      } catch (error) {
        // Outside a transaction nothing was spoilt: a kept statement refused for its tables' new shape is parsed again.
        if (error?.code !== '0A000' || prepared.has(text)) throw error;
        return runQuery(pglite, text, params, options);
      }
    });
    await pglite.syncToFs();
    return result;
  });
}

/** What crosses the thread boundary of an error: PostgreSQL's fields (code, constraint, detail...), not functions. */
function describeError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const described = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions' || typeof value === 'function') continue;
    if (value === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof value))
      described[key] = value;
    else if (key === 'params') described[key] = safeClone(value);
  }
  return described;
}
function safeClone(value) {
  try {
    return structuredClone(value);
  } catch {
    return undefined;
  }
}

/** Open transactions by id: each holds PGlite's own transaction open until its 'end' arrives. */
const transactions = new Map();

/**
 * Listeners by channel (as PostgreSQL names it), and each listener's channel. Kept here, not in
 * PGlite: the notifications of statements run through exchange() never pass PGlite's reader, so both
 * paths hand theirs to notify() (PGlite's through onNotification, set at start).
 */
const channels = new Map();
const listenerChannels = new Map();
let lastListener = 0;

function notify(channel, payload) {
  for (const listener of channels.get(channel) ?? []) answer({ notification: listener, payload });
}

/** A channel's name as PostgreSQL keeps it: as written when quoted, lower case otherwise. */
const postgresName = (channel) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();

async function listen(pglite, channel) {
  const name = postgresName(channel);
  const listener = ++lastListener;
  let listening = channels.get(name);
  if (!listening) {
    listening = new Set();
    channels.set(name, listening);
    try {
      await pglite.exec(`LISTEN ${channel}`);
    } catch (error) {
      channels.delete(name);
      throw error;
    }
  }
  listening.add(listener);
  listenerChannels.set(listener, name);
  return listener;
}

async function unlisten(pglite, listener) {
  const name = listenerChannels.get(listener);
  listenerChannels.delete(listener);
  const listening = name === undefined ? undefined : channels.get(name);
  if (!listening?.delete(listener) || listening.size > 0) return;
  channels.delete(name);
  await pglite.exec(`UNLISTEN "${name.replaceAll('"', '""')}"`);
}

/**
 * Opens transaction `id` (named by the caller, which sends its first statements without waiting):
 * statements of it that arrive before it is open wait for it.
 */
function begin(pglite, id) {
  let started;
  const opened = new Promise((resolve) => (started = resolve));
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  const done = pglite.transaction(async (open) => {
    started(open);
    const commit = await finished;
    if (!commit && !open.closed) await open.rollback();
  });
  // Its failure reaches the caller through 'begin' (or 'end'); unobserved it would end the thread.
  done.catch(() => undefined);
  const ready = Promise.race([
    opened,
    done.then(() => Promise.reject(new Error('The transaction ended before it began'))),
  ]);
  ready.catch(() => transactions.delete(id));
  transactions.set(id, { ready, finish, done });
  return ready.then(() => undefined);
}

async function end(id, commit) {
  const transaction = transactions.get(id);
  if (!transaction) throw new Error(`No open transaction ${id}`);
  transactions.delete(id);
  transaction.finish(commit);
  await transaction.done;
}

/** PGlite, or the open transaction `tx` once it is open. */
async function target(pglite, tx) {
  if (tx === undefined) return pglite;
  const transaction = transactions.get(tx);
  if (!transaction) throw new Error(`No open transaction ${tx}`);
  return transaction.ready;
}

async function handle(pglite, message) {
  switch (message.op) {
    case 'query': {
      const result = await query(pglite, message.tx, message.text, message.params, message);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await (
        await target(pglite, message.tx)
      ).exec(message.text, message.rowMode ? { rowMode: message.rowMode } : undefined);
      return results.map((result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }));
    }
    case 'begin':
      return begin(pglite, message.tx);
    case 'end':
      return end(message.tx, message.commit);
    case 'listen':
      return listen(pglite, message.channel);
    case 'unlisten':
      return unlisten(pglite, message.listener);
    case 'dump': {
      const blob = await pglite.dumpDataDir('none');
      return blob.arrayBuffer();
    }
    case 'close':
      await pglite.close();
      return undefined;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/**
 * Answers finished in the same turn go back together (waking the other thread costs more than the
 * message): sent once this turn's work is done.
 */
let answers = [];
/** An answer, or a notification (in the same queue, so it never overtakes the commit that sent it). */
function answer(reply) {
  answers.push(reply);
  if (answers.length === 1) queueMicrotask(sendAnswers);
}
function sendAnswers() {
  const replies = answers;
  answers = [];
  port.postMessage(replies.length === 1 ? replies[0] : replies);
}

async function start() {
  const { dataDir, loadDataDir, pgliteWasmModule, initdbWasmModule, fsBundle } = workerData ?? {};
  const options = { extensions: { pg_trgm } };
  if (loadDataDir) options.loadDataDir = new Blob([loadDataDir]);
  // Compiled once by the process that opens PGlite (threaded-pglite.ts), not again on every thread.
  if (pgliteWasmModule) options.pgliteWasmModule = pgliteWasmModule;
  if (initdbWasmModule) options.initdbWasmModule = initdbWasmModule;
  if (fsBundle) options.fsBundle = new Blob([fsBundle]);
  const pglite = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  pglite.onNotification(notify);
  const run = (message) =>
    handle(pglite, message).then(
      (value) =>
        value instanceof ArrayBuffer
          ? port.postMessage({ id: message.id, ok: true, value }, [value])
          : answer({ id: message.id, ok: true, value }),
      (error) => answer({ id: message.id, ok: false, error: describeError(error) }),
    );
  // Statements asked for in the same turn come as a list, and are taken in order.
  port.on('message', (message) => (Array.isArray(message) ? message.forEach(run) : run(message)));
  port.postMessage({ ready: true });
}

start().catch((error) => port.postMessage({ ready: false, error: describeError(error) }));
