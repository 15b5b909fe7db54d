import type { ReactNode } from 'react';
import { Button, Card, Spinner, Stack, Text } from '../../index';
import * as styles from '../../shared/layout/statusPage.css';

/** Shown while the authentication state loads (spec section 2). */
export function LoadingApplication() {
  return (
    <div className={styles.centered}>
      <Spinner size="large" label="Loading application..." />
    </div>
  );
}

/** A small spinner for a page chunk still on its way. */
export function LoadingPage() {
  return (
    <div className={styles.inShell}>
      <Spinner label="Loading page..." />
    </div>
  );
}

function StatusCard({ title, children, fullPage }: { title: string; children: ReactNode; fullPage: boolean }) {
  return (
    <div className={fullPage ? styles.centered : styles.inShell}>
      <div className={styles.card}>
        <Card title={title} titleLevel={1} padding="large">
          {children}
        </Card>
      </div>
    </div>
  );
}

/** Any path that is no page: the 404 card titled "Page Not Found". */
export function NotFound({ fullPage = false, homeHref = '/' }: { fullPage?: boolean; homeHref?: string }) {
  return (
    <StatusCard title="Page Not Found" fullPage={fullPage}>
      <Stack space="large" align="center">
        <Text tone="secondary">The page you're looking for doesn't exist or has moved.</Text>
        <Button href={homeHref} variant="secondary">
          Go to Dashboard
        </Button>
      </Stack>
    </StatusCard>
  );
}

/** A page chunk failed to load: "Failed to load page" with "Refresh Page" (spec section 2). */
export function PageLoadError({ onRefresh = () => window.location.reload() }: { onRefresh?: () => void }) {
  return (
    <StatusCard title="Failed to load page" fullPage={false}>
      <Stack space="large" align="center">
        <Text tone="secondary">Part of the app could not be downloaded. Check your connection and refresh.</Text>
        <Button onClick={onRefresh}>Refresh Page</Button>
      </Stack>
    </StatusCard>
  );
}
