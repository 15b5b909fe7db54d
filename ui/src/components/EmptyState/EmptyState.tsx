import type { ReactNode } from 'react';
import { InboxIcon } from '../icons';
import * as styles from './EmptyState.css';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** What the user can do next, e.g. a "Connect a channel" button. */
  action?: ReactNode;
  icon?: ReactNode;
  titleLevel?: 2 | 3;
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({
  title,
  description,
  action,
  icon = <InboxIcon width={24} height={24} />,
  titleLevel = 2,
}: EmptyStateProps) {
  const Title = `h${titleLevel}` as const;
  return (
    <div className={styles.root}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <Title className={styles.title}>{title}</Title>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.actions}>{action}</div> : null}
    </div>
  );
}
