import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';
import { listingsKey } from './listings';

export type BulkEditRequest = components['schemas']['BulkEditRequest'];
export type BulkEditPreview = components['schemas']['BulkEditPreview'];
export type BulkEditPreviewRow = components['schemas']['BulkEditPreviewRow'];
export type BulkChange = components['schemas']['BulkChange'];
export type UndoResult = components['schemas']['UndoResult'];
export type CsvImportPreview = components['schemas']['CsvImportPreview'];
export type CsvRowError = components['schemas']['CsvRowError'];
export type PublishRequest = components['schemas']['PublishRequest'];
export type PublishCheck = components['schemas']['PublishCheck'];
export type PublishCheckItem = components['schemas']['PublishCheckItem'];
export type PublishResult = components['schemas']['PublishResult'];

/** While a batch's pushes are on their way its progress is read this often. */
export const BULK_CHANGE_REFRESH_MS = 1_000;

export const bulkChangeQuery = (batchId: string) =>
  queryOptions({
    queryKey: ['/api/listings/changes', batchId] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/listings/changes/{batchId}', { params: { path: { batchId } }, signal })),
    refetchInterval: (query) =>
      query.state.data && query.state.data.pushes.open === 0 ? false : BULK_CHANGE_REFRESH_MS,
  });

/** A batch's progress, from the answer of the run until its pushes are all settled. */
export function useBulkChange(batchId: string | null) {
  return useQuery({ ...bulkChangeQuery(batchId ?? ''), enabled: batchId !== null });
}

/** Previews store nothing: a mutation only because the form's values are its input. */
export function usePreviewBulkEdit() {
  return useMutation({
    mutationFn: (body: BulkEditRequest) => unwrap(api.POST('/api/listings/bulk-edit/preview', { body })),
  });
}

/** Changes to the catalogue: its pages and SKU details are read again, and the batch's progress is seeded. */
function useCatalogueMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  onData?: (data: Output) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data) => {
      onData?.(data);
      await queryClient.invalidateQueries({ queryKey: listingsKey });
    },
  });
}

export function useRunBulkEdit() {
  const queryClient = useQueryClient();
  return useCatalogueMutation(
    (body: BulkEditRequest) => unwrap(api.POST('/api/listings/bulk-edit', { body })),
    (batch) => queryClient.setQueryData(bulkChangeQuery(batch.batchId).queryKey, batch),
  );
}

export function useUndoBulkChange() {
  const queryClient = useQueryClient();
  return useCatalogueMutation(
    (batchId: string) => unwrap(api.POST('/api/listings/changes/{batchId}/undo', { params: { path: { batchId } } })),
    (result) => void queryClient.invalidateQueries({ queryKey: bulkChangeQuery(result.batchId).queryKey }),
  );
}

export function usePreviewCsvImport() {
  return useMutation({
    mutationFn: (csv: string) => unwrap(api.POST('/api/listings/import/preview', { body: { csv } })),
  });
}

export function useRunCsvImport() {
  const queryClient = useQueryClient();
  return useCatalogueMutation(
    (csv: string) => unwrap(api.POST('/api/listings/import', { body: { csv } })),
    (batch) => queryClient.setQueryData(bulkChangeQuery(batch.batchId).queryKey, batch),
  );
}

export function useCheckPublish() {
  return useMutation({
    mutationFn: (body: PublishRequest) => unwrap(api.POST('/api/listings/publish/check', { body })),
  });
}

export function usePublishListings() {
  return useCatalogueMutation((body: PublishRequest) => unwrap(api.POST('/api/listings/publish', { body })));
}
