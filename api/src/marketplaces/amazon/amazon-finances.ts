/**
 * An order's fees through the Finances API v0 (financesV0.json listFinancialEventsByOrderId), every page
 * read, paced by the client at the operation's published plan (0.5 a second, a burst of 30).
 */
import type { MarketplaceAdapter } from '../marketplace-adapter.ts';
import type { AmazonClient } from './amazon-client.ts';
import { amazonPaths } from './endpoints.ts';
import { orderFeesFromEvents, type ListFinancialEventsResponse } from './fees-transform.ts';

/** Pages read at most for one order: an order has a few events, never hundreds. */
const MAX_PAGES = 10;

export function amazonFinances(client: AmazonClient): Required<Pick<MarketplaceAdapter, 'orderFees'>> {
  return {
    async orderFees(orderId, signal) {
      const pages: ListFinancialEventsResponse[] = [];
      let nextToken: string | undefined;
      do {
        const { body } = await client.call<ListFinancialEventsResponse>(
          'listFinancialEventsByOrderId',
          'GET',
          amazonPaths.orderFinancialEvents(orderId),
          { query: { MaxResultsPerPage: 100, NextToken: nextToken }, ...(signal ? { signal } : {}) },
        );
        pages.push(body);
        nextToken = body.payload?.NextToken || undefined;
      } while (nextToken && pages.length < MAX_PAGES);
      return orderFeesFromEvents(orderId, pages);
    },
  };
}
