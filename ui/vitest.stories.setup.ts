import '@testing-library/jest-dom/vitest';
import { setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, configure } from '@testing-library/react';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure as configureStoryQueries } from 'storybook/test';
import { afterAll, afterEach, beforeAll } from 'vitest';
import preview from '../.storybook/preview';

// A loaded machine (CI on two cores) can take over a second to load a lazy page: wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });
configureStoryQueries({ asyncUtilTimeout: 10_000 });

// No motion while a story is checked: a menu or dialog fading in is at opacity 0 for its first frame, where a
// play function already looks for it (even the 0.01 ms of reduced motion starts at the first frame).
const stillness = document.createElement('style');
stillness.textContent =
  '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent; }';
document.head.append(stillness);

// Stories fetch through MSW's service worker, as in Storybook; each test file (an iframe) has its own handlers.
const worker = setupWorker();

beforeAll(async () => {
  await worker.start({ quiet: true, onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  worker.resetHandlers();
});
afterAll(() => worker.stop());

setProjectAnnotations([{ ...preview, loaders: [mswLoader(() => worker)] }]);
