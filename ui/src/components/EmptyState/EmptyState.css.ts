import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.medium,
  padding: `${vars.space.xxlarge} ${vars.space.xlarge}`,
  textAlign: 'center',
  border: `1px dashed ${vars.color.border.standard}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.raised,
});

export const icon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.brand.soft,
  color: vars.color.brand.text,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
});

export const description = style({
  maxWidth: '48ch',
  margin: 0,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.small,
  marginTop: vars.space.small,
});
