import type { StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import type { HeadingLevel } from './Heading.variants';

const levels = {
  '1': { fontSize: vars.font.size.xxxlarge, fontWeight: vars.font.weight.bold, letterSpacing: '-0.02em' },
  '2': { fontSize: vars.font.size.xxlarge, fontWeight: vars.font.weight.semibold, letterSpacing: '-0.01em' },
  '3': { fontSize: vars.font.size.xlarge, fontWeight: vars.font.weight.semibold },
  '4': { fontSize: vars.font.size.standard, fontWeight: vars.font.weight.semibold },
} satisfies Record<HeadingLevel, StyleRule>;

export const heading = recipe({
  base: {
    margin: 0,
    fontFamily: vars.font.family.heading,
    lineHeight: vars.font.lineHeight.tight,
    color: vars.color.text.primary,
  },
  variants: { level: levels },
  defaultVariants: { level: '2' },
});
