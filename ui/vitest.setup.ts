import '@testing-library/jest-dom/vitest';
import { setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, configure } from '@testing-library/react';
import { configure as configureStoryQueries } from 'storybook/test';
import type { SetupWorker } from 'msw/browser';
import { server } from './msw-server';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { afterAll, afterEach, beforeAll } from 'vitest';
import preview from '../.storybook/preview';

// A loaded machine (CI on two cores) can take over a second to load a lazy page: wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });
configureStoryQueries({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs that Radix primitives call.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
// axe-core probes canvas for icon fonts; jsdom has none and would log "Not implemented".
HTMLCanvasElement.prototype.getContext = () => null;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

// Stories fetch through MSW as in Storybook, but against a Node interceptor
// instead of the browser's service worker.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

setProjectAnnotations([{ ...preview, loaders: [mswLoader(() => server as unknown as SetupWorker)] }]);
