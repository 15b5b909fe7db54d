import { keyframes, style, type StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import type { MenuItemTone } from './DropdownMenu.variants';

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

export const content = style({
  zIndex: 60,
  minWidth: '220px',
  padding: vars.space.xsmall,
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
  boxShadow: vars.shadow.large,
  animation: `${appear} ${vars.motion.duration.fast} ${vars.motion.easing.decelerate}`,
});

const tones = {
  neutral: {
    color: vars.color.text.primary,
    selectors: { '&[data-highlighted]': { backgroundColor: vars.color.neutral.soft } },
  },
  critical: {
    color: vars.color.critical.text,
    selectors: { '&[data-highlighted]': { backgroundColor: vars.color.critical.soft } },
  },
} satisfies Record<MenuItemTone, StyleRule>;

export const item = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.small,
    minHeight: '36px',
    paddingInline: vars.space.small,
    borderRadius: vars.radius.small,
    fontSize: vars.font.size.small,
    cursor: 'pointer',
    userSelect: 'none',
    outline: 'none',
    selectors: {
      // Keyboard highlight doubles as the focus indicator, with an outline to be sure.
      '&[data-highlighted]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
      '&[data-disabled]': { color: vars.color.text.muted, cursor: 'not-allowed' },
    },
  },
  variants: { tone: tones },
  defaultVariants: { tone: 'neutral' },
});

export const label = style({
  padding: vars.space.small,
  fontSize: vars.font.size.small,
});

export const separator = style({
  height: '1px',
  marginBlock: vars.space.xsmall,
  backgroundColor: vars.color.border.subtle,
});
