import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

/** A settings form reads best narrow: one label and its field per line. */
export const form = style({
  maxWidth: '28rem',
});

export const actions = style({
  display: 'flex',
  gap: vars.space.small,
});
