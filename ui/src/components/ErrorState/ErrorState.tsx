import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import { AlertTriangleIcon, RefreshIcon } from '../icons';
import * as styles from './ErrorState.css';

export interface ErrorStateProps {
  title?: ReactNode;
  /** The error's message, already mapped to words a user understands. */
  description?: ReactNode;
  /** Offers a retry when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** True while the retry is under way: the button shows a spinner and ignores presses. */
  retrying?: boolean;
  titleLevel?: 2 | 3;
}

/** Something failed; says what, and offers to try again. */
export function ErrorState({
  title = 'Something went wrong',
  description,
  onRetry,
  retryLabel = 'Try Again',
  retrying = false,
  titleLevel = 2,
}: ErrorStateProps) {
  const Title = `h${titleLevel}` as const;
  return (
    // role="alert": the failure replaces content the user was waiting for.
    <div role="alert" className={styles.root}>
      <span className={styles.icon} aria-hidden="true">
        <AlertTriangleIcon width={24} height={24} />
      </span>
      <Title className={styles.title}>{title}</Title>
      {description ? <p className={styles.description}>{description}</p> : null}
      {onRetry ? (
        <Button variant="secondary" icon={<RefreshIcon />} loading={retrying} onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
