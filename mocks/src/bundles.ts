import { delay, HttpResponse } from 'msw';
import type { components } from '@contract';
import { http } from './http';

type Bundle = components['schemas']['Bundle'];
type BundleComponent = components['schemas']['BundleComponent'];

/** The SKU the Components stories show, and the catalogue its components are picked from. */
export const bundleSku = 'KIT-100';
const catalogue: Record<string, Omit<BundleComponent, 'quantity'>> = {
  'MUG-1': { productId: 'b0d1e000-0000-4000-8000-000000000001', sku: 'MUG-1', title: 'Blue mug', available: 9 },
  'TEA-1': { productId: 'b0d1e000-0000-4000-8000-000000000002', sku: 'TEA-1', title: 'Green tea, 100 g', available: 7 },
  'SPOON-1': { productId: 'b0d1e000-0000-4000-8000-000000000003', sku: 'SPOON-1', title: 'Tea spoon', available: 40 },
};

/** What a bundle offers: the least of each component's available units divided by the units one bundle takes. */
const offered = (parts: BundleComponent[]) =>
  parts.length === 0 ? 0 : Math.min(...parts.map((p) => Math.floor(p.available / p.quantity)));

const asBundle = (parts: BundleComponent[], usedIn: string[] = []): Bundle => ({
  sku: bundleSku,
  available: parts.length === 0 ? 12 : offered(parts),
  components: [...parts].sort((a, b) => (a.sku < b.sku ? -1 : 1)),
  usedIn,
});

const startingParts = (): BundleComponent[] => [
  { ...catalogue['MUG-1']!, quantity: 1 },
  { ...catalogue['TEA-1']!, quantity: 2 },
];

const state = { parts: [] as BundleComponent[] };
/** Puts the interactive scenarios back to their first state (call it before each story). */
export function resetBundleMocks(parts: 'none' | 'two' = 'none'): void {
  state.parts = parts === 'two' ? startingParts() : [];
}

const editable = [
  http.get('/api/listings/items/{sku}/components', ({ response }) => response(200).json(asBundle(state.parts))),
  http.put('/api/listings/items/{sku}/components', async ({ request, response }) => {
    const body = await request.json();
    const missing = body.components.find((c) => !catalogue[c.sku]);
    if (missing) return response(400).json({ message: `${missing.sku} is not in your catalogue` });
    state.parts = body.components.map((c) => ({ ...catalogue[c.sku]!, quantity: c.quantity }));
    return response(200).json(asBundle(state.parts));
  }),
  http.delete('/api/listings/items/{sku}/components', ({ response }) => {
    state.parts = [];
    return response(200).json(asBundle(state.parts));
  }),
];

export const bundleHandlers = {
  /** The SKU is no bundle; components added are kept (one catalogue of three SKUs; any other is refused). */
  editable,
  /** The SKU is a component of two bundles: it cannot be made a bundle itself. */
  componentOfBundles: [
    http.get('/api/listings/items/{sku}/components', ({ params, response }) =>
      response(200).json({ sku: params.sku, available: 9, components: [], usedIn: ['KIT-100', 'KIT-200'] }),
    ),
  ],
  /** The components cannot be read. */
  failing: [
    // A status the contract leaves undeclared (any route may answer it): sent untyped, as the other mocks do.
    http.get('/api/listings/items/{sku}/components', ({ response }) =>
      response.untyped(
        HttpResponse.json({ message: 'The service is unavailable. Try again in a moment.' }, { status: 503 }),
      ),
    ),
  ],
  /** The components never arrive. */
  loading: [
    http.get('/api/listings/items/{sku}/components', async ({ response }) => {
      await delay('infinite');
      return response(200).json(asBundle([]));
    }),
  ],
  /** Any SKU's components as in the catalogue drawer: no bundle. */
  none: [
    http.get('/api/listings/items/{sku}/components', ({ params, response }) =>
      response(200).json({ sku: params.sku, available: 0, components: [], usedIn: [] }),
    ),
  ],
};
