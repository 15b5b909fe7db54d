import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const scroller = style({
  width: '100%',
  overflowX: 'auto',
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.raised,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
});

export const caption = style({
  padding: vars.space.large,
  textAlign: 'left',
  fontWeight: vars.font.weight.semibold,
  captionSide: 'top',
});

export const header = style({ backgroundColor: vars.color.surface.sunken });

export const row = style({
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  selectors: {
    'tbody > &:last-child': { borderBottom: 0 },
    'tbody > &:hover': { backgroundColor: vars.color.surface.canvas },
  },
});

export const headerCell = style({
  padding: `${vars.space.medium} ${vars.space.large}`,
  textAlign: 'left',
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  color: vars.color.text.secondary,
  whiteSpace: 'nowrap',
});

export const cell = style({
  padding: `${vars.space.medium} ${vars.space.large}`,
  verticalAlign: 'middle',
});
