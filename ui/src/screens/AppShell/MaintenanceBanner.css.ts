import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

/** Above the page, under the impersonation and trial bars: the whole notice, wrapped, never clipped. */
export const banner = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  paddingBlock: vars.space.small,
  paddingInline: vars.space.large,
  backgroundColor: vars.color.info.soft,
  color: vars.color.info.text,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  fontSize: vars.font.size.small,
  overflowWrap: 'anywhere',
});
export const icon = style({ flexShrink: 0, marginTop: '2px' });
export const text = style({ margin: 0, minWidth: 0, whiteSpace: 'pre-line' });
