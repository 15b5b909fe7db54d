import type { Meta } from '@storybook/react-vite';
import { analyticsHandlers, authHandlers, channelHandlers, feeTableScenarios } from '@hub/mocks';
import { AnalyticsPage } from './AnalyticsPage';
import { withRouter } from '../../testing/storyRouter';

/** What every Analytics story shares: the page at /analytics, a main channel and two targets, a week of sales. */
export const analyticsMeta = {
  component: AnalyticsPage,
  decorators: [withRouter],
  parameters: {
    route: '/analytics',
    msw: {
      handlers: {
        auth: authHandlers.signedInClient,
        channels: channelHandlers.mainAndTargets,
        analytics: analyticsHandlers.week,
        feeTable: feeTableScenarios.defaults(),
      },
    },
  },
} satisfies Meta<typeof AnalyticsPage>;
