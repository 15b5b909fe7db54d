import { style, type StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import type { PopupOutcome } from './PopupResult.variants';

export const page = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '100vh',
  padding: vars.space.large,
  backgroundColor: vars.color.surface.canvas,
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.large,
  width: '100%',
  maxWidth: vars.layout.dialogWidth,
  padding: vars.space.xxlarge,
  borderRadius: vars.radius.xlarge,
  border: `1px solid ${vars.color.border.subtle}`,
  backgroundColor: vars.color.surface.raised,
  boxShadow: vars.shadow.medium,
  textAlign: 'center',
});

const outcomes = {
  connected: { backgroundColor: vars.color.positive.soft, color: vars.color.positive.text },
  declined: { backgroundColor: vars.color.critical.soft, color: vars.color.critical.text },
} satisfies Record<PopupOutcome, StyleRule>;

export const symbol = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '64px',
    height: '64px',
    borderRadius: vars.radius.full,
  },
  variants: { outcome: outcomes },
  defaultVariants: { outcome: 'connected' },
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xxlarge,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
});

export const message = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  color: vars.color.text.secondary,
  lineHeight: vars.font.lineHeight.relaxed,
});

export const closingNote = style({
  margin: 0,
  color: vars.color.text.muted,
  fontSize: vars.font.size.small,
});

export const link = style({
  color: vars.color.text.link,
  fontWeight: vars.font.weight.semibold,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  selectors: { '&:hover': { color: vars.color.text.linkHover } },
});
