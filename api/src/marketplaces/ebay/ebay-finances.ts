/**
 * An order's fees through the Finances API (sell_finances_v1 getTransactions, `filter=orderId:{…}`; eBay
 * ignores `limit` with that filter). A channel whose grant lacks sell.finances (connected before the app
 * asked for it) cannot read them: 'unavailable', and the fee table estimates them.
 */
import type { MarketplaceAdapter } from '../marketplace-adapter.ts';
import type { EbayClient } from './ebay-client.ts';
import { orderFeesFromTransactions, type FinancesTransactions } from './fees-transform.ts';

export const FINANCES_SCOPE_MISSING =
  "This eBay channel was connected before the app asked to read eBay's finances: reconnect it to read its fees.";

export function ebayFinances(
  client: EbayClient,
  grantsFinances: boolean,
): Required<Pick<MarketplaceAdapter, 'orderFees'>> {
  return {
    async orderFees(orderId, signal) {
      if (!grantsFinances) return { status: 'unavailable', reason: FINANCES_SCOPE_MISSING };
      const { body } = await client.request<FinancesTransactions>('finances', {
        method: 'GET',
        url: `${client.endpoints.finances}/transaction?filter=${encodeURIComponent(`orderId:{${orderId}}`)}`,
        ...(signal ? { signal } : {}),
      });
      return orderFeesFromTransactions(orderId, body);
    },
  };
}
