/**
 * Server-sent events read with `fetch`: EventSource cannot be aborted with a signal, sends no
 * credentials choice and does not exist in jsdom, so the stream is read and parsed here.
 */

/** One event of a `text/event-stream` (HTML standard, "Server-sent events"). */
export interface ServerSentEvent {
  /** The `event:` field; "message" when the event names none. */
  type: string;
  /** The `data:` lines, joined by line feeds. */
  data: string;
  id?: string;
}

function parseBlock(block: string): ServerSentEvent | undefined {
  let type = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    // An empty line ends a block; a line starting with a colon is a comment (a keep-alive).
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    // Other fields (retry, unknown names) are ignored, as the standard says.
  }
  // A block without data (comments only) dispatches nothing.
  if (data.length === 0) return undefined;
  return id === undefined ? { type, data: data.join('\n') } : { type, data: data.join('\n'), id };
}

/**
 * Splits the text received so far into complete events and the incomplete rest, which is to be
 * prepended to the next chunk. Pure: the caller keeps the rest.
 */
export function parseEventStream(buffer: string): { events: ServerSentEvent[]; rest: string } {
  // A carriage return at the very end may be the first half of CRLF: keep it for the next chunk.
  const heldBack = buffer.endsWith('\r') ? '\r' : '';
  const text = buffer.slice(0, buffer.length - heldBack.length).replace(/\r\n?/g, '\n');
  const events: ServerSentEvent[] = [];
  let start = 0;
  for (let end = text.indexOf('\n\n', start); end !== -1; end = text.indexOf('\n\n', start)) {
    const event = parseBlock(text.slice(start, end));
    if (event) events.push(event);
    start = end + 2;
  }
  return { events, rest: text.slice(start) + heldBack };
}

/** Milliseconds before the next attempt: doubling from 1 s up to 30 s, spread ±25% so clients do not return together. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface FollowEventStreamOptions {
  /** An app path such as "/api/sync/events"; resolved against the page's origin. */
  path: string;
  /** Aborting it closes the stream and ends the loop (e.g. when the page unmounts). */
  signal: AbortSignal;
  onEvent: (event: ServerSentEvent) => void;
  /** Each time the stream opens; `reconnected` is false on the first opening only. */
  onOpen?: (reconnected: boolean) => void;
  fetch?: typeof fetch;
  delay?: (attempt: number) => number;
}

/**
 * Reads the stream until `signal` aborts. When it ends or fails it is opened again after a
 * growing delay; it stops for good when the server says the user is not signed in (401, 403).
 * Plain `fetch`, not the request layer's: the stream is meant to outlive its 120 s limit.
 */
export async function followEventStream({
  path,
  signal,
  onEvent,
  onOpen,
  fetch: fetchImpl = fetch,
  delay = reconnectDelay,
}: FollowEventStreamOptions): Promise<void> {
  const url = typeof window === 'undefined' ? path : new URL(path, window.location.origin);
  let opened = false;
  let attempt = 0;
  while (!signal.aborted) {
    try {
      const response = await fetchImpl(url, {
        signal,
        credentials: 'include',
        headers: { Accept: 'text/event-stream' },
      });
      if (response.status === 401 || response.status === 403) return;
      if (response.ok && response.body) {
        onOpen?.(opened);
        opened = true;
        attempt = 0;
        await readEvents(response.body, signal, onEvent);
      } else {
        await response.body?.cancel();
      }
    } catch {
      // A dropped connection or a refused request: tried again below, unless we were stopped.
    }
    if (signal.aborted) return;
    await wait(delay(attempt), signal);
    attempt += 1;
  }
}

async function readEvents(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onEvent: (event: ServerSentEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  // Cancelling the reader ends a pending read at once, whatever the fetch does with the signal.
  const stop = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', stop, { once: true });
  const decoder = new TextDecoder();
  let rest = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      const parsed = parseEventStream(rest + decoder.decode(value, { stream: true }));
      rest = parsed.rest;
      for (const event of parsed.events) onEvent(event);
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
