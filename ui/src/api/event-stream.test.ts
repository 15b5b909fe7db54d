import { describe, expect, it, vi } from 'vitest';
import { followEventStream, parseEventStream, reconnectDelay, type ServerSentEvent } from './event-stream';

/** Feeds the chunks one after the other, as a reader would, and collects the events. */
function parseChunks(chunks: string[]): { events: ServerSentEvent[]; rest: string } {
  let rest = '';
  const events: ServerSentEvent[] = [];
  for (const chunk of chunks) {
    const parsed = parseEventStream(rest + chunk);
    events.push(...parsed.events);
    rest = parsed.rest;
  }
  return { events, rest };
}

describe('parseEventStream', () => {
  it('reads named events with their data and id', () => {
    expect(parseEventStream('event: run\nid: r1:17\ndata: {"id":"r1"}\n\n')).toEqual({
      events: [{ type: 'run', id: 'r1:17', data: '{"id":"r1"}' }],
      rest: '',
    });
  });

  it('names an event "message" when it says nothing, and joins its data lines', () => {
    expect(parseEventStream('data: first\ndata: second\n\n').events).toEqual([
      { type: 'message', data: 'first\nsecond' },
    ]);
  });

  it('dispatches nothing for comments (keep-alives) or blocks without data', () => {
    expect(parseEventStream(': progress of sync runs\n\n: still here\n\nevent: run\n\n')).toEqual({
      events: [],
      rest: '',
    });
  });

  it('keeps an unfinished event for the next chunk', () => {
    expect(parseEventStream('event: run\ndata: {"id":')).toEqual({ events: [], rest: 'event: run\ndata: {"id":' });
  });

  it('gives the same events however the text is cut', () => {
    const text = ': hello\n\nevent: run\ndata: {"id":"a","done":1}\n\nevent: run\ndata: {"id":"a","done":2}\n\n';
    const whole = parseEventStream(text).events;
    expect(whole).toHaveLength(2);
    for (let cut = 1; cut < text.length; cut++)
      expect(parseChunks([text.slice(0, cut), text.slice(cut)]).events).toEqual(whole);
    expect(parseChunks([...text]).events).toEqual(whole);
  });

  it('accepts CRLF and CR line ends, even with CRLF cut in two', () => {
    expect(parseEventStream('event: run\r\ndata: x\r\n\r\n').events).toEqual([{ type: 'run', data: 'x' }]);
    // A CR at the very end could be half of a CRLF: the block ends when the next text comes.
    expect(parseEventStream('event: run\rdata: x\r\r')).toEqual({ events: [], rest: 'event: run\ndata: x\n\r' });
    expect(parseEventStream('event: run\rdata: x\r\rdata: y')).toEqual({
      events: [{ type: 'run', data: 'x' }],
      rest: 'data: y',
    });
    expect(parseChunks(['data: x\r', '\n\r', '\n']).events).toEqual([{ type: 'message', data: 'x' }]);
  });

  it('strips one space after the colon only, and reads a bare field name as empty', () => {
    expect(parseEventStream('data:  two spaces\n\n').events).toEqual([{ type: 'message', data: ' two spaces' }]);
    expect(parseEventStream('data\n\n').events).toEqual([{ type: 'message', data: '' }]);
    expect(parseEventStream('data:x\nretry: 10\nunknown: y\n\n').events).toEqual([{ type: 'message', data: 'x' }]);
  });
});

describe('reconnectDelay', () => {
  it('doubles from one second up to thirty, spread by a quarter either way', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelay(attempt, middle))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(750);
    expect(reconnectDelay(0, () => 1)).toBe(1250);
  });
});

/** A `text/event-stream` answer that sends the chunks, then ends (or stays open), noting a cancel. */
function streamAnswer(chunks: string[], { end = true } = {}) {
  const cancelled = vi.fn();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (end) controller.close();
    },
    cancel: cancelled,
  });
  return { response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }), cancelled };
}

describe('followEventStream', () => {
  it('opens the stream again when it ends or fails, and says when it reconnected', async () => {
    const controller = new AbortController();
    const events: string[] = [];
    const opens: boolean[] = [];
    const answers = [
      () => Promise.resolve(streamAnswer(['event: run\ndata: 1\n\n']).response),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response('busy', { status: 503 })),
      () => Promise.resolve(streamAnswer(['event: run\ndata: 2\n\n'], { end: false }).response),
    ];
    const fetch = vi.fn(() => answers.shift()!());
    const delays: number[] = [];
    const following = followEventStream({
      path: '/api/sync/events',
      signal: controller.signal,
      fetch: fetch as unknown as typeof globalThis.fetch,
      delay: (attempt) => (delays.push(attempt), 0),
      onOpen: (reconnected) => opens.push(reconnected),
      onEvent: (event) => {
        events.push(event.data);
        if (event.data === '2') controller.abort();
      },
    });
    await following;
    expect(events).toEqual(['1', '2']);
    expect(opens).toEqual([false, true]);
    // The wait grows with each failed attempt and starts again after a successful opening.
    expect(delays).toEqual([0, 1, 2]);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(fetch.mock.calls[0]).toEqual([
      new URL('/api/sync/events', window.location.origin),
      expect.objectContaining({ credentials: 'include', signal: controller.signal }),
    ]);
  });

  it('stops for good when the user is not signed in', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 401 })));
    await followEventStream({
      path: '/api/sync/events',
      signal: new AbortController().signal,
      fetch: fetch as unknown as typeof globalThis.fetch,
      delay: () => 0,
      onEvent: () => {},
    });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('cancels the open stream when stopped', async () => {
    const controller = new AbortController();
    const { response, cancelled } = streamAnswer([': hello\n\n'], { end: false });
    let opened = () => {};
    const open = new Promise<void>((resolve) => (opened = resolve));
    const following = followEventStream({
      path: '/api/sync/events',
      signal: controller.signal,
      fetch: () => Promise.resolve(response),
      onOpen: () => opened(),
      onEvent: () => {},
    });
    await open;
    controller.abort();
    await following;
    expect(cancelled).toHaveBeenCalledOnce();
  });
});
