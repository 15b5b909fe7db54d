import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers } from '@hub/mocks';
import { useCurrentUser } from '../../api';
import { findInToast } from '../../testing/storyToasts';
import { onAPhone } from '../../testing/storyViewports';
import { storyLocation, withRouter } from '../../testing/storyRouter';
import { PHOTO_TOO_LARGE } from './ProfilePhotoSection';
import { ProfileSettingsDialog } from './ProfileSettingsDialog';

/** The dialog as the user menu opens it: for the signed-in user, who changes as the dialog saves. */
function ProfileSettingsForCurrentUser() {
  const { data: user } = useCurrentUser();
  return user ? <ProfileSettingsDialog user={user} open onOpenChange={() => {}} /> : null;
}

const meta = {
  title: 'Screens/Profile settings',
  component: ProfileSettingsForCurrentUser,
  decorators: [withRouter],
  parameters: { msw: { handlers: { auth: authHandlers.signedInClient } } },
} satisfies Meta<typeof ProfileSettingsForCurrentUser>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => within(await within(document.body).findByRole('dialog', { name: 'Profile Settings' }));
const png = (bytes: BlobPart[], name = 'me.png') => new File(bytes, name, { type: 'image/png' });

export const FollowsTheBrowsersTimeZoneUntilOneIsChosen: Story = {
  play: async () => {
    const view = await dialog();
    const zone = view.getByLabelText('Time zone');
    await expect(zone).toHaveValue('');
    await expect(within(zone).getByRole('option', { name: /^This browser's time zone/ })).toBeInTheDocument();
    await userEvent.selectOptions(zone, 'Europe/Paris');
    await userEvent.click(view.getByRole('button', { name: 'Save Profile' }));
    await expect(await findInToast('Your name, company and time zone are saved.')).toBeVisible();
  },
};

export const SavedTimeZoneAndPhoto: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.signedInClientWithPhotoAndZone } } },
  play: async () => {
    const view = await dialog();
    await expect(view.getByLabelText('Time zone')).toHaveValue('Asia/Tokyo');
    await expect(view.getByRole('img', { name: 'Li Wei' }).querySelector('img')).not.toBeNull();
    await userEvent.click(view.getByRole('button', { name: 'Remove Photo' }));
    await expect(await findInToast('Photo Removed')).toBeVisible();
    await waitFor(() => expect(view.queryByRole('button', { name: 'Remove Photo' })).not.toBeInTheDocument());
  },
};

export const PhotoUploaded: Story = {
  play: async () => {
    const view = await dialog();
    await expect(view.queryByRole('button', { name: 'Remove Photo' })).not.toBeInTheDocument();
    await userEvent.upload(view.getByLabelText('Photo file'), png([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]));
    await expect(await findInToast('Photo Updated')).toBeVisible();
    await expect(await view.findByRole('button', { name: 'Remove Photo' })).toBeVisible();
  },
};

/** A text file named .png: the server reads its bytes and refuses it. */
export const PhotoThatIsNotAnImage: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.photoRefused } } },
  play: async () => {
    const view = await dialog();
    await userEvent.upload(view.getByLabelText('Photo file'), png(['just some text'], 'notes.png'));
    await expect(await findInToast('Photo Upload Failed')).toBeVisible();
    await expect(await findInToast('The photo must be a PNG, JPEG or WebP image.')).toBeVisible();
  },
};

export const PhotoTooLarge: Story = {
  play: async () => {
    const view = await dialog();
    await userEvent.upload(view.getByLabelText('Photo file'), png([new Uint8Array(2 * 1024 * 1024 + 1)]));
    await expect(await findInToast(PHOTO_TOO_LARGE)).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Remove Photo' })).not.toBeInTheDocument();
  },
};

export const OtherSessionsSignedOut: Story = {
  play: async () => {
    const view = await dialog();
    await userEvent.click(view.getByRole('button', { name: 'Sign Out Other Sessions' }));
    await expect(await findInToast('Other Sessions Signed Out')).toBeVisible();
    await expect(await findInToast('Your other sessions have been signed out.')).toBeVisible();
  },
};

export const SigningOutOtherSessionsFails: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.signOutOthersFails } } },
  play: async () => {
    const view = await dialog();
    await userEvent.click(view.getByRole('button', { name: 'Sign Out Other Sessions' }));
    await expect(await findInToast('Signing Out Other Sessions Failed')).toBeVisible();
  },
};

export const ViewingAsAnotherUser: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.impersonating } } },
  play: async () => {
    const view = await dialog();
    await expect(view.getByText(/nor sessions signed out, while viewing as another user/)).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Sign Out Other Sessions' })).not.toBeInTheDocument();
    await expect(view.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Upload Photo' })).toBeVisible();
  },
};

export const TeamReachedFromProfile: Story = {
  play: async () => {
    const view = await dialog();
    await userEvent.click(view.getByRole('button', { name: 'Manage Team' }));
    await waitFor(() => expect(storyLocation.current.path).toBe('/user-management'));
  },
};

/** Staff have no team of their own: they manage every user from User Management in the sidebar. */
export const NoTeamForStaff: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.signedInAdmin } } },
  play: async () => {
    const view = await dialog();
    await expect(view.getByRole('button', { name: 'Save Profile' })).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Manage Team' })).not.toBeInTheDocument();
  },
};

export const OnAPhone: Story = {
  globals: onAPhone,
  play: async () => {
    const view = await dialog();
    await expect(view.getByRole('button', { name: 'Upload Photo' })).toBeVisible();
    await expect(view.getByLabelText('Time zone')).toBeVisible();
    await expect(view.getByRole('button', { name: 'Sign Out Other Sessions' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Manage Team' })).toBeVisible();
  },
};
