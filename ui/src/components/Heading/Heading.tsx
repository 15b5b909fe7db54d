import type { ReactNode } from 'react';
import * as styles from './Heading.css';
import type { HeadingLevel } from './Heading.variants';

export { headingLevels, type HeadingLevel } from './Heading.variants';

export interface HeadingProps {
  /** The document outline level; the visual size follows it. */
  level: HeadingLevel;
  id?: string;
  children: ReactNode;
}

export function Heading({ level, id, children }: HeadingProps) {
  const Element = `h${level}` as const;
  return (
    <Element id={id} className={styles.heading({ level })}>
      {children}
    </Element>
  );
}
