import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import type { StyleRule } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';
import type { SpinnerSize } from './Spinner.variants';

const spin = keyframes({
  from: { transform: 'rotate(0deg)' },
  to: { transform: 'rotate(360deg)' },
});

export const root = style({
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.medium,
  color: vars.color.text.secondary,
});

const sizes = {
  small: { width: '16px', height: '16px' },
  medium: { width: '24px', height: '24px' },
  large: { width: '40px', height: '40px' },
} satisfies Record<SpinnerSize, StyleRule>;

export const glyph = recipe({
  base: {
    flexShrink: 0,
    animation: `${spin} 800ms linear infinite`,
  },
  variants: { size: sizes },
  defaultVariants: { size: 'medium' },
});

export const track = style({ opacity: 0.25 });

export const label = style({
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});
