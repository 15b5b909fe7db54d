import type { Channel, MarketplaceKind } from '../../api';

export const marketplaceNames: Record<MarketplaceKind, string> = {
  amazon: 'Amazon',
  walmart: 'Walmart',
  ebay: 'eBay',
  shopify: 'Shopify',
};

export const statusLabels: Record<Channel['status'], string> = {
  active: 'Active',
  paused: 'Paused',
  error: 'Error',
  disconnected: 'Disconnected',
};
export const statusTones = {
  active: 'positive',
  paused: 'caution',
  error: 'critical',
  disconnected: 'neutral',
} as const satisfies Record<Channel['status'], string>;

export function formatWhen(iso: string | null): string {
  if (!iso) return 'Not yet';
  return new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
