import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, unwrap } from './request';
import { listingsKey } from './listings';

export type PricingRule = components['schemas']['PricingRule'];
export type PricingRuleBody = components['schemas']['PricingRuleBody'];
export type PricingDryRun = components['schemas']['PricingDryRun'];
export type PriceMove = components['schemas']['PriceMove'];
export type PricingRuleRun = components['schemas']['PricingRuleRun'];
export type PricingRunUndoResult = components['schemas']['PricingRunUndoResult'];
export type PricingDryRunRequest = components['schemas']['PricingDryRunRequest'];

export const pricingRulesQuery = () =>
  queryOptions({
    queryKey: ['/api/pricing-rules'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/pricing-rules', { signal })),
  });

export function usePricingRules() {
  return useQuery(pricingRulesQuery());
}

/** A rule saved (created, or changed when it has an id): the list is read again. */
export function useSavePricingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PricingRuleBody }) =>
      id
        ? unwrap(api.PUT('/api/pricing-rules/{ruleId}', { params: { path: { ruleId: id } }, body }))
        : unwrap(api.POST('/api/pricing-rules', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingRulesQuery().queryKey }),
  });
}

export function useDeletePricingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => unwrap(api.DELETE('/api/pricing-rules/{ruleId}', { params: { path: { ruleId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingRulesQuery().queryKey }),
  });
}

/** A dry run stores nothing: a mutation only because the rule being edited is its input. */
export function useDryRunPricingRule() {
  return useMutation({
    // Asked as JSON (no format): the contract's other answer, CSV, is dryRunCsv's.
    mutationFn: (body: PricingDryRunRequest) =>
      unwrap(api.POST('/api/pricing-rules/dry-run', { body })) as Promise<PricingDryRun>,
  });
}

/** Every change of a dry run as CSV text (the JSON lists the first 1,000). */
export async function dryRunCsv(body: PricingDryRunRequest): Promise<string> {
  // A failed answer throws in the client's middleware, with the server's words.
  const { data } = await api.POST('/api/pricing-rules/dry-run', {
    params: { query: { format: 'csv' } },
    body,
    parseAs: 'text',
  });
  return String(data ?? '');
}

/** Prices moved: the rules (one turned on or off) and the catalogue are read again. */
function usePricesMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pricingRulesQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: listingsKey }),
      ]);
    },
  });
}

export function useRunPricingRule() {
  return usePricesMutation(({ ruleId, confirmed }: { ruleId: string; confirmed: boolean }) =>
    unwrap(api.POST('/api/pricing-rules/{ruleId}/run', { params: { path: { ruleId } }, body: { confirmed } })),
  );
}

export function useUndoPricingRun() {
  return usePricesMutation((runId: string) =>
    unwrap(api.POST('/api/pricing-rule-runs/{runId}/undo', { params: { path: { runId } } })),
  );
}
