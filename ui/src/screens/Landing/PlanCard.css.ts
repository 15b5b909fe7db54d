import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const planHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  flexWrap: 'wrap',
});

export const planName = style({
  margin: 0,
  fontSize: vars.font.size.xlarge,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.snug,
});

export const price = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.xxsmall,
  margin: 0,
});

export const amount = style({
  fontSize: '2.5rem',
  fontWeight: vars.font.weight.bold,
  letterSpacing: '-0.03em',
  lineHeight: 1,
  color: vars.color.text.primary,
});

export const period = style({
  color: vars.color.text.secondary,
  fontSize: vars.font.size.standard,
});

/** Pushes the call to action to the bottom, so buttons line up across cards. */
export const planAction = style({ marginTop: 'auto' });
