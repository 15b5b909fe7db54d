import type { ReactNode } from 'react';
import { visuallyHidden } from '../../../index';
import * as styles from './BulkEdit.css';

/** An old value struck through, then the new one ("12.00 to 13.20" for screen readers). */
export function ValueChange({ before, after }: { before: ReactNode; after: ReactNode }) {
  return (
    <>
      <span className={styles.before}>{before}</span>
      <span className={styles.arrow} aria-hidden>
        →
      </span>
      <span className={visuallyHidden}> to </span>
      <span className={styles.after}>{after}</span>
    </>
  );
}

/** A value the change leaves alone. */
export function NoChange() {
  return (
    <>
      <span className={styles.unchanged} aria-hidden>
        —
      </span>
      <span className={visuallyHidden}>No change</span>
    </>
  );
}
