import type { ReactNode } from 'react';
import { Card, EmptyState } from '../../index';
import * as styles from './SignedInPage.css';

export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className={styles.pageHeader}>
      <h1 className={styles.title}>{title}</h1>
      {description ? <p className={styles.description}>{description}</p> : null}
    </div>
  );
}

export interface PageIntro {
  title: string;
  description: string;
  emptyTitle: string;
  emptyText: string;
}

/** A signed-in page whose contents are still to come: its title and what it will hold. */
export function UpcomingPage({ title, description, emptyTitle, emptyText }: PageIntro) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card padding="large">
        <EmptyState title={emptyTitle} description={emptyText} />
      </Card>
    </>
  );
}

/** What a page shows when the server refuses its data to this user (pages.md section 4). */
export function NoAccess({
  title,
  description = 'This page is for platform staff. If you think you should see it, ask an administrator.',
}: {
  title: string;
  description?: string;
}) {
  return (
    <>
      <PageHeader title={title} />
      <Card padding="large">
        <EmptyState title="You don't have access to this page" description={description} />
      </Card>
    </>
  );
}
