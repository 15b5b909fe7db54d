import {
  queryOptions,
  replaceEqualDeep,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { components } from '@contract';
import { channelsQuery } from './channels';
import { dashboardQuery } from './dashboard';
import { followEventStream } from './event-stream';
import { api, errorText, unwrap } from './request';

export type SyncRun = components['schemas']['SyncRun'];
export type SyncRunList = components['schemas']['SyncRunList'];
export type SyncRunStatus = SyncRun['status'];

/** The progress stream of the account's runs (GET, `text/event-stream`, events named `run`). */
export const SYNC_EVENTS_PATH = '/api/sync/events';

/** A run waiting or under way; any other status is final. */
export function isUnfinished(run: Pick<SyncRun, 'status'>): boolean {
  return run.status === 'queued' || run.status === 'running';
}

const time = (iso: string) => Date.parse(iso);

/**
 * Both lists' runs by id, each at its latest version (`updatedAt`), newest run first. A list read
 * while the stream was already telling newer news must not take a run back to an older state.
 */
export function mergeRuns(current: readonly SyncRun[] | undefined, incoming: readonly SyncRun[]): SyncRun[] {
  const byId = new Map((current ?? []).map((run) => [run.id, run]));
  for (const run of incoming) {
    const known = byId.get(run.id);
    if (!known || time(run.updatedAt) >= time(known.updatedAt)) byId.set(run.id, run);
  }
  return [...byId.values()].sort((a, b) => time(b.createdAt) - time(a.createdAt));
}

/** The newest run of one channel (runs over the whole account have no channel). */
export function latestRunOf(runs: readonly SyncRun[] | undefined, channelId: string): SyncRun | undefined {
  return runs?.find((run) => run.channelId === channelId);
}

export const syncRunsQuery = queryOptions({
  queryKey: ['/api/sync/runs'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/api/sync/runs', { signal })),
  // Fetched lists and streamed runs meet here: keep the newer version of every run.
  structuralSharing: (previous: unknown, next: unknown) =>
    replaceEqualDeep(previous, {
      items: mergeRuns((previous as SyncRunList | undefined)?.items, (next as SyncRunList).items),
    }),
});

export function useSyncRuns() {
  return useQuery(syncRunsQuery);
}

/**
 * A run's new state, from the stream or from "Sync now", into the runs list. A run that has just
 * finished changed its channel's health and last sync: the channels are read again.
 */
export function applyRun(queryClient: QueryClient, run: SyncRun): void {
  const list = queryClient.getQueryData(syncRunsQuery.queryKey);
  const before = list?.items.find((known) => known.id === run.id);
  // Without a list yet, a partial one must not pass for the whole: read it (again) instead.
  if (list) queryClient.setQueryData(syncRunsQuery.queryKey, { items: mergeRuns(list.items, [run]) });
  else void queryClient.invalidateQueries({ queryKey: syncRunsQuery.queryKey });
  if (!isUnfinished(run) && (!before || isUnfinished(before)))
    void queryClient.invalidateQueries({ queryKey: channelsQuery.queryKey });
}

function parseRun(data: string): SyncRun | undefined {
  try {
    const run: unknown = JSON.parse(data);
    if (run && typeof run === 'object' && 'id' in run && 'status' in run && 'updatedAt' in run) return run as SyncRun;
  } catch {
    // Not JSON: nothing to show.
  }
  return undefined;
}

/**
 * Follows the progress stream while the calling screen is mounted, writing each run into the
 * runs list. After a reconnection the lists are read again: a run may have finished meanwhile.
 */
export function useSyncEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    void followEventStream({
      path: SYNC_EVENTS_PATH,
      signal: controller.signal,
      onOpen: (reconnected) => {
        if (!reconnected) return;
        void queryClient.invalidateQueries({ queryKey: syncRunsQuery.queryKey });
        void queryClient.invalidateQueries({ queryKey: channelsQuery.queryKey });
      },
      onEvent: (event) => {
        const run = event.type === 'run' ? parseRun(event.data) : undefined;
        if (run) applyRun(queryClient, run);
      },
    });
    return () => controller.abort();
  }, [queryClient]);
}

/** "Sync now": the run (new, or the one already under way) shows at once; its progress follows on the stream. */
export function useSyncChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) =>
      unwrap(api.POST('/api/channels/{channelId}/sync', { params: { path: { channelId } } })),
    onSuccess: (run) => applyRun(queryClient, run),
    // A refusal (a channel paused meanwhile) means our view is stale too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: syncRunsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: channelsQuery.queryKey }),
      ]),
  });
}

export type PushActivity = components['schemas']['PushActivity'];
export type PushChannelActivity = components['schemas']['PushChannelActivity'];
export type FailedPush = components['schemas']['FailedPush'];
export type RetryPushesRequest = components['schemas']['RetryPushesRequest'];
export type Drift = components['schemas']['Drift'];

export const pushActivityQuery = queryOptions({
  queryKey: ['/api/sync/pushes'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/api/sync/pushes', { signal })),
  // Values go out and come back confirmed without a run to stream: read again while the tab is open.
  refetchInterval: 5_000,
});

export function usePushActivity() {
  return useQuery(pushActivityQuery);
}

/** "Retry" and "Retry all failed": the values go out again; the counts and the channels' health move. */
export function useRetryFailedPushes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetryPushesRequest) => unwrap(api.POST('/api/sync/pushes/retry', { body })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pushActivityQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: channelsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardQuery.queryKey }),
      ]),
  });
}

export const driftQuery = queryOptions({
  queryKey: ['/api/sync/drift'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/api/sync/drift', { signal })),
});

export function useDrift() {
  return useQuery(driftQuery);
}

export type DriftDecision = 'accept' | 'overwrite';

/**
 * Accepts or overwrites several drift items, one call each (the API decides item by item); answers
 * how many were done and the messages of those refused (dealt with meanwhile, in another tab).
 */
export function useResolveDrift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, decision }: { ids: string[]; decision: DriftDecision }) => {
      const refused: string[] = [];
      let done = 0;
      for (const driftId of ids) {
        try {
          if (decision === 'accept')
            await unwrap(api.POST('/api/sync/drift/{driftId}/accept', { params: { path: { driftId } } }));
          else await unwrap(api.POST('/api/sync/drift/{driftId}/overwrite', { params: { path: { driftId } } }));
          done += 1;
        } catch (error) {
          refused.push(errorText(error));
        }
      }
      return { done, refused };
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: driftQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: pushActivityQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardQuery.queryKey }),
      ]),
  });
}
