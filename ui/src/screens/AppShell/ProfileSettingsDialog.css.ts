import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

/** The photo beside its buttons; on a phone the buttons wrap under it. */
export const photoRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.medium,
});

export const photoActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
});
