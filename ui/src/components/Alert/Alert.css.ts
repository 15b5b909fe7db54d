import { style, type StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import type { AlertTone } from './Alert.variants';

const tones = {
  info: { backgroundColor: vars.color.info.soft, borderColor: vars.color.info.border, color: vars.color.info.text },
  positive: {
    backgroundColor: vars.color.positive.soft,
    borderColor: vars.color.positive.border,
    color: vars.color.positive.text,
  },
  caution: {
    backgroundColor: vars.color.caution.soft,
    borderColor: vars.color.caution.border,
    color: vars.color.caution.text,
  },
  critical: {
    backgroundColor: vars.color.critical.soft,
    borderColor: vars.color.critical.border,
    color: vars.color.critical.text,
  },
} satisfies Record<AlertTone, StyleRule>;

export const alert = recipe({
  base: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    alignItems: 'start',
    columnGap: vars.space.medium,
    padding: vars.space.medium,
    border: '1px solid',
    borderRadius: vars.radius.medium,
    fontSize: vars.font.size.small,
    lineHeight: vars.font.lineHeight.standard,
  },
  variants: { tone: tones },
  defaultVariants: { tone: 'info' },
});

export const icon = style({ display: 'flex', paddingTop: '2px' });

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
});

export const title = style({ margin: 0, fontWeight: vars.font.weight.semibold });
