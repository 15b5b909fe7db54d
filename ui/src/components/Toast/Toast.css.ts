import { keyframes, style, type StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { focusRing } from '../../theme/utils.css';
import { vars } from '../../theme/vars.css';
import type { ToastVariant } from './Toast.variants';

const slideIn = keyframes({
  from: { transform: 'translateY(100%)', opacity: 0 },
  to: { transform: 'translateY(0)', opacity: 1 },
});

const fadeOut = keyframes({
  from: { opacity: 1 },
  to: { opacity: 0 },
});

export const viewport = style({
  position: 'fixed',
  bottom: 0,
  right: 0,
  zIndex: 100,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  width: '100%',
  maxWidth: '420px',
  maxHeight: '100vh',
  margin: 0,
  padding: vars.space.large,
  listStyle: 'none',
  outline: 'none',
});

const variants = {
  default: {
    backgroundColor: vars.color.surface.raised,
    color: vars.color.text.primary,
    borderColor: vars.color.border.standard,
  },
  destructive: {
    backgroundColor: vars.color.critical.solid,
    color: vars.color.critical.onSolid,
    borderColor: vars.color.critical.solid,
  },
  success: {
    backgroundColor: vars.color.positive.soft,
    color: vars.color.positive.text,
    borderColor: vars.color.positive.border,
  },
} satisfies Record<ToastVariant, StyleRule>;

export const toast = recipe({
  base: {
    position: 'relative',
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    alignItems: 'start',
    columnGap: vars.space.medium,
    padding: vars.space.large,
    paddingRight: vars.space.xlarge,
    border: '1px solid',
    borderRadius: vars.radius.large,
    boxShadow: vars.shadow.large,
    selectors: {
      '&[data-state="open"]': {
        animation: `${slideIn} ${vars.motion.duration.standard} ${vars.motion.easing.decelerate}`,
      },
      '&[data-state="closed"]': {
        animation: `${fadeOut} ${vars.motion.duration.fast} ${vars.motion.easing.accelerate}`,
      },
      '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
    },
    // Who asked for less motion gets the toast at once, and gone at once: no slide, no fade.
    '@media': {
      '(prefers-reduced-motion: reduce)': {
        selectors: { '&[data-state="open"], &[data-state="closed"]': { animation: 'none' } },
      },
    },
  },
  variants: { variant: variants },
  defaultVariants: { variant: 'default' },
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});

export const title = style({
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.snug,
});

export const description = style({
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.standard,
});

export const action = style([
  focusRing,
  {
    gridColumn: '1 / -1',
    justifySelf: 'start',
    marginTop: vars.space.small,
    minHeight: '32px',
    paddingInline: vars.space.medium,
    border: '1px solid currentColor',
    borderRadius: vars.radius.medium,
    background: 'transparent',
    color: 'inherit',
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.medium,
  },
]);

export const close = style([
  focusRing,
  {
    position: 'absolute',
    top: vars.space.small,
    right: vars.space.small,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '24px',
    height: '24px',
    padding: 0,
    border: 0,
    borderRadius: vars.radius.small,
    background: 'transparent',
    color: 'inherit',
    opacity: 0.8,
    selectors: { '&:hover': { opacity: 1 } },
  },
]);
