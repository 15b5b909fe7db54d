import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { alertHandlers, authHandlers, lastAlertSettingsBody, resetAlertMocks } from '@hub/mocks';
import { findInToast } from '../../../testing/storyToasts';
import { withRouter } from '../../../testing/storyRouter';
import { onAPhone } from '../../../testing/storyViewports';
import { AlertsCard } from './AlertsCard';

const meta = {
  title: 'Screens/Dashboard/Alerts',
  component: AlertsCard,
  decorators: [withRouter],
  beforeEach: () => resetAlertMocks(),
  parameters: {
    route: '/',
    msw: { handlers: { auth: authHandlers.signedInClient, alerts: alertHandlers.open } },
  },
} satisfies Meta<typeof AlertsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three open alerts, each with what happened, since when, and the link to its fix. */
export const ThreeThingsNeedYou: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(await canvas.findByRole('list', { name: 'Alerts' }));
    const items = list.getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('Walmart US is in error');
    await expect(items[0]).toHaveTextContent('The seller revoked our access on the marketplace');
    await expect(within(items[0]!).getByRole('link', { name: 'Fix it' })).toHaveAttribute('href', '/channels');
    await expect(within(items[1]!).getByRole('link', { name: 'Fix it' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/orders\?order=/),
    );
  },
};

/** Nothing open: the card says what would be told, and how fast. */
export const NothingNeedsYou: Story = {
  parameters: { msw: { handlers: { alerts: alertHandlers.none } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Nothing needs you now/)).toBeVisible();
  },
};

export const LoadingAlerts: Story = {
  parameters: { msw: { handlers: { alerts: alertHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading alerts...')).toBeInTheDocument();
  },
};

/** The seller stops low-stock mail and sets a Slack webhook: the choices are saved, the address never shown back. */
export const SettingsChangedWithAWebhook: Story = {
  parameters: { msw: { handlers: { alerts: alertHandlers.none } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Alert settings' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Alert settings' }));
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Low stock' }));
    await userEvent.type(
      dialog.getByRole('textbox', { name: /Slack-compatible webhook/ }),
      'https://hooks.slack.com/services/T1/B2/x',
    );
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Low stock at' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Low stock at' }), '2');
    await userEvent.click(dialog.getByRole('button', { name: 'Save settings' }));
    await expect(await findInToast('Alert Settings Saved')).toBeVisible();
    await waitFor(() =>
      expect(lastAlertSettingsBody).toEqual({
        kinds: expect.arrayContaining([
          { kind: 'low_stock', email: false },
          { kind: 'channel_error', email: true },
        ]),
        lowStockUnits: 2,
        webhookUrl: 'https://hooks.slack.com/services/T1/B2/x',
      }),
    );
  },
};

/** A webhook that is not a whole address: the server's message, the dialog stays open. */
export const WebhookRefused: Story = {
  parameters: { msw: { handlers: { alerts: alertHandlers.none } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Alert settings' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Alert settings' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: /Slack-compatible webhook/ }), 'ftp://x');
    await userEvent.click(dialog.getByRole('button', { name: 'Save settings' }));
    await expect(await dialog.findByText(/The webhook must be a whole address/)).toBeVisible();
  },
};

/** Opened from an alert mail's link: the settings are open at once. */
export const OpenedFromAnAlertMail: Story = {
  args: { settingsOpenAtFirst: true },
  play: async () => {
    await expect(await within(document.body).findByRole('dialog', { name: 'Alert settings' })).toBeVisible();
  },
};

/** On a phone: long titles and links wrap, nothing scrolls sideways. */
export const AlertsOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Walmart US is in error')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth + 1);
  },
};
