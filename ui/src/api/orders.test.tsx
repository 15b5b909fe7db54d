import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { server } from '../../msw-server';
import { createQueryClient } from './query-client';
import { ordersKey, returnsKey, useOrdersEvents } from './orders';

afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

const wrapper = (client: QueryClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };

describe('useOrdersEvents', () => {
  it('reads the orders again when the stream says they changed, and only then', async () => {
    server.use(
      http.get('*/api/sync/events', () => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(': hello\n\nevent: listings\ndata: {"skus":["CH-00001"]}\n\n'));
            setTimeout(
              () => controller.enqueue(encoder.encode('event: orders\ndata: {"at":"2026-11-21T09:00:00Z"}\n\n')),
              200,
            );
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { unmount } = renderHook(() => useOrdersEvents(), { wrapper: wrapper(client) });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: [...ordersKey, 'list'] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [...ordersKey, 'detail'] });
    // Returns are read with the orders, so they may have changed too.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: returnsKey });
    // The carriers do not change with orders; a listings event is not about orders.
    expect(invalidate).toHaveBeenCalledTimes(3);
    unmount();
  });
});
