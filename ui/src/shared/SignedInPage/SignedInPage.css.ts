import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const pageHeader = style({ display: 'grid', gap: vars.space.xsmall, marginBottom: vars.space.xlarge });
export const title = style({
  margin: 0,
  fontSize: vars.font.size.xxlarge,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text.primary,
});
export const description = style({ margin: 0, color: vars.color.text.secondary });
