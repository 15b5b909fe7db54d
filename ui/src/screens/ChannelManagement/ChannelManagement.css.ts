import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
});
