import type { HTMLAttributes, ReactNode } from 'react';
import { sprinkles, type Sprinkles } from '../../theme/sprinkles.css';
import type { BoxElement } from './Box.variants';

export { boxElements, type BoxElement } from './Box.variants';

export interface BoxProps extends Sprinkles, Omit<HTMLAttributes<HTMLElement>, keyof Sprinkles> {
  as?: BoxElement;
  children?: ReactNode;
}

/** Layout primitive: theme-scaled spacing and responsive flex props as atomic classes. */
export function Box({ as: Element = 'div', className, children, ...props }: BoxProps) {
  const atomProps: Record<string, unknown> = {};
  const nativeProps: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    // Sprinkles knows its own property names; everything else goes to the element.
    if (sprinkles.properties.has(key as keyof Sprinkles)) atomProps[key] = value;
    else nativeProps[key] = value;
  }
  const classes = [sprinkles(atomProps as Sprinkles), className].filter(Boolean).join(' ');
  return (
    <Element className={classes} {...nativeProps}>
      {children}
    </Element>
  );
}
