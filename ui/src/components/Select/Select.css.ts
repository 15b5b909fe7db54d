import type { StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import type { SelectSize, SelectWidth } from './Select.variants';

const transition = `border-color ${vars.motion.duration.fast} ${vars.motion.easing.standard}`;

// The native control, styled as Input is: the platform's own list of choices (right for phones and
// screen readers), its arrow kept (no image to load under the CSP).
export const select = recipe({
  base: {
    display: 'block',
    maxWidth: '100%',
    paddingInline: vars.space.medium,
    border: `1px solid ${vars.color.border.field}`,
    borderRadius: vars.radius.medium,
    backgroundColor: vars.color.surface.raised,
    color: vars.color.text.primary,
    fontFamily: vars.font.family.body,
    fontSize: vars.font.size.small,
    lineHeight: vars.font.lineHeight.standard,
    cursor: 'pointer',
    transition,
    selectors: {
      '&:hover:not(:disabled)': { borderColor: vars.color.border.fieldHover },
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
  },
  variants: {
    size: {
      small: { minHeight: '32px', paddingBlock: vars.space.xxsmall },
      medium: { minHeight: '40px', paddingBlock: vars.space.small },
    } satisfies Record<SelectSize, StyleRule>,
    width: {
      full: { width: '100%' },
      auto: { width: 'auto' },
    } satisfies Record<SelectWidth, StyleRule>,
  },
  defaultVariants: { size: 'medium', width: 'full' },
});
