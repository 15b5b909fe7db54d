import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { syncRunFixtures } from '@hub/mocks';
import { server } from '../../msw-server';
import { createQueryClient } from './query-client';
import { channelsQuery } from './channels';
import { applyRun, latestRunOf, mergeRuns, syncRunsQuery, useSyncEvents, type SyncRun } from './sync';

afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

const reading = syncRunFixtures.amazonReading;
const version = (seconds: number, change: Partial<SyncRun>): SyncRun => ({
  ...reading,
  ...change,
  updatedAt: new Date(Date.parse(reading.updatedAt) + seconds * 1000).toISOString(),
});
const finished = version(5, { status: 'succeeded', done: 1198, repaired: 4, finishedAt: version(5, {}).updatedAt });
const older = syncRunFixtures.amazonLastNight;

describe('mergeRuns', () => {
  it('keeps the latest version of each run, newest run first', () => {
    expect(mergeRuns([reading, older], [version(-5, { done: 10 })])).toEqual([reading, older]);
    expect(mergeRuns([reading, older], [finished])).toEqual([finished, older]);
    expect(mergeRuns([older], [reading])).toEqual([reading, older]);
    expect(mergeRuns(undefined, [older, reading])).toEqual([reading, older]);
  });

  it('finds the newest run of a channel', () => {
    expect(latestRunOf([reading, older], reading.channelId!)).toBe(reading);
    expect(latestRunOf([syncRunFixtures.importAtConnect], reading.channelId!)).toBeUndefined();
    expect(latestRunOf(undefined, reading.channelId!)).toBeUndefined();
  });
});

describe('the runs list in the cache', () => {
  it('does not go back when a list read earlier arrives after newer streamed news', async () => {
    const client = createQueryClient();
    client.setQueryData(syncRunsQuery.queryKey, { items: [finished, older] });
    await client.fetchQuery({ ...syncRunsQuery, queryFn: () => Promise.resolve({ items: [reading, older] }) });
    expect(client.getQueryData(syncRunsQuery.queryKey)?.items).toEqual([finished, older]);
  });

  it('reads the channels again when a run it knew unfinished ends', () => {
    const client = createQueryClient();
    client.setQueryData(syncRunsQuery.queryKey, { items: [reading, older] });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyRun(client, version(1, { done: 400 }));
    expect(invalidate).not.toHaveBeenCalled();
    applyRun(client, finished);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: channelsQuery.queryKey });
    expect(client.getQueryData(syncRunsQuery.queryKey)?.items[0]).toEqual(finished);
    invalidate.mockClear();
    // The same news twice is no news.
    applyRun(client, finished);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reads the list instead of making one up from a single run', () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyRun(client, reading);
    expect(client.getQueryData(syncRunsQuery.queryKey)).toBeUndefined();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: syncRunsQuery.queryKey });
  });
});

const wrapper = (client: QueryClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };

/** A progress stream that sends the given text, then stays open until the page cancels it. */
function openStream(text: string) {
  return new HttpResponse(
    new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(text)),
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );
}
const runEvent = (run: SyncRun) => `event: run\ndata: ${JSON.stringify(run)}\n\n`;

describe('useSyncEvents', () => {
  it('writes streamed runs into the runs list, and stops listening on unmount', async () => {
    let connections = 0;
    server.use(
      http.get('*/api/sync/events', () => {
        connections += 1;
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              encoder.encode(`: hello\n\n${runEvent(version(1, { done: 400 }))}event: other\ndata: {}\n\n`),
            );
            // News after the page has gone, then the end of the stream: neither may reach the cache.
            setTimeout(() => {
              controller.enqueue(encoder.encode(runEvent(version(2, { done: 800 }))));
              controller.close();
            }, 300);
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const client = createQueryClient();
    client.setQueryData(syncRunsQuery.queryKey, { items: [reading, older] });
    const { unmount } = renderHook(() => useSyncEvents(), { wrapper: wrapper(client) });
    await waitFor(() => expect(client.getQueryData(syncRunsQuery.queryKey)?.items[0]?.done).toBe(400));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    expect(client.getQueryData(syncRunsQuery.queryKey)?.items[0]?.done).toBe(400);
    expect(connections).toBe(1);
  });

  it('reads the lists again after reconnecting, when a run may have ended unseen', async () => {
    let connections = 0;
    server.use(
      http.get('*/api/sync/events', () => {
        connections += 1;
        // The first connection drops at once; the second stays.
        return connections === 1
          ? new HttpResponse(': bye\n\n', { headers: { 'Content-Type': 'text/event-stream' } })
          : openStream(': hello again\n\n');
      }),
    );
    const client = createQueryClient();
    client.setQueryData(syncRunsQuery.queryKey, { items: [reading] });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { unmount } = renderHook(() => useSyncEvents(), { wrapper: wrapper(client) });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: syncRunsQuery.queryKey }), {
      timeout: 3_000,
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: channelsQuery.queryKey });
    expect(connections).toBe(2);
    unmount();
  });
});
