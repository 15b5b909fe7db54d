import type { ReactNode } from 'react';
import * as styles from './Text.css';

export const textSizes = ['xsmall', 'small', 'standard', 'large'] as const;
export const textTones = [
  'primary',
  'secondary',
  'muted',
  'brand',
  'positive',
  'caution',
  'critical',
  'inherit',
] as const;
export const textWeights = ['regular', 'medium', 'semibold'] as const;
export type TextSize = (typeof textSizes)[number];
export type TextTone = (typeof textTones)[number];
export type TextWeight = (typeof textWeights)[number];

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
