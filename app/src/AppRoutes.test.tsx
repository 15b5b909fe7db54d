import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '@hub/ui';
import { createQueryClient } from '@hub/ui/api';
import {
  authHandlers,
  adminHandlers,
  billingHandlers,
  channelHandlers,
  dashboardHandlers,
  maintenanceNoticeHandlers,
  syncHandlers,
} from '@hub/mocks';
import { server } from '../../ui/msw-server';
import { AppRoutes, signedInRoutes } from './AppRoutes';

// A page whose chunk cannot be downloaded, as after a deploy or on a dropped connection.
vi.mock('@hub/ui/screens/Analytics/AnalyticsPage', () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <AppRoutes />
        </Router>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return location;
}

describe('the route sets (spec section 2)', () => {
  // The signed-in shell asks for staff's maintenance notice on every page: none posted.
  beforeEach(() => server.use(...maintenanceNoticeHandlers.none));

  it('shows "Loading application..." while the auth state loads', async () => {
    server.use(...authHandlers.loadingUser);
    renderAt('/');
    expect(await screen.findByText('Loading application...')).toBeInTheDocument();
  });

  it('signed out: / is the landing page', async () => {
    server.use(...authHandlers.signedOut);
    renderAt('/');
    expect((await screen.findAllByRole('link', { name: 'Start 7-Day Free Trial' }))[0]).toHaveAttribute(
      'href',
      '/auth',
    );
  });

  it('signed out: a private path falls back to the sign-in screen', async () => {
    server.use(...authHandlers.signedOut);
    renderAt('/listings');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('public routes stay reachable when signed in', async () => {
    server.use(...authHandlers.signedInClient, ...billingHandlers.trial);
    renderAt('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: /Privacy/ })).toBeInTheDocument();
  });

  it('signed in: both paths of each pair show the same page', async () => {
    const pairs = signedInRoutes.filter(([, page], i, all) => all.findIndex(([, other]) => other === page) !== i);
    expect(pairs.map(([path]) => path).sort()).toEqual([
      '/admin/audit',
      '/admin/users',
      '/dashboard',
      '/system-settings',
    ]);
    server.use(...authHandlers.signedInSuperUser, ...adminHandlers.default);
    renderAt('/user-management');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
  });

  it('signed in: /channels shows each channel with its health and "Sync now"', async () => {
    server.use(
      ...authHandlers.signedInClient,
      ...billingHandlers.trial,
      ...channelHandlers.mainAndTargets,
      ...syncHandlers.finishesWithRepairs,
    );
    renderAt('/channels');
    const amazon = await screen.findByRole('article', { name: /Amazon/ });
    expect(amazon).toHaveTextContent('Waiting to send');
    await userEvent.click(within(amazon).getByRole('button', { name: 'Sync now: Amazon' }));
    expect(await within(amazon).findByRole('progressbar', { name: 'Amazon sync progress' })).toBeInTheDocument();
    expect(await within(amazon).findByText('Synced: 1,198 listings read, 4 values repaired.')).toBeInTheDocument();
  });

  it("signed in: the landing footer's /dashboard is the Dashboard, not a 404", async () => {
    server.use(...authHandlers.signedInClient, ...billingHandlers.trial, ...dashboardHandlers.populated);
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
  });

  it('signed in: an unknown path shows the "Page Not Found" card inside the shell', async () => {
    server.use(...authHandlers.signedInClient, ...billingHandlers.trial);
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('a page that fails to load shows "Failed to load page" with "Refresh Page"', async () => {
    server.use(...authHandlers.signedInClient, ...billingHandlers.trial);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderAt('/analytics');
    expect(await screen.findByRole('heading', { name: 'Failed to load page' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('/support is public, and shown inside the shell when signed in', async () => {
    server.use(...authHandlers.signedInClient, ...billingHandlers.trial);
    renderAt('/support');
    expect(await screen.findAllByText('Operational')).toHaveLength(4);
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to Home' })).not.toBeInTheDocument();
  });
});
