import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css';

export const input = style({
  display: 'block',
  width: '100%',
  minHeight: '40px',
  paddingInline: vars.space.medium,
  paddingBlock: vars.space.small,
  border: `1px solid ${vars.color.border.field}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.standard,
  transition: `border-color ${vars.motion.duration.fast} ${vars.motion.easing.standard}, box-shadow ${vars.motion.duration.fast} ${vars.motion.easing.standard}`,
  selectors: {
    '&::placeholder': { color: vars.color.text.muted, opacity: 1 },
    '&:hover:not(:disabled)': { borderColor: vars.color.border.fieldHover },
    // Inputs show focus for mouse users too: the caret alone is easy to lose.
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '1px',
      borderColor: vars.color.focusRing,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.critical.solid },
    '&:disabled': {
      backgroundColor: vars.color.surface.sunken,
      color: vars.color.text.secondary,
      cursor: 'not-allowed',
    },
  },
});
