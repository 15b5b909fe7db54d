import type { Meta } from '@storybook/react-vite';
import { within } from 'storybook/test';
import { authHandlers, channelHandlers, orderHandlers, resetOrderMocks } from '@hub/mocks';
import { OrdersPage } from './OrdersPage';
import { storyLocation, withRouter } from '../../testing/storyRouter';

/** What every Orders story shares: the page at /orders, a channel on each marketplace and 120 orders. */
export const ordersMeta = {
  component: OrdersPage,
  decorators: [withRouter],
  // A shipment sent in a story changes the mocked orders: each story starts from the same ones.
  beforeEach: () => resetOrderMocks(),
  parameters: {
    route: '/orders',
    msw: {
      handlers: {
        auth: authHandlers.signedInClient,
        channels: channelHandlers.allMarketplaces,
        orders: orderHandlers.populated,
      },
    },
  },
} satisfies Meta<typeof OrdersPage>;

/** The whole document: drawers, dialogs and toasts are portalled out of the story's canvas. */
export const page = () => within(document.body);

export const ordersTable = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('table', { name: 'Orders' });

/** The row of an order in the table. */
export async function rowOf(canvasElement: HTMLElement, orderNumber: string): Promise<HTMLElement> {
  const table = within(await ordersTable(canvasElement));
  const button = await table.findByRole('button', { name: `Open order ${orderNumber}` });
  return button.closest('tr') as HTMLElement;
}

/** The drawer of an order, once it has loaded. */
export const drawerOf = (orderNumber: string) => page().findByRole('dialog', { name: `Order ${orderNumber}` });

/** The parameters of the story router's address. */
export const params = () => new URLSearchParams(storyLocation.current.path.split('?')[1] ?? '');
