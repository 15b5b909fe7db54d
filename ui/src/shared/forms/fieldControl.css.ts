import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

/**
 * A native field the design system has no component for yet (a textarea, a plain select), styled as its Input:
 * compose it with what the field adds, `style([fieldControl, { minHeight: '8rem' }])`.
 */
export const fieldControl = style({
  width: '100%',
  maxWidth: '100%',
  minHeight: '40px',
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border.field}`,
  background: vars.color.surface.raised,
  color: vars.color.text.primary,
  font: 'inherit',
  fontSize: vars.font.size.small,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.critical.solid },
  },
});
