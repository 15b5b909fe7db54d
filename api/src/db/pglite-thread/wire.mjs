// PostgreSQL's answers read straight from the bytes PGlite writes (its backend messages, protocol 3).
// PGlite's own reader copies every field into a new ArrayBuffer before decoding it, a sixth of its
// thread's time on a read-heavy load (the audit log's list); here each field is decoded in place.
// Plain JavaScript for the same reason as host.mjs.
import { Buffer } from 'node:buffer';

const INITIAL_SIZE = 64 * 1024;
/** Past this, the inbox is let go after the exchange so one large result does not hold memory for good. */
const KEPT_SIZE = 4 * 1024 * 1024;

/** The bytes of one exchange, gathered as PGlite writes them (in pieces of up to its send buffer). */
export class Inbox {
  bytes = Buffer.allocUnsafe(INITIAL_SIZE);
  length = 0;

  /** PGlite's `onRawData`: the piece is a view into PostgreSQL's memory, so it is copied before the next one. */
  receive = (piece) => {
    const needed = this.length + piece.length;
    if (needed > this.bytes.length) {
      let size = this.bytes.length * 2;
      while (size < needed) size *= 2;
      const larger = Buffer.allocUnsafe(size);
      this.bytes.copy(larger, 0, 0, this.length);
      this.bytes = larger;
    }
    this.bytes.set(piece, this.length);
    this.length = needed;
  };

  clear() {
    this.length = 0;
    if (this.bytes.length > KEPT_SIZE) this.bytes = Buffer.allocUnsafe(INITIAL_SIZE);
  }
}

/** PostgreSQL's error (or notice) fields by their one-letter codes, named as pg and PGlite name them. */
const ERROR_FIELDS = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/** An ErrorResponse, shaped as PGlite's DatabaseError (name 'error', PostgreSQL's fields as properties). */
export class WireDatabaseError extends Error {
  constructor(message, length) {
    super(message);
    this.name = 'error';
    this.length = length;
    for (const name of Object.values(ERROR_FIELDS)) this[name] = undefined;
  }
}

const int16 = (bytes, at) => ((bytes[at] << 24) | (bytes[at + 1] << 16)) >> 16;
const int32 = (bytes, at) => (bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3];
const text = (bytes, start, end) => bytes.utf8Slice(start, end);
/** A zero-ended string at `at`: its text and where the next field starts. */
function cstring(bytes, at) {
  const end = bytes.indexOf(0, at);
  return [text(bytes, at, end), end + 1];
}

function readError(bytes, at, end, length) {
  const values = {};
  while (at < end && bytes[at] !== 0) {
    const code = String.fromCharCode(bytes[at]);
    const [value, next] = cstring(bytes, at + 1);
    values[code] = value;
    at = next;
  }
  const error = new WireDatabaseError(values.M, length);
  for (const [code, name] of Object.entries(ERROR_FIELDS)) if (code in values) error[name] = values[code];
  return error;
}

/** Rows and fields of one RowDescription: the parser of each column chosen once, not per value. */
function readRowDescription(bytes, at, parsers) {
  const count = int16(bytes, at);
  at += 2;
  const fields = new Array(count);
  const names = new Array(count);
  const columnParsers = new Array(count);
  for (let i = 0; i < count; i++) {
    const [name, next] = cstring(bytes, at);
    // table oid (4), column number (2), then the type's oid (4), size (2), modifier (4), format (2)
    const dataTypeID = int32(bytes, next + 6) >>> 0;
    at = next + 18;
    fields[i] = { name, dataTypeID };
    names[i] = name;
    const parser = parsers[dataTypeID];
    columnParsers[i] = parser ? (value) => parser(value, dataTypeID) : undefined;
  }
  return { fields, names, columnParsers };
}

function readDataRow(bytes, at, description, asArray) {
  const count = int16(bytes, at);
  at += 2;
  const { names, columnParsers } = description;
  const row = asArray ? new Array(count) : {};
  for (let i = 0; i < count; i++) {
    const length = int32(bytes, at);
    at += 4;
    let value = null;
    if (length >= 0) {
      const raw = text(bytes, at, at + length);
      at += length;
      const parser = columnParsers[i];
      value = parser ? parser(raw) : raw;
    }
    if (asArray) row[i] = value;
    else row[names[i]] = value;
  }
  return row;
}

const countingCommands = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** A command tag's row count when it counts changed rows ("INSERT 0 5", "UPDATE 3"), as PGlite counts them. */
function changedRows(tag) {
  const space = tag.indexOf(' ');
  const command = space < 0 ? tag : tag.slice(0, space);
  if (!countingCommands.has(command)) return 0;
  return Number.parseInt(tag.slice(tag.lastIndexOf(' ') + 1), 10) || 0;
}

/**
 * Everything one exchange answered: its results (as PGlite's parseResults gives them: rows, fields,
 * affectedRows), the parameter types of a described statement, and the first error, if any (PGlite
 * keeps the first and ignores what follows). Notifications are handed to `onNotification` as read.
 */
export function readExchange(bytes, length, { parsers, rowMode, onNotification }) {
  const asArray = rowMode === 'array';
  const results = [];
  let parameterTypes = [];
  let error;
  let description;
  let rows = [];
  let affectedRows = 0;
  let at = 0;
  while (at + 5 <= length) {
    const code = bytes[at];
    const size = int32(bytes, at + 1);
    const start = at + 5;
    const end = at + 1 + size;
    if (end > length) break;
    at = end;
    if (error && code !== 0x41) continue;
    switch (code) {
      case 0x54: // 'T' RowDescription
        description = readRowDescription(bytes, start, parsers);
        break;
      case 0x44: // 'D' DataRow
        if (description) rows.push(readDataRow(bytes, start, description, asArray));
        break;
      case 0x43: {
        // 'C' CommandComplete
        affectedRows += changedRows(cstring(bytes, start)[0]);
        results.push({ rows, fields: description?.fields ?? [], affectedRows });
        description = undefined;
        rows = [];
        break;
      }
      case 0x74: {
        // 't' ParameterDescription
        const count = int16(bytes, start);
        parameterTypes = Array.from({ length: count }, (_, i) => int32(bytes, start + 2 + 4 * i) >>> 0);
        break;
      }
      case 0x45: // 'E' ErrorResponse
        error = readError(bytes, start, end, size);
        break;
      case 0x41: {
        // 'A' NotificationResponse: process id (4), channel, payload
        const [channel, next] = cstring(bytes, start + 4);
        const [payload] = cstring(bytes, next);
        onNotification(channel, payload);
        break;
      }
      default:
      // ParseComplete, BindComplete, CloseComplete, NoData, ReadyForQuery, EmptyQueryResponse, notices: nothing to keep
    }
  }
  if (results.length === 0) results.push({ rows: [], fields: [], affectedRows: 0 });
  return { results, parameterTypes, error };
}
