import { setupServer } from 'msw/node';

/** The one MSW interceptor of the ui and app tests; stories and tests add their handlers to it. */
export const server = setupServer();
