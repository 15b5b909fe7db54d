import type { ReactNode } from 'react';
import { sprinkles } from '../../theme/sprinkles.css';
import type { vars } from '../../theme/vars.css';
import * as styles from './Stack.css';
import type { StackAlignment } from './Stack.variants';

export { stackAlignments, type StackAlignment } from './Stack.variants';
export type StackSpace = keyof typeof vars.space;

interface StackProps {
  /** Gap between children, from the theme's space scale. */
  space?: StackSpace;
  align?: StackAlignment;
  as?: 'div' | 'section' | 'form' | 'ul';
  children: ReactNode;
}

/** Vertical rhythm: children one under another with an even gap. */
export function Stack({ space = 'medium', align = 'stretch', as: Element = 'div', children }: StackProps) {
  return <Element className={`${styles.stack} ${sprinkles({ gap: space, alignItems: align })}`}>{children}</Element>;
}
