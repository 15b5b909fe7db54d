import { style, type StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import type { AvatarSize } from './Avatar.variants';

const sizes = {
  small: { width: '28px', height: '28px', fontSize: vars.font.size.xsmall },
  medium: { width: '36px', height: '36px', fontSize: vars.font.size.small },
  large: { width: '56px', height: '56px', fontSize: vars.font.size.xlarge },
} satisfies Record<AvatarSize, StyleRule>;

export const avatar = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    overflow: 'hidden',
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.brand.soft,
    color: vars.color.brand.text,
    fontWeight: vars.font.weight.semibold,
    lineHeight: 1,
    userSelect: 'none',
  },
  variants: { size: sizes },
  defaultVariants: { size: 'medium' },
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});
