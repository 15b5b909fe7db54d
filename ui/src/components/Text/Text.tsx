import type { ReactNode } from 'react';
import * as styles from './Text.css';
import type { TextSize, TextTone, TextWeight } from './Text.variants';

export { textSizes, textTones, textWeights, type TextSize, type TextTone, type TextWeight } from './Text.variants';

export interface TextProps {
  size?: TextSize;
  tone?: TextTone;
  weight?: TextWeight;
  as?: 'p' | 'span' | 'div';
  id?: string;
  children: ReactNode;
}

/** Body copy on the theme's type scale. */
export function Text({ size, tone, weight, as: Element = 'p', id, children }: TextProps) {
  return (
    <Element id={id} className={styles.text({ size, tone, weight })}>
      {children}
    </Element>
  );
}
