import { style, type StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import type { CardPadding, CardTone } from './Card.variants';

const paddings = {
  none: { padding: 0 },
  medium: { padding: vars.space.large },
  large: { padding: vars.space.xlarge },
} satisfies Record<CardPadding, StyleRule>;

const tones = {
  neutral: {},
  brand: {
    borderColor: vars.color.brand.border,
    boxShadow: `0 0 0 1px ${vars.color.brand.border}, ${vars.shadow.medium}`,
  },
  critical: { borderColor: vars.color.critical.border },
} satisfies Record<CardTone, StyleRule>;

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.large,
    minWidth: 0,
    backgroundColor: vars.color.surface.raised,
    color: vars.color.text.primary,
    border: `1px solid ${vars.color.border.subtle}`,
    borderRadius: vars.radius.large,
    boxShadow: vars.shadow.small,
  },
  variants: { padding: paddings, tone: tones },
  defaultVariants: { padding: 'large', tone: 'neutral' },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.medium,
});

export const titles = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.snug,
});

export const description = style({
  margin: 0,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  paddingTop: vars.space.large,
  borderTop: `1px solid ${vars.color.border.subtle}`,
});
