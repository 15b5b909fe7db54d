import type { ComponentProps, ReactNode } from 'react';
import { visuallyHidden } from '../../theme/utils.css';
import * as styles from './Table.css';

interface TableProps {
  /** Names the table for assistive technology. */
  caption: ReactNode;
  /** Keep the caption for screen readers only when a heading already shows it. */
  hideCaption?: boolean;
  children: ReactNode;
}

/**
 * A native table in a horizontally scrolling frame. The frame is focusable so keyboard
 * users can scroll wide tables.
 */
export function Table({ caption, hideCaption = false, children }: TableProps) {
  return (
    <div
      className={styles.scroller}
      tabIndex={0}
      role="group"
      aria-label={typeof caption === 'string' ? caption : undefined}
    >
      <table className={styles.table}>
        <caption className={hideCaption ? visuallyHidden : styles.caption}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function TableHeader(props: ComponentProps<'thead'>) {
  return <thead className={styles.header} {...props} />;
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />;
}

/** A screen's own class adds to the table's (alignment, width), never replaces its padding and borders. */
const withClass = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base);

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={withClass(styles.row, className)} {...props} />;
}

export function TableHeaderCell({ scope = 'col', className, ...props }: ComponentProps<'th'>) {
  return <th className={withClass(styles.headerCell, className)} scope={scope} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={withClass(styles.cell, className)} {...props} />;
}
