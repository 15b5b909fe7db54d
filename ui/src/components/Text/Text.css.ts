import type { StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import type { TextSize, TextTone, TextWeight } from './Text.variants';

const sizes = {
  xsmall: { fontSize: vars.font.size.xsmall, lineHeight: vars.font.lineHeight.standard },
  small: { fontSize: vars.font.size.small, lineHeight: vars.font.lineHeight.standard },
  standard: { fontSize: vars.font.size.standard, lineHeight: vars.font.lineHeight.standard },
  large: { fontSize: vars.font.size.large, lineHeight: vars.font.lineHeight.relaxed },
} satisfies Record<TextSize, StyleRule>;

const tones = {
  primary: { color: vars.color.text.primary },
  secondary: { color: vars.color.text.secondary },
  muted: { color: vars.color.text.muted },
  brand: { color: vars.color.brand.text },
  positive: { color: vars.color.positive.text },
  caution: { color: vars.color.caution.text },
  critical: { color: vars.color.critical.text },
  inherit: { color: 'inherit' },
} satisfies Record<TextTone, StyleRule>;

const weights = {
  regular: { fontWeight: vars.font.weight.regular },
  medium: { fontWeight: vars.font.weight.medium },
  semibold: { fontWeight: vars.font.weight.semibold },
} satisfies Record<TextWeight, StyleRule>;

export const text = recipe({
  base: { margin: 0, fontFamily: vars.font.family.body },
  variants: { size: sizes, tone: tones, weight: weights },
  defaultVariants: { size: 'standard', tone: 'primary', weight: 'regular' },
});
