import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ImpersonationBanner, Sidebar, useToast } from '../../index';
import { useExitImpersonation, type AuthUser } from '../../api';
import { navigationFor, seesAdministration } from './navigation';
import { UserMenu } from './UserMenu';
import { TrialBar } from './TrialBar';
import { MaintenanceBanner } from './MaintenanceBanner';
import { exitFailure, IMPERSONATION_REDIRECT_MS, impersonationToasts } from '../../shared/auth/impersonationTexts';
import * as styles from './AppShell.css';

export interface AppShellProps {
  user: AuthUser;
  children: ReactNode;
}

/** The signed-in frame: sidebar, the impersonation banner when acting as a user, the user menu. */
export function AppShell({ user, children }: AppShellProps) {
  const [location, navigate] = useLocation();
  const exit = useExitImpersonation();
  const { toast } = useToast();

  const exitImpersonation = () =>
    exit.mutate(undefined, {
      onSuccess: (answer) => {
        if (!answer?.success) {
          toast({
            title: impersonationToasts.exitFailed,
            description: impersonationToasts.noExitSuccess,
            variant: 'destructive',
          });
          return;
        }
        toast({ title: impersonationToasts.ended, description: answer.message, variant: 'success' });
        setTimeout(() => navigate('/admin/users'), IMPERSONATION_REDIRECT_MS);
      },
      onError: (error) =>
        toast({ title: impersonationToasts.exitFailed, description: exitFailure(error), variant: 'destructive' }),
    });

  return (
    <div className={styles.shell}>
      <Sidebar
        groups={navigationFor(user)}
        currentPath={location}
        header={<span className={styles.brand}>Marketplace Hub</span>}
        footer="v2.0"
      >
        {seesAdministration(user) ? (
          <section className={styles.adminPanel} aria-label="Admin Access">
            <p className={styles.adminPanelTitle}>Admin Access</p>
            <p className={styles.adminPanelText}>System management</p>
          </section>
        ) : null}
      </Sidebar>
      <div className={styles.column}>
        {user.isBeingImpersonated ? (
          <ImpersonationBanner
            firstName={user.firstName}
            lastName={user.lastName}
            companyName={user.companyName}
            email={user.email}
            onExit={exitImpersonation}
            exiting={exit.isPending}
          />
        ) : null}
        <TrialBar enabled={user.role === 'client' || user.isBeingImpersonated} />
        <MaintenanceBanner />
        <header className={styles.header}>
          <UserMenu user={user} />
        </header>
        <main className={styles.content}>{children}</main>
      </div>
    </div>
  );
}

export default AppShell;
