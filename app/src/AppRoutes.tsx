import type { ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { useCurrentUser, type AuthUser } from '@hub/ui/api';
import { LoadingApplication, NotFound } from '@hub/ui/screens/StatusPages/StatusPages';
import { PageBoundary } from './PageBoundary';
import { pages } from './pages';

/** The signed-in pages by path (spec section 2); both paths of each pair lead to the same page. */
export const signedInRoutes: Array<[path: string, page: ComponentType]> = [
  ['/', pages.dashboard],
  // The landing page's footer links here (spec section 3): the same Dashboard as /.
  ['/dashboard', pages.dashboard],
  ['/channels', pages.channels],
  ['/listings', pages.listings],
  ['/orders', pages.orders],
  ['/billing', pages.billing],
  ['/analytics', pages.analytics],
  ['/advertising', pages.advertising],
  ['/compliance', pages.compliance],
  ['/user-management', pages.userManagement],
  ['/admin/users', pages.userManagement],
  ['/admin/channels', pages.channelManagement],
  ['/audit-logs', pages.auditLogs],
  ['/admin/audit', pages.auditLogs],
  ['/admin/settings', pages.systemSettings],
  ['/system-settings', pages.systemSettings],
];

function Shell({ user, children }: { user: AuthUser; children: React.ReactNode }) {
  const AppShell = pages.appShell;
  return (
    <PageBoundary fallback={<LoadingApplication />}>
      <AppShell user={user}>
        <PageBoundary>{children}</PageBoundary>
      </AppShell>
    </PageBoundary>
  );
}

function SignedIn({ user }: { user: AuthUser }) {
  return (
    <Shell user={user}>
      <Switch>
        {signedInRoutes.map(([path, Page]) => (
          <Route key={path} path={path}>
            <Page />
          </Route>
        ))}
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </Shell>
  );
}

/** Signed out: / is the landing page; any other path that is not public is the sign-in screen. */
function SignedOut() {
  return (
    <PageBoundary fallback={<LoadingApplication />}>
      <Switch>
        <Route path="/">
          <pages.landing />
        </Route>
        <Route>
          <pages.auth />
        </Route>
      </Switch>
    </PageBoundary>
  );
}

function Public({ page: Page }: { page: ComponentType }) {
  return (
    <PageBoundary fallback={<LoadingApplication />}>
      <Page />
    </PageBoundary>
  );
}

export function AppRoutes() {
  const { data: user, isPending } = useCurrentUser();
  const Support = pages.support;
  return (
    <Switch>
      <Route path="/marketing">
        <Public page={pages.landing} />
      </Route>
      <Route path="/auth">
        <Public page={pages.auth} />
      </Route>
      <Route path="/verify-email">
        <Public page={pages.verifyEmail} />
      </Route>
      <Route path="/reset-password">
        <Public page={pages.resetPassword} />
      </Route>
      {/* A team invitation's link: public, for someone new as for someone signed in. */}
      <Route path="/join">
        <Public page={pages.joinTeam} />
      </Route>
      <Route path="/privacy-policy">
        <Public page={pages.privacyPolicy} />
      </Route>
      <Route path="/auth-success">
        <Public page={pages.authSuccess} />
      </Route>
      <Route path="/auth-declined">
        <Public page={pages.authDeclined} />
      </Route>
      <Route path="/about">
        <Public page={pages.about} />
      </Route>
      {/* Public, and shown inside the signed-in shell for a signed-in user. */}
      <Route path="/support">
        {isPending ? (
          <LoadingApplication />
        ) : user ? (
          <Shell user={user}>
            <Support signedIn />
          </Shell>
        ) : (
          <PageBoundary fallback={<LoadingApplication />}>
            <Support signedIn={false} />
          </PageBoundary>
        )}
      </Route>
      <Route>{isPending ? <LoadingApplication /> : user ? <SignedIn user={user} /> : <SignedOut />}</Route>
    </Switch>
  );
}
