import type { Decorator } from '@storybook/react-vite';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/** The address of the story's memory router, readable from a story's play function. */
export const storyLocation = { current: { path: '/', history: [] as string[] } };

/**
 * Screens route with wouter; a story runs them in a memory router at `parameters.route`
 * (e.g. '/auth?token=abc'), and records where they navigate.
 */
export const withRouter: Decorator = (Story, context) => {
  const route = (context.parameters.route as string | undefined) ?? '/';
  const location = memoryLocation({ path: route, record: true });
  storyLocation.current = {
    get path() {
      return location.history.at(-1) ?? route;
    },
    get history() {
      return location.history;
    },
  } as { path: string; history: string[] };
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Story />
    </Router>
  );
};
