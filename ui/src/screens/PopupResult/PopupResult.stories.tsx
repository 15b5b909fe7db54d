import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, within } from 'storybook/test';
import { AuthDeclined, AuthSuccess } from './PopupResult';

/** As in the real flow: the Channels page opened this window as a popup. */
function openedAsPopup() {
  window.opener = window;
  return () => {
    window.opener = null;
  };
}

const meta = {
  title: 'Screens/Public/PopupResult',
  component: AuthSuccess,
  parameters: { layout: 'fullscreen' },
  // A story must never really close the window it runs in.
  beforeEach: () => {
    const close = spyOn(window, 'close').mockImplementation(() => {});
    return () => close.mockRestore();
  },
} satisfies Meta<typeof AuthSuccess>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AuthSuccessInPopup: Story = {
  beforeEach: openedAsPopup,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'eBay Account Connected' })).toBeVisible();
    await expect(canvas.getByText('Your eBay account was connected successfully.')).toBeVisible();
    await expect(canvas.getByText('This window will close automatically in 3 seconds.')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Close Window' }));
    await expect(window.close).toHaveBeenCalled();
  },
};

export const AuthSuccessOpenedDirectly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'eBay Account Connected' })).toBeVisible();
    await expect(canvas.getByText('You can close this window and return to Marketplace Hub.')).toBeVisible();
    await expect(canvas.queryByText(/close automatically/)).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Close Window' })).toBeVisible();
  },
};

export const AuthDeclinedInPopup: Story = {
  render: () => <AuthDeclined />,
  beforeEach: openedAsPopup,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'eBay Connection Cancelled' })).toBeVisible();
    await expect(
      canvas.getByText('Authentication with eBay was cancelled, so your eBay account was not connected.'),
    ).toBeVisible();
    await expect(canvas.getByText(/Channel Management page/)).toBeVisible();
    await expect(canvas.getByText('This window will close automatically in 5 seconds.')).toBeVisible();
  },
};

export const AuthDeclinedOpenedDirectly: Story = {
  render: () => <AuthDeclined />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'eBay Connection Cancelled' })).toBeVisible();
    await expect(canvas.queryByText(/close automatically/)).not.toBeInTheDocument();
  },
};

export const ConnectionLimitReachedInPopup: Story = {
  render: () => <AuthDeclined reason="plan_limit" />,
  beforeEach: openedAsPopup,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'eBay Not Connected' })).toBeVisible();
    await expect(canvas.getByText(/marketplace connections are all in use/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing');
    await expect(canvas.queryByText(/was cancelled/)).not.toBeInTheDocument();
  },
};

export const PlanEndedInPopup: Story = {
  render: () => <AuthDeclined reason="plan_ended" />,
  beforeEach: openedAsPopup,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'eBay Not Connected' })).toBeVisible();
    await expect(canvas.getByText(/Your plan has ended/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing');
  },
};

export const AlreadyConnectedInPopup: Story = {
  render: () => <AuthDeclined reason="already_connected" />,
  beforeEach: openedAsPopup,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'eBay Not Connected' })).toBeVisible();
    await expect(canvas.getByText('This eBay account is already connected.')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'See plans' })).not.toBeInTheDocument();
  },
};

/** A crafted link with a code we do not know (`?reason=Call 0800 FAKE`): only our generic text is shown. */
export const UnknownReasonShowsTheGenericText: Story = {
  render: () => <AuthDeclined reason="Call 0800 FAKE to reconnect" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'eBay Connection Cancelled' })).toBeVisible();
    await expect(
      canvas.getByText('Authentication with eBay was cancelled, so your eBay account was not connected.'),
    ).toBeVisible();
    await expect(canvas.queryByText(/0800/)).not.toBeInTheDocument();
  },
};

/** eBay's side failed after consent (an outage, a token refused): said so, with no link to Billing. */
export const ConnectionFailedInPopup: Story = {
  render: () => <AuthDeclined reason="failed" />,
  beforeEach: openedAsPopup,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'eBay Not Connected' })).toBeVisible();
    await expect(canvas.getByText('eBay did not complete the connection. Please try again.')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'See plans' })).not.toBeInTheDocument();
  },
};
